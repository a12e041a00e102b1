import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../api/src/db/database';
import { JOBS_SCHEMA, JobQueue, type JobDefinition } from '../../api/src/modules/jobs/job-queue';
import { waitFor } from './support/processes';
import { openTestDatabase } from './support/test-db';

// The job queue on the real database of this run: the embedded PostgreSQL (no DATABASE_URL) or a
// PostgreSQL server. Two queues on one database stand for two server processes.
let db: Database;
const queues: JobQueue[] = [];
const silent = { info() {}, warn() {}, error() {} };

beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(async () => {
  for (const q of queues) await q.stop(5_000);
  await db?.close();
});

async function startQueue(definitions: JobDefinition[]): Promise<JobQueue> {
  const q = new JobQueue({ schedules: false, pollSeconds: 0.5, superviseSeconds: 2 }, silent);
  queues.push(q);
  await q.start(db.orm, !process.env.DATABASE_URL, definitions);
  return q;
}

async function jobRows(name: string) {
  return db.orm.em
    .fork()
    .getConnection()
    .execute<{ id: string; state: string; retry_count: number; data: Record<string, unknown> }[]>(
      `select id, state::text as state, retry_count, data from ${JOBS_SCHEMA}.job where name = ? order by created_on`,
      [name],
    );
}

describe('the job queue', () => {
  it('retries a failing job with exponential backoff until it succeeds', async () => {
    const attempts: number[] = [];
    const q = await startQueue([
      {
        name: 'test-flaky',
        queue: { retryLimit: 4, retryDelay: 1, retryBackoff: true },
        run: async () => {
          attempts.push(Date.now());
          if (attempts.length < 3) throw new Error(`attempt ${attempts.length} fails`);
        },
      },
    ]);
    const id = await q.send('test-flaky', { n: 1 });
    const [row] = await waitFor(
      () => jobRows('test-flaky'),
      (rows) => rows[0]?.state === 'completed',
    );
    expect(row).toMatchObject({ id, state: 'completed', retry_count: 2, data: { n: 1 } });
    expect(attempts).toHaveLength(3);
    // the second wait is longer than the first (1 s, then about 2 s)
    expect(attempts[1] - attempts[0]).toBeGreaterThanOrEqual(900);
    expect(attempts[2] - attempts[1]).toBeGreaterThan(attempts[1] - attempts[0]);
  });

  it('lists a job that used up its retries, and runs it again when an operator retries it', async () => {
    let healthy = false;
    const q = await startQueue([
      {
        name: 'test-broken',
        queue: { retryLimit: 1, retryDelay: 1 },
        run: async ({ target }: { target?: string }) => {
          if (!healthy) throw new Error(`cannot reach ${target}`);
        },
      } as JobDefinition,
    ]);
    const id = (await q.send('test-broken', { target: 'the mail server' }))!;
    const [failed] = await waitFor(
      () => q.failed(),
      (list) => list.some((j) => j.id === id),
    );
    expect(failed).toMatchObject({
      id,
      name: 'test-broken',
      data: { target: 'the mail server' },
      attempts: 2,
      error: expect.stringContaining('cannot reach the mail server'),
      failedAt: expect.any(Date),
    });

    healthy = true;
    expect((await q.retry([id, '00000000-0000-0000-0000-000000000000'])).map((j) => j.id)).toEqual([id]);
    await waitFor(
      () => jobRows('test-broken'),
      (rows) => rows[0]?.state === 'completed',
    );
    expect(await q.failed()).toEqual([]);
    // retrying something that is not a failed job does nothing
    expect(await q.retry([id])).toEqual([]);
  });

  it('writes a job sent in a transaction only when that transaction commits', async () => {
    const ran: string[] = [];
    const q = await startQueue([{ name: 'test-tx', queue: {}, run: async (d: { v?: string }) => void ran.push(d.v!) }]);
    await expect(
      db.orm.em.fork().transactional(async (tx) => {
        await q.send('test-tx', { v: 'rolled back' }, { tx });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await db.orm.em.fork().transactional(async (tx) => {
      await q.send('test-tx', { v: 'committed' }, { tx });
    });
    await q.drain();
    expect(ran).toEqual(['committed']);
    expect((await jobRows('test-tx')).map((r) => r.data.v)).toEqual(['committed']);
  });

  it('runs each job once when two processes work the same queue', async () => {
    const runs = new Map<number, string[]>();
    const worker = (who: string): JobDefinition => ({
      name: 'test-shared',
      queue: { retryLimit: 0 },
      run: async ({ n }: { n?: number }) => {
        runs.set(n!, [...(runs.get(n!) ?? []), who]);
        await new Promise((r) => setTimeout(r, 150));
      },
    });
    const a = await startQueue([worker('a')]);
    const b = await startQueue([worker('b')]);
    await Promise.all(Array.from({ length: 16 }, (_, n) => (n % 2 ? a : b).send('test-shared', { n })));
    await a.drain();
    await b.drain();
    expect([...runs.keys()].sort((x, y) => x - y)).toEqual(Array.from({ length: 16 }, (_, n) => n));
    for (const who of runs.values()) expect(who).toHaveLength(1);
    // both processes took work
    expect(new Set([...runs.values()].flat())).toEqual(new Set(['a', 'b']));
  });

  it('keeps one queued job per key', async () => {
    const q = await startQueue([
      {
        name: 'test-keyed',
        queue: { policy: 'stately' },
        run: async () => {},
      },
    ]);
    await q.stop(5_000);
    await q.start(db.orm, !process.env.DATABASE_URL, []);
    // no worker runs now: the first job stays queued, the second with its key is refused
    expect(await q.send('test-keyed', {}, { key: 'k1' })).toEqual(expect.any(String));
    expect(await q.send('test-keyed', {}, { key: 'k1' })).toBeNull();
    expect(await q.isLive('test-keyed', 'k1')).toBe(true);
    expect(await q.isLive('test-keyed', 'k2')).toBe(false);
  });
});
