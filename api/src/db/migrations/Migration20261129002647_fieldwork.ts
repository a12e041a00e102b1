import { Migration } from '@mikro-orm/migrations';

export class Migration20261129002647_fieldwork extends Migration {
  override name = 'Migration20261129002647_fieldwork';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "fieldwork_top_ups" ("id" uuid not null, "request_id" uuid not null, "wallet_address" varchar(42) not null, "amount" int not null, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `alter table "fieldwork_top_ups" add constraint "fieldwork_top_ups_request_id_wallet_address_unique" unique ("request_id", "wallet_address");`,
    );

    this.addSql(
      `create table "fieldwork_flags" ("submission_id" uuid not null, "request_id" uuid not null, "participant_id" uuid not null, "wallet_address" varchar(42) not null, "attention_failed" int not null, "attention_checks" int not null, "speeding" boolean not null, "straight_lining" boolean not null, "repeated_device" boolean not null, "repeated_wallet" boolean not null, "duration_ms" int null, "created_at" timestamptz not null, primary key ("submission_id"));`,
    );
    this.addSql(`create index "fieldwork_flags_request_id_index" on "fieldwork_flags" ("request_id");`);
    this.addSql(`create index "fieldwork_flags_wallet_address_index" on "fieldwork_flags" ("wallet_address");`);
    this.addSql(`create index "fieldwork_flags_participant_id_index" on "fieldwork_flags" ("participant_id");`);

    this.addSql(
      `create table "fieldwork_screeners" ("id" uuid not null, "request_id" uuid not null, "question_id" uuid not null, "qualifying" jsonb not null, primary key ("id"));`,
    );
    this.addSql(
      `alter table "fieldwork_screeners" add constraint "fieldwork_screeners_request_id_question_id_unique" unique ("request_id", "question_id");`,
    );

    this.addSql(
      `create table "fieldwork_quotas" ("id" uuid not null, "request_id" uuid not null, "name" varchar(100) not null, "question_id" uuid not null, "options" jsonb not null, "size" int not null, "action" varchar(16) not null, "filled_at" timestamptz null, primary key ("id"));`,
    );
    this.addSql(`create index "fieldwork_quotas_request_id_index" on "fieldwork_quotas" ("request_id");`);

    this.addSql(
      `create table "fieldwork_quota_members" ("quota_id" uuid not null, "submission_id" uuid not null, primary key ("quota_id", "submission_id"));`,
    );
    this.addSql(`create index "fieldwork_quota_members_quota_id_index" on "fieldwork_quota_members" ("quota_id");`);

    this.addSql(
      `create table "fieldwork_settings" ("request_id" uuid not null, "pay_screen_out" boolean not null default false, "screen_out_share" double precision not null default 0.1, "min_hourly" int not null default 12, "rejection_share" double precision not null default 0.1, "closed_at" timestamptz null, "top_up_paid_at" timestamptz null, primary key ("request_id"));`,
    );

    this.addSql(
      `create table "fieldwork_outcomes" ("id" uuid not null, "request_id" uuid not null, "participant_id" uuid not null, "wallet_address" varchar(42) not null, "outcome" varchar(16) not null, "quota_id" uuid null, "question_id" uuid null, "payout_id" uuid null, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "fieldwork_outcomes_participant_id_index" on "fieldwork_outcomes" ("participant_id");`);
    this.addSql(
      `alter table "fieldwork_outcomes" add constraint "fieldwork_outcomes_request_id_wallet_address_unique" unique ("request_id", "wallet_address");`,
    );
    this.addSql(
      `alter table "fieldwork_outcomes" add constraint "fieldwork_outcomes_request_id_participant_id_unique" unique ("request_id", "participant_id");`,
    );

    this.addSql(
      `create table "fieldwork_attention_checks" ("id" uuid not null, "request_id" uuid not null, "question_id" uuid not null, "expected" jsonb not null, primary key ("id"));`,
    );
    this.addSql(
      `alter table "fieldwork_attention_checks" add constraint "fieldwork_attention_checks_request_id_question_id_unique" unique ("request_id", "question_id");`,
    );

    this.addSql(
      `alter table "fieldwork_top_ups" add constraint "fieldwork_top_ups_request_id_foreign" foreign key ("request_id") references "requests" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "fieldwork_flags" add constraint "fieldwork_flags_submission_id_foreign" foreign key ("submission_id") references "submissions" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "fieldwork_flags" add constraint "fieldwork_flags_request_id_foreign" foreign key ("request_id") references "requests" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "fieldwork_flags" add constraint "fieldwork_flags_participant_id_foreign" foreign key ("participant_id") references "participants" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "fieldwork_screeners" add constraint "fieldwork_screeners_request_id_foreign" foreign key ("request_id") references "requests" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "fieldwork_screeners" add constraint "fieldwork_screeners_question_id_foreign" foreign key ("question_id") references "survey_questions" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "fieldwork_quotas" add constraint "fieldwork_quotas_request_id_foreign" foreign key ("request_id") references "requests" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "fieldwork_quotas" add constraint "fieldwork_quotas_question_id_foreign" foreign key ("question_id") references "survey_questions" ("id") on delete cascade;`,
    );
    this.addSql(`alter table "fieldwork_quotas" add constraint "fieldwork_quotas_size_check" check (size > 0);`);
    this.addSql(
      `alter table "fieldwork_quotas" add constraint "fieldwork_quotas_action_check" check (action in ('screen_out', 'close_request'));`,
    );

    this.addSql(
      `alter table "fieldwork_quota_members" add constraint "fieldwork_quota_members_quota_id_foreign" foreign key ("quota_id") references "fieldwork_quotas" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "fieldwork_quota_members" add constraint "fieldwork_quota_members_submission_id_foreign" foreign key ("submission_id") references "submissions" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(
      `alter table "fieldwork_settings" add constraint "fieldwork_settings_request_id_foreign" foreign key ("request_id") references "requests" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(
      `alter table "fieldwork_outcomes" add constraint "fieldwork_outcomes_request_id_foreign" foreign key ("request_id") references "requests" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "fieldwork_outcomes" add constraint "fieldwork_outcomes_participant_id_foreign" foreign key ("participant_id") references "participants" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "fieldwork_outcomes" add constraint "fieldwork_outcomes_quota_id_foreign" foreign key ("quota_id") references "fieldwork_quotas" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "fieldwork_outcomes" add constraint "fieldwork_outcomes_question_id_foreign" foreign key ("question_id") references "survey_questions" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "fieldwork_outcomes" add constraint "fieldwork_outcomes_payout_id_foreign" foreign key ("payout_id") references "payouts" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "fieldwork_outcomes" add constraint "fieldwork_outcomes_outcome_check" check (outcome in ('screened_out', 'quota_full'));`,
    );

    this.addSql(
      `alter table "fieldwork_attention_checks" add constraint "fieldwork_attention_checks_request_id_foreign" foreign key ("request_id") references "requests" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "fieldwork_attention_checks" add constraint "fieldwork_attention_checks_question_id_foreign" foreign key ("question_id") references "survey_questions" ("id") on delete cascade;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "fieldwork_quota_members" drop constraint "fieldwork_quota_members_quota_id_foreign";`);
    this.addSql(`alter table "fieldwork_outcomes" drop constraint "fieldwork_outcomes_quota_id_foreign";`);

    this.addSql(`drop table if exists "fieldwork_top_ups" cascade;`);
    this.addSql(`drop table if exists "fieldwork_flags" cascade;`);
    this.addSql(`drop table if exists "fieldwork_screeners" cascade;`);
    this.addSql(`drop table if exists "fieldwork_quotas" cascade;`);
    this.addSql(`drop table if exists "fieldwork_quota_members" cascade;`);
    this.addSql(`drop table if exists "fieldwork_settings" cascade;`);
    this.addSql(`drop table if exists "fieldwork_outcomes" cascade;`);
    this.addSql(`drop table if exists "fieldwork_attention_checks" cascade;`);
  }
}
