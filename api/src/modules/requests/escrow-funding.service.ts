import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../shared/errors';
import type { LedgerService } from '../billing/ledger.service';
import { ContractRevert, type ChainService, type TransferState } from '../chain/chain.service';
import type { TreasuryQueue, TreasurySigner } from '../chain/treasury-queue';
import type { User } from '../users/user.entity';
import { EscrowFunding, type FundingKind } from './escrow-funding.entity';

// the spec's error catalogue: "Not enough tokens to save a request"
export const PURCHASE_TOKENS = 'Purchase Tokens to continue';
export const NOT_ENOUGH_TOKENS = 'You do not have enough tokens in this account to continue!';

// how long one attempt waits for its transaction to be mined before answering "pending"
const SETTLE_TIMEOUT_MS = 20_000;
const RECONCILE_BATCH = 50;

export const notEnoughCredit = () =>
  new AppError('INSUFFICIENT_CREDIT', `${PURCHASE_TOKENS}: ${NOT_ENOUGH_TOKENS}`, [
    { path: 'bonusAmount', message: NOT_ENOUGH_TOKENS },
  ]);

type Debit = {
  user: User;
  requestId: string;
  kind: 'create' | 'top-up';
  amount: number;
  bonusEach?: number;
  /** top-up: the request's escrow */
  escrowAddress?: string;
};

const WHAT: Record<FundingKind, string> = {
  create: 'The escrow could not be created',
  'top-up': 'The escrow could not be topped up',
  close: 'The escrow could not be closed',
};

/**
 * The treasury's side of requests paid with prepaid credit: it creates and funds the escrow through
 * the factory, tops it up when Total IPTs go up, and closes it, giving what is left back to the
 * requester's credit. Each step is an EscrowFunding row, processed like withdrawals (same
 * TreasuryQueue and nonce sequence): record (debit + row, in the caller's transaction) -> sign and
 * store BEFORE broadcasting -> broadcast and settle; reverted or dropped -> failed, debit refunded.
 * Every step is safe to repeat, so a retry, a double click or a crash never pays twice.
 */
export class EscrowFundingService {
  constructor(
    private readonly ledger: LedgerService,
    private readonly chain: ChainService,
    private readonly treasury: TreasuryQueue,
    private readonly log: Pick<FastifyBaseLogger, 'warn' | 'error'>,
  ) {}

  /** Fails with CHAIN_UNAVAILABLE unless the treasury can pay now (checked before taking credit). */
  async assertReady(): Promise<void> {
    if (!this.chain.configured) {
      throw new AppError('CHAIN_UNAVAILABLE', 'Paying with credit needs the chain, and none is configured');
    }
    await this.chain.assertTreasuryReady();
  }

  /** The request's live (pending or sent) row of a kind; create and close have at most one. */
  live(em: EntityManager, requestId: string, kind: FundingKind): Promise<EscrowFunding | null> {
    return em.findOne(
      EscrowFunding,
      { requestId, kind, status: { $ne: 'failed' } },
      { orderBy: { createdAt: 'desc' } },
    );
  }

  /** IPT the treasury put (or is putting) into the request's escrow: create plus top-ups. */
  async funded(em: EntityManager, requestId: string): Promise<number> {
    const [row] = await em.execute<{ n: number }[]>(
      `select coalesce(sum(amount), 0)::int as n from escrow_fundings
        where request_id = ? and kind in ('create', 'top-up') and status <> 'failed'`,
      [requestId],
    );
    return Number(row?.n ?? 0);
  }

  /**
   * In the caller's transaction: debits the credit and records the step. One ledger reference per
   * request (`request-escrow:<id>`; after a refunded attempt `request-escrow:<id>:<n>`), per top-up
   * target (`request-escrow-top-up:<id>:<new total>`). Too little credit: INSUFFICIENT_CREDIT with
   * the spec's "Purchase Tokens to continue".
   */
  async debit(tx: EntityManager, d: Debit): Promise<EscrowFunding> {
    let reference: string;
    if (d.kind === 'create') {
      const earlier = await tx.count(EscrowFunding, { requestId: d.requestId, kind: 'create' });
      reference = `request-escrow:${d.requestId}${earlier ? `:${earlier + 1}` : ''}`;
    } else {
      reference = `request-escrow-top-up:${d.requestId}:${(await this.funded(tx, d.requestId)) + d.amount}`;
    }
    const row = tx.create(EscrowFunding, {
      requestId: d.requestId,
      user: d.user.id,
      kind: d.kind,
      amount: d.amount,
      bonusEach: d.bonusEach ?? null,
      escrowAddress: d.escrowAddress ?? null,
      reference,
    });
    try {
      await this.ledger.post(tx, {
        userId: d.user.id,
        amount: -d.amount,
        kind: 'escrow',
        reference,
        metadata: { requestId: d.requestId, step: d.kind },
      });
    } catch (err) {
      if (err instanceof AppError && err.code === 'INSUFFICIENT_CREDIT') throw notEnoughCredit();
      throw err;
    }
    await tx.flush();
    return row;
  }

  /**
   * In the caller's transaction: records closing a credit-funded escrow (the treasury is its
   * requester, so the refund comes to the treasury and is credited once the close is mined).
   */
  async recordClose(tx: EntityManager, user: User, requestId: string, escrowAddress: string): Promise<EscrowFunding> {
    const row = tx.create(EscrowFunding, {
      requestId,
      user: user.id,
      kind: 'close',
      amount: 0,
      escrowAddress,
      reference: `request-escrow-close:${requestId}`,
    });
    await tx.flush();
    return row;
  }

  /** Sign (once) and settle one step; a chain outage after signing leaves it pending for a retry. */
  async process(em: EntityManager, id: string): Promise<EscrowFunding> {
    let f = await em.findOneOrFail(EscrowFunding, id, { refresh: true });
    if (f.status !== 'pending') return f;
    try {
      if (!f.txHash) f = await this.sign(em, id);
      if (f.status !== 'pending' || !f.txHash || !f.rawTx) return f;
      const signed = { hash: f.txHash, raw: f.rawTx, nonce: f.nonce!, from: f.fromAddress! };
      return await this.finish(em, id, await this.treasury.send(signed, SETTLE_TIMEOUT_MS));
    } catch (err) {
      if (!(err instanceof AppError) || err.code !== 'CHAIN_UNAVAILABLE') throw err;
      this.log.warn({ escrowFundingId: id, reason: err.message }, 'escrow step left pending: chain unavailable');
      return this.unsent(em, id, err.message);
    }
  }

  /** Finishes steps left pending by a crash or a chain outage; returns how many settled. */
  async reconcilePending(em: EntityManager): Promise<number> {
    const pending = await em.find(
      EscrowFunding,
      { status: 'pending' },
      { orderBy: { createdAt: 'asc' }, limit: RECONCILE_BATCH },
    );
    let settled = 0;
    for (const f of pending) {
      const done = await this.process(em, f.id).catch((err: unknown) => {
        this.log.error({ err, escrowFundingId: f.id }, 'escrow step reconcile failed');
        return f;
      });
      if (done.status !== 'pending') settled += 1;
    }
    return settled;
  }

  /** Under the treasury lock: signs the step's transaction and stores it before anything is sent. */
  private sign(em: EntityManager, id: string): Promise<EscrowFunding> {
    return this.treasury.signLocked(em, async (tx, signer) => {
      const f = await tx.findOneOrFail(EscrowFunding, id, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
      if (f.status !== 'pending' || f.txHash) return f;
      try {
        const signed = await this.signStep(f, signer);
        f.fromAddress = signed.from;
        f.nonce = signed.nonce;
        f.txHash = signed.hash;
        f.rawTx = signed.raw;
      } catch (err) {
        if (!(err instanceof ContractRevert)) throw err;
        // nothing was sent: the step ends here, and a debit goes back to credit
        this.log.error({ escrowFundingId: id, error: err.errorName }, 'escrow step would revert');
        await this.failAndRefund(tx, f, `${WHAT[f.kind]} (${err.errorName})`);
      }
      return f;
    });
  }

  private async signStep(f: EscrowFunding, signer: TreasurySigner) {
    if (f.kind === 'create') return signer.escrowCreate(f.requestId, BigInt(f.amount), BigInt(f.bonusEach!));
    // a plain transfer to anything but our own escrow would pay a stranger
    if (!f.escrowAddress || !(await this.chain.isFactoryEscrow(f.escrowAddress))) {
      throw new ContractRevert('NotAFactoryEscrow');
    }
    if (f.kind === 'top-up') return signer.transfer(f.escrowAddress, BigInt(f.amount));
    return signer.escrowClose(f.escrowAddress);
  }

  /** The outcome's bookkeeping, under the row lock so concurrent attempts agree. */
  private async finish(em: EntityManager, id: string, state: TransferState): Promise<EscrowFunding> {
    if (state === 'pending') return em.findOneOrFail(EscrowFunding, id, { refresh: true });
    const f = await em.transactional(async (tx) => {
      const row = await tx.findOneOrFail(EscrowFunding, id, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
      if (row.status !== 'pending') return row;
      if (state === 'confirmed') {
        row.status = 'sent';
        row.completedAt = new Date();
        if (row.kind === 'create') row.escrowAddress = (await this.chain.escrowFor(row.requestId))?.address ?? null;
        if (row.kind === 'close') await this.creditRefund(tx, row);
      } else {
        const why = state === 'reverted' ? 'the transaction reverted on-chain' : 'the chain dropped the transaction';
        await this.failAndRefund(tx, row, `${WHAT[row.kind]}: ${why}`);
      }
      return row;
    });
    return f;
  }

  /** A mined close: what the escrow refunded to the treasury goes back to the requester's credit. */
  private async creditRefund(tx: EntityManager, f: EscrowFunding): Promise<void> {
    const refunded = Number((await this.chain.closedRefund(f.txHash!)) ?? 0n);
    f.amount = refunded;
    if (refunded <= 0) return;
    await this.ledger.post(tx, {
      userId: f.user.id,
      amount: refunded,
      kind: 'escrow',
      reference: f.reference,
      metadata: { requestId: f.requestId, step: 'close', escrowAddress: f.escrowAddress ?? '' },
    });
  }

  /** A step that was never signed: nothing can be on its way, so it fails now (refunded). */
  private unsent(em: EntityManager, id: string, reason: string): Promise<EscrowFunding> {
    return em.transactional(async (tx) => {
      const f = await tx.findOneOrFail(EscrowFunding, id, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
      if (f.status === 'pending' && !f.txHash) await this.failAndRefund(tx, f, `${WHAT[f.kind]}: ${reason}`);
      return f;
    });
  }

  private async failAndRefund(tx: EntityManager, f: EscrowFunding, message: string): Promise<void> {
    f.status = 'failed';
    f.failureMessage = message.slice(0, 500);
    f.completedAt = new Date();
    if (f.kind === 'close') return;
    await this.ledger.post(tx, {
      userId: f.user.id,
      amount: f.amount,
      kind: 'escrow',
      reference: `${f.reference}:refund`,
      metadata: { requestId: f.requestId, step: f.kind, refund: true },
    });
  }
}
