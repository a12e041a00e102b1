import { OptionalProps } from '@mikro-orm/core';
import { Check, Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { randomUUID } from 'node:crypto';
import { TreasuryTransaction, type TreasuryTransactionDefaults } from '../chain/treasury-transaction.entity';
import { User } from '../users/user.entity';

export const FUNDING_KINDS = ['create', 'top-up', 'close'] as const;
export type FundingKind = (typeof FUNDING_KINDS)[number];

/**
 * One treasury transaction for a request paid with prepaid credit: `create` (the factory creates
 * and funds the escrow; the ledger was debited `amount` under `reference`), `top-up` (Total IPTs
 * went up: `amount` more IPT into the escrow, its own reference) or `close` (the escrow refunds
 * what is left to the treasury, which credits the requester: `amount` is that refund). Like
 * withdrawals and payouts, the signed transaction is stored BEFORE it is broadcast (TreasuryQueue),
 * so a retry, a double click or a crash never pays twice: pending -> sent (mined), or pending ->
 * failed with the debit refunded (`<reference>:refund`). A money record: it outlives the request.
 * At most one live (not failed) `create` and one `close` per request (partial unique indexes).
 */
@Entity({ tableName: 'escrow_fundings' })
@Index({ properties: ['status', 'createdAt'] })
@Index({
  name: 'escrow_fundings_one_live',
  expression:
    'create unique index "escrow_fundings_one_live" on "escrow_fundings" ("request_id", "kind") where status <> \'failed\' and kind in (\'create\', \'close\')',
})
@Check({ name: 'escrow_fundings_status_check', expression: "status in ('pending', 'sent', 'failed')" })
@Check({ name: 'escrow_fundings_kind_check', expression: "kind in ('create', 'top-up', 'close')" })
@Check({ name: 'escrow_fundings_amount_check', expression: "amount > 0 or (kind = 'close' and amount >= 0)" })
export class EscrowFunding extends TreasuryTransaction {
  [OptionalProps]?: TreasuryTransactionDefaults | 'bonusEach' | 'escrowAddress';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  // no foreign key: the record outlives a deleted request
  @Property({ type: 'uuid', index: true })
  requestId!: string;

  @ManyToOne(() => User)
  user!: User;

  @Property({ type: 'string', length: 10 })
  kind!: FundingKind;

  // whole IPT: debited (create, top-up) or refunded to credit (close, once mined)
  @Property({ type: 'integer' })
  amount!: number;

  // create: what the escrow pays per response
  @Property({ type: 'integer', nullable: true })
  bonusEach?: number | null = null;

  // the ledger reference of the debit (create, top-up) or of the refund (close)
  @Property({ type: 'string', length: 200, unique: true })
  reference!: string;

  // the escrow: known up front for top-up and close, read from the chain once a create is mined
  @Property({ type: 'string', length: 42, nullable: true })
  escrowAddress?: string | null = null;
}
