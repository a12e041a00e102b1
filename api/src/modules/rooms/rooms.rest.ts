import { z } from 'zod';
import { legacyNames } from '../../rest/legacy-names';
import { routeWith } from '../../rest/registry';
import { done } from '../../rest/wire';
import {
  invitationsOut,
  invitedOut,
  legacyRoomKeyOut,
  legacyRoomOut,
  memberPublicKeyOut,
  membersOut,
  ownerIdOut,
  rotatedOut,
  sentOut,
  userTypeOut,
} from './rooms.outputs';
import { requireUser, type RequestContext } from '../../shared/context';
import { legacyRoomKey, toMember, toRoom } from './rooms.mappers';
import {
  addUsersFields,
  chooseKeyFields,
  createRoomCommand,
  inviteFields,
  invitationRefFields,
  memberKeyFields,
  roomId,
  roomRefFields,
  roomUserFields,
  sealForMemberFields,
} from './rooms.schemas';
import type { RoomView } from './rooms.service';
import type { User } from '../users/user.entity';
import type { RoomsService } from './rooms.service';

/** The request context of these handlers: the services they use (the root hands them in) and the user type. */
export type Ctx = RequestContext<{ rooms: RoomsService }, User>;
const route = routeWith<Ctx>();

const tag = 'rooms';

// The legacy spellings of the rooms commands (rooms.schemas.ts holds the fields themselves).
export const legacyRoomRef = legacyNames(roomRefFields, { roomId: 'room_id' });
const legacyRoomUser = legacyNames(roomUserFields, { roomId: 'room_id', userId: 'user_id' });
const legacyChooseKey = legacyNames(chooseKeyFields, { roomId: 'room_id', publicKeyId: 'public_key_id' });
const legacyAddUsers = legacyNames(addUsersFields, { roomId: 'room_id', ownerId: 'user_id' });
const legacyInvite = legacyNames(inviteFields, { roomId: 'room_id' });
const legacyInvitationRef = legacyNames(invitationRefFields, { invitationId: 'invitation_id' });
const legacySealForMember = legacyNames(sealForMemberFields, {
  roomId: 'room_id',
  userId: 'user_id',
  publicKeyId: 'public_key_id',
  keyVersion: 'key_version',
});
const legacyRotate = legacyNames(
  {
    roomId,
    keys: z
      .array(legacyNames(memberKeyFields, { userId: 'user_id', publicKeyId: 'public_key_id' }))
      .min(1)
      .max(50),
  },
  { roomId: 'room_id' },
);

const legacyRoom = (v: RoomView) => {
  const r = toRoom(v);
  return {
    id: r.id,
    room_id: r.id,
    name: r.name,
    owner_id: r.ownerId,
    createdAt: r.createdAt,
    type: r.type,
    key_version: r.keyVersion,
    userCount: r.userCount,
    public_key_id: r.myPublicKeyId,
  };
};

// The clean-room calls of spec section 7 "Rooms". Every one checks membership: a non-member gets
// 404 (as for a room that does not exist); owner-only calls answer a guest with 403.
export const roomsRoutes = [
  route({
    method: 'POST',
    path: '/v1/vcr/createRoom',
    output: legacyRoomOut,
    errors: [],
    tag,
    auth: 'user',
    summary: 'Create a room (you are its owner); then createAesKey with the room key sealed to your chosen key',
    input: createRoomCommand,
    handler: async (ctx, input) => legacyRoom(await ctx.services.rooms.create(ctx.em, requireUser(ctx), input)),
  }),
  route({
    method: 'GET',
    path: '/v1/vcr/getRooms',
    output: z.array(legacyRoomOut),
    errors: [],
    tag,
    auth: 'user',
    summary: 'Your rooms, newest first: [{ id, room_id, name, owner_id, createdAt, type (Owner|guest), userCount }]',
    handler: async (ctx) => (await ctx.services.rooms.list(ctx.em, requireUser(ctx))).map(legacyRoom),
  }),
  route({
    method: 'DELETE',
    path: '/v1/vcr/deleteRooms',
    output: done,
    errors: ['NOT_FOUND'],
    tag,
    auth: 'user',
    summary: 'Owner only: delete the room with its members, keys, data sets and reports',
    input: legacyRoomRef,
    handler: async (ctx, input) => {
      await ctx.services.rooms.delete(ctx.em, requireUser(ctx), input.roomId);
      return true;
    },
  }),
  route({
    method: 'GET',
    path: '/v1/vcr/getPublicKey',
    output: memberPublicKeyOut,
    errors: ['NOT_FOUND'],
    tag,
    auth: 'user',
    summary: "A member's chosen public key: { user_id, public_key_id, key (SPKI PEM) }",
    input: legacyRoomUser,
    handler: async (ctx, input) => {
      const { member, key } = await ctx.services.rooms.memberPublicKey(ctx.em, requireUser(ctx), input);
      return { user_id: member.user.id, public_key_id: key.id, key: key.publicKeyPem };
    },
  }),
  route({
    method: 'POST',
    path: '/v1/vcr/createAesKey',
    output: legacyRoomKeyOut,
    errors: ['NOT_FOUND', 'CONFLICT'],
    tag,
    auth: 'user',
    summary:
      'Choose the key you enter the room with. Owner (room setup): also send encryptedSessionKey, the room key sealed to it. Guest: your record becomes aes_key "waitingforsessionkey" until the owner seals the key to you',
    input: legacyChooseKey,
    handler: async (ctx, input) => legacyRoomKey(await ctx.services.rooms.chooseKey(ctx.em, requireUser(ctx), input)),
  }),
  route({
    method: 'POST',
    path: '/v1/vcr/createRoomUsers',
    output: invitedOut,
    errors: ['NOT_FOUND'],
    tag,
    auth: 'user',
    summary:
      'Owner only: invite the recipients (e-mail addresses) as guests: [{ email, status: "invited" }], the same whether or not an address has an account. Nobody becomes a member until they accept (acceptInvitation, or registering through the invitation mail’s link). At most 30 invitations an hour per sender, 3 a day per room and address, 20 a day per address (429 RATE_LIMITED)',
    input: legacyAddUsers,
    handler: async (ctx, input) => {
      const { invited } = await ctx.services.rooms.addUsers(ctx.em, requireUser(ctx), input);
      return invited.map((email) => ({ email, status: 'invited' }));
    },
  }),
  route({
    method: 'POST',
    path: '/v1/vcr/updateAesKey',
    output: legacyRoomKeyOut,
    errors: ['NOT_FOUND', 'CONFLICT'],
    tag,
    auth: 'user',
    summary:
      "Owner only: store the room key sealed to a member's chosen key (the first guest automatically, later guests on approval); key_version defaults to the current one",
    input: legacySealForMember,
    handler: async (ctx, input) =>
      legacyRoomKey(await ctx.services.rooms.sealForMember(ctx.em, requireUser(ctx), input)),
  }),
  route({
    method: 'POST',
    path: '/v1/vcr/updateOwnerSession',
    output: legacyRoomKeyOut,
    errors: ['NOT_FOUND', 'CONFLICT'],
    tag,
    auth: 'user',
    summary: "Owner only: re-seal the owner's own copy of the room key (user_id = the owner), e.g. to another key",
    input: legacySealForMember,
    handler: async (ctx, input) =>
      legacyRoomKey(await ctx.services.rooms.sealForMember(ctx.em, requireUser(ctx), input, { ownerSelf: true })),
  }),
  route({
    method: 'POST',
    path: '/v1/vcr/rotateRoomKey',
    output: rotatedOut,
    errors: ['NOT_FOUND', 'CONFLICT'],
    tag,
    auth: 'user',
    summary:
      'Owner only: a new room key version, sealed to every member who holds the current one (keys: [{ user_id, public_key_id, encryptedSessionKey }]); returns the new key_version',
    input: legacyRotate,
    handler: async (ctx, input) => {
      const room = await ctx.services.rooms.rotate(ctx.em, requireUser(ctx), input);
      return { room_id: room.id, key_version: room.keyVersion };
    },
  }),
  route({
    method: 'GET',
    path: '/v1/vcr/getUsertype',
    output: userTypeOut,
    errors: ['NOT_FOUND'],
    tag,
    auth: 'user',
    summary: 'Your type in the room: { type: "Owner" | "guest" }',
    input: legacyRoomRef,
    handler: async (ctx, input) => {
      const v = await ctx.services.rooms.get(ctx.em, requireUser(ctx), input.roomId);
      return { type: v.member.role === 'owner' ? 'Owner' : 'guest' };
    },
  }),
  route({
    method: 'GET',
    path: '/v1/vcr/getOwnerId',
    output: ownerIdOut,
    errors: ['NOT_FOUND'],
    tag,
    auth: 'user',
    summary: "The room owner's user id: { owner_id }",
    input: legacyRoomRef,
    handler: async (ctx, input) => {
      const v = await ctx.services.rooms.get(ctx.em, requireUser(ctx), input.roomId);
      return { owner_id: v.room.owner.id };
    },
  }),
  route({
    method: 'GET',
    path: '/v1/vcr/getRoomKeysDetails',
    output: z.array(legacyRoomKeyOut),
    errors: ['NOT_FOUND'],
    tag,
    auth: 'user',
    summary:
      'Every key record of the room: [{ user_id, public_key_id, aes_key (sealed envelope or "waitingforsessionkey"), key_version }], and the members with their status',
    input: legacyRoomRef,
    handler: async (ctx, input) => {
      const v = await ctx.services.rooms.get(ctx.em, requireUser(ctx), input.roomId);
      const keys = await ctx.services.rooms.keyRecords(ctx.em, v.room);
      return keys.map(legacyRoomKey);
    },
  }),
  route({
    method: 'GET',
    path: '/v1/vcr/getRoomUsersCount',
    output: membersOut,
    errors: ['NOT_FOUND'],
    tag,
    auth: 'user',
    summary: 'Room users, the owner included: { count, members: [{ userId, role, status, autoSeal, ... }] }',
    input: legacyRoomRef,
    handler: async (ctx, input) => {
      const v = await ctx.services.rooms.get(ctx.em, requireUser(ctx), input.roomId);
      const members = await ctx.services.rooms.members(ctx.em, v.room);
      return { count: members.length, members: members.map(toMember) };
    },
  }),
  route({
    method: 'POST',
    path: '/v1/vcr/sendInvite',
    output: sentOut,
    errors: ['NOT_FOUND'],
    tag,
    auth: 'user',
    summary:
      'Owner only: invitation e-mails to the recipients for room_id (existing accounts are also notified in the app): { sent }. Same limits as createRoomUsers',
    input: legacyInvite,
    handler: async (ctx, input) => ctx.services.rooms.sendInvite(ctx.em, requireUser(ctx), input),
  }),
  route({
    method: 'GET',
    path: '/v1/vcr/getInvitations',
    output: invitationsOut,
    errors: [],
    tag,
    auth: 'user',
    summary:
      'Room invitations to your (verified) address waiting for your answer: [{ invitation_id, room_id, room_name, invited_by, created_at }]',
    handler: async (ctx) =>
      (await ctx.services.rooms.invitationsFor(ctx.em, requireUser(ctx))).map((v) => ({
        invitation_id: v.invitation.id,
        room_id: v.room.id,
        room_name: v.room.name,
        invited_by: v.inviter.nickname || v.inviter.username,
        created_at: v.invitation.createdAt,
      })),
  }),
  route({
    method: 'POST',
    path: '/v1/vcr/acceptInvitation',
    output: legacyRoomOut,
    errors: ['NOT_FOUND', 'CONFLICT'],
    tag,
    auth: 'user',
    summary: 'Accept a room invitation: you become a guest of the room (the owner is notified). Returns the room',
    input: legacyInvitationRef,
    handler: async (ctx, input) =>
      legacyRoom(await ctx.services.rooms.acceptInvitation(ctx.em, requireUser(ctx), input.invitationId)),
  }),
  route({
    method: 'POST',
    path: '/v1/vcr/declineInvitation',
    output: done,
    errors: ['NOT_FOUND'],
    tag,
    auth: 'user',
    summary: 'Decline a room invitation (the owner is notified)',
    input: legacyInvitationRef,
    handler: async (ctx, input) => {
      await ctx.services.rooms.declineInvitation(ctx.em, requireUser(ctx), input.invitationId);
      return true;
    },
  }),
];
