import { Migration } from '@mikro-orm/migrations';

export class Migration20261129034503_fieldwork_closed_and_wallet_top_ups extends Migration {
  override name = 'Migration20261129034503_fieldwork_closed_and_wallet_top_ups';

  override up(): void | Promise<void> {
    this.addSql(`alter table "requests" add "closed_at" timestamptz null;`);
    // a request a close_request quota already closed is closed from when that quota filled
    this.addSql(
      `update "requests" r set "closed_at" = q."filled_at" from (select "request_id", min("filled_at") as "filled_at"
         from "fieldwork_quotas" where "action" = 'close_request' and "filled_at" is not null group by "request_id") q
        where q."request_id" = r."id";`,
    );

    this.addSql(
      `alter table "fieldwork_top_ups" add "source" varchar(6) not null default 'credit', add "payout_id" uuid null;`,
    );
    this.addSql(
      `alter table "fieldwork_top_ups" add constraint "fieldwork_top_ups_payout_id_foreign" foreign key ("payout_id") references "payouts" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "fieldwork_top_ups" add constraint "fieldwork_top_ups_source_check" check (source in ('credit', 'wallet'));`,
    );

    this.addSql(`alter table "fieldwork_settings" drop column "closed_at";`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "fieldwork_top_ups" drop constraint "fieldwork_top_ups_payout_id_foreign";`);

    this.addSql(`alter table "fieldwork_settings" add "closed_at" timestamptz(6) null;`);

    this.addSql(`alter table "fieldwork_top_ups" drop constraint "fieldwork_top_ups_source_check";`);
    this.addSql(`alter table "fieldwork_top_ups" drop column "source", drop column "payout_id";`);

    this.addSql(`alter table "requests" drop column "closed_at";`);
  }
}
