import type { MikroORM } from '@mikro-orm/postgresql';
import type { Services } from './services';
import { PAYOUT_JOB, REVIEW_DEADLINE_JOB } from '../modules/payouts/payouts.service';
import {
  WEBHOOK_JOB,
  WEBHOOK_MAX_ATTEMPTS,
  WEBHOOK_RETRY_DELAY_MAX_SECONDS,
} from '../modules/webhooks/webhooks.service';
import type { JobDefinition } from '../modules/jobs/job-queue';

const MINUTE = 60;

// a scheduled sweep: one job per tick; a tick whose job is still queued or running adds none
const sweep = (expireInSeconds: number) =>
  ({
    policy: 'stately',
    retryLimit: 2,
    retryDelay: 10,
    retryBackoff: true,
    expireInSeconds,
    heartbeatSeconds: 10,
  }) as const;

/**
 * Every kind of background work the server does, each through the job queue. Every handler is
 * idempotent: a job may run again after a crash, and the rows it works on say what is done.
 */
export function backgroundJobs(services: Services, orm: MikroORM): JobDefinition[] {
  const em = () => orm.em.fork();
  const payout: JobDefinition<{ payoutId: string }> = {
    // one participant payout (queued by the submission that earned it): retried with backoff
    // (5 s, 10 s ... 10 min) while it stays pending; a process dying mid-job misses its
    // heartbeat and another runs it again, re-broadcasting the transaction it stored
    name: PAYOUT_JOB,
    queue: {
      policy: 'stately',
      retryLimit: 12,
      retryDelay: 5,
      retryBackoff: true,
      retryDelayMax: 600,
      expireInSeconds: 5 * MINUTE,
      heartbeatSeconds: 10,
    },
    run: ({ payoutId }) => services.payouts.runJob(em(), payoutId),
  };
  const webhook: JobDefinition<{ deliveryId: string }> = {
    // one webhook delivery: retried with backoff (30 s doubling to 6 hours) until the message has
    // been undelivered for 3 days; the handler decides when to stop (retryLimit is a backstop)
    name: WEBHOOK_JOB,
    queue: {
      retryLimit: WEBHOOK_MAX_ATTEMPTS - 1,
      retryDelay: services.config.webhooks.retrySeconds,
      retryBackoff: true,
      retryDelayMax: WEBHOOK_RETRY_DELAY_MAX_SECONDS,
      expireInSeconds: MINUTE,
    },
    run: ({ deliveryId }) => services.webhooks.deliver(em(), deliveryId),
  };
  return [
    payout as JobDefinition,
    webhook as JobDefinition,
    {
      // pending payouts without a job (queueing failed, or the job used up its retries)
      name: 'payouts-sweep',
      queue: sweep(5 * MINUTE),
      cron: '* * * * *',
      run: async () => void (await services.payouts.queueDue(em())),
    },
    {
      // payouts awaiting the requester's review past their deadline: approved, their jobs queued
      name: REVIEW_DEADLINE_JOB,
      queue: sweep(5 * MINUTE),
      cron: '* * * * *',
      run: async () => void (await services.payouts.approveOverdue(em())),
    },
    {
      // withdrawals left pending by a crash or a chain outage: driven to sent or refunded
      name: 'withdrawals-reconcile',
      queue: sweep(10 * MINUTE),
      cron: '* * * * *',
      run: async () => void (await services.withdrawals.reconcilePending(em())),
    },
    {
      // incomplete clean-room uploads nobody finished (a browser closed mid-upload) give their name back
      name: 'uploads-discard-abandoned',
      queue: sweep(30 * MINUTE),
      cron: '17 * * * *',
      run: async () => void (await services.datasets.discardAbandoned(em())),
    },
    {
      // answers past their request's keeping period deleted, those due within a week announced
      // (retention.service.ts: each step idempotent, safe with several processes)
      name: 'retention-sweep',
      queue: sweep(10 * MINUTE),
      cron: '*/5 * * * *',
      run: async () => void (await services.retention.sweep(em())),
    },
    {
      // outgoing mail (SMTP configured): each pending message with its own backoff (MailService)
      name: 'mail-deliver',
      queue: sweep(5 * MINUTE),
      cron: '* * * * *',
      run: async () => void (await services.mail.deliverPending(orm)),
    },
  ];
}
