import { JOBS_SCHEMA } from '../../../api/src/modules/jobs/job-queue';
import { PAYOUT_JOB } from '../../../api/src/modules/payouts/payouts.service';
import { WEBHOOK_JOB } from '../../../api/src/modules/webhooks/webhooks.service';
import type { TestServer } from './server';

// Background jobs a request can queue (scheduled sweeps come and go with the clock, so they are
// left out): a rejected request must queue none of them. Their state changes as workers run them,
// so only which jobs exist counts.
const REQUEST_JOBS = [PAYOUT_JOB, WEBHOOK_JOB];

// Columns a read touches on purpose (a session's or API token's last use, at most once a minute):
// they are not writes of the request under test.
const TOUCHED_ON_READ = ['last_seen_at', 'last_used_at'];

export type DbSnapshot = Record<string, string>;

// the snapshot's entry for the queued jobs (the job queue's tables)
const JOBS_PRINT = 'jobs';

/**
 * A fingerprint of every table's contents (row count and a hash of the rows), the data sets' own
 * tables and the jobs a request can queue included, taken in one query. A rejected request must
 * leave it unchanged.
 */
export async function dbSnapshot(
  server: TestServer,
  options: { ignoreTables?: string[]; only?: Set<string> } = {},
): Promise<DbSnapshot> {
  const conn = server.db.orm.em.fork().getConnection();
  const ignore = new Set(['mikro_orm_migrations', WRITE_COUNT_TABLE, ...(options.ignoreTables ?? [])]);
  const tables = (
    await conn.execute<{ name: string }[]>(
      `select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
    )
  )
    .map((t) => t.name)
    .filter((t) => !ignore.has(t) && (!options.only || options.only.has(t)));
  const minus = TOUCHED_ON_READ.map((c) => ` - '${c}'`).join('');
  const parts = tables.map(
    (t) =>
      `select '${t}' as name, count(*)::text || ':' || coalesce(md5(string_agg(x, '|' order by x)), '') as print
       from (select (to_jsonb(r)${minus})::text as x from "${t}" r) s`,
  );
  const jobs = (
    await conn.execute<{ n: number }[]>(`select count(*)::int as n from pg_tables where schemaname = '${JOBS_SCHEMA}'`)
  )[0].n;
  if (jobs > 0 && (!options.only || options.only.has(JOBS_PRINT)))
    parts.push(
      `select '${JOBS_PRINT}' as name, count(*)::text || ':' || coalesce(md5(string_agg(x, '|' order by x)), '') as print
       from (select name || ' ' || data::text as x from ${JOBS_SCHEMA}.job
             where name in (${REQUEST_JOBS.map((n) => `'${n}'`).join(', ')})) s`,
    );
  const rows = await conn.execute<{ name: string; print: string }[]>(parts.join(' union all '));
  return Object.fromEntries(rows.map((r) => [r.name, r.print]));
}

const WRITE_COUNT_TABLE = 'test_writes';

export type WriteWatch = {
  /** Whether a write may have been committed since the last call (true where watching failed). */
  wroteSince(): Promise<boolean>;
  /**
   * The snapshot entries committed writes may have changed since the last call (dbSnapshot's table
   * names, 'jobs' for the job queue's tables), or 'all' after a DDL command or where watching failed.
   */
  writtenSince(): Promise<Set<string> | 'all'>;
};

/**
 * A cheap test for "nothing was written": triggers on every table of the database (the data sets'
 * and the jobs' included) and on every DDL command count committed writes in one row, so a request
 * that changed nothing is known without fingerprinting every table. A rolled-back write leaves the
 * count as it was, like the tables; each write adds a row (no row is updated, so writers never wait
 * on each other). Where the engine refuses the triggers, every call says true.
 */
export async function watchWrites(server: TestServer): Promise<WriteWatch> {
  const conn = server.db.orm.em.fork().getConnection();
  const tables = await conn.execute<{ name: string }[]>(
    // (a partitioned table's triggers reach its partitions)
    `select format('%I.%I', n.nspname, c.relname) as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname in ('public', '${JOBS_SCHEMA}') and c.relkind in ('r', 'p') and not c.relispartition
       and c.relname <> '${WRITE_COUNT_TABLE}'`,
  );
  const install = [
    // each write names what it wrote: the snapshot's entry, '*' for a DDL command
    `create table ${WRITE_COUNT_TABLE} (entry text not null)`,
    `create function test_count_write() returns trigger language plpgsql as
       $$ begin insert into public.${WRITE_COUNT_TABLE}
          values (case when TG_TABLE_SCHEMA = 'public' then TG_TABLE_NAME else '${JOBS_PRINT}' end);
          return null; end $$`,
    `create function test_count_ddl() returns event_trigger language plpgsql as
       $$ begin insert into public.${WRITE_COUNT_TABLE} values ('*'); end $$`,
    `create event trigger test_count_ddl on ddl_command_end execute function test_count_ddl()`,
    // row triggers: a statement that changes no row (a job queue's empty poll) is not a write
    ...tables.flatMap(({ name }) => [
      `create trigger test_count_rows after insert or update or delete on ${name}
         for each row execute function test_count_write()`,
      `create trigger test_count_truncate after truncate on ${name}
         for each statement execute function test_count_write()`,
    ]),
  ];
  try {
    await conn.execute(`begin; ${install.join('; ')}; commit`);
  } catch {
    await conn.execute('rollback').catch(() => undefined);
    return { wroteSince: async () => true, writtenSince: async () => 'all' };
  }
  const counts = async () =>
    new Map(
      (
        await conn.execute<{ entry: string; n: string }[]>(
          `select entry, count(*) as n from ${WRITE_COUNT_TABLE} group by entry`,
        )
      ).map((r) => [r.entry, r.n]),
    );
  let last = await counts();
  const writtenSince = async (): Promise<Set<string> | 'all'> => {
    const now = await counts();
    const written = new Set([...now].filter(([entry, n]) => last.get(entry) !== n).map(([entry]) => entry));
    last = now;
    return written.has('*') ? 'all' : written;
  };
  return {
    async wroteSince() {
      const written = await writtenSince();
      return written === 'all' || written.size > 0;
    },
    writtenSince,
  };
}
