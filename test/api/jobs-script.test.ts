import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../api/src/db/database';
import { openDatabase } from './support/test-db';
import { JOBS_SCHEMA, JobQueue, type JobDefinition } from '../../api/src/modules/jobs/job-queue';
import { createServerDatabase, tempDataDir, waitFor } from './support/processes';

// `npm run jobs` as an operator runs it: a child process of its own on the real database of this
// run, the PostgreSQL server of DATABASE_URL or the embedded one under DATA_DIR. The embedded
// database belongs to one process at a time, so the test closes its own before each run.
const dataDir = tempDataDir();
let serverDb: Awaited<ReturnType<typeof createServerDatabase>> | undefined;
const silent = { info() {}, warn() {}, error() {} };

beforeAll(async () => {
  if (process.env.DATABASE_URL) serverDb = await createServerDatabase(process.env.DATABASE_URL, { migrated: true });
});
afterAll(async () => {
  await serverDb?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

const open = (): Promise<Database> =>
  openDatabase(serverDb ? { databaseUrl: serverDb.url } : { embeddedDir: `${dataDir}/pg` });

/** Runs `npm run jobs -- <args>` and collects what it prints. */
function runJobs(...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== 'DATABASE_URL'));
  const child = spawn('npm', ['run', '--silent', 'jobs', '--', ...args], {
    env: { ...env, NODE_ENV: 'test', DATA_DIR: dataDir, ...(serverDb ? { DATABASE_URL: serverDb.url } : {}) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}

/** Runs `work` with a job queue on the database, then closes both (the script may open it next). */
async function withQueue<T>(definitions: JobDefinition[], work: (q: JobQueue, db: Database) => Promise<T>) {
  const db = await open();
  const q = new JobQueue({ schedules: false, pollSeconds: 0.5, superviseSeconds: 2 }, silent);
  try {
    await q.start(db.orm, db.kind === 'embedded', definitions);
    return await work(q, db);
  } finally {
    await q.stop(5_000);
    await db.close();
  }
}

const states = (db: Database, ids: string[]) =>
  db.orm.em
    .fork()
    .getConnection()
    .execute<{ id: string; state: string }[]>(
      `select id, state::text as state from ${JOBS_SCHEMA}.job where id in (?) order by id`,
      [ids],
    );

const operatorJob = (run: JobDefinition['run']): JobDefinition => ({
  name: 'test-operator',
  queue: { retryLimit: 0 },
  run,
});

// each run starts npm, tsx and a database connection (the embedded one: a PostgreSQL of its own)
describe('npm run jobs', { timeout: 180_000 }, () => {
  let ids: string[] = [];

  it('lists the failed jobs with their data and last error', async () => {
    await withQueue([], async () => {}); // the queue's tables, as a server's first start makes them
    const none = await runJobs('failed');
    expect(none).toMatchObject({ code: 0, stdout: 'No failed jobs.\n' });

    ids = await withQueue(
      [
        operatorJob(async ({ target }: { target?: string }) => {
          throw new Error(`cannot reach ${target}`);
        }),
      ],
      async (q) => {
        const sent = [(await q.send('test-operator', { target: 'host-a' }))!];
        sent.push((await q.send('test-operator', { target: 'host-b' }))!);
        await waitFor(
          () => q.failed(),
          (list) => sent.every((id) => list.some((j) => j.id === id)),
        );
        return sent;
      },
    );
    const listed = await runJobs('failed');
    expect(listed.code).toBe(0);
    for (const [id, target] of [
      [ids[0], 'host-a'],
      [ids[1], 'host-b'],
    ]) {
      expect(listed.stdout).toMatch(new RegExp(`${id}  test-operator  \\S+  attempts 1\\n`));
      expect(listed.stdout).toContain(`data:  {"target":"${target}"}`);
      expect(listed.stdout).toContain(`error: cannot reach ${target}`);
    }
  });

  it('queues again the jobs named, leaving the others alone, then all of them; a worker runs them', async () => {
    const stranger = randomUUID();
    const one = await runJobs('retry', ids[0], stranger);
    expect(one.code).toBe(0);
    expect(one.stdout).toBe(`queued again: ${ids[0]} test-operator\nnot failed jobs (left alone): ${stranger}\n`);
    await withQueue([], async (_q, db) => {
      const [a, b] = [...(await states(db, ids))].sort((x, y) => ids.indexOf(x.id) - ids.indexOf(y.id));
      expect(a.state).not.toBe('failed');
      expect(b.state).toBe('failed');
    });

    const all = await runJobs('retry', '--all');
    expect(all).toMatchObject({ code: 0, stdout: `queued again: ${ids[1]} test-operator\n` });
    expect((await runJobs('failed')).stdout).toBe('No failed jobs.\n');

    // the cause is fixed: the next worker runs both, once each
    const ran: string[] = [];
    await withQueue(
      [operatorJob(async ({ target }: { target?: string }) => void ran.push(target!))],
      async (_q, db) => {
        await waitFor(
          () => states(db, ids),
          (rows) => rows.length === 2 && rows.every((r) => r.state === 'completed'),
          30_000,
        );
      },
    );
    expect(ran.sort()).toEqual(['host-a', 'host-b']);
  });

  it('refuses a command it does not know, and a retry naming nothing, with its usage', async () => {
    const usage = 'usage: npm run jobs -- failed | retry <job id>... | retry --all';
    const unknown = await runJobs('frobnicate');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain(usage);
    const nothing = await runJobs('retry');
    expect(nothing.code).toBe(2);
    expect(nothing.stderr).toContain('name the failed jobs to retry, or --all');
    expect(nothing.stderr).toContain(usage);
  });
});
