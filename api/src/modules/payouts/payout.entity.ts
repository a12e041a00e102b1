import { OptionalProps } from '@mikro-orm/core';
import { Check, Entity, Index, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { randomUUID } from 'node:crypto';
import {
  TREASURY_TX_STATUSES,
  TreasuryTransaction,
  type TreasuryTransactionDefaults,
} from '../chain/treasury-transaction.entity';
import { DataRequest } from '../requests/request.entity';

/**
 * A payout's states: the treasury transaction's pending -> sent | failed, and before them, for a
 * request paid after review, awaiting_review -> pending (approved by the requester or at the
 * deadline) or rejected (the requester's reason; nothing is paid and the place is free again).
 */
export const PAYOUT_STATUSES = ['awaiting_review', ...TREASURY_TX_STATUSES, 'rejected'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];
/** How a review ended: by the requester, or by the deadline passing undecided. */
export const REVIEW_OUTCOMES = ['approved', 'auto_approved', 'rejected'] as const;
export type ReviewOutcome = (typeof REVIEW_OUTCOMES)[number];
/** SQL: the payouts that take one of a request's paid places (owed, being paid or paid). */
export const TAKES_A_PLACE = "status not in ('failed', 'rejected')";
export const MAX_REASON_LENGTH = 500;

/**
 * A participant's bonus, paid from the request's escrow by the treasury (a factory operator) with
 * `pay(wallet)`. Created in the transaction that accepts the submission; unique per escrow and
 * wallet, as the escrow itself pays a wallet once. The signed transaction is stored before it is
 * broadcast (TreasuryQueue), so retries and crashes never pay twice. A money record: it outlives
 * a deleted request and a withdrawn submission (a payout made is not reversed).
 * pending -> sent (mined), or failed (the escrow is exhausted or closed, or the call reverted).
 * Paid after review: created awaiting_review with its deadline; the requester's approval (or the
 * deadline sweep) makes it pending, a rejection makes it rejected with the reason.
 */
@Entity({ tableName: 'payouts' })
@Unique({ properties: ['escrowAddress', 'walletAddress'] })
@Index({ properties: ['status', 'nextAttemptAt'] })
@Index({ properties: ['status', 'reviewDueAt'] })
@Check({
  name: 'payouts_status_check',
  expression: `status in (${PAYOUT_STATUSES.map((v) => `'${v}'`).join(', ')})`,
})
@Check({
  name: 'payouts_review_outcome_check',
  expression: `review_outcome is null or review_outcome in (${REVIEW_OUTCOMES.map((v) => `'${v}'`).join(', ')})`,
})
@Check({ name: 'payouts_amount_positive', expression: 'amount > 0' })
export class Payout extends TreasuryTransaction<PayoutStatus> {
  [OptionalProps]?:
    | TreasuryTransactionDefaults
    | 'attempts'
    | 'nextAttemptAt'
    | 'lastError'
    | 'reviewDueAt'
    | 'reviewedAt'
    | 'reviewOutcome'
    | 'rejectionReason';

  // wider than the other treasury transactions: awaiting_review
  @Property({ type: 'string', length: 16 })
  declare status: PayoutStatus;

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => DataRequest, { deleteRule: 'set null', nullable: true, index: true })
  request?: DataRequest | null;

  @Property({ type: 'string', length: 42 })
  escrowAddress!: string;

  @Property({ type: 'string', length: 42 })
  walletAddress!: string;

  // whole IPT: the request's bonus_each when the submission was accepted
  @Property({ type: 'integer' })
  amount!: number;

  @Property({ type: 'integer' })
  attempts: number = 0;

  // when the retry loop may try again (backs off while the chain is unavailable)
  @Property({ type: 'datetime' })
  nextAttemptAt: Date = new Date();

  @Property({ type: 'string', length: 500, nullable: true })
  lastError?: string | null = null;

  // paid after review: when it is approved automatically if the requester has not decided
  @Property({ type: 'datetime', nullable: true })
  reviewDueAt?: Date | null = null;

  @Property({ type: 'datetime', nullable: true })
  reviewedAt?: Date | null = null;

  @Property({ type: 'string', length: 13, nullable: true })
  reviewOutcome?: ReviewOutcome | null = null;

  // the requester's words to the participant when rejecting
  @Property({ type: 'string', length: MAX_REASON_LENGTH, nullable: true })
  rejectionReason?: string | null = null;
}
