import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError, badInput, conflict, forbidden, notFound } from '../../shared/errors';
import { newSecret, sha256Hex } from '../../shared/tokens';
import { parseInput } from '../../shared/validation';
import { Key } from '../keys/key.entity';
import { normaliseKeyId } from '../keys/public-key';
import type { MailService } from '../mail/mail.service';
import { Notification } from '../notifications/notification.entity';
import { User } from '../users/user.entity';
import { dropDatasetTables } from './dataset-tables';
import { Room, RoomInvitation, RoomKey, RoomMember } from './room.entity';
import {
  createAesKeySchema,
  createRoomSchema,
  createRoomUsersSchema,
  roomRefSchema,
  roomUserSchema,
  rotateKeySchema,
  sealForUserSchema,
  sendInviteSchema,
} from './rooms.schemas';

/** What the legacy API shows instead of a sealed key while the owner has not sealed one. */
export const WAITING_MARKER = 'waitingforsessionkey';
export const MAX_MEMBERS = 10;
// CRYPTO.md s.3 / spec: with fewer than 3 room users the first guest is sealed automatically by the
// owner's open browser; beyond that every guest waits for an explicit approval.
export const AUTO_SEAL_BELOW = 3;

export type Access = { room: Room; member: RoomMember };
export type MemberStatus = 'invited' | 'waiting' | 'active';

export type MemberView = {
  member: RoomMember;
  status: MemberStatus;
  /** the owner's open browser may seal this member's key without asking (the two-member case) */
  autoSeal: boolean;
};

export type RoomView = Access & { userCount: number };

export class RoomsService {
  constructor(
    private readonly mail: MailService,
    private readonly publicUrl: string,
  ) {}

  /**
   * The caller's membership of a room. Anyone who is not a member gets NOT_FOUND, exactly as for a
   * room that does not exist, so room ids reveal nothing.
   */
  async access(em: EntityManager, user: User, roomId: string): Promise<Access> {
    const member = await em.findOne(RoomMember, { room: roomId, user }, { populate: ['room'] });
    if (!member) throw notFound('Room');
    return { room: member.room, member };
  }

  /** Like access, for what only the owner may do; a guest gets FORBIDDEN. */
  async ownerAccess(em: EntityManager, user: User, roomId: string): Promise<Access> {
    const a = await this.access(em, user, roomId);
    if (a.member.role !== 'owner') throw forbidden('Only the room owner can do this');
    return a;
  }

  async create(em: EntityManager, user: User, raw: unknown): Promise<RoomView> {
    const input = parseInput(createRoomSchema, raw);
    return em.transactional(async (tx) => {
      const room = tx.create(Room, { owner: user, name: input.name });
      const member = tx.create(RoomMember, { room, user, role: 'owner' });
      await tx.flush();
      return { room, member, userCount: 1 };
    });
  }

  /** The caller's rooms, newest first; pending invitations to the caller's address are claimed first. */
  async list(em: EntityManager, user: User): Promise<RoomView[]> {
    await this.claimInvitations(em, user);
    const members = await em.find(
      RoomMember,
      { user },
      { populate: ['room'], orderBy: { room: { createdAt: 'desc' }, id: 'asc' } },
    );
    const counts = await this.userCounts(
      em,
      members.map((m) => m.room.id),
    );
    return members.map((m) => ({ room: m.room, member: m, userCount: counts.get(m.room.id) ?? 1 }));
  }

  async get(em: EntityManager, user: User, raw: unknown): Promise<RoomView> {
    const { room_id } = parseInput(roomRefSchema, raw);
    await this.claimInvitations(em, user);
    const a = await this.access(em, user, room_id);
    return { ...a, userCount: await this.userCount(em, a.room) };
  }

  /** Owner only: deletes the room with its members, keys, data sets, rows and reports. */
  async delete(em: EntityManager, user: User, raw: unknown): Promise<void> {
    const { room_id } = parseInput(roomRefSchema, raw);
    await em.transactional(async (tx) => {
      const { room } = await this.ownerAccess(tx, user, room_id);
      // each data set has tables of its own: they go with the room
      const sets = await tx.execute<{ id: string }[]>(`select id from vcr_datasets where room_id = ?`, [room.id]);
      await tx.execute(`delete from vcr_rooms where id = ?`, [room.id]);
      await dropDatasetTables(
        tx,
        sets.map((d) => d.id),
      );
    });
  }

  async userCount(em: EntityManager, room: Room): Promise<number> {
    return em.count(RoomMember, { room });
  }

  private async userCounts(em: EntityManager, roomIds: string[]): Promise<Map<string, number>> {
    if (!roomIds.length) return new Map();
    const rows = await em
      .getConnection()
      .execute<{ room_id: string; n: number }[]>(
        `select room_id, count(*)::int as n from vcr_room_members where room_id in (${roomIds.map(() => '?').join(', ')}) group by room_id`,
        roomIds,
      );
    return new Map(rows.map((r) => [r.room_id, r.n]));
  }

  async members(em: EntityManager, room: Room): Promise<MemberView[]> {
    const members = await em.find(
      RoomMember,
      { room },
      { populate: ['user'], orderBy: { createdAt: 'asc', id: 'asc' } },
    );
    const keys = await em.find(RoomKey, { room, keyVersion: room.keyVersion });
    const sealed = new Set(keys.filter((k) => k.sealedKey).map((k) => `${k.user.id}|${k.publicKeyId}`));
    const guests = members.filter((m) => m.role === 'guest');
    return members.map((member) => {
      const status: MemberStatus = !member.publicKeyId
        ? 'invited'
        : sealed.has(`${member.user.id}|${member.publicKeyId}`)
          ? 'active'
          : 'waiting';
      const autoSeal =
        status === 'waiting' &&
        member.role === 'guest' &&
        members.length < AUTO_SEAL_BELOW &&
        guests.length === 1 &&
        !member.approvedAt;
      return { member, status, autoSeal };
    });
  }

  /** Every key record of the room: each is sealed to its member's own public key. */
  keyRecords(em: EntityManager, room: Room): Promise<RoomKey[]> {
    return em.find(RoomKey, { room }, { orderBy: { keyVersion: 'asc', createdAt: 'asc', id: 'asc' } });
  }

  async invitations(em: EntityManager, room: Room): Promise<RoomInvitation[]> {
    return em.find(RoomInvitation, { room }, { orderBy: { createdAt: 'asc', id: 'asc' } });
  }

  /**
   * The caller picks the key they enter the room with. The owner setting up the room sends the
   * new room key sealed to it; a guest's record becomes the `waitingforsessionkey` marker until
   * the owner seals the room key to that key.
   */
  async chooseKey(em: EntityManager, user: User, raw: unknown): Promise<RoomKey> {
    const input = parseInput(createAesKeySchema, raw);
    return em.transactional(async (tx) => {
      const { room, member } = await this.access(tx, user, input.room_id);
      await tx.execute('select id from vcr_rooms where id = ? for update', [room.id]);
      const key = await this.ownKey(tx, user, input.public_key_id);
      const existing = await tx.findOne(RoomKey, { room, user, keyVersion: room.keyVersion });
      if (member.role === 'guest' && input.encryptedSessionKey) {
        throw forbidden('Only the room owner seals room keys');
      }
      if (
        member.role === 'owner' &&
        !input.encryptedSessionKey &&
        !(existing?.sealedKey && existing.publicKeyId === key.id)
      ) {
        throw badInput('encryptedSessionKey: the owner sends the room key sealed to the chosen public key');
      }
      member.publicKeyId = key.id;
      const record =
        existing ??
        tx.create(RoomKey, { room, user, keyVersion: room.keyVersion, publicKeyId: key.id, sealedKey: null });
      if (record.publicKeyId !== key.id) {
        record.publicKeyId = key.id;
        record.sealedKey = null; // sealed to the old key: the owner seals again
      }
      if (member.role === 'owner') {
        record.sealedKey = input.encryptedSessionKey ?? record.sealedKey;
        member.approvedAt ??= new Date();
      }
      await tx.flush();
      return record;
    });
  }

  /**
   * Owner only: seals the room key to a member's chosen public key (the automatic first-guest
   * case and every later approval), for the current or an older key version.
   */
  async sealForMember(
    em: EntityManager,
    user: User,
    raw: unknown,
    opts: { ownerSelf?: boolean } = {},
  ): Promise<RoomKey> {
    const input = parseInput(sealForUserSchema, raw);
    return em.transactional(async (tx) => {
      const { room, member: me } = await this.ownerAccess(tx, user, input.room_id);
      await tx.execute('select id from vcr_rooms where id = ? for update', [room.id]);
      if (opts.ownerSelf && input.user_id !== user.id) {
        throw badInput("user_id: updateOwnerSession updates the owner's own key; use updateAesKey for a guest");
      }
      const target = input.user_id === user.id ? me : await tx.findOne(RoomMember, { room, user: input.user_id });
      if (!target) throw notFound('Room member');
      const keyId = normaliseKeyId(input.public_key_id);
      const version = input.key_version ?? room.keyVersion;
      if (version > room.keyVersion) throw badInput(`key_version: the room key is at version ${room.keyVersion}`);
      if (target === me) {
        // the owner moving to another of their keys
        const key = await this.ownKey(tx, user, input.public_key_id);
        target.publicKeyId = key.id;
      } else if (!target.publicKeyId || target.publicKeyId !== keyId) {
        throw conflict('That member has not chosen this public key; reload and seal to the key they chose');
      }
      let record = await tx.findOne(RoomKey, { room, user: target.user, keyVersion: version });
      if (!record) {
        record = tx.create(RoomKey, {
          room,
          user: target.user,
          keyVersion: version,
          publicKeyId: target.publicKeyId!,
          sealedKey: null,
        });
      }
      record.publicKeyId = target.publicKeyId!;
      record.sealedKey = input.encryptedSessionKey;
      target.approvedAt ??= new Date();
      await tx.flush();
      return record;
    });
  }

  /**
   * Owner only: a new room key version sealed to every member who holds the current one. Members
   * still waiting keep waiting (their marker moves to the new version). Old versions stay, so
   * data sets encrypted under them still open.
   */
  async rotate(em: EntityManager, user: User, raw: unknown): Promise<Room> {
    const input = parseInput(rotateKeySchema, raw);
    return em.transactional(async (tx) => {
      const { room } = await this.ownerAccess(tx, user, input.room_id);
      await tx.execute('select id from vcr_rooms where id = ? for update', [room.id]);
      await tx.refresh(room);
      const members = await tx.find(RoomMember, { room });
      const current = await tx.find(RoomKey, { room, keyVersion: room.keyVersion });
      const holders = current.filter((k) => k.sealedKey).map((k) => k.user.id);
      const given = new Map(input.keys.map((k) => [k.user_id, k]));
      const missing = holders.filter((id) => !given.has(id));
      if (missing.length)
        throw badInput(
          `keys: seal the new key to every member holding the current one (missing ${missing.join(', ')})`,
        );
      const next = room.keyVersion + 1;
      for (const m of members) {
        const k = given.get(m.user.id);
        if (k) {
          if (!m.publicKeyId || normaliseKeyId(k.public_key_id) !== m.publicKeyId)
            throw conflict('A member has chosen another public key; reload and seal again');
          tx.create(RoomKey, {
            room,
            user: m.user,
            keyVersion: next,
            publicKeyId: m.publicKeyId,
            sealedKey: k.encryptedSessionKey,
          });
        } else if (m.publicKeyId) {
          tx.create(RoomKey, { room, user: m.user, keyVersion: next, publicKeyId: m.publicKeyId, sealedKey: null });
        }
      }
      for (const id of given.keys()) {
        if (!members.some((m) => m.user.id === id)) throw notFound('Room member');
      }
      room.keyVersion = next;
      await tx.flush();
      return room;
    });
  }

  /** A member's chosen public key (to seal the room key to it). */
  async memberPublicKey(em: EntityManager, user: User, raw: unknown): Promise<{ member: RoomMember; key: Key }> {
    const input = parseInput(roomUserSchema, raw);
    const { room } = await this.access(em, user, input.room_id);
    const member = await em.findOne(RoomMember, { room, user: input.user_id });
    if (!member) throw notFound('Room member');
    if (!member.publicKeyId) throw notFound('Public key (that member has not chosen a key yet)');
    const key = await em.findOne(Key, { id: member.publicKeyId });
    if (!key) throw notFound('Public key (the member deleted it; they must choose another)');
    return { member, key };
  }

  /**
   * Owner only: adds the recipients as guests. Existing accounts become members at once and are
   * notified in the app; an address without an account gets a pending invitation, claimed when
   * an account with that address opens its room list.
   */
  async addUsers(em: EntityManager, user: User, raw: unknown): Promise<RoomMember[]> {
    const input = parseInput(createRoomUsersSchema, raw);
    if (input.user_id && input.user_id !== user.id) throw badInput("user_id: send your own id (the room owner's)");
    return em.transactional(async (tx) => {
      const { room } = await this.ownerAccess(tx, user, input.room_id);
      await tx.execute('select id from vcr_rooms where id = ? for update', [room.id]);
      const added: RoomMember[] = [];
      for (const email of input.recipients) {
        if (email === user.email) continue;
        await this.invite(tx, user, room, email, { mail: false });
        const invitee = await tx.findOne(User, { email });
        if (invitee) added.push(await this.addMember(tx, room, invitee));
      }
      await tx.flush();
      return added;
    });
  }

  /** Invitation e-mails (and in-app notifications for existing accounts) to the recipients. */
  async sendInvite(em: EntityManager, user: User, raw: unknown): Promise<{ sent: string[] }> {
    const input = parseInput(sendInviteSchema, raw);
    return em.transactional(async (tx) => {
      let room: Room | null = null;
      if (input.room_id) {
        room = (await this.ownerAccess(tx, user, input.room_id)).room;
      }
      const sent: string[] = [];
      for (const email of input.recipients) {
        if (email === user.email) continue;
        if (room) await this.invite(tx, user, room, email, { mail: true });
        else this.inviteMail(tx, user, null, email);
        sent.push(email);
      }
      await tx.flush();
      return { sent };
    });
  }

  private async invite(tx: EntityManager, inviter: User, room: Room, email: string, opts: { mail: boolean }) {
    let inv = await tx.findOne(RoomInvitation, { room, email });
    if (!inv) inv = tx.create(RoomInvitation, { room, email, invitedBy: inviter });
    const invitee = await tx.findOne(User, { email });
    if (opts.mail) {
      // no account yet: the link carries a secret that lets them register as a verified guest
      const token = invitee ? undefined : newSecret(24);
      if (token) inv.tokenHash = sha256Hex(token);
      this.inviteMail(tx, inviter, room, email, token);
    }
    if (invitee && opts.mail) {
      tx.create(Notification, {
        recipient: invitee,
        sender: inviter,
        text: `${inviter.nickname} invited you to the clean room "${room.name}"`,
      });
    }
    return inv;
  }

  private inviteMail(tx: EntityManager, inviter: User, room: Room | null, email: string, token?: string) {
    const link = room ? `${this.publicUrl}/admin/vcrs/${room.id}` : `${this.publicUrl}/admin/vcr`;
    const register = `${this.publicUrl}/auth/register-page?email=${encodeURIComponent(email)}${token ? `&invite=${token}` : ''}`;
    this.mail.enqueue(tx, {
      to: email,
      kind: 'room-invite',
      subject: room
        ? `${inviter.nickname} invited you to a Parley clean room`
        : `${inviter.nickname} invited you to Parley`,
      text: [
        room
          ? `${inviter.nickname} invited you to the virtual clean room "${room.name}" on Parley.`
          : `${inviter.nickname} invited you to work with them in a Parley virtual clean room.`,
        '',
        `Open it: ${link}`,
        `No account yet? Register with this address first: ${register}`,
        '',
        'You enter the room by choosing one of your keys; the owner then shares the room key with you.',
      ].join('\n'),
    });
  }

  private async addMember(tx: EntityManager, room: Room, invitee: User): Promise<RoomMember> {
    const existing = await tx.findOne(RoomMember, { room, user: invitee });
    if (existing) return existing;
    if ((await tx.count(RoomMember, { room })) >= MAX_MEMBERS)
      throw new AppError('CONFLICT', `A room has at most ${MAX_MEMBERS} users`);
    const member = tx.create(RoomMember, { room, user: invitee, role: 'guest' });
    await tx.flush();
    return member;
  }

  /** The address an unused invitation link was sent to (registration through the link). */
  async pendingInviteEmail(em: EntityManager, token: string): Promise<string | null> {
    const inv = await em.findOne(RoomInvitation, { tokenHash: sha256Hex(token), acceptedAt: null });
    return inv?.email ?? null;
  }

  /** Registration through an invitation link: the new account joins the room as a guest. */
  async acceptInviteToken(em: EntityManager, token: string, user: User): Promise<void> {
    const inv = await em.findOne(
      RoomInvitation,
      { tokenHash: sha256Hex(token), acceptedAt: null },
      { populate: ['room'] },
    );
    if (!inv) return;
    await em.flush();
    await this.addMember(em, inv.room, user);
    inv.acceptedAt = new Date();
    inv.tokenHash = null;
  }

  /** Pending invitations to the caller's address become memberships. */
  private async claimInvitations(em: EntityManager, user: User): Promise<void> {
    const pending = await em.find(RoomInvitation, { email: user.email.toLowerCase(), acceptedAt: null });
    if (!pending.length) return;
    await em.transactional(async (tx) => {
      for (const inv of pending) {
        const i = await tx.findOne(RoomInvitation, { id: inv.id, acceptedAt: null }, { populate: ['room'] });
        if (!i) continue;
        if (
          (await tx.count(RoomMember, { room: i.room })) < MAX_MEMBERS ||
          (await tx.count(RoomMember, { room: i.room, user }))
        ) {
          await this.addMember(tx, i.room, user);
        }
        i.acceptedAt = new Date();
      }
      await tx.flush();
    });
  }

  private async ownKey(em: EntityManager, user: User, publicKeyId: string): Promise<Key> {
    const id = normaliseKeyId(publicKeyId);
    const key = id ? await em.findOne(Key, { id, user }) : null;
    if (!key) throw notFound('Key (choose one of your own keys)');
    return key;
  }
}
