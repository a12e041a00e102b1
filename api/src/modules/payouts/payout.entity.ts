import { OptionalProps } from '@mikro-orm/core';
import { Check, Entity, Index, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { randomUUID } from 'node:crypto';
import {
  TREASURY_TX_STATUSES,
  TreasuryTransaction,
  type TreasuryTransactionDefaults,
  type TreasuryTxStatus,
} from '../chain/treasury-transaction.entity';
import { DataRequest } from '../requests/request.entity';

export const PAYOUT_STATUSES = TREASURY_TX_STATUSES;
export type PayoutStatus = TreasuryTxStatus;

/**
 * A participant's bonus, paid from the request's escrow by the treasury (a factory operator) with
 * `pay(wallet)`. Created in the transaction that accepts the submission; unique per escrow and
 * wallet, as the escrow itself pays a wallet once. The signed transaction is stored before it is
 * broadcast (TreasuryQueue), so retries and crashes never pay twice. A money record: it outlives
 * a deleted request and a withdrawn submission (a payout made is not reversed).
 * pending -> sent (mined), or failed (the escrow is exhausted or closed, or the call reverted).
 */
@Entity({ tableName: 'payouts' })
@Unique({ properties: ['escrowAddress', 'walletAddress'] })
@Index({ properties: ['status', 'nextAttemptAt'] })
@Check({ name: 'payouts_status_check', expression: "status in ('pending', 'sent', 'failed')" })
@Check({ name: 'payouts_amount_positive', expression: 'amount > 0' })
export class Payout extends TreasuryTransaction {
  [OptionalProps]?: TreasuryTransactionDefaults | 'attempts' | 'nextAttemptAt' | 'lastError';

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
}
