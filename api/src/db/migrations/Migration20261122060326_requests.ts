import { Migration } from '@mikro-orm/migrations';

export class Migration20261122060326_requests extends Migration {
  override name = 'Migration20261122060326_requests';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "participants" ("id" uuid not null, "device_id" varchar(100) not null, "member_id" varchar(12) not null, "wallet_address" varchar(42) not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`alter table "participants" add constraint "participants_device_id_unique" unique ("device_id");`);
    this.addSql(`alter table "participants" add constraint "participants_member_id_unique" unique ("member_id");`);

    this.addSql(
      `create table "requests" ("id" uuid not null, "user_id" uuid not null, "type" varchar(10) not null, "title" varchar(200) not null, "description" text not null, "category" varchar(40) not null default 'Default', "quality" varchar(4) not null, "access" varchar(20) not null, "key_id" varchar(32) not null, "public_key_pem" text not null, "bonus" varchar(3) not null default 'eth', "bonus_amount" int not null, "bonus_each" int not null, "status" smallint not null, "options" jsonb null, "question_count" int null, "response_count" int not null default 0, "escrow_address" varchar(42) null, "signer_address" varchar(42) null, "escrow_verified" boolean not null default false, "published_at" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`alter table "requests" add constraint "requests_escrow_address_unique" unique ("escrow_address");`);
    this.addSql(`create index "requests_status_published_at_index" on "requests" ("status", "published_at");`);
    this.addSql(
      `create index "requests_user_id_type_created_at_index" on "requests" ("user_id", "type", "created_at");`,
    );
    this.addSql(`create index "requests_user_id_created_at_index" on "requests" ("user_id", "created_at");`);

    this.addSql(
      `create table "survey_questions" ("id" uuid not null, "request_id" uuid not null, "position" int not null, "type" varchar(10) not null, "title" varchar(500) not null, "scale" smallint null, "shape" varchar(5) null, primary key ("id"));`,
    );
    this.addSql(
      `alter table "survey_questions" add constraint "survey_questions_request_id_position_unique" unique ("request_id", "position");`,
    );

    this.addSql(
      `create table "survey_options" ("id" uuid not null, "question_id" uuid not null, "position" int not null, "label" varchar(200) not null, "counter" int not null default 0, primary key ("id"));`,
    );
    this.addSql(
      `alter table "survey_options" add constraint "survey_options_question_id_label_unique" unique ("question_id", "label");`,
    );
    this.addSql(
      `alter table "survey_options" add constraint "survey_options_question_id_position_unique" unique ("question_id", "position");`,
    );

    this.addSql(
      `create table "submissions" ("id" uuid not null, "request_id" uuid not null, "owner_id" uuid not null, "participant_id" uuid not null, "wallet_address" varchar(42) not null, "encrypted_data" text null, "sealed_key" text null, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "submissions_participant_id_index" on "submissions" ("participant_id");`);
    this.addSql(`create index "submissions_owner_id_created_at_index" on "submissions" ("owner_id", "created_at");`);
    this.addSql(
      `create index "submissions_request_id_created_at_index" on "submissions" ("request_id", "created_at");`,
    );
    this.addSql(
      `alter table "submissions" add constraint "submissions_request_id_wallet_address_unique" unique ("request_id", "wallet_address");`,
    );
    this.addSql(
      `alter table "submissions" add constraint "submissions_request_id_participant_id_unique" unique ("request_id", "participant_id");`,
    );

    this.addSql(
      `create table "survey_answers" ("id" uuid not null, "submission_id" uuid not null, "option_id" uuid not null, primary key ("id"));`,
    );
    this.addSql(`create index "survey_answers_option_id_index" on "survey_answers" ("option_id");`);
    this.addSql(
      `alter table "survey_answers" add constraint "survey_answers_submission_id_option_id_unique" unique ("submission_id", "option_id");`,
    );

    this.addSql(
      `create table "payouts" ("id" uuid not null, "request_id" uuid null, "escrow_address" varchar(42) not null, "wallet_address" varchar(42) not null, "amount" int not null, "status" varchar(10) not null default 'pending', "from_address" varchar(42) null, "nonce" int null, "tx_hash" varchar(66) null, "raw_tx" text null, "attempts" int not null default 0, "next_attempt_at" timestamptz not null, "last_error" varchar(500) null, "failure_message" varchar(500) null, "completed_at" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "payouts_request_id_index" on "payouts" ("request_id");`);
    this.addSql(`alter table "payouts" add constraint "payouts_tx_hash_unique" unique ("tx_hash");`);
    this.addSql(`create index "payouts_status_next_attempt_at_index" on "payouts" ("status", "next_attempt_at");`);
    this.addSql(
      `alter table "payouts" add constraint "payouts_escrow_address_wallet_address_unique" unique ("escrow_address", "wallet_address");`,
    );

    this.addSql(
      `alter table "requests" add constraint "requests_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "requests" add constraint "requests_published_escrow_check" check (status = 0 or (escrow_address is not null and signer_address is not null));`,
    );
    this.addSql(`alter table "requests" add constraint "requests_counts_check" check (response_count >= 0);`);
    this.addSql(
      `alter table "requests" add constraint "requests_bonus_check" check (bonus_each >= 1 and bonus_amount >= bonus_each);`,
    );
    this.addSql(`alter table "requests" add constraint "requests_status_check" check (status in (0, 1));`);
    this.addSql(
      `alter table "requests" add constraint "requests_access_check" check (access in ('Single Access', 'Multiple Access'));`,
    );
    this.addSql(`alter table "requests" add constraint "requests_quality_check" check (quality in ('all', 'high'));`);
    this.addSql(
      `alter table "requests" add constraint "requests_type_check" check (type in ('collection', 'survey'));`,
    );

    this.addSql(
      `alter table "survey_questions" add constraint "survey_questions_request_id_foreign" foreign key ("request_id") references "requests" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "survey_questions" add constraint "survey_questions_stars_check" check ((type = 'stars') = (scale is not null and shape is not null) and (scale is null or (scale >= 3 and scale <= 10)));`,
    );
    this.addSql(
      `alter table "survey_questions" add constraint "survey_questions_type_check" check (type in ('dropdown', 'radios', 'checkboxes', 'stars'));`,
    );

    this.addSql(
      `alter table "survey_options" add constraint "survey_options_question_id_foreign" foreign key ("question_id") references "survey_questions" ("id") on delete cascade;`,
    );
    this.addSql(`alter table "survey_options" add constraint "survey_options_counter_check" check (counter >= 0);`);

    this.addSql(
      `alter table "submissions" add constraint "submissions_request_id_foreign" foreign key ("request_id") references "requests" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "submissions" add constraint "submissions_owner_id_foreign" foreign key ("owner_id") references "users" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "submissions" add constraint "submissions_participant_id_foreign" foreign key ("participant_id") references "participants" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "submissions" add constraint "submissions_sealed_pair_check" check ((encrypted_data is null) = (sealed_key is null));`,
    );

    this.addSql(
      `alter table "survey_answers" add constraint "survey_answers_submission_id_foreign" foreign key ("submission_id") references "submissions" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "survey_answers" add constraint "survey_answers_option_id_foreign" foreign key ("option_id") references "survey_options" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "payouts" add constraint "payouts_request_id_foreign" foreign key ("request_id") references "requests" ("id") on delete set null;`,
    );
    this.addSql(`alter table "payouts" add constraint "payouts_amount_positive" check (amount > 0);`);
    this.addSql(
      `alter table "payouts" add constraint "payouts_status_check" check (status in ('pending', 'sent', 'failed'));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "submissions" drop constraint "submissions_participant_id_foreign";`);
    this.addSql(`alter table "survey_questions" drop constraint "survey_questions_request_id_foreign";`);
    this.addSql(`alter table "submissions" drop constraint "submissions_request_id_foreign";`);
    this.addSql(`alter table "payouts" drop constraint "payouts_request_id_foreign";`);
    this.addSql(`alter table "survey_options" drop constraint "survey_options_question_id_foreign";`);
    this.addSql(`alter table "survey_answers" drop constraint "survey_answers_option_id_foreign";`);
    this.addSql(`alter table "survey_answers" drop constraint "survey_answers_submission_id_foreign";`);

    this.addSql(`drop table if exists "participants" cascade;`);
    this.addSql(`drop table if exists "requests" cascade;`);
    this.addSql(`drop table if exists "survey_questions" cascade;`);
    this.addSql(`drop table if exists "survey_options" cascade;`);
    this.addSql(`drop table if exists "submissions" cascade;`);
    this.addSql(`drop table if exists "survey_answers" cascade;`);
    this.addSql(`drop table if exists "payouts" cascade;`);
  }
}
