import { Migration } from '@mikro-orm/migrations';

export class Migration20261129034510_access_log_image_downloads extends Migration {
  override name = 'Migration20261129034510_access_log_image_downloads';

  override up(): void | Promise<void> {
    this.addSql(`alter table "access_events" drop constraint "access_events_actor_check";`);
    this.addSql(`alter table "access_events" drop constraint "access_events_kind_check";`);
    this.addSql(
      `alter table "access_events" add constraint "access_events_actor_check" check (actor in ('participant', 'requester', 'platform', 'someone'));`,
    );
    this.addSql(
      `alter table "access_events" add constraint "access_events_kind_check" check (kind in ('submitted', 'listed', 'exported', 'image_downloaded', 'approved', 'rejected', 'webhook', 'withdrawn', 'expired', 'retention_notice', 'data_requested', 'deleted'));`,
    );
  }

  override down(): void | Promise<void> {
    // the old constraints do not allow these lines
    this.addSql(`delete from "access_events" where "kind" = 'image_downloaded' or "actor" = 'someone';`);
    this.addSql(`alter table "access_events" drop constraint "access_events_actor_check";`);
    this.addSql(`alter table "access_events" drop constraint "access_events_kind_check";`);
    this.addSql(
      `alter table "access_events" add constraint "access_events_actor_check" check ("actor" in ('participant', 'requester', 'platform'));`,
    );
    this.addSql(
      `alter table "access_events" add constraint "access_events_kind_check" check ("kind" in ('submitted', 'listed', 'exported', 'approved', 'rejected', 'webhook', 'withdrawn', 'expired', 'retention_notice', 'data_requested', 'deleted'));`,
    );
  }
}
