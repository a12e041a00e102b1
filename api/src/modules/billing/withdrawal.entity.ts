import { OptionalProps } from '@mikro-orm/core';
import { Check, Entity, Index, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { randomUUID } from 'node:crypto';
import { User } from '../users/user.entity';

export const WITHDRAWAL_STATUSES = ['pending', 'sent', 'failed'] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];

/**
 * Purchased credit moved to a wallet as on-chain IPT. The ledger is debited when the row is created
 * (`withdrawal:<id>`); the treasury's transaction is signed and stored here BEFORE it is broadcast,
 * so a crash at any point leaves a record a retry can finish without paying twice:
 * pending -> sent (mined), or pending -> failed with the debit refunded (`withdrawal-refund:<id>`).
 */
@Entity({ tableName: 'withdrawals' })
@Unique({ properties: ['user', 'idempotencyKey'] })
@Index({ properties: ['status', 'createdAt'] })
@Check({ name: 'withdrawals_status_check', expression: "status in ('pending', 'sent', 'failed')" })
@Check({ name: 'withdrawals_amount_positive', expression: 'amount > 0' })
export class Withdrawal {
  [OptionalProps]?:
    | 'createdAt'
    | 'updatedAt'
    | 'status'
    | 'fromAddress'
    | 'nonce'
    | 'txHash'
    | 'rawTx'
    | 'failureMessage'
    | 'completedAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => User)
  user!: User;

  // chosen by the client so a retried request finds this row instead of withdrawing again
  @Property({ type: 'string', length: 64 })
  idempotencyKey!: string;

  @Property({ type: 'integer' })
  amount!: number;

  // checksummed recipient wallet
  @Property({ type: 'string', length: 42 })
  toAddress!: string;

  @Property({ type: 'string', length: 10 })
  status: WithdrawalStatus = 'pending';

  // the treasury's signed transaction: set once, before broadcasting
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
