import { OptionalProps } from '@mikro-orm/core';
import { Check, Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { randomUUID } from 'node:crypto';
import { User } from '../users/user.entity';

export const CREDIT_KINDS = ['purchase', 'free-plan', 'report', 'withdrawal', 'adjustment', 'escrow'] as const;
export type CreditKind = (typeof CREDIT_KINDS)[number];

/**
 * One change of a user's prepaid IPT credit (whole tokens; + credit, - debit). Rows are only ever
 * inserted: the balance is their sum, so there is no second number that could drift from it. The
 * unique reference names the business event (`purchase:<id>`, `report:<id>`, ...), which makes
 * every credit and debit idempotent.
 */
@Entity({ tableName: 'credit_entries' })
@Index({ properties: ['user', 'createdAt'] })
@Check({ name: 'credit_entries_amount_nonzero', expression: 'amount <> 0' })
@Check({
  name: 'credit_entries_kind_check',
  expression: `kind in (${CREDIT_KINDS.map((k) => `'${k}'`).join(', ')})`,
})
export class CreditEntry {
  [OptionalProps]?: 'createdAt' | 'metadata';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  // no cascade: money records outlive a careless delete
  @ManyToOne(() => User)
  user!: User;

  @Property({ type: 'integer' })
  amount!: number;

  @Property({ type: 'string', length: 20 })
  kind!: CreditKind;

  @Property({ type: 'string', length: 200, unique: true })
  reference!: string;

  @Property({ type: 'json', nullable: true })
  metadata?: Record<string, string | number | boolean> | null = null;

  @Property({ type: 'datetime' })
  createdAt: Date = new Date();
}
