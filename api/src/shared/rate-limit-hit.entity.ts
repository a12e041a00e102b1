import { OptionalProps } from '@mikro-orm/core';
import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

// A counted event for a rate-limited bucket (e.g. failed logins per username). Kept in PostgreSQL
// so limits hold across several API processes.
@Entity({ tableName: 'rate_limit_hits' })
@Index({ properties: ['bucket', 'createdAt'] })
export class RateLimitHit {
  [OptionalProps]?: 'createdAt';

  @PrimaryKey({ type: 'bigint', autoincrement: true })
  id!: string;

  @Property({ type: 'string', length: 300 })
  bucket!: string;

  @Property({ type: 'datetime' })
  createdAt: Date = new Date();
}
