import { OptionalProps } from '@mikro-orm/core';
import { Check, Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { randomUUID } from 'node:crypto';
import { User } from '../users/user.entity';

export const PURCHASE_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type PurchaseStatus = (typeof PURCHASE_STATUSES)[number];
export const GATEWAYS = ['stripe', 'sandbox', 'free'] as const;
export type GatewayName = (typeof GATEWAYS)[number];

/**
 * A checkout of one plan. Price and tokens are copied from the server's plan table when it is
 * created; the client never sends an amount. Succeeding credits the ledger once (`purchase:<id>`).
 */
@Entity({ tableName: 'purchases' })
@Index({ properties: ['user', 'createdAt'] })
@Check({ name: 'purchases_status_check', expression: "status in ('pending', 'succeeded', 'failed')" })
@Check({ name: 'purchases_gateway_check', expression: "gateway in ('stripe', 'sandbox', 'free')" })
@Check({ name: 'purchases_amounts_check', expression: 'amount_cents >= 0 and tokens > 0' })
export class Purchase {
  [OptionalProps]?: 'createdAt' | 'updatedAt' | 'status' | 'externalId' | 'failureMessage' | 'completedAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => User)
  user!: User;

  // plan id, e.g. 10credits
  @Property({ type: 'string', length: 20 })
  item!: string;

  @Property({ type: 'integer' })
  amountCents!: number;

  @Property({ type: 'string', length: 3 })
  currency!: string;

  @Property({ type: 'integer' })
  tokens!: number;

  @Property({ type: 'string', length: 10 })
  gateway!: GatewayName;

  // the gateway's id for this payment (Stripe PaymentIntent id, sandbox sbx_...)
  @Property({ type: 'string', length: 255, nullable: true, unique: true })
  externalId?: string | null = null;

  @Property({ type: 'string', length: 10 })
  status: PurchaseStatus = 'pending';

  // the gateway's reason for the last failed attempt, shown as "Payment failed {message}"
  @Property({ type: 'string', length: 500, nullable: true })
  failureMessage?: string | null = null;

  @Property({ type: 'datetime', nullable: true })
  completedAt?: Date | null = null;

  @Property({ type: 'datetime' })
  createdAt: Date = new Date();

  @Property({ type: 'datetime', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
