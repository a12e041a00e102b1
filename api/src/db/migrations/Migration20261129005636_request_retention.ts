import { Migration } from '@mikro-orm/migrations';

export class Migration20261129005636_request_retention extends Migration {
  override name = 'Migration20261129005636_request_retention';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "request_retentions" ("request_id" uuid not null, "days" smallint not null, "set_at" timestamptz not null, primary key ("request_id"));`,
    );

    this.addSql(
      `create table "retention_notices" ("submission_id" uuid not null, "request_id" uuid not null, "noticed_at" timestamptz not null, primary key ("submission_id"));`,
    );

    this.addSql(
      `alter table "request_retentions" add constraint "request_retentions_days_check" check (days >= 1 and days <= 3650);`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "request_retentions" cascade;`);
    this.addSql(`drop table if exists "retention_notices" cascade;`);
  }
}
