// The server every API benchmark measures, built as production runs it, plus the bare baselines:
// - NODE_ENV=production (no REST contract checks, GraphQL introspection and suggestions off);
// - pino at the production default level (info: two lines per request), written to /dev/null
//   through the same synchronous destination pino uses for stdout;
// - the job queue's workers and schedules running, as main.ts runs them;
// - a fresh database: embedded PGlite, or a new database on DATABASE_URL's server.
// Each bare route is a plain Fastify route doing by hand the SQL the real route does (the session
// lookup included), with no GraphQL, ORM entities, envelope or mapping.
import 'reflect-metadata';
import type { EntityManager } from '@mikro-orm/postgresql';
import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { buildApp, type Services } from '../../api/src/app';
import { loadConfig } from '../../api/src/config';
import { sessionUserSql } from '../../api/src/modules/auth/auth.service';
import { SESSION_COOKIE } from '../../api/src/modules/auth/session-cookie';
import { CONTRACT_COLUMNS, REQUEST_COLUMNS } from '../../api/src/modules/requests/request-rows';
import { sha256Hex } from '../../api/src/shared/tokens';
import { openBenchDatabase } from './bench-db';
import { benchLogin } from './bench-user';
import { loadRequestsData, type BenchData } from './requests-data';

export type Target = { url: string; method?: 'GET' | 'POST'; headers?: Record<string, string>; body?: string };

/** What the bench runs with; printed beside the figures and in docs/benchmarks.md. */
export const BENCH_SETTINGS = 'NODE_ENV=production, LOG_LEVEL=info (pino to /dev/null), job workers on';

// the statements the services run, written by hand
const OVERVIEW_SQL = `select count(*) filter (where status = 1)::int as open, count(*) filter (where status = 0)::int as draft,
    coalesce(sum(response_count), 0)::int as total, coalesce(sum(response_count) filter (where status = 1), 0)::int as answered,
    coalesce(sum(bonus_amount / bonus_each) filter (where status = 1), 0)::bigint as capacity,
    (select count(*) from submissions where owner_id = ? and created_at >= ?)::int as today
  from requests where user_id = ?`;
// the columns the list reads (every column of a request: GraphQL may ask for any of them)
const LIST_SQL = `select ${REQUEST_COLUMNS}
  from requests where user_id = ? order by created_at desc, id desc limit ? offset 0`;
const COUNT_SQL = 'select count(*)::int as n from requests where user_id = ?';
const CONTRACTS_SQL = `select ${CONTRACT_COLUMNS}
  from requests where user_id = ? and status = 1 order by published_at desc, id desc limit 5`;
const CONTRACTS_COUNT_SQL = 'select count(*)::int as n from requests where user_id = ? and status = 1';

export const DASHBOARD_GQL = `query Dashboard {
  requestOverview { open draft responseTotal responseToday avgCompRate }
  requests(page: 1, limit: 5) { list { id title type typeName createdAt questionCount responseCount } info { count pages } }
  contracts(page: 1, limit: 5) { list { address title bonusAmount status } info { count pages } }
}`;
export const LIST_GQL = `query List { requests(page: 1, limit: 10) {
  list { id title type typeName createdAt lastModified questionCount responseCount description keyId } info { count pages page } } }`;
export const ME_GQL = '{ me { id username email nickname avatarUrl credit guest emailVerified createdAt } }';
export const OVERVIEW_GQL = '{ requestOverview { open draft responseTotal responseToday avgCompRate } }';

export type BenchServer = {
  base: string;
  app: FastifyInstance;
  services: Services;
  /** a fresh EntityManager of the server's database */
  em: () => EntityManager;
  /** the logged-in bench user and a P-256 key of theirs */
  owner: { userId: string; keyId: string; publicKeyPem: string };
  data: BenchData | null;
  /** name -> what autocannon sends */
  targets: Record<string, Target>;
  close(): Promise<void>;
};

type SubmitBody = {
  requestId: string;
  deviceId: string;
  walletAddress: string;
  encryptedData?: string;
  sealedKey?: string;
  answers?: { questionId: string; answer: string | string[] }[];
};

const startOfUtcDay = () => {
  const day = new Date();
  day.setUTCHours(0, 0, 0, 0);
  return day.toISOString();
};

/** Starts the server with the bench user logged in; `data` loads that many requests and answers. */
export async function startBenchServer(data?: { requests: number; answers: number }): Promise<BenchServer> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'parley-bench-'));
  const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, PUBLIC_URL: 'http://127.0.0.1:3000' });
  const db = await openBenchDatabase(dataDir);
  const logStream = pino.destination({ dest: '/dev/null', sync: true });
  const { app, services } = await buildApp({
    config,
    orm: db.orm,
    // pino writes to a DestinationStream (write() is all it needs); the option's type is a Node stream
    logger: { stream: logStream as unknown as NodeJS.WritableStream },
    jobs: { schedules: true, pollSeconds: 2, superviseSeconds: 10 },
  });
  const sql = (query: string, params: unknown[]) => db.orm.em.getConnection().execute(query, params);
  // every bare route starts with the statement the session lookup runs: the session and its user
  const sessionSql = sessionUserSql(db.orm.em);
  const sessionUser = async (token: string | undefined) => {
    const [u] = await sql(sessionSql, [sha256Hex(token ?? '')]);
    return u && !u['session:expired'] ? u : undefined;
  };
  const session = async (token: string | undefined) => (await sessionUser(token))?.id as string | undefined;

  app.get('/bench/bare-me', async (request, reply) => {
    const u = await sessionUser(request.cookies[SESSION_COOKIE]);
    if (!u) return reply.code(401).send({});
    const { id, username, email, nickname, avatar_key, credit, guest, email_verified_at, created_at } = u;
    return { id, username, email, nickname, avatar_key, credit, guest, email_verified_at, created_at };
  });
  app.get('/bench/bare-overview', async (request, reply) => {
    const userId = await session(request.cookies[SESSION_COOKIE]);
    if (!userId) return reply.code(401).send({});
    return (await sql(OVERVIEW_SQL, [userId, startOfUtcDay(), userId]))[0];
  });
  app.get('/bench/bare-list', async (request, reply) => {
    const userId = await session(request.cookies[SESSION_COOKIE]);
    if (!userId) return reply.code(401).send({});
    const [list, count] = await Promise.all([sql(LIST_SQL, [userId, 10]), sql(COUNT_SQL, [userId])]);
    return { list, count: count[0].n };
  });
  app.get('/bench/bare-dashboard', async (request, reply) => {
    const userId = await session(request.cookies[SESSION_COOKIE]);
    if (!userId) return reply.code(401).send({});
    const [overview, list, count, contracts, contractCount] = await Promise.all([
      sql(OVERVIEW_SQL, [userId, startOfUtcDay(), userId]),
      sql(LIST_SQL, [userId, 5]),
      sql(COUNT_SQL, [userId]),
      sql(CONTRACTS_SQL, [userId]),
      sql(CONTRACTS_COUNT_SQL, [userId]),
    ]);
    return { overview: overview[0], list, count: count[0].n, contracts, contractCount: contractCount[0].n };
  });
  // a phone's submission (phones.ts): the rows submitSurvey / submitCollection write (participant,
  // submission, answers and their counters, the response count, the payout owed), inserted by hand
  // in one transaction; no checks, no request lock, no job queued
  app.post('/bench/bare-submit', async (request) => {
    const b = request.body as SubmitBody;
    const conn = db.orm.em.getConnection();
    return conn.transactional(async (trx) => {
      const run = (query: string, params: unknown[]) =>
        conn.execute<Record<string, unknown>[]>(query, params, 'all', trx);
      const [r] = await run(
        'select id, user_id, escrow_address, bonus_each from requests where id = ? and status = 1',
        [b.requestId],
      );
      let optionIds: string[] = [];
      if (b.answers) {
        const options = await run(
          `select q.id as question_id, o.id, o.label from survey_questions q join survey_options o on o.question_id = q.id
            where q.request_id = ?`,
          [r.id],
        );
        optionIds = b.answers.flatMap((a) =>
          [a.answer]
            .flat()
            .map((label) => options.find((o) => o.question_id === a.questionId && o.label === label)!.id as string),
        );
      }
      const [p] = await run(
        `insert into participants (id, device_id, member_id, wallet_address, created_at, updated_at)
         values (?, ?, ?, ?, now(), now()) on conflict (device_id) do update
            set wallet_address = excluded.wallet_address, updated_at = excluded.updated_at
         returning id, member_id`,
        [randomUUID(), b.deviceId, randomBytes(5).toString('hex').toUpperCase(), b.walletAddress],
      );
      const id = randomUUID();
      await run(
        `insert into submissions (id, request_id, owner_id, participant_id, wallet_address, encrypted_data, sealed_key, created_at)
         values (?, ?, ?, ?, ?, ?, ?, now())`,
        [id, r.id, r.user_id, p.id, b.walletAddress, b.encryptedData ?? null, b.sealedKey ?? null],
      );
      if (optionIds.length) {
        await run(
          `insert into survey_answers (id, submission_id, option_id) values ${optionIds.map(() => '(?, ?, ?)').join(', ')}`,
          optionIds.flatMap((o) => [randomUUID(), id, o]),
        );
        await run(
          `update survey_options set counter = counter + 1 where id in (${optionIds.map(() => '?').join(', ')})`,
          optionIds,
        );
      }
      await run('update requests set response_count = response_count + 1 where id = ?', [r.id]);
      await run(
        `insert into payouts (id, request_id, escrow_address, wallet_address, amount, next_attempt_at, created_at, updated_at)
         values (?, ?, ?, ?, ?, now(), now(), now())`,
        [randomUUID(), r.id, r.escrow_address, b.walletAddress, r.bonus_each],
      );
      return { result: { id, memberId: p.member_id } };
    });
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

  const close = async () => {
    await app.close();
    await db.close();
    logStream.end();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const em = db.orm.em.fork();
    const { user, cookie } = await benchLogin(em, services, base, 'bench');
    const pem = generateKeyPairSync('ec', { namedCurve: 'P-256' })
      .publicKey.export({ type: 'spki', format: 'pem' })
      .toString();
    const key = await services.keys.create(em, user, { title: 'Bench key', publicKey: pem });
    const owner = { userId: user.id, keyId: key.id, publicKeyPem: key.publicKeyPem };
    const loaded = data ? await loadRequestsData(em, owner, data) : null;
    const headers = { cookie };
    const gql = (query: string): Target => ({
      url: `${base}/graphql`,
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ query }),
    });
    const get = (p: string): Target => ({ url: `${base}${p}`, headers });
    return {
      base,
      app,
      services,
      em: () => db.orm.em.fork(),
      owner,
      data: loaded,
      targets: {
        'bare-me': get('/bench/bare-me'),
        getUser: get('/v1/auth/user/getUser'),
        me: gql(ME_GQL),
        'bare-overview': get('/bench/bare-overview'),
        today: get('/v1/request/today'),
        overview: gql(OVERVIEW_GQL),
        'bare-list': get('/bench/bare-list'),
        list: get('/v1/request/list?page=1&limit=10'),
        'gql-list': gql(LIST_GQL),
        'bare-dashboard': get('/bench/bare-dashboard'),
        dashboard: gql(DASHBOARD_GQL),
      },
      close,
    };
  } catch (err) {
    await close();
    throw err;
  }
}
