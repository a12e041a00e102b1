import { Migration } from '@mikro-orm/migrations';

export class Migration20261125071614_webhooks extends Migration {
  override name = 'Migration20261125071614_webhooks';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "webhook_endpoints" ("id" uuid not null, "user_id" uuid not null, "url" varchar(2000) not null, "events" text[] not null, "secret" varchar(100) not null, "enabled" boolean not null default true, "disabled_reason" varchar(300) null, "failing_since" timestamptz null, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "webhook_endpoints_user_id_index" on "webhook_endpoints" ("user_id");`);

    this.addSql(
      `create table "webhook_deliveries" ("id" uuid not null, "endpoint_id" uuid not null, "message_id" varchar(40) not null, "event_type" varchar(40) not null, "body" text not null, "status" varchar(10) not null default 'pending', "attempts" int not null default 0, "response_status" int null, "duration_ms" int null, "last_error" varchar(500) null, "created_at" timestamptz not null, "completed_at" timestamptz null, primary key ("id"));`,
    );
    this.addSql(
      `create index "webhook_deliveries_endpoint_id_created_at_index" on "webhook_deliveries" ("endpoint_id", "created_at");`,
    );

    this.addSql(
      `alter table "webhook_endpoints" add constraint "webhook_endpoints_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "webhook_deliveries" add constraint "webhook_deliveries_endpoint_id_foreign" foreign key ("endpoint_id") references "webhook_endpoints" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "webhook_deliveries" add constraint "webhook_deliveries_status_check" check (status in ('pending', 'succeeded', 'failed'));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "webhook_deliveries" drop constraint "webhook_deliveries_endpoint_id_foreign";`);

    this.addSql(`drop table if exists "webhook_endpoints" cascade;`);
    this.addSql(`drop table if exists "webhook_deliveries" cascade;`);
  }
}
