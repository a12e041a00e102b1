import { Migration } from '@mikro-orm/migrations';

export class Migration20261122075720_rooms extends Migration {
  override name = 'Migration20261122075720_rooms';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "vcr_rows" ("dataset_id" uuid not null, "row_no" int not null, "tokens" bytea[] null, "sealed" bytea[] null, "clear" text[] null, primary key ("dataset_id", "row_no"));`,
    );

    this.addSql(
      `create table "vcr_tokens" ("dataset_id" uuid not null, "col" smallint not null, "token" bytea not null, "row_no" int not null, primary key ("dataset_id", "col", "token", "row_no"));`,
    );

    this.addSql(
      `create table "vcr_rooms" ("id" uuid not null, "owner_id" uuid not null, "name" varchar(100) not null, "key_version" int not null default 1, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "vcr_rooms_owner_id_index" on "vcr_rooms" ("owner_id");`);

    this.addSql(
      `create table "vcr_room_members" ("id" uuid not null, "room_id" uuid not null, "user_id" uuid not null, "role" varchar(5) not null, "public_key_id" varchar(32) null, "approved_at" timestamptz null, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "vcr_room_members_user_id_index" on "vcr_room_members" ("user_id");`);
    this.addSql(
      `alter table "vcr_room_members" add constraint "vcr_room_members_room_id_user_id_unique" unique ("room_id", "user_id");`,
    );

    this.addSql(
      `create table "vcr_room_keys" ("id" uuid not null, "room_id" uuid not null, "user_id" uuid not null, "key_version" int not null, "public_key_id" varchar(32) not null, "sealed_key" text null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "vcr_room_keys_user_id_index" on "vcr_room_keys" ("user_id");`);
    this.addSql(
      `alter table "vcr_room_keys" add constraint "vcr_room_keys_room_id_user_id_key_version_unique" unique ("room_id", "user_id", "key_version");`,
    );

    this.addSql(
      `create table "vcr_invitations" ("id" uuid not null, "room_id" uuid not null, "email" varchar(254) not null, "invited_by_id" uuid not null, "accepted_at" timestamptz null, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "vcr_invitations_invited_by_id_index" on "vcr_invitations" ("invited_by_id");`);
    this.addSql(`create index "vcr_invitations_email_index" on "vcr_invitations" ("email");`);
    this.addSql(
      `alter table "vcr_invitations" add constraint "vcr_invitations_room_id_email_unique" unique ("room_id", "email");`,
    );

    this.addSql(
      `create table "vcr_reports" ("id" uuid not null, "room_id" uuid not null, "user_id" uuid not null, "dataset_ids" jsonb not null, "condition" jsonb null, "dataset_count" int not null, "row_count" int not null, "result" jsonb not null, "charge_reference" varchar(200) not null, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "vcr_reports_user_id_index" on "vcr_reports" ("user_id");`);
    this.addSql(`create index "vcr_reports_room_id_created_at_index" on "vcr_reports" ("room_id", "created_at");`);

    this.addSql(
      `create table "vcr_datasets" ("id" uuid not null, "room_id" uuid not null, "uploaded_by_id" uuid not null, "name" varchar(100) not null, "columns" jsonb not null, "key_version" int not null, "normalisation_version" smallint not null, "empty_cells" varchar(6) not null, "chunk_count" int not null, "row_count" int not null default 0, "status" varchar(9) not null default 'uploading', "created_at" timestamptz not null, "completed_at" timestamptz null, primary key ("id"));`,
    );
    this.addSql(`create index "vcr_datasets_uploaded_by_id_index" on "vcr_datasets" ("uploaded_by_id");`);
    this.addSql(
      `alter table "vcr_datasets" add constraint "vcr_datasets_room_id_name_unique" unique ("room_id", "name");`,
    );

    this.addSql(
      `create table "vcr_upload_chunks" ("dataset_id" uuid not null, "chunk_index" int not null, "first_row" int not null, "row_count" int not null, primary key ("dataset_id", "chunk_index"));`,
    );

    this.addSql(
      `alter table "vcr_rooms" add constraint "vcr_rooms_owner_id_foreign" foreign key ("owner_id") references "users" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "vcr_room_members" add constraint "vcr_room_members_room_id_foreign" foreign key ("room_id") references "vcr_rooms" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "vcr_room_members" add constraint "vcr_room_members_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "vcr_room_keys" add constraint "vcr_room_keys_room_id_foreign" foreign key ("room_id") references "vcr_rooms" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "vcr_room_keys" add constraint "vcr_room_keys_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "vcr_invitations" add constraint "vcr_invitations_room_id_foreign" foreign key ("room_id") references "vcr_rooms" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "vcr_invitations" add constraint "vcr_invitations_invited_by_id_foreign" foreign key ("invited_by_id") references "users" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "vcr_reports" add constraint "vcr_reports_room_id_foreign" foreign key ("room_id") references "vcr_rooms" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "vcr_reports" add constraint "vcr_reports_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "vcr_datasets" add constraint "vcr_datasets_room_id_foreign" foreign key ("room_id") references "vcr_rooms" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "vcr_datasets" add constraint "vcr_datasets_uploaded_by_id_foreign" foreign key ("uploaded_by_id") references "users" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "vcr_upload_chunks" add constraint "vcr_upload_chunks_dataset_id_foreign" foreign key ("dataset_id") references "vcr_datasets" ("id") on delete cascade;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "vcr_room_members" drop constraint "vcr_room_members_room_id_foreign";`);
    this.addSql(`alter table "vcr_room_keys" drop constraint "vcr_room_keys_room_id_foreign";`);
    this.addSql(`alter table "vcr_invitations" drop constraint "vcr_invitations_room_id_foreign";`);
    this.addSql(`alter table "vcr_reports" drop constraint "vcr_reports_room_id_foreign";`);
    this.addSql(`alter table "vcr_datasets" drop constraint "vcr_datasets_room_id_foreign";`);
    this.addSql(`alter table "vcr_upload_chunks" drop constraint "vcr_upload_chunks_dataset_id_foreign";`);

    this.addSql(`drop table if exists "vcr_rows" cascade;`);
    this.addSql(`drop table if exists "vcr_tokens" cascade;`);
    this.addSql(`drop table if exists "vcr_rooms" cascade;`);
    this.addSql(`drop table if exists "vcr_room_members" cascade;`);
    this.addSql(`drop table if exists "vcr_room_keys" cascade;`);
    this.addSql(`drop table if exists "vcr_invitations" cascade;`);
    this.addSql(`drop table if exists "vcr_reports" cascade;`);
    this.addSql(`drop table if exists "vcr_datasets" cascade;`);
    this.addSql(`drop table if exists "vcr_upload_chunks" cascade;`);
  }
}
