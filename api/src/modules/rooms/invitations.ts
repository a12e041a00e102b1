// Invitations to a room: the owner's (mail or in-app, counted against INVITATION_LIMITS), and the
// invitee's answer, which adds a guest or only closes the invitation; the inviter is told either way.
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError, conflict, notFound } from '../../shared/errors';
import { takeHits } from '../../shared/rate-limit';
import { newSecret, sha256Hex } from '../../shared/tokens';
import type { MailService } from '../mail/mail.service';
import { Notification } from '../notifications/notification.entity';
import { User } from '../users/user.entity';
import { RoomInvitation, RoomMember, type Room } from './room.entity';
import type { Access } from './rooms.service';

export const MAX_MEMBERS = 10;
/**
 * Invitations a user may send, and one address may receive: each one is a mail or an in-app
 * notification carrying the sender's name, so the server must not become anyone's relay.
 */
export const INVITATION_LIMITS = {
  // what one account may send
  perSender: { max: 30, windowMs: 3_600_000 },
  // how often one room's invitation may be sent to one address again
  perRoomAndRecipient: { max: 3, windowMs: 86_400_000 },
  // what one address may receive from everyone together (many accounts, one victim)
  perRecipient: { max: 20, windowMs: 86_400_000 },
};

/** A pending invitation, as its invitee sees it. */
export type InvitationView = { invitation: RoomInvitation; room: Room; inviter: User };

export type InviteDeps = {
  mail: MailService;
  publicUrl: string;
  ownerAccess(em: EntityManager, user: User, roomId: string): Promise<Access>;
};

export async function inviteAll(
  deps: InviteDeps,
  em: EntityManager,
  user: User,
  roomId: string,
  recipients: string[],
  opts: { mail: boolean },
): Promise<{ invited: string[] }> {
  return em.transactional(async (tx) => {
    const { room } = await deps.ownerAccess(tx, user, roomId);
    await tx.execute('select id from vcr_rooms where id = ? for update', [room.id]);
    const emails = [...new Set(recipients)].filter((email) => email !== user.email.toLowerCase());
    // what is counted is what is sent: every mail, and every invitation that is new (or asked
    // again after a decline); never anything that depends on whether an address has an account
    const open = new Set(
      (await tx.find(RoomInvitation, { room, email: { $in: emails }, declinedAt: null })).map((i) => i.email),
    );
    await countInvitations(
      tx,
      user,
      room,
      emails.filter((email) => opts.mail || !open.has(email)),
    );
    for (const email of emails) await invite(deps, tx, user, room, email, opts);
    await tx.flush();
    return { invited: emails };
  });
}

export async function addMember(tx: EntityManager, room: Room, invitee: User): Promise<RoomMember> {
  // members are counted under the room's lock (a sign-up through an invitation link comes here
  // without it), so parallel accepts never pass MAX_MEMBERS
  await tx.execute('select id from vcr_rooms where id = ? for update', [room.id]);
  const existing = await tx.findOne(RoomMember, { room, user: invitee });
  if (existing) return existing;
  if ((await tx.count(RoomMember, { room })) >= MAX_MEMBERS)
    throw new AppError('CONFLICT', `A room has at most ${MAX_MEMBERS} users`);
  const member = tx.create(RoomMember, { room, user: invitee, role: 'guest' });
  await tx.flush();
  return member;
}

export async function answer(
  em: EntityManager,
  user: User,
  invitationId: string,
  decide: (tx: EntityManager, inv: RoomInvitation) => Promise<'accepted' | 'declined'>,
): Promise<Room> {
  return em.transactional(async (tx) => {
    await tx.execute('select id from vcr_invitations where id = ? for update', [invitationId]);
    const inv = await tx.findOne(
      RoomInvitation,
      { id: invitationId },
      { populate: ['room', 'invitedBy'], refresh: true },
    );
    // someone else's invitation is as unknown as a missing one
    if (!inv || !user.emailVerifiedAt || inv.email !== user.email.toLowerCase()) throw notFound('Invitation');
    if (inv.acceptedAt || inv.declinedAt)
      throw conflict(`You ${inv.acceptedAt ? 'accepted' : 'declined'} this invitation already`);
    await tx.execute('select id from vcr_rooms where id = ? for update', [inv.room.id]);
    const what = await decide(tx, inv);
    tx.create(Notification, {
      recipient: inv.invitedBy,
      sender: user,
      text: `${user.nickname} ${what} your invitation to the clean room "${inv.room.name}"`,
    });
    await tx.flush();
    return inv.room;
  });
}

/** Invitations to the caller's (verified) address waiting for an answer, newest first. */
export async function invitationsFor(em: EntityManager, user: User): Promise<InvitationView[]> {
  if (!user.emailVerifiedAt) return [];
  const pending = await em.find(
    RoomInvitation,
    { email: user.email.toLowerCase(), acceptedAt: null, declinedAt: null },
    { populate: ['room', 'invitedBy'], orderBy: { createdAt: 'desc', id: 'asc' } },
  );
  const memberOf = new Set(
    (await em.find(RoomMember, { user, room: { $in: pending.map((i) => i.room.id) } })).map((m) => m.room.id),
  );
  return pending
    .filter((i) => !memberOf.has(i.room.id))
    .map((invitation) => ({ invitation, room: invitation.room, inviter: invitation.invitedBy }));
}

/**
 * Refuses invitations over INVITATION_LIMITS (RATE_LIMITED), else counts them: every count is
 * locked, checked and taken at once (rate-limit.ts), so parallel invitations from one sender, or
 * from many senders to one address, never pass a cap.
 */
async function countInvitations(tx: EntityManager, user: User, room: Room, emails: string[]) {
  const { perSender, perRoomAndRecipient, perRecipient } = INVITATION_LIMITS;
  await takeHits(tx, [
    {
      bucket: `room-invite:sender:${user.id}`,
      ...perSender,
      hits: emails.length,
      message: `You can send at most ${perSender.max} room invitations an hour. Please try again later.`,
    },
    ...emails.flatMap((email) => [
      {
        bucket: `room-invite:${room.id}:${email}`,
        ...perRoomAndRecipient,
        message: `${email} was invited to this room ${perRoomAndRecipient.max} times today already. Please try again tomorrow.`,
      },
      {
        bucket: `room-invite:to:${email}`,
        ...perRecipient,
        message: `${email} has received too many invitations today. Please try again tomorrow.`,
      },
    ]),
  ]);
}

async function invite(
  deps: InviteDeps,
  tx: EntityManager,
  inviter: User,
  room: Room,
  email: string,
  opts: { mail: boolean },
) {
  let inv = await tx.findOne(RoomInvitation, { room, email });
  // a new invitation, or one declined before: the invitee is asked (again)
  const ask = !inv || Boolean(inv.declinedAt);
  if (!inv) inv = tx.create(RoomInvitation, { room, email, invitedBy: inviter });
  if (inv.declinedAt) {
    inv.declinedAt = null;
    inv.invitedBy = inviter;
  }
  const invitee = await tx.findOne(User, { email });
  const member = invitee ? await tx.count(RoomMember, { room, user: invitee }) : 0;
  if (member) return inv;
  if (opts.mail) {
    // no account yet: the link carries a secret that lets them register as a verified guest
    const token = invitee ? undefined : newSecret(24);
    if (token) inv.tokenHash = sha256Hex(token);
    inviteMail(deps, tx, inviter, room, email, token);
  }
  if (invitee && ask) {
    tx.create(Notification, {
      recipient: invitee,
      sender: inviter,
      text: `${inviter.nickname} invited you to the clean room "${room.name}": accept or decline it on your Virtual Clean Room page`,
    });
  }
  return inv;
}

function inviteMail(deps: InviteDeps, tx: EntityManager, inviter: User, room: Room, email: string, token?: string) {
  const rooms = `${deps.publicUrl}/admin/vcr`;
  const register = `${deps.publicUrl}/auth/register-page?email=${encodeURIComponent(email)}${token ? `&invite=${token}` : ''}`;
  deps.mail.enqueue(tx, {
    to: email,
    kind: 'room-invite',
    subject: `${inviter.nickname} invited you to a Parley clean room`,
    text: [
      `${inviter.nickname} invited you to the virtual clean room "${room.name}" on Parley.`,
      '',
      `Accept or decline it on your rooms page: ${rooms}`,
      `No account yet? Register with this address (that accepts the invitation): ${register}`,
      '',
      'You enter the room by choosing one of your keys; the owner then shares the room key with you.',
      'If you do not know this person, ignore this mail: nothing happens until you accept.',
    ].join('\n'),
  });
}
