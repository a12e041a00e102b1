import { Migration } from '@mikro-orm/migrations';

export class Migration20261129011939_response_images extends Migration {
  override name = 'Migration20261129011939_response_images';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "response_images" ("id" varchar(43) not null, "request_id" uuid not null, "device_id" varchar(100) not null, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `create index "response_images_request_id_device_id_index" on "response_images" ("request_id", "device_id");`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "response_images" cascade;`);
  }
}
