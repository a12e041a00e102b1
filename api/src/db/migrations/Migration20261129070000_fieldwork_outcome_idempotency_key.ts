import { Migration } from '@mikro-orm/migrations';

export class Migration20261129070000_fieldwork_outcome_idempotency_key extends Migration {
  override name = 'Migration20261129070000_fieldwork_outcome_idempotency_key';

  override up(): void | Promise<void> {
    this.addSql(`alter table "fieldwork_outcomes" add "idempotency_key" varchar(64) null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "fieldwork_outcomes" drop column "idempotency_key";`);
  }
}
