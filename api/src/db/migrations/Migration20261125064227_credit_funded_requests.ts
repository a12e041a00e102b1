import { Migration } from '@mikro-orm/migrations';

// Requests paid with prepaid credit (api/src/modules/requests/escrow-funding.service.ts): the
// treasury's escrow transactions per request, how a request is funded, when its escrow was closed,
// and the ledger kind of those debits and refunds.

export class Migration20261125064227_credit_funded_requests extends Migration {
  override name = 'Migration20261125064227_credit_funded_requests';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "escrow_fundings" ("id" uuid not null, "request_id" uuid not null, "user_id" uuid not null, "kind" varchar(10) not null, "amount" int not null, "bonus_each" int null, "reference" varchar(200) not null, "escrow_address" varchar(42) null, "status" varchar(10) not null default 'pending', "from_address" varchar(42) null, "nonce" int null, "tx_hash" varchar(66) null, "raw_tx" text null, "failure_message" varchar(500) null, "completed_at" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "escrow_fundings_request_id_index" on "escrow_fundings" ("request_id");`);
    this.addSql(
      `alter table "escrow_fundings" add constraint "escrow_fundings_reference_unique" unique ("reference");`,
    );
    this.addSql(`alter table "escrow_fundings" add constraint "escrow_fundings_tx_hash_unique" unique ("tx_hash");`);
    this.addSql(
      `create unique index "escrow_fundings_one_live" on "escrow_fundings" ("request_id", "kind") where status <> 'failed' and kind in ('create', 'close');`,
    );
    this.addSql(
      `create index "escrow_fundings_status_created_at_index" on "escrow_fundings" ("status", "created_at");`,
    );

    this.addSql(
      `alter table "requests" add "funding" varchar(6) not null default 'wallet', add "escrow_closed_at" timestamptz null;`,
    );
    this.addSql(
      `alter table "requests" add constraint "requests_funding_check" check (funding in ('wallet', 'credit'));`,
    );

    this.addSql(`alter table "credit_entries" drop constraint "credit_entries_kind_check";`);
    this.addSql(
      `alter table "credit_entries" add constraint "credit_entries_kind_check" check (kind in ('purchase', 'free-plan', 'report', 'withdrawal', 'adjustment', 'escrow'));`,
    );

    this.addSql(
      `alter table "escrow_fundings" add constraint "escrow_fundings_user_id_foreign" foreign key ("user_id") references "users" ("id");`,
    );
    this.addSql(
      `alter table "escrow_fundings" add constraint "escrow_fundings_amount_check" check (amount > 0 or (kind = 'close' and amount >= 0));`,
    );
    this.addSql(
      `alter table "escrow_fundings" add constraint "escrow_fundings_kind_check" check (kind in ('create', 'top-up', 'close'));`,
    );
    this.addSql(
      `alter table "escrow_fundings" add constraint "escrow_fundings_status_check" check (status in ('pending', 'sent', 'failed'));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "escrow_fundings" cascade;`);

    this.addSql(`alter table "credit_entries" drop constraint "credit_entries_kind_check";`);
    this.addSql(
      `alter table "credit_entries" add constraint "credit_entries_kind_check" check ("kind" in ('purchase', 'free-plan', 'report', 'withdrawal', 'adjustment'));`,
    );

    this.addSql(`alter table "requests" drop constraint "requests_funding_check";`);
    this.addSql(`alter table "requests" drop column "funding", drop column "escrow_closed_at";`);
  }
}
