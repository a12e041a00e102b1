import { OptionalProps } from '@mikro-orm/core';
import { Check, Entity, Index, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { randomUUID } from 'node:crypto';
import {
  TREASURY_TX_STATUSES,
  TreasuryTransaction,
  type TreasuryTransactionDefaults,
  type TreasuryTxStatus,
} from '../chain/treasury-transaction.entity';
import { User } from '../users/user.entity';

export const WITHDRAWAL_STATUSES = TREASURY_TX_STATUSES;
export type WithdrawalStatus = TreasuryTxStatus;

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
export class Withdrawal extends TreasuryTransaction {
  [OptionalProps]?: TreasuryTransactionDefaults;

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
}
