import { Migration } from '@mikro-orm/migrations';

// Each data set gets tables of its own, `vcr_rows_<id hex>` and `vcr_tokens_<id hex>` (see
// api/src/modules/datasets/dataset-tables.ts): their indexes are built once the set is complete,
// and deleting a set drops them. Existing sets move out of the shared tables.
const perDataset = (body: string) => `do $$
declare d record; h text;
begin
  for d in select id, status from vcr_datasets loop
    h := replace(d.id::text, '-', '');
    ${body}
  end loop;
end $$;`;

export class Migration20261124032343_dataset_tables extends Migration {
  override name = 'Migration20261124032343_dataset_tables';

  override up(): void | Promise<void> {
    // chunks already stored are complete; new ones are reserved first, stored once written
    this.addSql(`alter table "vcr_upload_chunks" add "stored" boolean not null default false;`);
    this.addSql(`update "vcr_upload_chunks" set "stored" = true;`);
    this.addSql(
      perDataset(`
    execute format('create table %I (row_no int not null, tokens bytea[], sealed bytea[], clear text[])', 'vcr_rows_' || h);
    execute format('insert into %I select row_no, tokens, sealed, clear from vcr_rows where dataset_id = %L', 'vcr_rows_' || h, d.id);
    execute format('create table %I (col smallint not null, token bytea not null, row_no int not null)', 'vcr_tokens_' || h);
    execute format('insert into %I select col, token, row_no from vcr_tokens where dataset_id = %L', 'vcr_tokens_' || h, d.id);
    if d.status = 'ready' then
      execute format('alter table %I add primary key (row_no)', 'vcr_rows_' || h);
      execute format('create index on %I (token, col, row_no)', 'vcr_tokens_' || h);
    end if;`),
    );
    this.addSql(`drop table if exists "vcr_rows" cascade;`);
    this.addSql(`drop table if exists "vcr_tokens" cascade;`);
  }

  override down(): void | Promise<void> {
    this.addSql(
      `create table "vcr_rows" ("dataset_id" uuid not null, "row_no" int4 not null, "tokens" bytea[] null, "sealed" bytea[] null, "clear" text[] null, primary key ("dataset_id", "row_no"));`,
    );
    this.addSql(
      `create table "vcr_tokens" ("dataset_id" uuid not null, "col" int2 not null, "token" bytea not null, "row_no" int4 not null, primary key ("dataset_id", "col", "token", "row_no"));`,
    );
    this.addSql(
      perDataset(`
    if to_regclass('vcr_rows_' || h) is not null then
      execute format('insert into vcr_rows select %L, row_no, tokens, sealed, clear from %I', d.id, 'vcr_rows_' || h);
      execute format('drop table %I', 'vcr_rows_' || h);
    end if;
    if to_regclass('vcr_tokens_' || h) is not null then
      execute format('insert into vcr_tokens select %L, col, token, row_no from %I', d.id, 'vcr_tokens_' || h);
      execute format('drop table %I', 'vcr_tokens_' || h);
    end if;`),
    );
    this.addSql(`alter table "vcr_upload_chunks" drop column "stored";`);
  }
}
