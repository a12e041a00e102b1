import { OptionalProps } from '@mikro-orm/core';
import { Entity, Index, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { randomUUID } from 'node:crypto';
import { User } from '../users/user.entity';

export const MEMBER_ROLES = ['owner', 'guest'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

/**
 * A virtual clean room. The server never holds its key: every member's browser keeps a copy
 * sealed to that member's public key (RoomKey). `keyVersion` is the current room key version.
 */
@Entity({ tableName: 'vcr_rooms' })
export class Room {
  [OptionalProps]?: 'createdAt' | 'keyVersion';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => User, { deleteRule: 'cascade', index: true })
  owner!: User;

  @Property({ type: 'string', length: 100 })
  name!: string;

  @Property({ type: 'integer' })
  keyVersion: number = 1;

  @Property({ type: 'datetime' })
  createdAt: Date = new Date();
}

/** A user in a room: the owner, or a guest. `publicKeyId` is the key the member chose to enter. */
@Entity({ tableName: 'vcr_room_members' })
@Unique({ properties: ['room', 'user'] })
export class RoomMember {
  [OptionalProps]?: 'createdAt' | 'publicKeyId' | 'approvedAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => Room, { deleteRule: 'cascade' })
  room!: Room;

  @ManyToOne(() => User, { deleteRule: 'cascade', index: true })
  user!: User;

  @Property({ type: 'string', length: 5 })
  role!: MemberRole;

  @Property({ type: 'string', length: 32, nullable: true })
  publicKeyId?: string | null = null;

  // when the owner first sealed the room key to this member (owners: at creation)
  @Property({ type: 'datetime', nullable: true })
  approvedAt?: Date | null = null;

  @Property({ type: 'datetime' })
  createdAt: Date = new Date();
}

/**
 * One member's copy of one room key version: HPKE-sealed to the member's public key, or null
 * while the member waits for the owner (shown as the marker `waitingforsessionkey`).
 */
@Entity({ tableName: 'vcr_room_keys' })
@Unique({ properties: ['room', 'user', 'keyVersion'] })
export class RoomKey {
  [OptionalProps]?: 'createdAt' | 'updatedAt' | 'sealedKey';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => Room, { deleteRule: 'cascade' })
  room!: Room;

  @ManyToOne(() => User, { deleteRule: 'cascade', index: true })
  user!: User;

  @Property({ type: 'integer' })
  keyVersion!: number;

  @Property({ type: 'string', length: 32 })
  publicKeyId!: string;

  @Property({ type: 'text', nullable: true })
  sealedKey?: string | null = null;

  @Property({ type: 'datetime' })
  createdAt: Date = new Date();

  @Property({ type: 'datetime', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}

/**
 * An invitation to a room, by e-mail address. Nobody becomes a member without saying yes: the
 * account with that (verified) address accepts or declines it on its rooms page, or registers
 * through the link in the invitation mail (which accepts it).
 */
@Entity({ tableName: 'vcr_invitations' })
@Unique({ properties: ['room', 'email'] })
@Index({ properties: ['email'] })
export class RoomInvitation {
  [OptionalProps]?: 'createdAt' | 'acceptedAt' | 'declinedAt' | 'tokenHash';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => Room, { deleteRule: 'cascade' })
  room!: Room;

  @Property({ type: 'string', length: 254 })
  email!: string;

  @ManyToOne(() => User, { deleteRule: 'cascade', index: true })
  invitedBy!: User;

  // SHA-256 of the secret in the newest invitation link (registering through it makes a guest
  // account without e-mail verification: the link proved the address)
  @Property({ type: 'string', length: 64, nullable: true, unique: true })
  tokenHash?: string | null = null;

  @Property({ type: 'datetime', nullable: true })
  acceptedAt?: Date | null = null;

  @Property({ type: 'datetime', nullable: true })
  declinedAt?: Date | null = null;

  @Property({ type: 'datetime' })
  createdAt: Date = new Date();
}
