import { Migration } from '@mikro-orm/migrations';

export class Migration20261122044445_initial extends Migration {
  override name = 'Migration20261122044445_initial';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "mail_outbox" ("id" uuid not null, "kind" varchar(40) not null default 'generic', "to_address" varchar(254) not null, "subject" varchar(200) not null, "text" text not null, "status" varchar(10) not null default 'pending', "attempts" int not null default 0, "next_attempt_at" timestamptz not null, "sent_at" timestamptz null, "last_error" text null, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "mail_outbox_to_address_index" on "mail_outbox" ("to_address");`);
    this.addSql(
      `create index "mail_outbox_status_next_attempt_at_index" on "mail_outbox" ("status", "next_attempt_at");`,
    );

    this.addSql(
      `create table "rate_limit_hits" ("id" bigserial primary key, "bucket" varchar(300) not null, "created_at" timestamptz not null);`,
    );
    this.addSql(
      `create index "rate_limit_hits_bucket_created_at_index" on "rate_limit_hits" ("bucket", "created_at");`,
    );

    this.addSql(
      `create table "users" ("id" uuid not null, "username" varchar(32) not null, "email" varchar(254) not null, "password_hash" text not null, "nickname" varchar(64) not null, "avatar_key" varchar(200) null, "guest" boolean not null default false, "email_verified_at" timestamptz null, "password_changed_at" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`alter table "users" add constraint "users_email_unique" unique ("email");`);
    this.addSql(`create unique index "users_username_lower_unique" on "users" (lower("username"));`);

    this.addSql(
      `create table "sessions" ("token_hash" varchar(64) not null, "user_id" uuid not null, "created_at" timestamptz not null, "last_seen_at" timestamptz not null, "expires_at" timestamptz not null, primary key ("token_hash"));`,
    );
    this.addSql(`create index "sessions_user_id_index" on "sessions" ("user_id");`);
    this.addSql(`create index "sessions_expires_at_index" on "sessions" ("expires_at");`);

    this.addSql(
      `create table "notifications" ("id" uuid not null, "recipient_id" uuid not null, "sender_id" uuid null, "text" varchar(500) not null, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "notifications_sender_id_index" on "notifications" ("sender_id");`);
    this.addSql(
      `create index "notifications_recipient_id_created_at_index" on "notifications" ("recipient_id", "created_at");`,
    );

    this.addSql(
      `create table "keys" ("id" varchar(32) not null, "user_id" uuid not null, "title" varchar(100) not null, "public_key_pem" text not null, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "keys_user_id_index" on "keys" ("user_id");`);

    this.addSql(
      `create table "email_verifications" ("token_hash" varchar(64) not null, "user_id" uuid not null, "expires_at" timestamptz not null, "used_at" timestamptz null, "created_at" timestamptz not null, primary key ("token_hash"));`,
    );
    this.addSql(`create index "email_verifications_user_id_index" on "email_verifications" ("user_id");`);

    this.addSql(
      `create table "api_tokens" ("id" uuid not null, "user_id" uuid not null, "name" varchar(100) not null, "prefix" varchar(16) not null, "token_hash" varchar(64) not null, "created_at" timestamptz not null, "last_used_at" timestamptz null, "revoked_at" timestamptz null, primary key ("id"));`,
    );
    this.addSql(`create index "api_tokens_user_id_index" on "api_tokens" ("user_id");`);
    this.addSql(`alter table "api_tokens" add constraint "api_tokens_token_hash_unique" unique ("token_hash");`);

    this.addSql(
      `alter table "sessions" add constraint "sessions_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "notifications" add constraint "notifications_recipient_id_foreign" foreign key ("recipient_id") references "users" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "notifications" add constraint "notifications_sender_id_foreign" foreign key ("sender_id") references "users" ("id") on delete set null;`,
    );

    this.addSql(
      `alter table "keys" add constraint "keys_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "email_verifications" add constraint "email_verifications_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "api_tokens" add constraint "api_tokens_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "sessions" drop constraint "sessions_user_id_foreign";`);
    this.addSql(`alter table "notifications" drop constraint "notifications_recipient_id_foreign";`);
    this.addSql(`alter table "notifications" drop constraint "notifications_sender_id_foreign";`);
    this.addSql(`alter table "keys" drop constraint "keys_user_id_foreign";`);
    this.addSql(`alter table "email_verifications" drop constraint "email_verifications_user_id_foreign";`);
    this.addSql(`alter table "api_tokens" drop constraint "api_tokens_user_id_foreign";`);

    this.addSql(`drop table if exists "mail_outbox" cascade;`);
    this.addSql(`drop table if exists "rate_limit_hits" cascade;`);
    this.addSql(`drop table if exists "users" cascade;`);
    this.addSql(`drop table if exists "sessions" cascade;`);
    this.addSql(`drop table if exists "notifications" cascade;`);
    this.addSql(`drop table if exists "keys" cascade;`);
    this.addSql(`drop table if exists "email_verifications" cascade;`);
    this.addSql(`drop table if exists "api_tokens" cascade;`);
  }
}
