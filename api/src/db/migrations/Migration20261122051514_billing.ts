import { Migration } from '@mikro-orm/migrations';

export class Migration20261122051514_billing extends Migration {
  override name = 'Migration20261122051514_billing';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "purchases" ("id" uuid not null, "user_id" uuid not null, "item" varchar(20) not null, "amount_cents" int not null, "currency" varchar(3) not null, "tokens" int not null, "gateway" varchar(10) not null, "external_id" varchar(255) null, "status" varchar(10) not null default 'pending', "failure_message" varchar(500) null, "completed_at" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`alter table "purchases" add constraint "purchases_external_id_unique" unique ("external_id");`);
    this.addSql(`create index "purchases_user_id_created_at_index" on "purchases" ("user_id", "created_at");`);

    this.addSql(
      `create table "credit_entries" ("id" uuid not null, "user_id" uuid not null, "amount" int not null, "kind" varchar(20) not null, "reference" varchar(200) not null, "metadata" jsonb null, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`alter table "credit_entries" add constraint "credit_entries_reference_unique" unique ("reference");`);
    this.addSql(
      `create index "credit_entries_user_id_created_at_index" on "credit_entries" ("user_id", "created_at");`,
    );

    this.addSql(
      `create table "withdrawals" ("id" uuid not null, "user_id" uuid not null, "idempotency_key" varchar(64) not null, "amount" int not null, "to_address" varchar(42) not null, "status" varchar(10) not null default 'pending', "from_address" varchar(42) null, "nonce" int null, "tx_hash" varchar(66) null, "raw_tx" text null, "failure_message" varchar(500) null, "completed_at" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`alter table "withdrawals" add constraint "withdrawals_tx_hash_unique" unique ("tx_hash");`);
    this.addSql(`create index "withdrawals_status_created_at_index" on "withdrawals" ("status", "created_at");`);
    this.addSql(
      `alter table "withdrawals" add constraint "withdrawals_user_id_idempotency_key_unique" unique ("user_id", "idempotency_key");`,
    );

    this.addSql(
      `alter table "purchases" add constraint "purchases_user_id_foreign" foreign key ("user_id") references "users" ("id");`,
    );
    this.addSql(
      `alter table "purchases" add constraint "purchases_amounts_check" check (amount_cents >= 0 and tokens > 0);`,
    );
    this.addSql(
      `alter table "purchases" add constraint "purchases_gateway_check" check (gateway in ('stripe', 'sandbox', 'free'));`,
    );
    this.addSql(
      `alter table "purchases" add constraint "purchases_status_check" check (status in ('pending', 'succeeded', 'failed'));`,
    );

    this.addSql(
      `alter table "credit_entries" add constraint "credit_entries_user_id_foreign" foreign key ("user_id") references "users" ("id");`,
    );
    this.addSql(
      `alter table "credit_entries" add constraint "credit_entries_kind_check" check (kind in ('purchase', 'free-plan', 'report', 'withdrawal', 'adjustment'));`,
    );
    this.addSql(`alter table "credit_entries" add constraint "credit_entries_amount_nonzero" check (amount <> 0);`);

    this.addSql(
      `alter table "withdrawals" add constraint "withdrawals_user_id_foreign" foreign key ("user_id") references "users" ("id");`,
    );
    this.addSql(`alter table "withdrawals" add constraint "withdrawals_amount_positive" check (amount > 0);`);
    this.addSql(
      `alter table "withdrawals" add constraint "withdrawals_status_check" check (status in ('pending', 'sent', 'failed'));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "purchases" cascade;`);
    this.addSql(`drop table if exists "credit_entries" cascade;`);
    this.addSql(`drop table if exists "withdrawals" cascade;`);
  }
}
