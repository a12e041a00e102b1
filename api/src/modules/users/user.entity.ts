import { OptionalProps } from '@mikro-orm/core';
import { Entity, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { randomUUID } from 'node:crypto';

// A requester's account. Usernames are unique case-insensitively (index on lower(username) in the
// migration); e-mail addresses are stored lower-cased and unique.
@Entity({ tableName: 'users' })
@Unique({
  name: 'users_username_lower_unique',
  expression: 'create unique index "users_username_lower_unique" on "users" (lower("username"))',
})
export class User {
  [OptionalProps]?: 'createdAt' | 'updatedAt' | 'guest' | 'avatarKey' | 'emailVerifiedAt' | 'passwordChangedAt';

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

  @Property({ type: 'datetime' })
  createdAt: Date = new Date();

  @Property({ type: 'datetime', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
