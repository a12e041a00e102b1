import { Property } from '@mikro-orm/decorators/legacy';

export const TREASURY_TX_STATUSES = ['pending', 'sent', 'failed'] as const;
export type TreasuryTxStatus = (typeof TREASURY_TX_STATUSES)[number];

/** The properties TreasuryTransaction gives its entities, optional when creating a row. */
export type TreasuryTransactionDefaults =
  | 'status'
  | 'fromAddress'
  | 'nonce'
  | 'txHash'
  | 'rawTx'
  | 'failureMessage'
  | 'completedAt'
  | 'createdAt'
  | 'updatedAt';

/**
 * The columns every row holding a treasury transaction shares (withdrawals, payouts, escrow
 * fundings): its status, and the signed transaction stored BEFORE it is broadcast (TreasuryQueue
 * reads `status`, `from_address` and `nonce` to reserve nonces). pending -> sent (mined) or failed.
 */
export abstract class TreasuryTransaction<S extends string = TreasuryTxStatus> {
  // S: a table may know states before and after the transaction (payouts: awaiting_review, rejected)
  @Property({ type: 'string', length: 10 })
  status: S | TreasuryTxStatus = 'pending';

  // the treasury's signed transaction: set before broadcasting
  @Property({ type: 'string', length: 42, nullable: true })
  fromAddress?: string | null = null;

  @Property({ type: 'integer', nullable: true })
  nonce?: number | null = null;

  @Property({ type: 'string', length: 66, nullable: true, unique: true })
  txHash?: string | null = null;

  @Property({ type: 'text', nullable: true, hidden: true })
  rawTx?: string | null = null;

  @Property({ type: 'string', length: 500, nullable: true })
  failureMessage?: string | null = null;

  @Property({ type: 'datetime', nullable: true })
  completedAt?: Date | null = null;

  @Property({ type: 'datetime' })
  createdAt: Date = new Date();

  @Property({ type: 'datetime', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
