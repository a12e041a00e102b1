import { OptionalProps } from '@mikro-orm/core';
import { Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { User } from '../users/user.entity';

// A login session. The cookie carries a random token; only its SHA-256 is stored, so a database
// leak does not hand out live sessions.
@Entity({ tableName: 'sessions' })
export class Session {
  [OptionalProps]?: 'createdAt' | 'lastSeenAt';

  @PrimaryKey({ type: 'string', length: 64 })
  tokenHash!: string;

  @ManyToOne(() => User, { deleteRule: 'cascade', index: true })
  user!: User;

  @Property({ type: 'datetime' })
  createdAt: Date = new Date();

  @Property({ type: 'datetime' })
  lastSeenAt: Date = new Date();

  @Index()
  @Property({ type: 'datetime' })
  expiresAt!: Date;
}
