import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOBS_SCHEMA } from '../../api/src/modules/jobs/job-queue';
import { PAYOUT_JOB } from '../../api/src/modules/payouts/payouts.service';
import { buyCredit } from './support/billing';
import { TestClient } from './support/client';
import { publishFundedCollection, startTestChain, submitCollection, type TestChain } from './support/escrow';
import { PNG_1X1, type TestUser } from './support/factories';
import { startObjectStore, type TestObjectStore } from './support/object-store';
import {
  buildUserOverHttp,
  createServerDatabase,
  startServerProcess,
  tempDataDir,
  waitFor,
  type ServerProcess,
} from './support/processes';
import { buildKey, expectError, newDevice } from './support/requests';
import {
  browserOf,
  createRoom,
  decryptReport,
  people,
  uploadDataset,
  type Column,
  type ReportResult,
} from './support/rooms';
import { startRoundRobinProxy, type RoundRobinProxy } from './support/round-robin-proxy';

// Three server processes, as `npm start` runs them, on one PostgreSQL server behind a round-robin
// proxy: every request goes to the next process, so one flow's steps land on all three. Several
// processes cannot share the embedded database (it lives inside one process), so this needs
// DATABASE_URL (CI sets it; `npm run test:multi`). Each has a DATA_DIR of its own (no shared disk):
// uploaded files live in an object store (an S3-protocol server the test starts on loopback).
const PROCESSES = 3;
const PHONES = 30;
const BONUS = 2;
const COLUMNS: Column[] = [
  { name: 'email', role: 'join', kind: 'email', shared: true },
  { name: 'age', role: 'clear', shared: true },
  { name: 'name', role: 'sealed', shared: true },
];

let c: TestChain;
let store: TestObjectStore;
const dataDirs: string[] = [];
let database: { url: string; drop(): Promise<void> } | undefined;
let db: pg.Client;
const servers: ServerProcess[] = [];
let proxy: RoundRobinProxy;
let alice: TestUser;

beforeAll(async () => {
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) {
    throw new Error(
      'The multi-process test needs a PostgreSQL server: set DATABASE_URL (see docs/operations/several-servers.md)',
    );
  }
  c = await startTestChain();
  store = await startObjectStore();
  database = await createServerDatabase(baseUrl);
  dataDirs.push(...Array.from({ length: PROCESSES }, tempDataDir));
  // all start at once on the new database, as an orchestrator starts replicas: they take turns
  // migrating it (an advisory lock) and installing the job queue
  const start = (dataDir: string) =>
    startServerProcess({ ...c.env, ...store.env, DATABASE_URL: database!.url, DATA_DIR: dataDir });
  servers.push(...(await Promise.all(dataDirs.map(start))));
  proxy = await startRoundRobinProxy(servers.map((s) => s.url));
  db = new pg.Client({ connectionString: database.url });
  await db.connect();
}, 240_000);
afterAll(async () => {
  await db?.end();
  await proxy?.close();
  await Promise.all(servers.map((s) => s.stop()));
  await database?.drop();
  await c?.stop();
  await store?.close();
});

const backendsOf = (path: string) => new Set(proxy.hits.filter((h) => h.path === path).map((h) => h.backend));
const query = async <T extends object>(sql: string, values: unknown[] = []) => (await db.query<T>(sql, values)).rows;

describe('three server processes behind a round-robin proxy', () => {
  it('registers, verifies and keeps a session across processes', async () => {
    alice = await buildUserOverHttp(proxy.url);
    // register, the outbox, verify and login went to different processes; the session works on each
    for (let i = 0; i < PROCESSES; i++) {
      const me = await alice.client.rest<{ id: string }>('GET', '/v1/auth/user/getUser');
      expect(me.status).toBe(200);
    }
    expect(backendsOf('/v1/auth/user/getUser').size).toBe(PROCESSES);
  });

  it('publishes, takes 30 phones and pays each exactly once', { timeout: 180_000 }, async () => {
    const key = await buildKey(alice);
    const r = await publishFundedCollection(c, alice, key, PHONES * BONUS, BONUS);
    const phones = await Promise.all(Array.from({ length: PHONES }, () => submitCollection(proxy.url, r, key)));
    expect(backendsOf('/v1/requestClient/submitCollection').size).toBe(PROCESSES);

    await waitFor(
      () =>
        query<{ n: number }>(`select count(*)::int as n from payouts where escrow_address = $1 and status = 'sent'`, [
          r.escrow,
        ]),
      ([row]) => row.n === PHONES,
      150_000,
    );
    for (const p of phones) expect(await c.balance(p.walletAddress)).toBe(BigInt(BONUS));
    expect(await c.balance(r.escrow)).toBe(0n);

    // one payout per phone, each its own treasury transaction with its own nonce
    const payouts = await query<{ id: string; tx_hash: string; nonce: number }>(
      'select id, tx_hash, nonce from payouts where escrow_address = $1',
      [r.escrow],
    );
    expect(payouts).toHaveLength(PHONES);
    expect(new Set(payouts.map((p) => p.tx_hash)).size).toBe(PHONES);
    expect(new Set(payouts.map((p) => p.nonce)).size).toBe(PHONES);
    // one job per payout, run once (no second attempt), by whichever process claimed it
    const jobs = await query<{ key: string; state: string; retry_count: number }>(
      `select singleton_key as key, state::text as state, retry_count from ${JOBS_SCHEMA}.job where name = $1`,
      [PAYOUT_JOB],
    );
    expect(jobs.map((j) => j.key).sort()).toEqual(payouts.map((p) => p.id).sort());
    expect(jobs.every((j) => j.state === 'completed' && j.retry_count === 0)).toBe(true);
  });

  it('assembles a clean-room upload whose chunks land on different processes, and reports on it once', async () => {
    const owner = await browserOf(alice);
    const room = await createRoom(owner);
    const rows = people(60);
    const datasetId = await uploadDataset(owner, room, 'people', COLUMNS, rows, 10);
    expect(proxy.hits.filter((h) => h.path === '/v1/vcr/uploadEncrypted')).toHaveLength(6);
    expect(backendsOf('/v1/vcr/uploadEncrypted').size).toBe(PROCESSES);
    const sets = await owner.client.rest<{ id: string; rowCount: number; status: string }[]>(
      'GET',
      '/v1/vcr/getDataSets',
      undefined,
      { room_id: room.id },
    );
    expect(sets.body.result).toEqual([expect.objectContaining({ id: datasetId, rowCount: 60, status: 'ready' })]);

    await buyCredit(owner.client, '10credits');
    const balanceBefore = await owner.client.rest<{ balance: number }>('GET', '/v1/billing/balance');
    const report = await owner.client.rest<{ result: ReportResult }>('POST', '/v1/vcr/createReport', {
      room_id: room.id,
      datasets_array: datasetId,
    });
    expect(report.status).toBe(200);
    expect(await decryptReport(room, room.id, report.body.result!.result)).toEqual(rows);
    const balanceAfter = await owner.client.rest<{ balance: number }>('GET', '/v1/billing/balance');
    // charged once, whichever processes answered
    const spent = balanceBefore.body.result!.balance - balanceAfter.body.result!.balance;
    const [ledger] = await query<{ n: number; spent: number }>(
      `select count(*)::int as n, coalesce(-sum(amount), 0)::int as spent from credit_entries
        where user_id = $1 and amount < 0`,
      [alice.id],
    );
    expect(ledger).toEqual({ n: 1, spent });
  });

  it('serves an avatar and encrypted response images uploaded through one process from the others', async () => {
    // each process says at start-up where files go
    for (const s of servers) expect(s.output.join('')).toContain(`"files":"object store (bucket ${store.bucket} at`);
    const [first, second, third] = servers.map((s) => s.url);
    const bob = await buildUserOverHttp(first);
    const uploaded = await bob.client.restUpload<{ avatarUrl: string }>('/v1/auth/user/uploadAvatar', 'profileImage', {
      name: 'me.png',
      type: 'image/png',
      data: PNG_1X1,
    });
    expect(uploaded.status).toBe(200);
    const avatarUrl = uploaded.body.result!.avatarUrl;

    const request = await publishFundedCollection(c, alice, await buildKey(alice), 2, 1);
    const sealed = randomBytes(50_000);
    const image = await new TestClient(second).rest<{ path: string }>('POST', '/v1/requestClient/uploadImage', {
      requestId: request.id,
      deviceId: newDevice(),
      data: sealed.toString('base64'),
    });
    expect(image.status).toBe(200);

    for (const url of [second, third]) {
      const res = await fetch(url + avatarUrl);
      expect(res.status, url).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
      expect(Buffer.from(await res.arrayBuffer()).equals(PNG_1X1)).toBe(true);
    }
    for (const url of [first, third]) {
      const res = await fetch(url + image.body.result!.path);
      expect(res.status, url).toBe(200);
      expect(Buffer.from(await res.arrayBuffer()).equals(sealed)).toBe(true);
    }
    const imageId = image.body.result!.path.split('/').pop();
    expect(await store.keys()).toEqual(
      expect.arrayContaining([avatarUrl.replace('/media/', ''), `response-images/${imageId}.bin`]),
    );
    // nothing on any process's own disk
    for (const dir of dataDirs) expect(existsSync(path.join(dir, 'uploads')), dir).toBe(false);
  });

  it('throttles failed logins the same whichever process answers', async () => {
    const guesser = new TestClient(proxy.url);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await guesser.rest('POST', '/v1/auth/login', { username: alice.username, password: `wrong${i}` });
      statuses.push(res.status);
      if (i === 5) expectError(res, 429, 'RATE_LIMITED');
    }
    // five free failures (LOGIN_FREE_FAILURES) counted across the three processes, then a wait
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    expect(backendsOf('/v1/auth/login').size).toBe(PROCESSES);
  });

  it('fires each schedule once per tick across the processes', { timeout: 150_000 }, async () => {
    const perTick = () =>
      query<{ name: string; minute: string; n: number }>(
        `select name, date_trunc('minute', created_on)::text as minute, count(*)::int as n from ${JOBS_SCHEMA}.job
          where name <> $1 and name not like '\\_\\_pgboss%' group by 1, 2`,
        [PAYOUT_JOB],
      );
    // the every-minute sweeps have ticked (each of three processes firing would make three jobs a
    // tick); pg-boss's own internal queues, __pgboss__*, are left out: each instance keeps its own
    const ticks = await waitFor(
      perTick,
      (t) => ['withdrawals-reconcile', 'payouts-sweep'].every((name) => t.some((x) => x.name === name)),
      140_000,
    );
    expect(ticks.filter((t) => t.n !== 1)).toEqual([]);
  });

  // after the schedules' test: a job sent by hand would count as a second one in its tick
  it('deletes answers past their keeping period once, by the retention job, racing a deletion request', async () => {
    const key = await buildKey(alice);
    const r = await publishFundedCollection(c, alice, key, 3 * BONUS, BONUS);
    const chosen = await alice.client.rest('POST', '/v1/request/retention', { requestId: r.id, days: 30 });
    expect(chosen.status).toBe(200);
    const [expiring, deleting, fresh] = await Promise.all([0, 1, 2].map(() => submitCollection(proxy.url, r, key)));
    const image = await new TestClient(proxy.url).rest<{ id: string }>('POST', '/v1/requestClient/uploadImage', {
      requestId: r.id,
      deviceId: expiring.deviceId,
      data: randomBytes(200).toString('base64'),
    });
    expect(image.status).toBe(200);
    const answers = await query<{ id: string; device_id: string }>(
      `select s.id, p.device_id from submissions s join participants p on p.id = s.participant_id
        where s.request_id = $1`,
      [r.id],
    );
    const idOf = (deviceId: string) => answers.find((a) => a.device_id === deviceId)!.id;
    const aged = [idOf(expiring.deviceId), idOf(deleting.deviceId)];
    await query(`update submissions set created_at = now() - interval '40 days' where id = any($1)`, [aged]);

    // the job as the schedule sends it, taken by whichever process polls first, while another
    // process answers one of the aged participants' deletion request
    const sender = new PgBoss({
      connectionString: database!.url,
      schema: JOBS_SCHEMA,
      schedule: false,
      supervise: false,
      migrate: false,
      createSchema: false,
    });
    await sender.start();
    try {
      const [jobId, deletion] = await Promise.all([
        sender.send('retention-sweep', {}),
        new TestClient(proxy.url).rest('POST', '/v1/requestClient/deleteMyData', { deviceId: deleting.deviceId }),
      ]);
      expect(deletion.status).toBe(200);
      await waitFor(
        () => query<{ id: string }>('select id from submissions where request_id = $1', [r.id]),
        (left) => left.length === 1,
        60_000,
      );
      if (jobId) {
        const [job] = await waitFor(
          () => query<{ state: string }>(`select state::text as state from ${JOBS_SCHEMA}.job where id = $1`, [jobId]),
          ([j]) => j?.state === 'completed',
          60_000,
        );
        expect(job.state).toBe('completed');
      }
    } finally {
      await sender.stop({ graceful: false });
    }
    expect(await query('select id from submissions where request_id = $1', [r.id])).toEqual([
      { id: idOf(fresh.deviceId) },
    ]);
    // each aged answer went once: by the job or by the deletion request, never both
    const gone = await query<{ submission_id: string; kinds: string[] }>(
      `select submission_id, array_agg(kind::text order by kind) as kinds from access_events
        where request_id = $1 and kind in ('expired', 'withdrawn') group by 1`,
      [r.id],
    );
    expect(gone.map((g) => [g.submission_id, g.kinds.length]).sort()).toEqual(aged.map((id) => [id, 1]).sort());
    expect(gone.find((g) => g.submission_id === aged[0])!.kinds).toEqual(['expired']);
    const log = await new TestClient(proxy.url).rest<{ kind: string }[]>(
      'GET',
      '/v1/requestClient/getAccessLog',
      undefined,
      { deviceId: expiring.deviceId },
    );
    expect(log.body.result!.map((l) => l.kind)).toEqual(['expired', 'retention_notice', 'submitted']);
    // its encrypted image left the object store with it; payouts stay
    expect(await store.keys()).not.toContain(`response-images/${image.body.result!.id}.bin`);
    const [paid] = await query<{ n: number }>('select count(*)::int as n from payouts where request_id = $1', [r.id]);
    expect(paid.n).toBe(3);
  });
});
