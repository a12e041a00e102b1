import { Migration } from '@mikro-orm/migrations';

export class Migration20261126113857_users_credit_balance extends Migration {
  override name = 'Migration20261126113857_users_credit_balance';

  override up(): void | Promise<void> {
    this.addSql(`alter table "users" add "credit" int not null default 0;`);
    // the balance so far: the sum of each user's ledger entries
    this.addSql(
      `update "users" u set "credit" = c.total from (select user_id, sum(amount)::int as total from "credit_entries" group by user_id) c where c.user_id = u.id;`,
    );
    this.addSql(`alter table "users" add constraint "users_credit_check" check (credit >= 0);`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "users" drop constraint "users_credit_check";`);
    this.addSql(`alter table "users" drop column "credit";`);
  }
}
