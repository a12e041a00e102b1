// Where a phone submission's time goes: runs the phones bench's server in this process, sends one
// round of bare inserts and one of the real routes (phones.ts), and prints per submission the server
// CPU, the statements each transaction ran (by text, with their mean time) and how long each held
// its connection; with an output file, a V8 CPU profile of the routes' round (and of the bare
// round beside it, named with .bare before the extension).
// `npx tsx scripts/bench/profile-phones.ts [out.cpuprofile]`
import { Session } from 'node:inspector/promises';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type * as PG from 'pg';
import { startBenchServer } from './bench-server';
import { prepare, publishRequests, send } from './phones';

// the driver MikroORM's PostgreSQL package loads (its own copy of pg)
const pg = createRequire(createRequire(import.meta.url).resolve('@mikro-orm/postgresql'))('pg') as typeof PG;

type Stat = { n: number; ms: number };
const stats = new Map<string, Stat>();
let txMs = 0;
let txCount = 0;
const open = new WeakMap<object, number>();
const traced = new Set<string>();
const origQuery = pg.Client.prototype.query as (...a: unknown[]) => unknown;
(pg.Client.prototype as unknown as { query: unknown }).query = function (this: object, ...args: unknown[]) {
  const q = args[0] as string | { text: string };
  const text = (typeof q === 'string' ? q : (q?.text ?? ''))
    .replace(/'(?:[^']|'')*'/g, '?')
    .replace(/\b\d+\b/g, 'N')
    .replace(/\s+/g, ' ')
    .slice(0, 120);
  const t0 = performance.now();
  if (process.env.TRACE_SQL && new RegExp(process.env.TRACE_SQL).test(text) && !traced.has(text)) {
    traced.add(text);
    console.log(`\n${text}\n${new Error().stack}`);
  }
  const done = () => {
    const s = stats.get(text) ?? { n: 0, ms: 0 };
    s.n += 1;
    s.ms += performance.now() - t0;
    stats.set(text, s);
    if (/^begin/i.test(text)) open.set(this, t0);
    if (/^(commit|rollback)/i.test(text) && open.has(this)) {
      txMs += performance.now() - open.get(this)!;
      txCount += 1;
      open.delete(this);
    }
  };
  // pool.query (pg-boss outside a transaction) passes a callback and gets no promise back
  const last = args.length - 1;
  if (typeof args[last] === 'function') {
    const cb = args[last] as (...r: unknown[]) => unknown;
    args[last] = (...r: unknown[]) => {
      done();
      return cb(...r);
    };
  }
  const res = origQuery.apply(this, args) as Promise<unknown> | undefined;
  if (res && typeof (res as Promise<unknown>).then === 'function') (res as Promise<unknown>).then(done, done);
  return res;
};

/** CPU seconds used so far by the PostgreSQL server's processes on this machine (0 when none is local). */
function postgresCpu(): number {
  let ticks = 0;
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (!stat.includes('(postgres)')) continue;
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]); // utime, stime
    } catch {
      // the process ended while the list was read
    }
  }
  // /proc counts in clock ticks, 100 a second on Linux (USER_HZ)
  return ticks / 100;
}

const out = process.argv[2];
const phones = Number(process.env.BENCH_PHONES ?? 200);
const count = Number(process.env.BENCH_PHONE_SUBMISSIONS ?? 800);
const server = await startBenchServer();
try {
  // both sides prepared before either is sent, as the bench does: the routes' round follows the bare one at once
  const prepared = {
    bare: await prepare(server, await publishRequests(server, 'bare'), count, () => '/bench/bare-submit'),
    routes: await prepare(
      server,
      await publishRequests(server, 'routes', true),
      count,
      (k) => `/v1/requestClient/${k === 'survey' ? 'submitSurvey' : 'submitCollection'}`,
    ),
  };
  for (const side of ['bare', 'routes'] as const) {
    const subs = prepared[side];
    stats.clear();
    txMs = 0;
    txCount = 0;
    const inspector = new Session();
    if (out) {
      inspector.connect();
      await inspector.post('Profiler.enable');
      await inspector.post('Profiler.start');
    }
    const cpu = process.cpuUsage();
    const pgCpu = postgresCpu();
    const r = await send({ base: server.base, phones, submissions: subs });
    const used = process.cpuUsage(cpu);
    const pgUsed = postgresCpu() - pgCpu;
    if (out) {
      const { profile } = await inspector.post('Profiler.stop');
      writeFileSync(side === 'routes' ? out : out.replace(/(\.cpuprofile)?$/, '.bare$1'), JSON.stringify(profile));
      inspector.disconnect();
    }
    console.log(
      `\n${side}: ${r.acceptedPerSec.toFixed(0)}/s, p99 ${r.p99Ms.toFixed(0)} ms, accepted ${r.accepted}, refused ${JSON.stringify(r.refused)}; server CPU ${((used.user + used.system) / 1000 / count).toFixed(2)} ms/submission (with the sending worker), PostgreSQL ${((pgUsed * 1000) / count).toFixed(2)} ms/submission; transaction ${(txMs / Math.max(1, txCount)).toFixed(1)} ms mean over ${txCount}`,
    );
    const rows = [...stats.entries()].sort((a, b) => b[1].ms - a[1].ms);
    for (const [text, s] of rows.slice(0, 40))
      console.log(`  ${(s.n / count).toFixed(2).padStart(6)} x ${(s.ms / s.n).toFixed(2).padStart(7)} ms  ${text}`);
  }
} finally {
  await server.close();
}
