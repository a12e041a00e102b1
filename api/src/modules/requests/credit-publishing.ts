// Publishing a request with prepaid credit: the treasury creates and funds the escrow (debited from
// the requester's credit first), tops it up when Total IPTs rise, and closes it to give back what is
// left. Each step is an escrow_fundings row, so a retry or the reconcile loop finishes it once.
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { FastifyBaseLogger } from 'fastify';
import { randomUUID } from 'node:crypto';
import { AppError, badInput, conflict, isUniqueViolation } from '../../shared/errors';
import type { ChainService } from '../chain/chain.service';
import type { Key } from '../keys/key.entity';
import { User } from '../users/user.entity';
import { verifyEscrow } from './escrow-check';
import { EscrowFunding } from './escrow-funding.entity';
import type { EscrowFundingService } from './escrow-funding.service';
import { DataRequest, type Funding } from './request.entity';
import { ID_UNAVAILABLE } from './request-edits';
import { checkRequestRules } from './request-rules';
import type { CreateRequestCommand, RequestFields, RequestRef } from './requests.schemas';
import type { RequestDetail, RequestPayouts } from './requests.service';

/** What publishing with credit uses of RequestsService (its getter `credit` builds this). */
export type CreditDeps = {
  funding: EscrowFundingService;
  chain: ChainService;
  payouts: RequestPayouts;
  log: Pick<FastifyBaseLogger, 'error'>;
  create(em: EntityManager, user: User, input: CreateRequestCommand): Promise<RequestDetail>;
  insert(
    tx: EntityManager,
    user: User,
    id: string,
    key: Key,
    input: RequestFields,
    extra: { escrowVerified?: boolean; funding?: Funding },
  ): Promise<DataRequest>;
  owned(em: EntityManager, user: User, id: string): Promise<DataRequest>;
  detail(em: EntityManager, id: string, user: User): Promise<RequestDetail>;
  ownKey(em: EntityManager, user: User, raw: string): Promise<Key>;
  saving<T>(run: () => Promise<T>): Promise<T>;
  announce(tx: EntityManager, r: DataRequest): Promise<void>;
};

/** With credit the treasury creates the escrow: an escrow or signer sent along is a mistake. */
export function noEscrowWithCredit(f: { escrowAddress?: string | null; signerAddress?: string | null }): void {
  if (f.escrowAddress || f.signerAddress) {
    const message = 'With pay_with credit the platform creates the escrow: send no escrow or signer address';
    throw badInput(message, [{ path: 'escrowAddress', message }]);
  }
}

/**
 * Publishing a new request with prepaid credit: saved as a draft together with the debit (one
 * transaction), then the treasury creates and funds the escrow, and only then is it published.
 * The same id again (a retry, a second click) finishes that first attempt instead of paying twice.
 */
export async function createWithCredit(
  deps: CreditDeps,
  em: EntityManager,
  user: User,
  input: CreateRequestCommand,
): Promise<RequestDetail> {
  noEscrowWithCredit(input);
  checkRequestRules({ ...input, status: 0 });
  const key = await deps.ownKey(em, user, input.keyId);
  const id = input.id ?? randomUUID();
  const existing = input.id ? await em.findOne(DataRequest, { id }) : null;
  if (existing) {
    const again = existing.user.id === user.id && (await deps.funding.live(em, id, 'create'));
    if (!again) throw conflict(ID_UNAVAILABLE);
    // the id is this publication's idempotency key: a retry must ask for the same request
    const same =
      existing.type === input.type &&
      existing.title === input.title &&
      existing.keyId === key.id &&
      existing.bonusAmount === input.bonusAmount &&
      existing.bonusEach === input.bonusEach;
    if (!same) throw conflict('This id was already used to publish a different request');
    return publishFunded(deps, em, user, id);
  }
  await deps.funding.assertReady();
  try {
    await em.transactional(async (tx) => {
      await deps.insert(tx, user, id, key, { ...input, status: 0 }, { funding: 'credit' });
      // the row first: a concurrent submission of this id waits here, then hears it exists
      await tx.flush();
      await deps.funding.debit(tx, {
        user,
        requestId: id,
        kind: 'create',
        amount: input.bonusAmount,
        bonusEach: input.bonusEach,
      });
    });
  } catch (err) {
    // the same id submitted twice at once: the other submission paid; finish that one
    if (input.id && isUniqueViolation(err)) return deps.create(em, user, input);
    if (isUniqueViolation(err)) throw conflict(ID_UNAVAILABLE);
    throw err;
  }
  return publishFunded(deps, em, user, id);
}

/**
 * Settles the treasury's escrow creation for a credit-paid request and publishes it once the
 * escrow is on-chain and verified like a wallet-funded one (the treasury is its requester). A
 * failed creation was refunded: the request stays an unpublished draft and the caller hears why.
 */
export async function publishFunded(
  deps: CreditDeps,
  em: EntityManager,
  user: User,
  id: string,
): Promise<RequestDetail> {
  const row = await deps.funding.live(em, id, 'create');
  if (!row) throw conflict('This request has no escrow payment in progress');
  const f = await deps.funding.process(em, row.id);
  if (f.status === 'failed') {
    throw conflict(`${f.failureMessage}. Your ${f.amount} IPT credit was refunded and the request was not published`);
  }
  if (f.status === 'pending' || !f.escrowAddress || !f.fromAddress) {
    throw new AppError(
      'CHAIN_UNAVAILABLE',
      'The escrow is being created on-chain but is not confirmed yet; try again shortly (you will not pay twice)',
    );
  }
  const escrow = { escrowAddress: f.escrowAddress, signerAddress: f.fromAddress };
  const request = await deps.owned(em, user, id);
  if (request.status !== 1) {
    const escrowVerified = await verifyEscrow(deps.chain, {
      requestId: id,
      ...escrow,
      bonusEach: request.bonusEach,
      bonusAmount: request.bonusAmount,
      paidOut: 0,
    });
    await em.transactional(async (tx) => {
      const r = await tx.findOneOrFail(DataRequest, id, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
      if (r.status === 1) return;
      tx.assign(r, { ...escrow, status: 1, escrowVerified, funding: 'credit', publishedAt: new Date() });
      await deps.announce(tx, r);
    });
  }
  return deps.detail(em, id, user);
}

/**
 * The background half of publishing with credit (the withdrawals' reconcile loop runs it):
 * settles escrow steps a crash or an outage left pending, and publishes the requests whose
 * escrow the treasury created while nobody was waiting for the answer.
 */
export async function reconcileCreditPublishing(deps: CreditDeps, em: EntityManager): Promise<number> {
  const settled = await deps.funding.reconcilePending(em);
  const waiting = await em.execute<{ id: string; user_id: string }[]>(
    `select r.id, r.user_id from escrow_fundings f join requests r on r.id = f.request_id
      where f.kind = 'create' and f.status = 'sent' and r.status = 0 and r.escrow_closed_at is null
      limit 50`,
  );
  for (const row of waiting) {
    await publishFunded(deps, em, em.getReference(User, row.user_id), row.id).catch((err: unknown) =>
      deps.log.error({ err, requestId: row.id }, 'publishing a credit-paid request failed; will retry'),
    );
  }
  return settled;
}

/**
 * Raising Total IPTs of a request paid with credit: the difference to what the treasury already
 * put in is debited (its own reference per new total) and sent to the escrow first.
 */
export async function topUp(
  deps: CreditDeps,
  em: EntityManager,
  user: User,
  request: DataRequest,
  total: number,
): Promise<void> {
  if (total <= (await deps.funding.funded(em, request.id))) return;
  await deps.funding.assertReady();
  const row = await em.transactional(async (tx) => {
    await tx.findOneOrFail(DataRequest, request.id, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
    const missing = total - (await deps.funding.funded(tx, request.id));
    if (missing > 0) {
      return deps.funding.debit(tx, {
        user,
        requestId: request.id,
        kind: 'top-up',
        amount: missing,
        escrowAddress: request.escrowAddress!,
      });
    }
    // a concurrent edit is topping it up already: wait for that one
    return tx.findOne(
      EscrowFunding,
      { requestId: request.id, kind: 'top-up', status: 'pending' },
      { orderBy: { createdAt: 'desc' } },
    );
  });
  if (!row) return;
  const f = await deps.funding.process(em, row.id);
  if (f.status === 'failed') throw conflict(`${f.failureMessage}. Your ${f.amount} IPT credit was refunded`);
  if (f.status === 'pending') {
    throw new AppError(
      'CHAIN_UNAVAILABLE',
      'The top-up is on its way on-chain but not confirmed yet; try again shortly',
    );
  }
}

/**
 * Closes the escrow of a published request paid with credit: the treasury calls close(), the
 * escrow refunds what is left to the treasury, and that goes back to the requester's credit. The
 * request then stops taking responses (back to unpublished, for good). Safe to repeat.
 */
export async function closeEscrow(
  deps: CreditDeps,
  em: EntityManager,
  user: User,
  { id }: RequestRef,
): Promise<RequestDetail> {
  const request = await deps.owned(em, user, id);
  let row = await deps.funding.live(em, id, 'close');
  if (!row) {
    if (request.funding !== 'credit' || request.status !== 1 || !request.escrowAddress) {
      throw conflict(
        'Only the escrow of a published request paid with credit is closed here; close a wallet-funded escrow from that wallet',
      );
    }
    if (await deps.payouts.countWithStatus(em, id, 'pending')) {
      throw conflict('Participants are still being paid from this escrow; close it once their payments are done');
    }
    if (await deps.payouts.countWithStatus(em, id, 'awaiting_review')) {
      throw conflict('Responses still await your review; approve or reject them before closing the escrow');
    }
    await deps.funding.assertReady();
    row = await deps.saving(() =>
      em.transactional(async (tx) => {
        await tx.findOneOrFail(DataRequest, id, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
        return (
          (await deps.funding.live(tx, id, 'close')) ?? deps.funding.recordClose(tx, user, id, request.escrowAddress!)
        );
      }),
    );
  }
  const f = await deps.funding.process(em, row.id);
  if (f.status === 'failed') throw conflict(f.failureMessage ?? 'The escrow could not be closed');
  if (f.status === 'pending') {
    throw new AppError(
      'CHAIN_UNAVAILABLE',
      'Closing the escrow is on its way on-chain but not confirmed yet; try again shortly',
    );
  }
  await em.transactional(async (tx) => {
    const r = await tx.findOneOrFail(DataRequest, id, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
    if (r.escrowClosedAt) return;
    tx.assign(r, { status: 0, escrowClosedAt: f.completedAt ?? new Date() });
  });
  return deps.detail(em, id, user);
}
