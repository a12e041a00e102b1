import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { FastifyBaseLogger } from 'fastify';
import { PgBoss, type JobResult, type Queue } from 'pg-boss';
import { ormDatabase, transactionDatabase } from './orm-database';

// pg-boss keeps its tables in a schema of their own, next to the app's
export const JOBS_SCHEMA = 'pgboss';

/** One kind of background work: a queue, its retry policy, its handler and, maybe, a schedule. */
export type JobDefinition<T extends object = object> = {
  name: string;
  /** retries with exponential backoff, expiry and heartbeat (pg-boss queue options) */
  queue: Omit<Queue, 'name'>;
  /** runs one job; throwing retries it later (with backoff) until its retries are used up */
  run(data: T): Promise<void>;
  /** a cron expression (UTC, minute precision): one job per tick across every server process */
  cron?: string;
};

export type FailedJob = {
  id: string;
  name: string;
  data: unknown;
  attempts: number;
  error: string | null;
  failedAt: Date | null;
};

export type JobQueueOptions = {
  /** false: this process sends jobs but runs the scheduler's timekeeper not (tests) */
  schedules: boolean;
  /** how often an idle worker looks for work */
  pollSeconds: number;
  /** how often stalled jobs (a process died mid-job) are found and retried */
  superviseSeconds: number;
};

// jobs one worker fetches at once
const BATCH = 5;
// jobs still to run or running; 'retry' is a job waiting out its backoff
const LIVE_STATES = ['created', 'retry', 'active'];

/**
 * The durable job queue (pg-boss) all background work goes through: jobs are rows in PostgreSQL,
 * claimed with FOR UPDATE SKIP LOCKED, so each job runs once however many server processes share
 * the database; a job that throws is retried with exponential backoff; a job whose process died is
 * found by its missed heartbeat and run again; cron schedules fire once per tick across processes.
 * Handlers are idempotent: a job may run again after a crash, never to a second effect.
 */
export class JobQueue {
  private boss: PgBoss | null = null;
  private readonly sent = new Set<string>();
  private readonly sending = new Set<Promise<unknown>>();
  // this process's worker of each queue, woken when this process queues work for it
  private readonly workers = new Map<string, string>();

  constructor(
    private readonly opts: JobQueueOptions,
    private readonly log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>,
  ) {}

  /** Installs or updates pg-boss's schema, creates the queues, starts the workers and schedules. */
  async start(orm: MikroORM, embedded: boolean, definitions: readonly JobDefinition[]): Promise<void> {
    const boss = new PgBoss({
      db: ormDatabase(orm),
      backend: embedded ? 'pglite' : 'postgres',
      schema: JOBS_SCHEMA,
      schedule: this.opts.schedules,
      superviseIntervalSeconds: this.opts.superviseSeconds,
    });
    boss.on('error', (err) => this.log.error({ err }, 'job queue error'));
    await boss.start();
    this.boss = boss;
    for (const def of definitions) {
      await boss.createQueue(def.name, def.queue);
      const { policy: _policy, partition: _partition, ...changeable } = def.queue;
      if (Object.keys(changeable).length) await boss.updateQueue(def.name, changeable);
      // a few jobs per fetch, run side by side and settled one by one; a full batch fetches again at once
      const options = {
        pollingIntervalSeconds: this.opts.pollSeconds,
        batchSize: BATCH,
        burstWhenBatchFull: true,
        perJobResults: true,
      } as const;
      const workerId = await boss.work<object, unknown, typeof options>(def.name, options, (jobs) =>
        Promise.all(
          jobs.map(async (job): Promise<JobResult> => {
            try {
              await def.run(job.data);
              return { id: job.id, status: 'completed' };
            } catch (err) {
              const message = err instanceof Error ? err.message : String(err);
              this.log.warn({ err, job: def.name, jobId: job.id, attempt: job.retryCount + 1 }, 'job failed');
              return { id: job.id, status: 'failed', output: { message: message.slice(0, 500) } };
            }
          }),
        ),
      );
      this.workers.set(def.name, workerId);
      if (def.cron && this.opts.schedules) await boss.schedule(def.name, def.cron, null, { tz: 'UTC' });
      else if (!def.cron) await boss.unschedule(def.name).catch(() => undefined);
    }
  }

  private started(): PgBoss {
    if (!this.boss) throw new Error('The job queue is not started');
    return this.boss;
  }

  /**
   * Queues a job. With `tx` (an EntityManager inside em.transactional) the job is written in that
   * transaction, so it exists exactly when the change that asked for it commits. `key`: at most one
   * queued job per key (queues with policy 'stately'). Returns the job id, or null when a job with
   * that key is already queued.
   */
  send(
    name: string,
    data: object,
    opts: { key?: string; tx?: EntityManager; afterSeconds?: number } = {},
  ): Promise<string | null> {
    const sending = this.started()
      .send(name, data, {
        singletonKey: opts.key,
        startAfter: opts.afterSeconds,
        db: opts.tx ? transactionDatabase(opts.tx) : undefined,
      })
      .then((id) => {
        if (id) this.sent.add(id);
        // a job outside a transaction is visible now: the local worker takes it without waiting to poll
        const worker = this.workers.get(name);
        if (id && !opts.tx && worker) this.boss?.notifyWorker(worker);
        return id;
      })
      .finally(() => this.sending.delete(sending));
    this.sending.add(sending);
    return sending;
  }

  /**
   * Queues several jobs of one queue in one statement, outside any transaction (each with its
   * `key`, at most one queued per key as send's), and has the local worker look at once. Returns
   * the ids of the jobs queued.
   */
  sendMany(name: string, jobs: readonly { data: object; key?: string }[]): Promise<string[]> {
    const sending = this.started()
      .insert(
        name,
        jobs.map((j) => ({ data: j.data, singletonKey: j.key })),
        { returnId: true },
      )
      .then((ids) => {
        for (const id of ids ?? []) this.sent.add(id);
        const worker = this.workers.get(name);
        if (ids?.length && worker) this.boss?.notifyWorker(worker);
        return ids ?? [];
      })
      .finally(() => this.sending.delete(sending));
    this.sending.add(sending);
    return sending;
  }

  /** Has this process's worker of a queue look for work now (jobs queued in a transaction that committed). */
  wake(name: string): void {
    const worker = this.workers.get(name);
    if (worker) this.boss?.notifyWorker(worker);
  }

  /** Whether a job with this key is queued, waiting to retry or running. */
  async isLive(name: string, key: string): Promise<boolean> {
    const { rows } = await this.started()
      .getDb()
      .executeSql(
        `select 1 from ${JOBS_SCHEMA}.job where name = $1 and singleton_key = $2 and state::text = any($3) limit 1`,
        [name, key, LIVE_STATES],
      );
    return rows.length > 0;
  }

  /**
   * Waits until every job this process sent has had its first attempt (tests, shutdown): it is
   * done, failed for good or waiting out its backoff, but neither queued nor running.
   */
  async drain(timeoutMs = 60_000): Promise<void> {
    const until = Date.now() + timeoutMs;
    await Promise.allSettled([...this.sending]);
    while (this.sent.size && this.boss) {
      const ids = [...this.sent];
      const { rows } = await this.boss
        .getDb()
        .executeSql(`select id from ${JOBS_SCHEMA}.job where id = any($1::uuid[]) and state::text = any($2)`, [
          ids,
          ['created', 'active'],
        ]);
      const waiting = new Set(rows.map((r: { id: string }) => r.id));
      for (const id of ids) if (!waiting.has(id)) this.sent.delete(id);
      if (!this.sent.size) return;
      if (Date.now() > until) throw new Error(`jobs still queued after ${timeoutMs} ms: ${[...this.sent].join(', ')}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /** Jobs that used up their retries, newest first: what an operator looks at. */
  async failed(limit = 100): Promise<FailedJob[]> {
    const { rows } = await this.started()
      .getDb()
      .executeSql(
        `select id, name, data, retry_count, output, completed_on from ${JOBS_SCHEMA}.job
          where state = 'failed' order by completed_on desc nulls last limit $1`,
        [limit],
      );
    return rows.map(
      (r: { id: string; name: string; data: unknown; retry_count: number; output: unknown; completed_on: Date }) => ({
        id: r.id,
        name: r.name,
        data: r.data,
        attempts: Number(r.retry_count) + 1,
        error: errorText(r.output),
        failedAt: r.completed_on ? new Date(r.completed_on) : null,
      }),
    );
  }

  /** Queues failed jobs to run again; returns the ones found (failed). */
  async retry(ids: string[]): Promise<FailedJob[]> {
    const jobs = (await this.failed(100_000)).filter((j) => ids.includes(j.id));
    for (const job of jobs) await this.started().retry(job.name, job.id);
    return jobs;
  }

  /** Stops the workers, letting running jobs finish for up to `timeoutMs`. */
  async stop(timeoutMs = 30_000): Promise<void> {
    const boss = this.boss;
    this.boss = null;
    this.workers.clear();
    await boss?.stop({ graceful: true, close: false, timeout: timeoutMs });
  }
}

function errorText(output: unknown): string | null {
  if (!output || typeof output !== 'object') return null;
  const o = output as { message?: unknown; value?: unknown };
  const text = typeof o.message === 'string' ? o.message : typeof o.value === 'string' ? o.value : JSON.stringify(o);
  return text.slice(0, 500);
}
