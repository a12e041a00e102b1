import { Migration } from '@mikro-orm/migrations';

// Clean rooms that hold against a determined partner: column roles, differential privacy with a
// budget per partner, and the diff check's memory of answers. Existing sets reveal the least: a
// shared column stays shared, every other join key becomes join-only and every other column
// private (no filtering, grouping or aggregating by partners until the uploader says so), and
// differential privacy is switched on where partners get counts of a set they cannot read
// (matches, aggregates), as for new sets.
const columnsUp = `update "vcr_datasets" set "columns" = (
  select coalesce(jsonb_agg(c || jsonb_build_object(
    'partnerRole', case when (c->>'shared')::boolean then 'shared' when c->>'role' = 'join' then 'joinOnly' else 'private' end,
    'lower', null, 'upper', null) order by n), '[]'::jsonb)
  from jsonb_array_elements("columns") with ordinality as t(c, n));`;
const columnsDown = `update "vcr_datasets" set "columns" = (
  select coalesce(jsonb_agg(c - 'partnerRole' - 'lower' - 'upper' order by n), '[]'::jsonb)
  from jsonb_array_elements("columns") with ordinality as t(c, n));`;

export class Migration20261128213830_clean_room_privacy extends Migration {
  override name = 'Migration20261128213830_clean_room_privacy';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "vcr_privacy_spend" ("dataset_id" uuid not null, "user_id" uuid not null, "spent_micros" int not null default 0, "updated_at" timestamptz not null, primary key ("dataset_id", "user_id"));`,
    );

    this.addSql(
      `create table "vcr_answer_footprints" ("id" uuid not null, "dataset_id" uuid not null, "user_id" uuid not null, "row_count" int not null, "digest" varchar(64) not null, "rows" bytea not null, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `create index "vcr_answer_footprints_dataset_id_user_id_row_count_index" on "vcr_answer_footprints" ("dataset_id", "user_id", "row_count");`,
    );

    this.addSql(
      `alter table "vcr_datasets" add "differential_privacy" boolean not null default false, add "budget_micros" int not null default 3000000, add "query_cost_micros" int not null default 200000;`,
    );
    this.addSql(columnsUp);
    this.addSql(
      `update "vcr_datasets" set "differential_privacy" = true where "partner_access" in ('matches', 'aggregates');`,
    );

    this.addSql(
      `alter table "vcr_privacy_spend" add constraint "vcr_privacy_spend_dataset_id_foreign" foreign key ("dataset_id") references "vcr_datasets" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "vcr_privacy_spend" add constraint "vcr_privacy_spend_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(
      `alter table "vcr_answer_footprints" add constraint "vcr_answer_footprints_dataset_id_foreign" foreign key ("dataset_id") references "vcr_datasets" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "vcr_answer_footprints" add constraint "vcr_answer_footprints_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "vcr_privacy_spend" cascade;`);
    this.addSql(`drop table if exists "vcr_answer_footprints" cascade;`);

    this.addSql(columnsDown);
    this.addSql(
      `alter table "vcr_datasets" drop column "differential_privacy", drop column "budget_micros", drop column "query_cost_micros";`,
    );
  }
}
