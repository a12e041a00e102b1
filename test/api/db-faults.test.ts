import pg from 'pg';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, type TestUser } from './support/factories';
import { startTestServer, type TestServer } from './support/server';

// Issue 27, finding 2: the database dropping its connections is a passing fault, not a server
// error. Mid-load, the test cuts every connection of its own database (pg_terminate_backend on the
// PostgreSQL server; on the embedded one, the only thing that can cut its in-process connection:
// the socket closing under it). Reads outside a transaction are tried once more on a new
// connection and succeed; anything else answers 503 with Retry-After; nothing answers 500, and
// once the pool has replaced its connections everything works again.

let server: TestServer;
let logs = '';
let users: TestUser[];

beforeAll(async () => {
  const stream = new PassThrough();
  stream.on('data', (d) => (logs += String(d)));
  server = await startTestServer({ LOG_LEVEL: 'warn' }, stream);
  users = await Promise.all(Array.from({ length: 4 }, () => buildUser(server)));
});
afterAll(async () => {
  await server?.close();
});

/** Cuts every connection the server holds to its database, in the middle of whatever they do. */
async function dropConnections(): Promise<number> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      const name = server.db.orm.config.get('dbName');
      const res = await admin.query(
        'select pg_terminate_backend(pid) as ok from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [name],
      );
      return res.rows.filter((r: { ok: boolean }) => r.ok).length;
    } finally {
      await admin.end();
    }
  }
  // the pool's clients (pg-pool keeps them in _clients): their sockets closed under them
  const pool = (await server.db.orm.em.getConnection().getNativeClient()) as unknown as {
    _clients: { connection: { stream: { destroy(): void } } }[];
  };
  for (const client of pool._clients) client.connection.stream.destroy();
  return pool._clients.length;
}

type Call = { kind: 'read' | 'write'; name: string; run(u: TestUser): Promise<Response> };
const json = (u: TestUser, method: string, path: string, body: unknown) =>
  u.client.fetch(path, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const CALLS: Call[] = [
  { kind: 'read', name: 'GET /v1/auth/status', run: (u) => u.client.fetch('/v1/auth/status') },
  { kind: 'read', name: 'GET /v1/auth/user/getKeyList', run: (u) => u.client.fetch('/v1/auth/user/getKeyList') },
  { kind: 'read', name: 'GraphQL query me', run: (u) => json(u, 'POST', '/graphql', { query: '{ me { id } }' }) },
  {
    kind: 'write',
    name: 'PUT /v1/auth/user/updateUser',
    run: (u) => json(u, 'PUT', '/v1/auth/user/updateUser', { update: { nickname: `n${Date.now() % 100_000}` } }),
  },
  {
    kind: 'write',
    name: 'GraphQL mutation createApiToken',
    run: (u) =>
      json(u, 'POST', '/graphql', { query: 'mutation { createApiToken(input: { name: "load" }) { token } }' }),
  },
];

type Answer = { call: Call; status: number; retryAfter: string | null; body: string };

describe('a database that drops its connections', () => {
  it('answers no 500 mid-load: reads are tried again, the rest is 503 with Retry-After', async () => {
    const answers: Answer[] = [];
    const mark = logs.length;
    // the workers keep calling until the third drop is behind them: load across every drop,
    // however fast this machine answers
    let dropping = true;
    const answeredAtDrops: number[] = [];
    let drops = 0;
    let cut = 0;
    const worker = async (w: number) => {
      for (let i = 0; dropping || i < 2; i++) {
        const call = CALLS[(w + i) % CALLS.length];
        const res = await call.run(users[w % users.length]);
        answers.push({ call, status: res.status, retryAfter: res.headers.get('retry-after'), body: await res.text() });
      }
    };
    // each drop (and the end) waits for three more answers, not only for a time: on a loaded
    // machine the first answers took longer than a drop scheduled at 700 ms. Drops stay a second
    // apart: a read is tried once more, and a second drop at once would cut its retry too.
    const answersSince = async (count: number) => {
      while (answers.length < count + 3) await new Promise((resolve) => setTimeout(resolve, 20));
    };
    let lastDrop = 0;
    const dropper = async () => {
      for (let d = 0; d < 3; d++) {
        await answersSince(answeredAtDrops.at(-1) ?? 0);
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, lastDrop + 1_000 - Date.now())));
        lastDrop = Date.now();
        answeredAtDrops.push(answers.length);
        cut += await dropConnections();
        drops++;
      }
      await answersSince(answeredAtDrops.at(-1) ?? 0);
      dropping = false;
    };
    await Promise.all([...Array.from({ length: 8 }, (_, w) => worker(w)), dropper()]);
    expect(drops).toBe(3);
    expect(cut).toBeGreaterThan(0);

    const unexpected = answers.filter((a) => a.status >= 500 && a.status !== 503);
    expect(unexpected.map((a) => `${a.call.name} ${a.status} ${a.body.slice(0, 200)}`)).toEqual([]);
    for (const a of answers.filter((x) => x.status === 503)) {
      expect(a.retryAfter, a.call.name).toBe('1');
      expect(a.body, a.call.name).toContain('SERVICE_UNAVAILABLE');
    }
    // a read outside a transaction is tried once more on a fresh connection: it never fails
    const reads = answers.filter((a) => a.call.kind === 'read');
    expect(reads.filter((a) => a.status !== 200).map((a) => `${a.call.name} ${a.status} ${a.body}`)).toEqual([]);
    // calls were answered before the first drop, between the drops and after the last
    expect([...answeredAtDrops, answers.length].every((n, i, all) => i === 0 || n > all[i - 1])).toBe(true);
    expect(answeredAtDrops[0]).toBeGreaterThan(0);
    const serverErrors = logs
      .slice(mark)
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { level: number; msg: string })
      .filter((l) => l.level >= 50 && /unexpected/.test(l.msg));
    expect(serverErrors.map((l) => JSON.stringify(l).slice(0, 600))).toEqual([]);

    // and the pool has replaced its connections: every call works again
    for (const call of CALLS) expect((await call.run(users[0])).status, call.name).toBe(200);
    // no connection is held by a request that ended: a cut transaction's client went back too
    const pool = (await server.db.orm.em.getConnection().getNativeClient()) as unknown as {
      totalCount: number;
      idleCount: number;
    };
    await expect.poll(() => pool.totalCount - pool.idleCount).toBe(0);
    const byStatus: Record<number, number> = {};
    for (const a of answers) byStatus[a.status] = (byStatus[a.status] ?? 0) + 1;
    console.log(`db faults: ${cut} connections cut in 3 drops; ${answers.length} answers ${JSON.stringify(byStatus)}`);
  }, 60_000);
});
