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

/**
 * A fingerprint of every table's contents (row count and a hash of the rows), the data sets' own
 * tables and the jobs a request can queue included, taken in one query. A rejected request must
 * leave it unchanged.
 */
export async function dbSnapshot(server: TestServer, options: { ignoreTables?: string[] } = {}): Promise<DbSnapshot> {
  const conn = server.db.orm.em.fork().getConnection();
  const ignore = new Set(['mikro_orm_migrations', ...(options.ignoreTables ?? [])]);
  const tables = (
    await conn.execute<{ name: string }[]>(
      `select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
    )
  )
    .map((t) => t.name)
    .filter((t) => !ignore.has(t));
  const minus = TOUCHED_ON_READ.map((c) => ` - '${c}'`).join('');
  const parts = tables.map(
    (t) =>
      `select '${t}' as name, count(*)::text || ':' || coalesce(md5(string_agg(x, '|' order by x)), '') as print
       from (select (to_jsonb(r)${minus})::text as x from "${t}" r) s`,
  );
  const jobs = (
    await conn.execute<{ n: number }[]>(`select count(*)::int as n from pg_tables where schemaname = '${JOBS_SCHEMA}'`)
  )[0].n;
  if (jobs > 0)
    parts.push(
      `select 'jobs' as name, count(*)::text || ':' || coalesce(md5(string_agg(x, '|' order by x)), '') as print
       from (select name || ' ' || data::text as x from ${JOBS_SCHEMA}.job
             where name in (${REQUEST_JOBS.map((n) => `'${n}'`).join(', ')})) s`,
    );
  const rows = await conn.execute<{ name: string; print: string }[]>(parts.join(' union all '));
  return Object.fromEntries(rows.map((r) => [r.name, r.print]));
}
