import { route } from '../../rest/registry';
import { requireUser } from '../../shared/context';
import { forbidden } from '../../shared/errors';
import { legacyRoomKey, toDataset, toMember, toReport, toRoom } from './rooms.mappers';
import {
  compareSchema,
  createAesKeySchema,
  createRoomSchema,
  createRoomUsersSchema,
  datasetOnlySchema,
  datasetRefSchema,
  deleteDatasetsSchema,
  joinSchema,
  reportSchema,
  roomRefSchema,
  roomUserSchema,
  rotateKeySchema,
  sealForUserSchema,
  sendInviteSchema,
  uploadSchema,
} from './rooms.schemas';
import type { RoomView } from './rooms.service';

const tag = 'rooms';
export const UPLOAD_BODY_LIMIT = 32 * 1024 * 1024;

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
    tag,
    auth: 'user',
    summary: 'Create a room (you are its owner); then createAesKey with the room key sealed to your chosen key',
    input: createRoomSchema,
    handler: async (ctx, input) => legacyRoom(await ctx.services.rooms.create(ctx.em, requireUser(ctx), input)),
  }),
  route({
    method: 'GET',
    path: '/v1/vcr/getRooms',
    tag,
    auth: 'user',
    summary: 'Your rooms, newest first: [{ id, room_id, name, owner_id, createdAt, type (Owner|guest), userCount }]',
    handler: async (ctx) => (await ctx.services.rooms.list(ctx.em, requireUser(ctx))).map(legacyRoom),
  }),
  route({
    method: 'DELETE',
    path: '/v1/vcr/deleteRooms',
    tag,
    auth: 'user',
    summary: 'Owner only: delete the room with its members, keys, data sets and reports',
    input: roomRefSchema,
    handler: async (ctx, input) => {
      await ctx.services.rooms.delete(ctx.em, requireUser(ctx), input);
      return true;
    },
  }),
  route({
    method: 'GET',
    path: '/v1/vcr/getPublicKey',
    tag,
    auth: 'user',
    summary: "A member's chosen public key: { user_id, public_key_id, key (SPKI PEM) }",
    input: roomUserSchema,
    handler: async (ctx, input) => {
      const { member, key } = await ctx.services.rooms.memberPublicKey(ctx.em, requireUser(ctx), input);
      return { user_id: member.user.id, public_key_id: key.id, key: key.publicKeyPem };
    },
  }),
  route({
    method: 'POST',
    path: '/v1/vcr/createAesKey',
    tag,
    auth: 'user',
    summary:
      'Choose the key you enter the room with. Owner (room setup): also send encryptedSessionKey, the room key sealed to it. Guest: your record becomes aes_key "waitingforsessionkey" until the owner seals the key to you',
    input: createAesKeySchema,
    handler: async (ctx, input) => legacyRoomKey(await ctx.services.rooms.chooseKey(ctx.em, requireUser(ctx), input)),
  }),
  route({
    method: 'POST',
    path: '/v1/vcr/createRoomUsers',
    tag,
    auth: 'user',
    summary:
      'Owner only: add the recipients (e-mail addresses) as guests; an address without an account gets a pending invitation claimed when that account opens its rooms',
    input: createRoomUsersSchema,
    handler: async (ctx, input) => {
      const added = await ctx.services.rooms.addUsers(ctx.em, requireUser(ctx), input);
      return added.map((m) => ({ user_id: m.user.id, role: m.role, public_key_id: m.publicKeyId ?? null }));
    },
  }),
  route({
    method: 'POST',
    path: '/v1/vcr/updateAesKey',
    tag,
    auth: 'user',
    summary:
      "Owner only: store the room key sealed to a member's chosen key (the first guest automatically, later guests on approval); key_version defaults to the current one",
    input: sealForUserSchema,
    handler: async (ctx, input) =>
      legacyRoomKey(await ctx.services.rooms.sealForMember(ctx.em, requireUser(ctx), input)),
  }),
  route({
    method: 'POST',
    path: '/v1/vcr/updateOwnerSession',
    tag,
    auth: 'user',
    summary: "Owner only: re-seal the owner's own copy of the room key (user_id = the owner), e.g. to another key",
    input: sealForUserSchema,
    handler: async (ctx, input) =>
      legacyRoomKey(await ctx.services.rooms.sealForMember(ctx.em, requireUser(ctx), input, { ownerSelf: true })),
  }),
  route({
    method: 'POST',
    path: '/v1/vcr/rotateRoomKey',
    tag,
    auth: 'user',
    summary:
      'Owner only: a new room key version, sealed to every member who holds the current one (keys: [{ user_id, public_key_id, encryptedSessionKey }]); returns the new key_version',
    input: rotateKeySchema,
    handler: async (ctx, input) => {
      const room = await ctx.services.rooms.rotate(ctx.em, requireUser(ctx), input);
      return { room_id: room.id, key_version: room.keyVersion };
    },
  }),
  route({
    method: 'GET',
    path: '/v1/vcr/getUsertype',
    tag,
    auth: 'user',
    summary: 'Your type in the room: { type: "Owner" | "guest" }',
    input: roomRefSchema,
    handler: async (ctx, input) => {
      const v = await ctx.services.rooms.get(ctx.em, requireUser(ctx), input);
      return { type: v.member.role === 'owner' ? 'Owner' : 'guest' };
    },
  }),
  route({
    method: 'GET',
    path: '/v1/vcr/getOwnerId',
    tag,
    auth: 'user',
    summary: "The room owner's user id: { owner_id }",
    input: roomRefSchema,
    handler: async (ctx, input) => {
      const v = await ctx.services.rooms.get(ctx.em, requireUser(ctx), input);
      return { owner_id: v.room.owner.id };
    },
  }),
  route({
    method: 'GET',
    path: '/v1/vcr/getRoomKeysDetails',
    tag,
    auth: 'user',
    summary:
      'Every key record of the room: [{ user_id, public_key_id, aes_key (sealed envelope or "waitingforsessionkey"), key_version }], and the members with their status',
    input: roomRefSchema,
    handler: async (ctx, input) => {
      const v = await ctx.services.rooms.get(ctx.em, requireUser(ctx), input);
      const keys = await ctx.services.rooms.keyRecords(ctx.em, v.room);
      return keys.map(legacyRoomKey);
    },
  }),
  route({
    method: 'GET',
    path: '/v1/vcr/getRoomUsersCount',
    tag,
    auth: 'user',
    summary: 'Room users, the owner included: { count, members: [{ userId, role, status, autoSeal, ... }] }',
    input: roomRefSchema,
    handler: async (ctx, input) => {
      const v = await ctx.services.rooms.get(ctx.em, requireUser(ctx), input);
      const members = await ctx.services.rooms.members(ctx.em, v.room);
      return { count: members.length, members: members.map(toMember) };
    },
  }),
  route({
    method: 'GET',
    path: '/v1/vcr/getDataSets',
    tag,
    auth: 'user',
    summary: "The room's complete data sets: [{ id, name, filtered (clear columns, comma separated), columns, ... }]",
    input: roomRefSchema,
    handler: async (ctx, input) => (await ctx.services.datasets.list(ctx.em, requireUser(ctx), input)).map(toDataset),
  }),
  route({
    method: 'DELETE',
    path: '/v1/vcr/deleteDataSet',
    tag,
    auth: 'user',
    summary: 'Delete data sets (dataset_id: one id or a list); the uploader or the room owner may',
    input: deleteDatasetsSchema,
    handler: async (ctx, input) => ({
      deleted: await ctx.services.datasets.delete(ctx.em, requireUser(ctx), input),
    }),
  }),
  route({
    method: 'POST',
    path: '/v1/vcr/uploadEncrypted',
    tag,
    auth: 'user',
    bodyLimit: UPLOAD_BODY_LIMIT,
    summary:
      'One chunk of an encrypted data set (campaign = its name, header = column roles, encrypted = rows). Idempotent per (dataset_id, chunk_index); the set becomes visible once all chunk_count chunks are in. Bodies up to 32 MB',
    input: uploadSchema,
    handler: async (ctx, input) => {
      const r = await ctx.services.datasets.upload(ctx.em, requireUser(ctx), input);
      return {
        dataset_id: r.dataset.id,
        name: r.dataset.name,
        status: r.dataset.status,
        row_count: r.dataset.rowCount,
        chunks_received: r.chunksReceived,
        chunk_count: r.dataset.chunkCount,
        duplicate: r.duplicate,
      };
    },
  }),
  route({
    method: 'GET',
    path: '/v1/vcr/getFilters',
    tag,
    auth: 'user',
    summary: 'The clear (unencrypted) columns of a data set: { dataset_id, filtered, columns }',
    input: datasetOnlySchema,
    handler: async (ctx, input) => {
      const d = toDataset(await ctx.services.datasets.filters(ctx.em, requireUser(ctx), input));
      return { dataset_id: d.id, filtered: d.filtered, columns: d.filtered ? d.filtered.split(',') : [] };
    },
  }),
  route({
    method: 'GET',
    path: '/v1/vcr/getDataSetColumns',
    tag,
    auth: 'user',
    summary: 'Column metadata of a data set: [{ name, role (clear|join|sealed), domain, kind, padBucket }]',
    input: datasetRefSchema,
    handler: async (ctx, input) =>
      toDataset(await ctx.services.datasets.columns(ctx.em, requireUser(ctx), input)).columns,
  }),
  route({
    method: 'GET',
    path: '/v1/vcr/compareDatasets',
    tag,
    auth: 'user',
    summary:
      'Overlap counts per shared join domain for the selected sets (datasets_array: ids, JSON array or comma separated): [{ domain, datasetIds, onlyA, both, onlyB }]',
    input: compareSchema,
    handler: async (ctx, input) => ctx.services.datasets.compare(ctx.em, requireUser(ctx), input),
  }),
  route({
    method: 'GET',
    path: '/v1/vcr/joinDatasets',
    tag,
    auth: 'user',
    summary:
      'Free preview of a join of two data sets: { matchCount, columns }. sqlWhere is the JSON condition tree (JSON text), never SQL',
    input: joinSchema,
    handler: async (ctx, input) => ctx.services.reports.join(ctx.em, requireUser(ctx), input),
  }),
  route({
    method: 'GET',
    path: '/v1/vcr/getReport',
    tag,
    auth: 'user',
    summary:
      'A paid report (1 IPT, charged with it; 402 INSUFFICIENT_CREDIT "Purchase IPT Tokens to continue"): one data set, or the join of two with sqlWhere. Returns { id, result, datasetCount, rowCount }',
    input: reportSchema,
    handler: async (ctx, input) => {
      // a GET that spends credit: a cookie sent along with a cross-site navigation must not pay
      if (ctx.actor?.via === 'session' && ctx.request.headers['sec-fetch-site'] === 'cross-site')
        throw forbidden('Cross-site request refused');
      const r = toReport(await ctx.services.reports.create(ctx.em, requireUser(ctx), input));
      return { id: r.id, result: r.result, datasetCount: r.datasetCount, rowCount: r.rowCount, createdAt: r.createdAt };
    },
  }),
  route({
    method: 'POST',
    path: '/v1/vcr/sendInvite',
    tag,
    auth: 'user',
    summary:
      'E-mail invitations to the recipients (with room_id: to that room, owner only; existing accounts are also notified in the app)',
    input: sendInviteSchema,
    handler: async (ctx, input) => ctx.services.rooms.sendInvite(ctx.em, requireUser(ctx), input),
  }),
];
