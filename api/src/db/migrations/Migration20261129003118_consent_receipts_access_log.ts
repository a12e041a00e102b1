import { Migration } from '@mikro-orm/migrations';

export class Migration20261129003118_consent_receipts_access_log extends Migration {
  override name = 'Migration20261129003118_consent_receipts_access_log';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "access_events" ("id" uuid not null, "participant_id" uuid not null, "request_id" uuid null, "submission_id" uuid null, "kind" varchar(20) not null, "actor" varchar(12) not null, "detail" varchar(80) null, "at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "access_events_submission_id_index" on "access_events" ("submission_id");`);
    this.addSql(`create index "access_events_participant_id_at_index" on "access_events" ("participant_id", "at");`);

    this.addSql(
      `create table "consent_receipts" ("id" uuid not null, "submission_id" uuid not null, "participant_id" uuid not null, "request_id" uuid not null, "token" text not null, "issued_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `alter table "consent_receipts" add constraint "consent_receipts_submission_id_unique" unique ("submission_id");`,
    );
    this.addSql(
      `create index "consent_receipts_participant_id_issued_at_index" on "consent_receipts" ("participant_id", "issued_at");`,
    );

    this.addSql(
      `alter table "access_events" add constraint "access_events_actor_check" check (actor in ('participant', 'requester', 'platform'));`,
    );
    this.addSql(
      `alter table "access_events" add constraint "access_events_kind_check" check (kind in ('submitted', 'listed', 'exported', 'approved', 'rejected', 'webhook', 'withdrawn', 'expired', 'retention_notice', 'data_requested', 'deleted'));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "access_events" cascade;`);
    this.addSql(`drop table if exists "consent_receipts" cascade;`);
  }
}
