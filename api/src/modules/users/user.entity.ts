import { OptionalProps } from '@mikro-orm/core';
import { Check, Entity, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { randomUUID } from 'node:crypto';

// A requester's account. Usernames are unique case-insensitively (index on lower(username) in the
// migration); e-mail addresses are stored lower-cased and unique.
@Entity({ tableName: 'users' })
@Unique({
  name: 'users_username_lower_unique',
  expression: 'create unique index "users_username_lower_unique" on "users" (lower("username"))',
})
@Check({ name: 'users_credit_check', expression: 'credit >= 0' })
export class User {
  [OptionalProps]?:
    'createdAt' | 'updatedAt' | 'guest' | 'avatarKey' | 'emailVerifiedAt' | 'passwordChangedAt' | 'credit';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'string', length: 32 })
  username!: string;

  @Property({ type: 'string', length: 254, unique: true })
  email!: string;

  @Property({ type: 'text', hidden: true })
  passwordHash!: string;

  @Property({ type: 'string', length: 64 })
  nickname!: string;

  @Property({ type: 'string', length: 200, nullable: true })
  avatarKey?: string | null = null;

  // true when the account came from a room invitation link (the invite proved the e-mail)
  @Property({ type: 'boolean' })
  guest: boolean = false;

  @Property({ type: 'datetime', nullable: true })
  emailVerifiedAt?: Date | null = null;

  @Property({ type: 'datetime', nullable: true })
  passwordChangedAt?: Date | null = null;

  // prepaid IPT credit: the sum of the user's credit entries, kept in step by the ledger in the
  // transaction of each entry, under its per-user lock (billing/ledger.service.ts). Nothing else
  // writes it; a loaded user shows the balance of when it was read.
  @Property({ type: 'integer' })
  credit: number = 0;

  @Property({ type: 'datetime' })
  createdAt: Date = new Date();

  @Property({ type: 'datetime', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
