import { OptionalProps } from '@mikro-orm/core';
import { Entity, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { User } from '../users/user.entity';

// One-time e-mail verification token; only its SHA-256 is stored.
@Entity({ tableName: 'email_verifications' })
export class EmailVerification {
  [OptionalProps]?: 'createdAt' | 'usedAt';

  @PrimaryKey({ type: 'string', length: 64 })
  tokenHash!: string;

  @ManyToOne(() => User, { deleteRule: 'cascade', index: true })
  user!: User;

  @Property({ type: 'datetime' })
  expiresAt!: Date;

  @Property({ type: 'datetime', nullable: true })
  usedAt?: Date | null = null;

  @Property({ type: 'datetime' })
  createdAt: Date = new Date();
}
