import { Migration } from '@mikro-orm/migrations';

export class Migration20261129100609_access_event_request_title extends Migration {
  override name = 'Migration20261129100609_access_event_request_title';

  override up(): void | Promise<void> {
    this.addSql(`alter table "access_events" add "request_title" varchar(200) null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "access_events" drop column "request_title";`);
  }
}
