import { Migration } from '@mikro-orm/migrations';

export class Migration20261125064300_withdrawn_submissions extends Migration {
  override name = 'Migration20261125064300_withdrawn_submissions';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "withdrawn_submissions" ("id" uuid not null, "request_id" uuid not null, "participant_id" uuid not null, "wallet_address" varchar(42) not null, "withdrawn_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `create index "withdrawn_submissions_participant_id_index" on "withdrawn_submissions" ("participant_id");`,
    );
    this.addSql(
      `alter table "withdrawn_submissions" add constraint "withdrawn_submissions_request_id_participant_id_unique" unique ("request_id", "participant_id");`,
    );

    this.addSql(
      `alter table "withdrawn_submissions" add constraint "withdrawn_submissions_request_id_foreign" foreign key ("request_id") references "requests" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "withdrawn_submissions" add constraint "withdrawn_submissions_participant_id_foreign" foreign key ("participant_id") references "participants" ("id") on delete cascade;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "withdrawn_submissions" cascade;`);
  }
}
