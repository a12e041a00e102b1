import { Migration } from '@mikro-orm/migrations';

// Each data set's cells move from arrays to typed columns (api/src/modules/datasets/dataset-tables.ts):
//   vcr_rows_<id>   (row_no, tokens bytea[], sealed bytea[], clear text[]) and
//   vcr_tokens_<id> (col, token, row_no)
// become
//   vcr_rows_<id>   (row_no, t1.. bytea, c1.. text, n1.. numeric)  tokens, clear cells and their numbers
//   vcr_sealed_<id> (row_no, s1.. bytea)                            sealed cells
// A clear cell's number is what the comparisons with numbers and the aggregates computed from it
// before, `case when cell ~ pattern then cell::numeric end`, with the pattern's white space the
// ASCII white space that numeric input skips (the upload computes the same in chunk-rows.ts).
// Complete sets get their indexes; sets still uploading get theirs once complete.

// the number of cells of each role a row of data set `d` has, as nt (join), nc (clear), ns (sealed)
const COUNTS = `select count(*) filter (where c->>'role' = 'join'),
         count(*) filter (where c->>'role' = 'clear'),
         count(*) filter (where c->>'role' <> 'clear')
    into nt, nc, ns from jsonb_array_elements(d.columns) c;`;

const perDataset = (body: string) => `do $$
declare
  d record; h text; nt int; nc int; ns int; k int;
  defs text; cols text; vals text; svals text;
  pattern constant text := '^[ \\t\\n\\v\\f\\r]*-?[0-9]+(\\.[0-9]+)?[ \\t\\n\\v\\f\\r]*$';
begin
  for d in select id, status, columns from vcr_datasets loop
    h := replace(d.id::text, '-', '');
    continue when to_regclass('vcr_rows_' || h) is null;
    ${COUNTS}
    ${body}
  end loop;
end $$;`;

export class Migration20261126174040_typed_dataset_cells extends Migration {
  override name = 'Migration20261126174040_typed_dataset_cells';

  override up(): void | Promise<void> {
    this.addSql(
      perDataset(`
    defs := 'row_no int not null'; cols := 'row_no'; vals := 'row_no';
    for k in 1..nt loop
      defs := defs || format(', t%s bytea', k);
      cols := cols || format(', t%s', k);
      vals := vals || format(', tokens[%s]', k);
    end loop;
    for k in 1..nc loop
      defs := defs || format(', c%s text, n%s numeric', k, k);
      cols := cols || format(', c%s, n%s', k, k);
      vals := vals || format(', clear[%s], case when clear[%s] ~ %L then clear[%s]::numeric end', k, k, pattern, k);
    end loop;
    execute format('create table %I (%s)', 'vcr_typed_' || h, defs);
    execute format('insert into %I (%s) select %s from %I', 'vcr_typed_' || h, cols, vals, 'vcr_rows_' || h);
    defs := 'row_no int not null'; cols := 'row_no'; vals := 'row_no';
    for k in 1..ns loop
      defs := defs || format(', s%s bytea', k);
      cols := cols || format(', s%s', k);
      vals := vals || format(', sealed[%s]', k);
    end loop;
    execute format('create table %I (%s)', 'vcr_sealed_' || h, defs);
    execute format('insert into %I (%s) select %s from %I', 'vcr_sealed_' || h, cols, vals, 'vcr_rows_' || h);
    execute format('drop table %I, %I', 'vcr_rows_' || h, 'vcr_tokens_' || h);
    execute format('alter table %I rename to %I', 'vcr_typed_' || h, 'vcr_rows_' || h);
    if d.status = 'ready' then
      execute format('alter table %I add primary key (row_no)', 'vcr_sealed_' || h);
      for k in 1..nt loop
        execute format('create index on %I (t%s, row_no)', 'vcr_rows_' || h, k);
      end loop;
      execute format('analyze %I', 'vcr_rows_' || h);
    end if;`),
    );
  }

  override down(): void | Promise<void> {
    this.addSql(
      perDataset(`
    vals := 'r.row_no'; svals := '';
    defs := ''; cols := '';
    for k in 1..nt loop defs := defs || format('%sr.t%s', case when k > 1 then ', ' end, k); end loop;
    for k in 1..nc loop cols := cols || format('%sr.c%s', case when k > 1 then ', ' end, k); end loop;
    for k in 1..ns loop svals := svals || format('%ss.s%s', case when k > 1 then ', ' end, k); end loop;
    vals := vals
      || case when nt = 0 then ', null' else format(', array[%s]', defs) end
      || case when ns = 0 then ', null' else format(', array[%s]', svals) end
      || case when nc = 0 then ', null' else format(', array[%s]', cols) end;
    execute format('create table %I (row_no int not null, tokens bytea[], sealed bytea[], clear text[])', 'vcr_arrays_' || h);
    execute format('insert into %I select %s from %I r join %I s on s.row_no = r.row_no',
      'vcr_arrays_' || h, vals, 'vcr_rows_' || h, 'vcr_sealed_' || h);
    execute format('create table %I (col smallint not null, token bytea not null, row_no int not null)', 'vcr_tokens_' || h);
    for k in 1..nt loop
      execute format('insert into %I select %s, t%s, row_no from %I where t%s is not null',
        'vcr_tokens_' || h, k, k, 'vcr_rows_' || h, k);
    end loop;
    execute format('drop table %I, %I', 'vcr_rows_' || h, 'vcr_sealed_' || h);
    execute format('alter table %I rename to %I', 'vcr_arrays_' || h, 'vcr_rows_' || h);
    if d.status = 'ready' then
      execute format('alter table %I add primary key (row_no)', 'vcr_rows_' || h);
      execute format('create index on %I (token, col, row_no)', 'vcr_tokens_' || h);
    end if;`),
    );
  }
}
