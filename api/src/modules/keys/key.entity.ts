import { OptionalProps } from '@mikro-orm/core';
import { Entity, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { User } from '../users/user.entity';

// A user's public key (P-256 SPKI). The id is the first 16 bytes of SHA-256 over the SPKI DER, in
// hex; the browser keeps the private half in local storage under the same id.
@Entity({ tableName: 'keys' })
export class Key {
  [OptionalProps]?: 'createdAt';

  @PrimaryKey({ type: 'string', length: 32 })
  id!: string;

  @ManyToOne(() => User, { deleteRule: 'cascade', index: true })
  user!: User;

  @Property({ type: 'string', length: 100 })
  title!: string;

  @Property({ type: 'text' })
  publicKeyPem!: string;

  @Property({ type: 'datetime' })
  createdAt: Date = new Date();
}
