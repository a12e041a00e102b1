import type { EntityManager } from '@mikro-orm/postgresql';
import { badInput, conflict, forbidden, notFound } from '../../shared/errors';
import { sha256Hex } from '../../shared/tokens';
import { Key } from '../keys/key.entity';
import { normaliseKeyId } from '../keys/public-key';
import type { MailService } from '../mail/mail.service';
import type { User } from '../users/user.entity';
import { addMember, answer, invitationsFor, inviteAll, type InvitationView, type InviteDeps } from './invitations';
import { Room, RoomInvitation, RoomKey, RoomMember } from './room.entity';
import type {
  AddUsersCommand,
  ChooseKeyCommand,
  CreateRoomCommand,
  InviteCommand,
  RoomUserRef,
  RotateCommand,
  SealForMemberCommand,
} from './rooms.schemas';

/** What the legacy API shows instead of a sealed key while the owner has not sealed one. */
export const WAITING_MARKER = 'waitingforsessionkey';
// CRYPTO.md s.3 / spec: with fewer than 3 room users the first guest is sealed automatically by the
// owner's open browser; beyond that every guest waits for an explicit approval.
export const AUTO_SEAL_BELOW = 3;

// the limits live with the invitations; tests and mappers read them here
export { INVITATION_LIMITS, MAX_MEMBERS, type InvitationView } from './invitations';

export type Access = { room: Room; member: RoomMember };
export type MemberStatus = 'invited' | 'waiting' | 'active';

export type MemberView = {
  member: RoomMember;
  status: MemberStatus;
  /** the owner's open browser may seal this member's key without asking (the two-member case) */
  autoSeal: boolean;
};

export type RoomView = Access & { userCount: number };

/**
 * A module's part in deleting a room, run in the deletion's transaction while the room's rows still
 * exist; what it returns runs once they are gone. Modules above rooms (datasets: each data set's
 * own tables) register one in the composition root, so rooms need not know them.
 */
export type RoomDeletionHook = (tx: EntityManager, roomId: string) => Promise<(() => Promise<void>) | void>;

export class RoomsService {
  private readonly deletionHooks: RoomDeletionHook[] = [];

  constructor(
    private readonly mail: MailService,
    private readonly publicUrl: string,
  ) {}

  private get invites(): InviteDeps {
    return {
      mail: this.mail,
      publicUrl: this.publicUrl,
      ownerAccess: (em, user, roomId) => this.ownerAccess(em, user, roomId),
    };
  }

  /** Adds a module's part to every room's deletion (see RoomDeletionHook). */
  onDelete(hook: RoomDeletionHook): void {
    this.deletionHooks.push(hook);
  }

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

  async create(em: EntityManager, user: User, input: CreateRoomCommand): Promise<RoomView> {
    return em.transactional(async (tx) => {
      const room = tx.create(Room, { owner: user, name: input.name });
      const member = tx.create(RoomMember, { room, user, role: 'owner' });
      await tx.flush();
      return { room, member, userCount: 1 };
    });
  }

  /** The caller's rooms, newest first (invitations not yet accepted are not among them). */
  async list(em: EntityManager, user: User): Promise<RoomView[]> {
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

  async get(em: EntityManager, user: User, roomId: string): Promise<RoomView> {
    const a = await this.access(em, user, roomId);
    return { ...a, userCount: await this.userCount(em, a.room) };
  }

  /** Owner only: deletes the room with its members, keys, data sets, rows and reports. */
  async delete(em: EntityManager, user: User, roomId: string): Promise<void> {
    await em.transactional(async (tx) => {
      const { room } = await this.ownerAccess(tx, user, roomId);
      const after: (() => Promise<void>)[] = [];
      for (const hook of this.deletionHooks) {
        const then = await hook(tx, room.id);
        if (then) after.push(then);
      }
      await tx.execute(`delete from vcr_rooms where id = ?`, [room.id]);
      for (const then of after) await then();
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
  async chooseKey(em: EntityManager, user: User, input: ChooseKeyCommand): Promise<RoomKey> {
    return em.transactional(async (tx) => {
      const { room, member } = await this.access(tx, user, input.roomId);
      await tx.execute('select id from vcr_rooms where id = ? for update', [room.id]);
      const key = await this.ownKey(tx, user, input.publicKeyId);
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
    input: SealForMemberCommand,
    opts: { ownerSelf?: boolean } = {},
  ): Promise<RoomKey> {
    return em.transactional(async (tx) => {
      const { room, member: me } = await this.ownerAccess(tx, user, input.roomId);
      await tx.execute('select id from vcr_rooms where id = ? for update', [room.id]);
      if (opts.ownerSelf && input.userId !== user.id) {
        throw badInput("user_id: updateOwnerSession updates the owner's own key; use updateAesKey for a guest");
      }
      const target = input.userId === user.id ? me : await tx.findOne(RoomMember, { room, user: input.userId });
      if (!target) throw notFound('Room member');
      const keyId = normaliseKeyId(input.publicKeyId);
      const version = input.keyVersion ?? room.keyVersion;
      if (version > room.keyVersion) throw badInput(`key_version: the room key is at version ${room.keyVersion}`);
      if (target === me) {
        // the owner moving to another of their keys
        const key = await this.ownKey(tx, user, input.publicKeyId);
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
  async rotate(em: EntityManager, user: User, input: RotateCommand): Promise<Room> {
    return em.transactional(async (tx) => {
      const { room } = await this.ownerAccess(tx, user, input.roomId);
      await tx.execute('select id from vcr_rooms where id = ? for update', [room.id]);
      await tx.refresh(room);
      const members = await tx.find(RoomMember, { room });
      const current = await tx.find(RoomKey, { room, keyVersion: room.keyVersion });
      const holders = current.filter((k) => k.sealedKey).map((k) => k.user.id);
      const given = new Map(input.keys.map((k) => [k.userId, k]));
      const missing = holders.filter((id) => !given.has(id));
      if (missing.length)
        throw badInput(
          `keys: seal the new key to every member holding the current one (missing ${missing.join(', ')})`,
        );
      const next = room.keyVersion + 1;
      for (const m of members) {
        const k = given.get(m.user.id);
        if (k) {
          if (!m.publicKeyId || normaliseKeyId(k.publicKeyId) !== m.publicKeyId)
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
  async memberPublicKey(em: EntityManager, user: User, input: RoomUserRef): Promise<{ member: RoomMember; key: Key }> {
    const { room } = await this.access(em, user, input.roomId);
    const member = await em.findOne(RoomMember, { room, user: input.userId });
    if (!member) throw notFound('Room member');
    if (!member.publicKeyId) throw notFound('Public key (that member has not chosen a key yet)');
    const key = await em.findOne(Key, { id: member.publicKeyId });
    if (!key) throw notFound('Public key (the member deleted it; they must choose another)');
    return { member, key };
  }

  /**
   * Owner only: invites the recipients as guests. Nobody becomes a member here: an address with an
   * account gets an in-app notification and accepts or declines on its rooms page; one without an
   * account can register through the link of an invitation mail (sendInvite). The answer is the
   * same whether or not an address has an account.
   */
  async addUsers(em: EntityManager, user: User, input: AddUsersCommand): Promise<{ invited: string[] }> {
    if (input.ownerId && input.ownerId !== user.id) throw badInput("user_id: send your own id (the room owner's)");
    return inviteAll(this.invites, em, user, input.roomId, input.recipients, { mail: false });
  }

  /** Invitation e-mails to a room the caller owns (and in-app notifications for existing accounts). */
  async sendInvite(em: EntityManager, user: User, input: InviteCommand): Promise<{ sent: string[] }> {
    return { sent: (await inviteAll(this.invites, em, user, input.roomId, input.recipients, { mail: true })).invited };
  }

  /** The address an unused invitation link was sent to (registration through the link). */
  async pendingInviteEmail(em: EntityManager, token: string): Promise<string | null> {
    const inv = await em.findOne(RoomInvitation, { tokenHash: sha256Hex(token), acceptedAt: null, declinedAt: null });
    return inv?.email ?? null;
  }

  /** Registration through an invitation link accepts it: the new account joins the room as a guest. */
  async acceptInviteToken(em: EntityManager, token: string, user: User): Promise<void> {
    const inv = await em.findOne(
      RoomInvitation,
      { tokenHash: sha256Hex(token), acceptedAt: null, declinedAt: null },
      { populate: ['room'] },
    );
    if (!inv) return;
    await em.flush();
    await addMember(em, inv.room, user);
    inv.acceptedAt = new Date();
    inv.tokenHash = null;
  }

  /** Invitations to the caller's (verified) address waiting for an answer, newest first. */
  invitationsFor(em: EntityManager, user: User): Promise<InvitationView[]> {
    return invitationsFor(em, user);
  }

  /** The invitee says yes: a guest of the room from now on; the inviter is told. */
  async acceptInvitation(em: EntityManager, user: User, invitationId: string): Promise<RoomView> {
    const room = await answer(em, user, invitationId, async (tx, inv) => {
      await addMember(tx, inv.room, user);
      inv.acceptedAt = new Date();
      inv.tokenHash = null;
      return 'accepted';
    });
    return this.get(em.fork(), user, room.id);
  }

  /** The invitee says no: nothing changes but the invitation, and the inviter is told. */
  async declineInvitation(em: EntityManager, user: User, invitationId: string): Promise<void> {
    await answer(em, user, invitationId, async (_tx, inv) => {
      inv.declinedAt = new Date();
      inv.tokenHash = null;
      return 'declined';
    });
  }

  private async ownKey(em: EntityManager, user: User, publicKeyId: string): Promise<Key> {
    const id = normaliseKeyId(publicKeyId);
    const key = id ? await em.findOne(Key, { id, user }) : null;
    if (!key) throw notFound('Key (choose one of your own keys)');
    return key;
  }
}
