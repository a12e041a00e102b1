import { LockMode } from '@mikro-orm/core';
import type { AccessLog } from '../access-log/access-log.service';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../shared/errors';
import { ContractRevert, type ChainService, type TransferState } from '../chain/chain.service';
import type { TreasuryQueue } from '../chain/treasury-queue';
import type { JobQueue } from '../jobs/job-queue';
import { DataRequest } from '../requests/request.entity';
import type { WebhookEvents } from '../webhooks/webhooks.service';
import { Payout, TAKES_A_PLACE, type ReviewOutcome } from './payout.entity';

// how long one attempt waits for its payment to be mined before leaving it to the retry loop
const SETTLE_TIMEOUT_MS = 20_000;
const DUE_BATCH = 50;
const DAY_MS = 24 * 60 * 60 * 1000;
// how long committed payouts wait to have their jobs queued together (queueCommitted)
const QUEUE_WINDOW_MS = 25;
/** the job queue's name for one payout's job (data: { payoutId }, keyed by the payout id) */
export const PAYOUT_JOB = 'payout';
/** the scheduled sweep approving payouts whose review deadline passed (approveOverdue) */
export const REVIEW_DEADLINE_JOB = 'payouts-review-deadline';
// retry back-off while the chain is unavailable: 5 s, 10 s, 20 s ... capped at 10 minutes
const backoffMs = (attempts: number) => Math.min(5_000 * 2 ** Math.max(0, attempts - 1), 600_000);

// escrow refusals that end a payout (anything else is retried: e.g. the treasury not yet an operator)
const FINAL_REVERTS: Record<string, string> = {
  Escrow__InsufficientBalance: 'The escrow is exhausted: it holds less than one bonus',
  Escrow__AlreadyClosed: 'The escrow is closed',
  Escrow__InvalidParticipant: 'The wallet address cannot be paid',
};

export type PayoutTotals = { owed: number; paidOut: number; count: number };

/**
 * Participant payouts: the durable, idempotent, retried job that pays bonus_each from a request's
 * escrow to a participant's wallet with `pay(wallet)`. A payout row is created in the transaction
 * that accepts the submission; then, each step safe to repeat (like withdrawals, through the same
 * TreasuryQueue and its nonce sequence):
 * 1. sign `pay(wallet)` and store it BEFORE broadcasting, under the treasury lock;
 * 2. broadcast (again, if needed) and wait; mined -> sent; reverted -> failed; dropped (its nonce
 *    went to another transaction, so it can never be mined) -> signed afresh on the next attempt.
 * Never twice: one row per escrow and wallet, one stored transaction per row, and the escrow
 * itself refuses a second payment to a wallet. The submission queues a `payout` job (JobQueue) as
 * soon as its transaction commits (queueCommitted: one statement for the submissions committed
 * together), which retries with backoff while the payout stays pending; a scheduled sweep
 * (queueDue) queues a job again for any pending payout that has none (one whose job used up its
 * retries while the chain was down).
 * A request paid after review owes its payouts as awaiting_review with a deadline: approve() (the
 * requester, or approveOverdue() once the deadline passed) makes one pending and queues its job in
 * the same transaction; reject() ends it without paying and frees its place.
 */
export class PayoutsService {
  // payouts committed and waiting for their jobs (queueCommitted), and the statement about to queue
  // them; the request of a payout made for none of its places (describeOthers)
  private committed: string[] = [];
  private flushing: Promise<void> | null = null;
  private others?: (tx: EntityManager, payoutId: string) => Promise<{ requestId: string } | null>;

  constructor(
    private readonly chain: ChainService,
    private readonly treasury: TreasuryQueue,
    private readonly log: Pick<FastifyBaseLogger, 'warn' | 'error'>,
    private readonly jobs: JobQueue,
    private readonly events?: WebhookEvents,
    // an answer approved by its review deadline is a line in its participant's access log
    private readonly accessLog?: AccessLog,
  ) {}

  /**
   * An accepted answer's payout: the wallet's bonus from this request's escrow (none without one),
   * as an object and the insert that stores it, which the submission runs inside one of its own
   * statements (no unit of work: a round trip and a flush fewer on every answer). The caller has
   * checked that the escrow holds no payout for this wallet yet (one per escrow and wallet is also
   * the table's unique key). Paid after review, it waits for the requester until request.reviewDays
   * have passed; pending, its job is queued once the transaction commits (queueCommitted).
   */
  oweRow(request: DataRequest, walletAddress: string): { payout: Payout; sql: string; params: unknown[] } | null {
    const escrowAddress = request.escrowAddress;
    if (!escrowAddress) return null;
    const now = new Date();
    const payout = Object.assign(new Payout(), {
      request,
      escrowAddress,
      walletAddress,
      amount: request.bonusEach,
      createdAt: now,
      updatedAt: now,
      nextAttemptAt: now,
      ...(request.payAfterReview
        ? { status: 'awaiting_review' as const, reviewDueAt: new Date(now.getTime() + request.reviewDays * DAY_MS) }
        : {}),
    });
    return {
      payout,
      sql: `insert into payouts (id, request_id, escrow_address, wallet_address, amount, status, attempts, next_attempt_at,
              review_due_at, created_at, updated_at) values (?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?)`,
      params: [
        payout.id,
        request.id,
        escrowAddress,
        walletAddress,
        payout.amount,
        payout.status,
        now,
        payout.reviewDueAt ?? null,
        now,
        now,
      ],
    };
  }

  /**
   * Queues the job of a pending payout whose transaction has committed: the ids handed in within
   * QUEUE_WINDOW_MS go in one statement (a busy study's answers would otherwise each spend a pool
   * connection on one), and the promise settles when their jobs exist. A process that stops before
   * that statement leaves a pending payout without a job; the sweep (queueDue, every minute) queues it.
   */
  queueCommitted(id: string): Promise<void> {
    this.committed.push(id);
    this.flushing ??= new Promise<void>((resolve) => setTimeout(resolve, QUEUE_WINDOW_MS)).then(async () => {
      const jobs = this.committed.splice(0).map((payoutId) => ({ data: { payoutId }, key: payoutId }));
      this.flushing = null;
      try {
        await this.jobs.sendMany(PAYOUT_JOB, jobs);
      } catch (err) {
        // the answers are stored (also when the queue stopped meanwhile): the sweep queues these jobs
        this.log.warn({ err, payouts: jobs.length }, 'payout jobs not queued; left to the sweep');
      }
    });
    return this.flushing;
  }

  /**
   * Bonus owed (awaiting review, pending or sent), already paid out (sent) and the payouts that
   * take a paid place (all but failed and rejected ones), for one request.
   */
  async totals(em: EntityManager, requestId: string): Promise<PayoutTotals> {
    const [row] = await em.execute<{ owed: number; paid: number; n: number }[]>(
      `select coalesce(sum(amount) filter (where ${TAKES_A_PLACE}), 0)::int as owed,
              coalesce(sum(amount) filter (where status = 'sent'), 0)::int as paid,
              count(*) filter (where ${TAKES_A_PLACE})::int as n
         from payouts where request_id = ?`,
      [requestId],
    );
    return { owed: Number(row?.owed ?? 0), paidOut: Number(row?.paid ?? 0), count: Number(row?.n ?? 0) };
  }

  /** How many of a request's payouts have this status. */
  countWithStatus(em: EntityManager, requestId: string, status: Payout['status']): Promise<number> {
    return em.count(Payout, { request: requestId, status });
  }

  forWallet(em: EntityManager, escrowAddress: string, walletAddress: string): Promise<Payout | null> {
    return em.findOne(Payout, { escrowAddress, walletAddress });
  }

  /** Payouts of a page of wallets from one escrow, in one statement. */
  async forWallets(em: EntityManager, escrowAddress: string, wallets: string[]): Promise<Map<string, Payout>> {
    if (!wallets.length) return new Map();
    const rows = await em.find(Payout, { escrowAddress, walletAddress: { $in: wallets } });
    return new Map(rows.map((p) => [p.walletAddress, p]));
  }

  /**
   * Queues a pending payout's job in the transaction that owes it, so the job exists exactly when
   * the payout does: the sweep (queueDue) never finds a fresh payout without its job and queues a
   * second one beside it. Call wake() after the commit.
   */
  async queue(tx: EntityManager, id: string): Promise<void> {
    await this.jobs.send(PAYOUT_JOB, { payoutId: id }, { key: id, tx });
  }

  /**
   * The requester's (or the deadline's) approval of a payout awaiting review, locked by the caller:
   * it becomes pending and its job is queued in the same transaction, so the payment starts exactly
   * when the approval commits (the durable path every payout takes; the sweep is the safety net).
   */
  async approve(tx: EntityManager, p: Payout, outcome: Exclude<ReviewOutcome, 'rejected'>): Promise<void> {
    if (p.status !== 'awaiting_review') throw new Error(`Payout ${p.id} is ${p.status}, not awaiting review`);
    Object.assign(p, { status: 'pending', reviewOutcome: outcome, reviewedAt: new Date(), nextAttemptAt: new Date() });
    await tx.flush();
    await this.jobs.send(PAYOUT_JOB, { payoutId: p.id }, { key: p.id, tx });
  }

  /** The requester's rejection of a payout awaiting review, locked by the caller: nothing is paid. */
  reject(p: Payout, reason: string): void {
    if (p.status !== 'awaiting_review') throw new Error(`Payout ${p.id} is ${p.status}, not awaiting review`);
    Object.assign(p, {
      status: 'rejected',
      reviewOutcome: 'rejected',
      reviewedAt: new Date(),
      rejectionReason: reason,
    });
  }

  /** Wakes this process's payout worker after payouts were queued (in transactions that committed). */
  wake(): void {
    this.jobs.wake(PAYOUT_JOB);
  }

  /**
   * The review deadline's sweep: approves every payout still awaiting review whose deadline has
   * passed, a batch per transaction. Rows another transaction holds (a requester deciding them right
   * now) are skipped, and a row is approved only while it still awaits review, so several processes
   * (or a rerun after a crash) never approve one twice. Returns how many it approved.
   */
  async approveOverdue(em: EntityManager, limit = DUE_BATCH): Promise<number> {
    let approved = 0;
    for (;;) {
      const batch = await em.fork().transactional(async (tx) => {
        const due = await tx.find(
          Payout,
          { status: 'awaiting_review', reviewDueAt: { $lte: new Date() } },
          { orderBy: { reviewDueAt: 'asc', id: 'asc' }, limit, lockMode: LockMode.PESSIMISTIC_PARTIAL_WRITE },
        );
        for (const p of due) await this.approve(tx, p, 'auto_approved');
        await this.accessLog?.forWallets(
          tx,
          due.flatMap((p) => (p.request ? [{ requestId: p.request.id, walletAddress: p.walletAddress }] : [])),
          { kind: 'approved', actor: 'platform', detail: 'review deadline' },
        );
        return due.length;
      });
      approved += batch;
      if (batch < limit) break;
    }
    if (approved) this.wake();
    return approved;
  }

  /** Waits until the jobs this process queued had their first attempt (server shutdown, tests). */
  async drain(): Promise<void> {
    await this.flushing;
    return this.jobs.drain();
  }

  /**
   * The `payout` job: one attempt at one payout; still pending afterwards (the chain is down, the
   * payment not yet mined) throws, so the queue retries it with backoff.
   */
  async runJob(em: EntityManager, id: string): Promise<void> {
    const p = await this.process(em, id);
    if (p.status === 'pending') throw new Error(`Payout still pending: ${p.lastError ?? 'no outcome yet'}`);
  }

  /**
   * The scheduled sweep: queues a job for each pending payout whose retry time has come and that
   * has no job queued, waiting or running. Returns how many it queued.
   */
  async queueDue(em: EntityManager, limit = DUE_BATCH): Promise<number> {
    let queued = 0;
    for (const p of await this.due(em, limit)) {
      if (await this.jobs.isLive(PAYOUT_JOB, p.id)) continue;
      if (await this.jobs.send(PAYOUT_JOB, { payoutId: p.id }, { key: p.id })) queued += 1;
    }
    return queued;
  }

  private due(em: EntityManager, limit: number): Promise<Payout[]> {
    return em.find(
      Payout,
      { status: 'pending', nextAttemptAt: { $lte: new Date() } },
      { orderBy: { nextAttemptAt: 'asc' }, limit },
    );
  }

  /** One attempt at one payout; a chain outage or an unexpected error postpones it. */
  async process(em: EntityManager, id: string): Promise<Payout> {
    let p = await em.findOneOrFail(Payout, id, { refresh: true });
    if (p.status !== 'pending') return p;
    try {
      if (!p.txHash) p = await this.sign(em, id);
      if (p.status !== 'pending' || !p.txHash || !p.rawTx) return p;
      const signed = { hash: p.txHash, raw: p.rawTx, nonce: p.nonce!, from: p.fromAddress! };
      return await this.finish(em, id, await this.treasury.send(signed, SETTLE_TIMEOUT_MS));
    } catch (err) {
      const chainDown = err instanceof AppError && err.code === 'CHAIN_UNAVAILABLE';
      if (chainDown) this.log.warn({ payoutId: id, reason: err.message }, 'payout postponed: chain unavailable');
      else this.log.error({ err, payoutId: id }, 'payout attempt failed; will retry');
      return this.postpone(em, id, chainDown ? err.message : 'Unexpected error; will retry');
    }
  }

  /** One attempt at every pending payout whose retry time has come, here and now (operators, tests). */
  async runDue(em: EntityManager, limit = DUE_BATCH): Promise<number> {
    let settled = 0;
    for (const p of await this.due(em, limit)) {
      if ((await this.process(em, p.id)).status !== 'pending') settled += 1;
    }
    return settled;
  }

  /** Step 1 under the treasury lock: the row lock and the stored hash make a second signing a no-op. */
  private sign(em: EntityManager, id: string): Promise<Payout> {
    return this.treasury.signLocked(em, async (tx, signer) => {
      const p = await tx.findOneOrFail(Payout, id, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
      if (p.status !== 'pending' || p.txHash) return p;
      if (!(await this.chain.isFactoryEscrow(p.escrowAddress))) {
        this.fail(p, `${p.escrowAddress} is not an escrow of the factory`);
        return p;
      }
      try {
        const signed = await signer.escrowPay(p.escrowAddress, p.walletAddress);
        p.fromAddress = signed.from;
        p.nonce = signed.nonce;
        p.txHash = signed.hash;
        p.rawTx = signed.raw;
      } catch (err) {
        if (!(err instanceof ContractRevert)) throw err;
        if (err.errorName === 'Escrow__AlreadyPaid') {
          // the escrow says this wallet got its bonus: it did, so this obligation is met
          p.status = 'sent';
          p.lastError = 'Already paid on-chain';
          p.completedAt = new Date();
        } else if (FINAL_REVERTS[err.errorName]) {
          this.fail(p, FINAL_REVERTS[err.errorName]);
        } else {
          this.log.error({ payoutId: id, error: err.errorName }, 'escrow refused the payment; will retry');
          this.later(p, `The escrow refused the payment (${err.errorName})`);
        }
      }
      await this.settled(tx, p);
      return p;
    });
  }

  /** Step 2's bookkeeping, under the row lock so concurrent attempts agree. */
  private finish(em: EntityManager, id: string, state: TransferState): Promise<Payout> {
    return em.transactional(async (tx) => {
      const p = await tx.findOneOrFail(Payout, id, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
      if (p.status !== 'pending') return p;
      if (state === 'confirmed') {
        p.status = 'sent';
        p.completedAt = new Date();
        p.lastError = null;
      } else if (state === 'reverted') {
        this.fail(p, 'The payment reverted on-chain');
      } else if (state === 'dropped') {
        // never mined and never will be: forget it, so the next attempt signs a fresh one
        p.fromAddress = p.nonce = p.txHash = p.rawTx = null;
        p.lastError = 'The chain dropped the payment; it will be sent again';
        p.nextAttemptAt = new Date();
      } else {
        this.later(p, 'Waiting for the payment to be mined');
      }
      await this.settled(tx, p);
      return p;
    });
  }

  /**
   * Names the request a payout of no request's places was made for (fieldwork's top-ups, which
   * this module does not know of), so its payout.sent / payout.failed reaches that request's owner.
   */
  describeOthers(find: (tx: EntityManager, payoutId: string) => Promise<{ requestId: string } | null>): void {
    this.others = find;
  }

  /**
   * payout.sent / payout.failed to the request owner's webhooks, in the transaction that settled it:
   * a participant's payout for an answer, or a top-up (`topUp: true`) paid from an escrow of its own.
   */
  private async settled(tx: EntityManager, p: Payout): Promise<void> {
    if (!this.events || p.status === 'pending') return;
    const other = p.request ? null : await this.others?.(tx, p.id);
    const requestId = p.request?.id ?? other?.requestId;
    if (!requestId) return;
    const request = await tx.findOne(DataRequest, requestId, { fields: ['user'] });
    if (!request) return;
    await this.events.emit(tx, request.user.id, p.status === 'sent' ? 'payout.sent' : 'payout.failed', {
      payoutId: p.id,
      requestId: request.id,
      amount: p.amount,
      txHash: p.txHash ?? null,
      failureMessage: p.failureMessage ?? null,
      topUp: other !== null,
    });
  }

  private postpone(em: EntityManager, id: string, reason: string): Promise<Payout> {
    return em.transactional(async (tx) => {
      const p = await tx.findOneOrFail(Payout, id, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
      if (p.status === 'pending') this.later(p, reason);
      return p;
    });
  }

  private later(p: Payout, reason: string): void {
    p.attempts += 1;
    p.lastError = reason.slice(0, 500);
    p.nextAttemptAt = new Date(Date.now() + backoffMs(p.attempts));
  }

  private fail(p: Payout, message: string): void {
    p.status = 'failed';
    p.failureMessage = message;
    p.completedAt = new Date();
  }
}
