import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { getAddress, ZeroAddress } from 'ethers';
import type { FastifyBaseLogger } from 'fastify';
import { randomUUID } from 'node:crypto';
import { AppError, badInput, conflict, notFound } from '../../shared/errors';
import { ContractRevert, type ChainService, type TransferState } from '../chain/chain.service';
import type { TreasuryQueue } from '../chain/treasury-queue';
import type { User } from '../users/user.entity';
import { pageWindow, toPage, type PageQuery } from '../../shared/paging';
import type { WithdrawalRef, WithdrawCommand } from './billing.schemas';
import type { LedgerService } from './ledger.service';
import { Withdrawal } from './withdrawal.entity';

// how long a request waits for its transfer to be mined before answering "pending"
const SETTLE_TIMEOUT_MS = 20_000;
const RECONCILE_BATCH = 50;

/** A wallet address: 0x + 40 hex digits; mixed case must carry a valid EIP-55 checksum. */
export function parseWalletAddress(raw: string): string {
  const problem = (message: string) => badInput(message, [{ path: 'walletAddress', message }]);
  if (!/^0x[0-9a-fA-F]{40}$/.test(raw)) throw problem('walletAddress must be a 0x-prefixed 20-byte address');
  let address: string;
  try {
    address = getAddress(raw);
  } catch {
    throw problem('walletAddress has a wrong checksum: check it for a typo');
  }
  if (address === ZeroAddress) throw problem('walletAddress cannot be the zero address');
  return address;
}

const debitReference = (id: string) => `withdrawal:${id}`;
const refundReference = (id: string) => `withdrawal-refund:${id}`;

/**
 * Moves purchased credit to a wallet as on-chain IPT paid by the treasury, so card-bought IPT can
 * fund requests. Three steps, each safe to repeat:
 * 1. record: debit the ledger and store a pending withdrawal (one transaction);
 * 2. sign: sign the treasury's transfer and store it BEFORE broadcasting (so a crash can never lead
 *    to a second, different transfer for the same withdrawal), through the TreasuryQueue that
 *    participant payouts share (one nonce sequence for the treasury key);
 * 3. settle: broadcast (again, if needed) and wait; mined -> sent; reverted or dropped -> failed,
 *    with the debit refunded under its own reference.
 * A retry with the same idempotencyKey, or the periodic reconcile, picks up wherever it stopped.
 */
export class WithdrawalsService {
  constructor(
    private readonly ledger: LedgerService,
    private readonly chain: ChainService,
    private readonly treasury: TreasuryQueue,
    private readonly log: Pick<FastifyBaseLogger, 'warn' | 'error'>,
    // other treasury work a crash or an outage can leave pending (escrows of requests paid with
    // credit), finished by the same reconcile loop; each returns how many it settled
    private readonly alsoPending: ((em: EntityManager) => Promise<number>)[] = [],
  ) {}

  async withdraw(em: EntityManager, user: User, command: WithdrawCommand): Promise<Withdrawal> {
    const recorded = await this.record(em, user, command);
    return this.process(em, recorded.id);
  }

  /** Step 1: validates, debits the ledger and records the withdrawal; an existing key returns it. */
  async record(em: EntityManager, user: User, input: WithdrawCommand): Promise<Withdrawal> {
    const toAddress = parseWalletAddress(input.walletAddress);
    const idempotencyKey = input.idempotencyKey ?? randomUUID();
    const same = (w: Withdrawal) => {
      if (w.amount !== input.amount || w.toAddress !== toAddress) {
        throw conflict('This idempotencyKey was already used for a different withdrawal');
      }
      return w;
    };
    const existing = await em.findOne(Withdrawal, { user, idempotencyKey });
    if (existing) return same(existing);
    // a chain that is off must not take anyone's credit
    await this.chain.assertTreasuryReady();
    return em.transactional(async (tx) => {
      await this.ledger.lockUser(tx, user.id);
      const raced = await tx.findOne(Withdrawal, { user: user.id, idempotencyKey });
      if (raced) return same(raced);
      const w = tx.create(Withdrawal, { user: user.id, idempotencyKey, amount: input.amount, toAddress });
      await this.ledger.post(tx, {
        userId: user.id,
        amount: -input.amount,
        kind: 'withdrawal',
        reference: debitReference(w.id),
        metadata: { withdrawalId: w.id, walletAddress: toAddress },
      });
      return w;
    });
  }

  /** Steps 2 and 3 for one withdrawal; a chain outage leaves it pending for a later retry. */
  async process(em: EntityManager, id: string): Promise<Withdrawal> {
    let w = await em.findOneOrFail(Withdrawal, id, { refresh: true });
    if (w.status !== 'pending') return w;
    try {
      if (!w.txHash) w = await this.sign(em, id);
      if (w.status !== 'pending' || !w.txHash || !w.rawTx) return w;
      const signed = { hash: w.txHash, raw: w.rawTx, nonce: w.nonce!, from: w.fromAddress! };
      return await this.finish(em, id, await this.treasury.send(signed, SETTLE_TIMEOUT_MS));
    } catch (err) {
      if (!(err instanceof AppError) || err.code !== 'CHAIN_UNAVAILABLE') throw err;
      this.log.warn({ withdrawalId: id, reason: err.message }, 'withdrawal left pending: chain unavailable');
      return em.findOneOrFail(Withdrawal, id, { refresh: true });
    }
  }

  /** Step 2, under the treasury lock so treasury nonces are handed out one at a time. */
  private sign(em: EntityManager, id: string): Promise<Withdrawal> {
    return this.treasury.signLocked(em, async (tx, signer) => {
      const w = await tx.findOneOrFail(Withdrawal, id, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
      if (w.status !== 'pending' || w.txHash) return w;
      try {
        const signed = await signer.transfer(w.toAddress, BigInt(w.amount));
        w.fromAddress = signed.from;
        w.nonce = signed.nonce;
        w.txHash = signed.hash;
        w.rawTx = signed.raw;
      } catch (err) {
        if (!(err instanceof ContractRevert)) throw err;
        // e.g. the treasury holds too little IPT: nothing was sent, so give the credit back
        this.log.error({ withdrawalId: id, error: err.errorName }, 'treasury transfer would revert');
        await this.failAndRefund(tx, w, `The treasury could not pay (${err.errorName}); your credit was refunded`);
      }
      return w;
    });
  }

  /** Step 3's bookkeeping: a mined transfer is sent; one that can never be mined is refunded. */
  private async finish(em: EntityManager, id: string, state: TransferState): Promise<Withdrawal> {
    if (state === 'pending') return em.findOneOrFail(Withdrawal, id, { refresh: true });
    return em.transactional(async (tx) => {
      const w = await tx.findOneOrFail(Withdrawal, id, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
      if (w.status !== 'pending') return w;
      if (state === 'confirmed') {
        w.status = 'sent';
        w.completedAt = new Date();
      } else {
        const why = state === 'reverted' ? 'The transfer reverted on-chain' : 'The chain dropped the transfer';
        await this.failAndRefund(tx, w, `${why}; your credit was refunded`);
      }
      return w;
    });
  }

  private async failAndRefund(tx: EntityManager, w: Withdrawal, message: string): Promise<void> {
    w.status = 'failed';
    w.failureMessage = message;
    w.completedAt = new Date();
    await this.ledger.post(tx, {
      userId: w.user.id,
      amount: w.amount,
      kind: 'withdrawal',
      reference: refundReference(w.id),
      metadata: { withdrawalId: w.id, refund: true },
    });
  }

  /**
   * Finishes withdrawals (and the `alsoPending` treasury work) left pending by a crash or a chain
   * outage (start-up and a timer).
   */
  async reconcilePending(em: EntityManager): Promise<number> {
    const pending = await em.find(
      Withdrawal,
      { status: 'pending' },
      { orderBy: { createdAt: 'asc' }, limit: RECONCILE_BATCH },
    );
    let settled = 0;
    for (const w of pending) {
      const done = await this.process(em, w.id).catch((err: unknown) => {
        this.log.error({ err, withdrawalId: w.id }, 'withdrawal reconcile failed');
        return w;
      });
      if (done.status !== 'pending') settled += 1;
    }
    for (const more of this.alsoPending) {
      settled += await more(em).catch((err: unknown) => {
        this.log.error({ err }, 'treasury reconcile failed');
        return 0;
      });
    }
    return settled;
  }

  async get(em: EntityManager, user: User, { id }: WithdrawalRef): Promise<Withdrawal> {
    const w = await em.findOne(Withdrawal, { id, user });
    if (!w) throw notFound('Withdrawal');
    return w;
  }

  async list(em: EntityManager, user: User, query: PageQuery) {
    const [list, count] = await em.findAndCount(
      Withdrawal,
      { user },
      { orderBy: { createdAt: 'desc', id: 'desc' }, ...pageWindow(query) },
    );
    return toPage(list, count, query);
  }
}
