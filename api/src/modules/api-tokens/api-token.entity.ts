import { OptionalProps } from '@mikro-orm/core';
import { Entity, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { randomUUID } from 'node:crypto';
import { User } from '../users/user.entity';

// A personal API token for integrators. The secret is shown once; only its SHA-256 is stored.
@Entity({ tableName: 'api_tokens' })
export class ApiToken {
  [OptionalProps]?: 'createdAt' | 'lastUsedAt' | 'revokedAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => User, { deleteRule: 'cascade', index: true })
  user!: User;

  @Property({ type: 'string', length: 100 })
  name!: string;

  // first characters of the token, so the owner can tell tokens apart
  @Property({ type: 'string', length: 16 })
  prefix!: string;

  @Property({ type: 'string', length: 64, unique: true })
  tokenHash!: string;

  @Property({ type: 'datetime' })
  createdAt: Date = new Date();

  @Property({ type: 'datetime', nullable: true })
  lastUsedAt?: Date | null = null;

  @Property({ type: 'datetime', nullable: true })
  revokedAt?: Date | null = null;
}
