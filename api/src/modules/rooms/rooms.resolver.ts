import { Arg, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import { GraphQLJSON } from 'graphql-scalars';
import { requireUser, type RequestContext } from '../../shared/context';
import { parseInput } from '../../shared/validation';
import { toDataset, toMember, toReport, toRoom, toRoomKey } from './rooms.mappers';
import { uploadSchema } from './rooms.schemas';
import {
  ChooseRoomKeyInput,
  CreateReportInput,
  CreateRoomInput,
  DatasetType,
  InviteInput,
  JoinPreviewType,
  MemberPublicKeyType,
  OverlapType,
  ReportType,
  RoomInvitationType,
  RoomKeyType,
  RoomMemberType,
  RoomType,
  RotateRoomKeyInput,
  SealRoomKeyInput,
  UploadChunkInput,
  UploadResultType,
} from './rooms.types';

const drop = <T extends Record<string, unknown>>(o: T) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== null && v !== undefined));

/** GraphQL for clean rooms: thin calls into the rooms, datasets and reports services. */
@Resolver(() => RoomType)
export class RoomsResolver {
  @Query(() => [RoomType], { description: 'Your rooms (owned and guest), newest first' })
  async rooms(@Ctx() ctx: RequestContext) {
    return (await ctx.services.rooms.list(ctx.em, requireUser(ctx))).map(toRoom);
  }

  @Query(() => RoomType, { description: 'One of your rooms (NOT_FOUND for anyone who is not a member)' })
  async room(@Arg('id', () => ID) id: string, @Ctx() ctx: RequestContext) {
    return toRoom(await ctx.services.rooms.get(ctx.em, requireUser(ctx), { room_id: id }));
  }

  @FieldResolver(() => [RoomMemberType])
  async members(@Root() room: RoomType, @Ctx() ctx: RequestContext) {
    return (await ctx.services.rooms.members(ctx.em, room.view.room)).map(toMember);
  }

  @FieldResolver(() => [RoomKeyType], {
    description: 'every key record of the room (all versions): sealed to each member, or waitingforsessionkey',
  })
  async aesKeys(@Root() room: RoomType, @Ctx() ctx: RequestContext) {
    return (await ctx.services.rooms.keyRecords(ctx.em, room.view.room)).map(toRoomKey);
  }

  @FieldResolver(() => [RoomInvitationType], { description: 'e-mail invitations (the owner sees them; guests get [])' })
  async invitations(@Root() room: RoomType, @Ctx() ctx: RequestContext) {
    if (room.view.member.role !== 'owner') return [];
    return ctx.services.rooms.invitations(ctx.em, room.view.room);
  }

  @Query(() => MemberPublicKeyType, { description: "A member's chosen public key, to seal the room key to" })
  async roomPublicKey(
    @Arg('roomId', () => ID) roomId: string,
    @Arg('userId', () => ID) userId: string,
    @Ctx() ctx: RequestContext,
  ) {
    const { member, key } = await ctx.services.rooms.memberPublicKey(ctx.em, requireUser(ctx), {
      room_id: roomId,
      user_id: userId,
    });
    return { userId: member.user.id, publicKeyId: key.id, publicKey: key.publicKeyPem };
  }

  @Mutation(() => RoomType, { description: 'Create a room; then choose your key with the sealed room key' })
  async createRoom(@Arg('input', () => CreateRoomInput) input: CreateRoomInput, @Ctx() ctx: RequestContext) {
    return toRoom(await ctx.services.rooms.create(ctx.em, requireUser(ctx), { name: input.name }));
  }

  @Mutation(() => Boolean, { description: 'Owner only: delete the room with all its data' })
  async deleteRoom(@Arg('id', () => ID) id: string, @Ctx() ctx: RequestContext) {
    await ctx.services.rooms.delete(ctx.em, requireUser(ctx), { room_id: id });
    return true;
  }

  @Mutation(() => RoomKeyType, {
    description:
      'Choose the key you enter the room with (createAesKey). The owner setting up the room sends the room key sealed to it; a guest gets the waitingforsessionkey marker',
  })
  async chooseRoomKey(@Arg('input', () => ChooseRoomKeyInput) input: ChooseRoomKeyInput, @Ctx() ctx: RequestContext) {
    const k = await ctx.services.rooms.chooseKey(
      ctx.em,
      requireUser(ctx),
      drop({ room_id: input.roomId, public_key_id: input.publicKeyId, encryptedSessionKey: input.encryptedSessionKey }),
    );
    return toRoomKey(k);
  }

  @Mutation(() => [RoomMemberType], {
    description: 'Owner only: add guests by e-mail (createRoomUsers); unknown addresses get a pending invitation',
  })
  async addRoomUsers(
    @Arg('roomId', () => ID) roomId: string,
    @Arg('recipients', () => [String]) recipients: string[],
    @Ctx() ctx: RequestContext,
  ) {
    const user = requireUser(ctx);
    await ctx.services.rooms.addUsers(ctx.em, user, { room_id: roomId, recipients });
    const view = await ctx.services.rooms.get(ctx.em, user, { room_id: roomId });
    return (await ctx.services.rooms.members(ctx.em, view.room)).map(toMember);
  }

  @Mutation(() => [String], { description: 'E-mail invitations (plus in-app notifications for existing accounts)' })
  async sendRoomInvite(@Arg('input', () => InviteInput) input: InviteInput, @Ctx() ctx: RequestContext) {
    const r = await ctx.services.rooms.sendInvite(
      ctx.em,
      requireUser(ctx),
      drop({ recipients: input.recipients, room_id: input.roomId }),
    );
    return r.sent;
  }

  @Mutation(() => RoomKeyType, {
    description:
      "Owner only (updateAesKey): the room key sealed to a member's chosen key: the automatic first guest, or an approval",
  })
  async sealRoomKey(@Arg('input', () => SealRoomKeyInput) input: SealRoomKeyInput, @Ctx() ctx: RequestContext) {
    return toRoomKey(await ctx.services.rooms.sealForMember(ctx.em, requireUser(ctx), legacySeal(input)));
  }

  @Mutation(() => RoomKeyType, {
    description: "Owner only: re-seal the owner's own copy (e.g. to another of their keys)",
  })
  async updateOwnerSession(@Arg('input', () => SealRoomKeyInput) input: SealRoomKeyInput, @Ctx() ctx: RequestContext) {
    return toRoomKey(
      await ctx.services.rooms.sealForMember(ctx.em, requireUser(ctx), legacySeal(input), { ownerSelf: true }),
    );
  }

  @Mutation(() => RoomType, {
    description: 'Owner only: a new room key version sealed to every member holding the current one',
  })
  async rotateRoomKey(@Arg('input', () => RotateRoomKeyInput) input: RotateRoomKeyInput, @Ctx() ctx: RequestContext) {
    const user = requireUser(ctx);
    await ctx.services.rooms.rotate(ctx.em, user, {
      room_id: input.roomId,
      keys: input.keys.map((k) => ({
        user_id: k.userId,
        public_key_id: k.publicKeyId,
        encryptedSessionKey: k.encryptedSessionKey,
      })),
    });
    return toRoom(await ctx.services.rooms.get(ctx.em.fork(), user, { room_id: input.roomId }));
  }

  @Query(() => [DatasetType], { description: "The room's complete data sets" })
  async datasets(@Arg('roomId', () => ID) roomId: string, @Ctx() ctx: RequestContext) {
    return (await ctx.services.datasets.list(ctx.em, requireUser(ctx), { room_id: roomId })).map(toDataset);
  }

  @Query(() => DatasetType)
  async dataset(@Arg('roomId', () => ID) roomId: string, @Arg('id', () => ID) id: string, @Ctx() ctx: RequestContext) {
    return toDataset(
      await ctx.services.datasets.columns(ctx.em, requireUser(ctx), { room_id: roomId, dataset_id: id }),
    );
  }

  @Mutation(() => UploadResultType, {
    description:
      'One chunk of an encrypted data set (idempotent per chunkIndex); the set appears once all chunks are in. GraphQL bodies are limited to 256 kB: send big files through REST uploadEncrypted',
  })
  async uploadDatasetChunk(@Arg('input', () => UploadChunkInput) input: UploadChunkInput, @Ctx() ctx: RequestContext) {
    const r = await ctx.services.datasets.upload(
      ctx.em,
      requireUser(ctx),
      parseInput(
        uploadSchema,
        drop({
          room_id: input.roomId,
          dataset_id: input.datasetId,
          campaign: input.name,
          header: input.columns.map((c) => drop({ ...c })),
          encrypted: input.rows,
          packed: input.packed,
          chunk_index: input.chunkIndex,
          chunk_count: input.chunkCount,
          first_row: input.firstRow,
          key_version: input.keyVersion,
          normalisation_version: input.normalisationVersion,
          empty_cells: input.emptyCells,
        }),
      ),
    );
    return {
      dataset: toDataset(r.dataset),
      chunksReceived: r.chunksReceived,
      chunkCount: r.dataset.chunkCount,
      duplicate: r.duplicate,
    };
  }

  @Mutation(() => [ID], { description: 'Delete data sets (the uploader or the room owner)' })
  async deleteDatasets(
    @Arg('roomId', () => ID) roomId: string,
    @Arg('ids', () => [ID]) ids: string[],
    @Ctx() ctx: RequestContext,
  ) {
    return ctx.services.datasets.delete(ctx.em, requireUser(ctx), { room_id: roomId, dataset_id: ids });
  }

  @Query(() => [OverlapType], { description: 'Overlap counts per shared join domain (the pie charts)' })
  async compareDatasets(
    @Arg('roomId', () => ID) roomId: string,
    @Arg('datasetIds', () => [ID]) datasetIds: string[],
    @Ctx() ctx: RequestContext,
  ) {
    return ctx.services.datasets.compare(ctx.em, requireUser(ctx), { room_id: roomId, datasets_array: datasetIds });
  }

  @Query(() => JoinPreviewType, { description: 'How many row pairs a join matches (free); the report costs 1 IPT' })
  async joinDatasets(
    @Arg('roomId', () => ID) roomId: string,
    @Arg('dataset1Id', () => ID) dataset1Id: string,
    @Arg('dataset2Id', () => ID) dataset2Id: string,
    @Arg('sqlWhere', () => GraphQLJSON, { description: 'the JSON condition tree, never SQL' }) sqlWhere: unknown,
    @Ctx() ctx: RequestContext,
  ) {
    return ctx.services.reports.join(ctx.em, requireUser(ctx), {
      room_id: roomId,
      dataset1_id: dataset1Id,
      dataset2_id: dataset2Id,
      sqlWhere,
    });
  }

  @Mutation(() => ReportType, {
    description: 'A report of one data set or a join: charges 1 IPT with the report (INSUFFICIENT_CREDIT when short)',
  })
  async createReport(@Arg('input', () => CreateReportInput) input: CreateReportInput, @Ctx() ctx: RequestContext) {
    const r = await ctx.services.reports.create(
      ctx.em,
      requireUser(ctx),
      drop({
        room_id: input.roomId,
        datasets_array: input.datasetIds,
        sqlWhere: input.sqlWhere,
        request_id: input.requestId,
      }),
    );
    return toReport(r);
  }

  @Query(() => [ReportType], { description: 'Your reports in a room, newest first (result omitted)' })
  async reports(@Arg('roomId', () => ID) roomId: string, @Ctx() ctx: RequestContext) {
    return (await ctx.services.reports.list(ctx.em, requireUser(ctx), { room_id: roomId })).map((r) =>
      toReport(r, false),
    );
  }

  @Query(() => ReportType)
  async report(@Arg('roomId', () => ID) roomId: string, @Arg('id', () => ID) id: string, @Ctx() ctx: RequestContext) {
    return toReport(await ctx.services.reports.get(ctx.em, requireUser(ctx), { room_id: roomId, report_id: id }));
  }
}

function legacySeal(input: SealRoomKeyInput) {
  return drop({
    room_id: input.roomId,
    user_id: input.userId,
    public_key_id: input.publicKeyId,
    encryptedSessionKey: input.encryptedSessionKey,
    key_version: input.keyVersion,
  });
}
