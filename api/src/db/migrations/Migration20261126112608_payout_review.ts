import { Migration } from '@mikro-orm/migrations';

export class Migration20261126112608_payout_review extends Migration {
  override name = 'Migration20261126112608_payout_review';

  override up(): void | Promise<void> {
    this.addSql(
      `alter table "requests" add "pay_after_review" boolean not null default false, add "review_days" smallint not null default 7;`,
    );
    this.addSql(
      `alter table "requests" add constraint "requests_review_days_check" check (review_days >= 1 and review_days <= 30);`,
    );

    this.addSql(`alter table "payouts" drop constraint "payouts_status_check";`);
    this.addSql(
      `alter table "payouts" add "review_due_at" timestamptz null, add "reviewed_at" timestamptz null, add "review_outcome" varchar(13) null, add "rejection_reason" varchar(500) null;`,
    );
    this.addSql(`alter table "payouts" alter column "status" type varchar(16) using ("status"::varchar(16));`);
    this.addSql(`create index "payouts_status_review_due_at_index" on "payouts" ("status", "review_due_at");`);
    this.addSql(
      `alter table "payouts" add constraint "payouts_review_outcome_check" check (review_outcome is null or review_outcome in ('approved', 'auto_approved', 'rejected'));`,
    );
    this.addSql(
      `alter table "payouts" add constraint "payouts_status_check" check (status in ('awaiting_review', 'pending', 'sent', 'failed', 'rejected'));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "payouts_status_review_due_at_index";`);
    this.addSql(`alter table "payouts" drop constraint "payouts_review_outcome_check";`);
    this.addSql(`alter table "payouts" drop constraint "payouts_status_check";`);
    this.addSql(
      `alter table "payouts" drop column "review_due_at", drop column "reviewed_at", drop column "review_outcome", drop column "rejection_reason";`,
    );
    this.addSql(`alter table "payouts" alter column "status" type varchar(10) using ("status"::varchar(10));`);
    this.addSql(
      `alter table "payouts" add constraint "payouts_status_check" check ("status" in ('pending', 'sent', 'failed'));`,
    );

    this.addSql(`alter table "requests" drop constraint "requests_review_days_check";`);
    this.addSql(`alter table "requests" drop column "pay_after_review", drop column "review_days";`);
  }
}
