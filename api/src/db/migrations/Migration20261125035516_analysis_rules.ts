import { Migration } from '@mikro-orm/migrations';

// Clean-room analysis rules (api/src/modules/analyses): each data set gets its rule (partner access,
// minimum group size k) and, per column, whether it is shared with partners and which key sealed
// it; access requests, column key grants and the audit log get tables. Sets uploaded before the
// rules existed were sealed with room keys only: they keep `sealing: room`, withheld by the server.
const columnsUp = `update "vcr_datasets" set "columns" = (
  select coalesce(jsonb_agg(c || jsonb_build_object('shared', false, 'sealing',
    case when c->>'role' = 'clear' then null else 'room' end) order by n), '[]'::jsonb)
  from jsonb_array_elements("columns") with ordinality as t(c, n));`;
const columnsDown = `update "vcr_datasets" set "columns" = (
  select coalesce(jsonb_agg(c - 'shared' - 'sealing' order by n), '[]'::jsonb)
  from jsonb_array_elements("columns") with ordinality as t(c, n));`;

export class Migration20261125035516_analysis_rules extends Migration {
  override name = 'Migration20261125035516_analysis_rules';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "vcr_column_grants" ("id" uuid not null, "dataset_id" uuid not null, "column" varchar(64) not null, "grantee_id" uuid not null, "scope" varchar(50) not null, "public_key_id" varchar(32) not null, "sealed_key" text not null, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "vcr_column_grants_grantee_id_index" on "vcr_column_grants" ("grantee_id");`);
    this.addSql(
      `alter table "vcr_column_grants" add constraint "vcr_column_grants_dataset_id_column_grantee_id_scope_unique" unique ("dataset_id", "column", "grantee_id", "scope");`,
    );

    this.addSql(
      `create table "vcr_audit_events" ("id" uuid not null, "room_id" uuid not null, "actor_id" uuid not null, "action" varchar(20) not null, "dataset_ids" jsonb not null, "dataset_names" jsonb not null, "description" text not null, "outcome" jsonb null, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `create index "vcr_audit_events_room_id_created_at_index" on "vcr_audit_events" ("room_id", "created_at");`,
    );

    this.addSql(
      `create table "vcr_access_requests" ("id" uuid not null, "room_id" uuid not null, "requester_id" uuid not null, "dataset_id" uuid not null, "other_dataset_id" uuid null, "dataset_ids" jsonb not null, "condition" jsonb null, "columns" jsonb not null, "reason" text not null, "description" text not null default '', "status" varchar(10) not null default 'open', "decided_at" timestamptz null, "decision_note" text null, "report_id" uuid null, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "vcr_access_requests_requester_id_index" on "vcr_access_requests" ("requester_id");`);
    this.addSql(`create index "vcr_access_requests_dataset_id_index" on "vcr_access_requests" ("dataset_id");`);
    this.addSql(
      `create index "vcr_access_requests_room_id_created_at_index" on "vcr_access_requests" ("room_id", "created_at");`,
    );

    this.addSql(
      `alter table "vcr_reports" add "description" text not null default '', add "access_request_id" uuid null;`,
    );

    this.addSql(
      `alter table "vcr_datasets" add "partner_access" varchar(10) not null default 'matches', add "min_group_size" int not null default 10, add "sealed_secret" text null, add "secret_key_id" varchar(32) null;`,
    );
    this.addSql(columnsUp);

    this.addSql(
      `alter table "vcr_column_grants" add constraint "vcr_column_grants_dataset_id_foreign" foreign key ("dataset_id") references "vcr_datasets" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "vcr_column_grants" add constraint "vcr_column_grants_grantee_id_foreign" foreign key ("grantee_id") references "users" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "vcr_audit_events" add constraint "vcr_audit_events_room_id_foreign" foreign key ("room_id") references "vcr_rooms" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "vcr_audit_events" add constraint "vcr_audit_events_actor_id_foreign" foreign key ("actor_id") references "users" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "vcr_access_requests" add constraint "vcr_access_requests_room_id_foreign" foreign key ("room_id") references "vcr_rooms" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "vcr_access_requests" add constraint "vcr_access_requests_requester_id_foreign" foreign key ("requester_id") references "users" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "vcr_access_requests" add constraint "vcr_access_requests_dataset_id_foreign" foreign key ("dataset_id") references "vcr_datasets" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "vcr_access_requests" add constraint "vcr_access_requests_other_dataset_id_foreign" foreign key ("other_dataset_id") references "vcr_datasets" ("id") on delete cascade;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "vcr_column_grants" cascade;`);
    this.addSql(`drop table if exists "vcr_audit_events" cascade;`);
    this.addSql(`drop table if exists "vcr_access_requests" cascade;`);

    this.addSql(
      `alter table "vcr_datasets" drop column "partner_access", drop column "min_group_size", drop column "sealed_secret", drop column "secret_key_id";`,
    );
    this.addSql(columnsDown);

    this.addSql(`alter table "vcr_reports" drop column "description", drop column "access_request_id";`);
  }
}
