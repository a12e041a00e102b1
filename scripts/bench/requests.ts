// Requests benchmark: the dashboard and the request list over GraphQL and REST, each against a
// bare Fastify route running the same SQL by hand (no GraphQL, no ORM entities, no envelope), all
// in one run over one database holding BENCH_REQUESTS requests and BENCH_ANSWERS survey answers
// (defaults 10 000 and 1 000 000; smaller values make a quick run).
import 'reflect-metadata';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../api/src/app';
import { loadConfig } from '../../api/src/config';
import { SESSION_COOKIE } from '../../api/src/modules/auth/session-cookie';
import { User } from '../../api/src/modules/users/user.entity';
import { sha256Hex } from '../../api/src/shared/tokens';
import { openTestDatabase } from '../../test/api/support/test-db';
import { run } from './api';
import { loadRequestsData, type BenchData } from './requests-data';

export type RequestsRow = { name: string; reqPerSec: number; p50Ms: number; p99Ms: number; errors: number };
export type RequestsBench = { data: BenchData; groups: { title: string; rows: RequestsRow[] }[] };

const envInt = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number`);
  return value;
};

// the same statements the services run, written by hand
const OVERVIEW_SQL = `select count(*) filter (where status = 1)::int as open, count(*) filter (where status = 0)::int as draft,
    coalesce(sum(response_count), 0)::int as total, coalesce(sum(response_count) filter (where status = 1), 0)::int as answered,
    coalesce(sum(bonus_amount / bonus_each) filter (where status = 1), 0)::bigint as capacity,
    (select count(*) from submissions where owner_id = ? and created_at >= ?)::int as today
  from requests where user_id = ?`;
const LIST_SQL = `select id, title, type, description, key_id, created_at, updated_at, question_count, response_count, status
  from requests where user_id = ? order by created_at desc, id desc limit ? offset 0`;
const CONTRACTS_SQL = `select id, title, signer_address, escrow_address, bonus_amount, published_at
  from requests where user_id = ? and status = 1 order by published_at desc, id desc limit 5`;

const DASHBOARD_GQL = `query Dashboard {
  requestOverview { open draft responseTotal responseToday avgCompRate }
  requests(page: 1, limit: 5) { list { id title type typeName createdAt questionCount responseCount } info { count pages } }
  contracts(page: 1, limit: 5) { list { address title bonusAmount status } info { count pages } }
}`;
const LIST_GQL = `query List { requests(page: 1, limit: 10) {
  list { id title type typeName createdAt lastModified questionCount responseCount description keyId } info { count pages page } } }`;

export async function requestsBench(): Promise<RequestsBench> {
  const sizes = { requests: envInt('BENCH_REQUESTS', 10_000), answers: envInt('BENCH_ANSWERS', 1_000_000) };
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'parley-bench-requests-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  const db = await openTestDatabase(); // a fresh database: embedded, or created on DATABASE_URL's server
  const { app, services } = await buildApp({ config, orm: db.orm, logger: false });
  const sql = (query: string, params: unknown[]) => db.orm.em.getConnection().execute(query, params);
  const session = async (token: string | undefined) =>
    (await sql('select user_id from sessions where token_hash = ? and expires_at > now()', [sha256Hex(token ?? '')]))[0]
      ?.user_id as string | undefined;

  app.get('/bench/bare-overview', async (request, reply) => {
    const userId = await session(request.cookies[SESSION_COOKIE]);
    if (!userId) return reply.code(401).send({});
    const day = new Date();
    day.setUTCHours(0, 0, 0, 0);
    return (await sql(OVERVIEW_SQL, [userId, day.toISOString(), userId]))[0];
  });
  app.get('/bench/bare-list', async (request, reply) => {
    const userId = await session(request.cookies[SESSION_COOKIE]);
    if (!userId) return reply.code(401).send({});
    const [list, count] = await Promise.all([
      sql(LIST_SQL, [userId, 10]),
      sql('select count(*)::int as n from requests where user_id = ?', [userId]),
    ]);
    return { list, count: count[0].n };
  });
  app.get('/bench/bare-dashboard', async (request, reply) => {
    const userId = await session(request.cookies[SESSION_COOKIE]);
    if (!userId) return reply.code(401).send({});
    const day = new Date();
    day.setUTCHours(0, 0, 0, 0);
    const [overview, list, contracts] = await Promise.all([
      sql(OVERVIEW_SQL, [userId, day.toISOString(), userId]),
      sql(LIST_SQL, [userId, 5]),
      sql(CONTRACTS_SQL, [userId]),
    ]);
    return { overview: overview[0], list, contracts };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

  try {
    const em = db.orm.em.fork();
    const user = em.create(User, {
      username: 'benchreq',
      email: 'benchreq@example.test',
      passwordHash: await services.auth.hashPassword('benchpass1'),
      nickname: 'Bench',
      emailVerifiedAt: new Date(),
    });
    await em.flush();
    const pem = generateKeyPairSync('ec', { namedCurve: 'P-256' })
      .publicKey.export({ type: 'spki', format: 'pem' })
      .toString();
    const key = await services.keys.create(em, user, { title: 'Bench key', key: pem });
    const data = await loadRequestsData(em, { userId: user.id, keyId: key.id, publicKeyPem: key.publicKeyPem }, sizes);

    const login = await fetch(`${base}/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'benchreq', password: 'benchpass1' }),
    });
    const headers = { cookie: (login.headers.get('set-cookie') ?? '').split(';')[0] };
    const gql = (query: string) => ({
      method: 'POST' as const,
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ query }),
    });
    const measure = async (name: string, url: string, extra: Parameters<typeof run>[1] = {}) => {
      const r = await run(url, { headers, ...extra });
      return {
        name,
        reqPerSec: r.requests.average,
        p50Ms: r.latency.p50,
        p99Ms: r.latency.p99,
        errors: r.errors + r.non2xx,
      };
    };

    await run(`${base}/bench/bare-dashboard`, { headers, duration: 1 }); // warm-up
    const groups = [
      {
        title: 'dashboard overview cards',
        rows: [
          await measure('bare SQL', `${base}/bench/bare-overview`),
          await measure('REST /v1/request/today', `${base}/v1/request/today`),
          await measure(
            'GraphQL requestOverview',
            `${base}/graphql`,
            gql('{ requestOverview { open draft responseTotal responseToday avgCompRate } }'),
          ),
        ],
      },
      {
        title: 'request list, page 1 of 10',
        rows: [
          await measure('bare SQL', `${base}/bench/bare-list`),
          await measure('REST /v1/request/list', `${base}/v1/request/list?page=1&limit=10`),
          await measure('GraphQL requests', `${base}/graphql`, gql(LIST_GQL)),
        ],
      },
      {
        title: 'whole dashboard (cards + 5 requests + 5 contracts)',
        rows: [
          await measure('bare SQL', `${base}/bench/bare-dashboard`),
          await measure('GraphQL Dashboard', `${base}/graphql`, gql(DASHBOARD_GQL)),
        ],
      },
    ];
    return { data, groups };
  } finally {
    await app.close();
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function printRequestsBench(b: RequestsBench, dbKind: string) {
  const d = b.data;
  console.log(
    `\nRequests: ${d.requests} requests, ${d.submissions} submissions, ${d.answers} survey answers (loaded in ${d.seconds.toFixed(1)} s), database: ${dbKind}`,
  );
  console.log(`10 connections, ${process.env.BENCH_SECONDS ?? 5} s each; ratio = throughput / bare SQL`);
  for (const g of b.groups) {
    const bare = g.rows[0];
    console.log(`  ${g.title}`);
    console.log('    target                     req/s   p50 ms   p99 ms   errors   ratio');
    for (const r of g.rows) {
      console.log(
        `    ${r.name.padEnd(24)} ${r.reqPerSec.toFixed(0).padStart(7)} ${r.p50Ms.toFixed(1).padStart(8)} ${r.p99Ms.toFixed(1).padStart(8)} ${String(r.errors).padStart(8)}   ${(r.reqPerSec / bare.reqPerSec).toFixed(2)}`,
      );
    }
  }
}
