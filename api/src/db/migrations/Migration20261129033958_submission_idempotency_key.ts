import { Migration } from '@mikro-orm/migrations';

export class Migration20261129033958_submission_idempotency_key extends Migration {
  override name = 'Migration20261129033958_submission_idempotency_key';

  override up(): void | Promise<void> {
    this.addSql(`alter table "submissions" add "idempotency_key" varchar(64) null;`);
    this.addSql(
      `alter table "submissions" add constraint "submissions_request_id_idempotency_key_unique" unique ("request_id", "idempotency_key");`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "submissions" drop constraint "submissions_request_id_idempotency_key_unique";`);
    this.addSql(`alter table "submissions" drop column "idempotency_key";`);
  }
}
