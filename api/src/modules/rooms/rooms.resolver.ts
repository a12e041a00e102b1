import { Arg, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import { requireUser, type RequestContext } from '../../shared/context';
import { parseArgs } from '../../shared/validation';
import { toMember, toRoom, toRoomKey } from './rooms.mappers';
import {
  addUsersCommand,
  chooseKeyCommand,
  createRoomCommand,
  invitationRef,
  inviteCommand,
  roomRef,
  roomUserRef,
  rotateCommand,
  sealForMemberCommand,
} from './rooms.schemas';
import {
  ChooseRoomKeyInput,
  CreateRoomInput,
  InviteInput,
  MemberPublicKeyType,
  MyRoomInvitationType,
  RoomInvitationType,
  RoomKeyType,
  RoomMemberType,
  RoomType,
  RotateRoomKeyInput,
  SealRoomKeyInput,
} from './rooms.types';
import type { User } from '../users/user.entity';
import type { RoomsService } from './rooms.service';

/** The request context of these handlers: the services they use (the root hands them in) and the user type. */
export type Ctx = RequestContext<{ rooms: RoomsService }, User>;

/** GraphQL for clean rooms: rooms, members, room keys and invitations (thin calls into the service). */
@Resolver(() => RoomType)
export class RoomsResolver {
  @Query(() => [RoomType], { description: 'Your rooms (owned and guest), newest first' })
  async rooms(@Ctx() ctx: Ctx) {
    return (await ctx.services.rooms.list(ctx.em, requireUser(ctx))).map(toRoom);
  }

  @Query(() => RoomType, { description: 'One of your rooms (NOT_FOUND for anyone who is not a member)' })
  async room(@Arg('id', () => ID, { description: 'the room' }) id: string, @Ctx() ctx: Ctx) {
    return toRoom(await ctx.services.rooms.get(ctx.em, requireUser(ctx), parseArgs(roomRef, { roomId: id }).roomId));
  }

  @FieldResolver(() => [RoomMemberType], { description: 'its members: the owner and the guest' })
  async members(@Root() room: RoomType, @Ctx() ctx: Ctx) {
    return (await ctx.services.rooms.members(ctx.em, room.view.room)).map(toMember);
  }

  @FieldResolver(() => [RoomKeyType], {
    description: 'every key record of the room (all versions): sealed to each member, or waitingforsessionkey',
  })
  async aesKeys(@Root() room: RoomType, @Ctx() ctx: Ctx) {
    return (await ctx.services.rooms.keyRecords(ctx.em, room.view.room)).map(toRoomKey);
  }

  @FieldResolver(() => [RoomInvitationType], { description: 'e-mail invitations (the owner sees them; guests get [])' })
  async invitations(@Root() room: RoomType, @Ctx() ctx: Ctx) {
    if (room.view.member.role !== 'owner') return [];
    return ctx.services.rooms.invitations(ctx.em, room.view.room);
  }

  @Query(() => MemberPublicKeyType, { description: "A member's chosen public key, to seal the room key to" })
  async roomPublicKey(
    @Arg('roomId', () => ID, { description: 'the room' }) roomId: string,
    @Arg('userId', () => ID, { description: 'the member' }) userId: string,
    @Ctx() ctx: Ctx,
  ) {
    const { member, key } = await ctx.services.rooms.memberPublicKey(
      ctx.em,
      requireUser(ctx),
      parseArgs(roomUserRef, { roomId, userId }),
    );
    return { userId: member.user.id, publicKeyId: key.id, publicKey: key.publicKeyPem };
  }

  @Mutation(() => RoomType, { description: 'Create a room; then choose your key with the sealed room key' })
  async createRoom(
    @Arg('input', () => CreateRoomInput, { description: 'the fields: see the input type' }) input: CreateRoomInput,
    @Ctx() ctx: Ctx,
  ) {
    return toRoom(await ctx.services.rooms.create(ctx.em, requireUser(ctx), parseArgs(createRoomCommand, input)));
  }

  @Mutation(() => Boolean, { description: 'Owner only: delete the room with all its data' })
  async deleteRoom(@Arg('id', () => ID, { description: 'the room' }) id: string, @Ctx() ctx: Ctx) {
    await ctx.services.rooms.delete(ctx.em, requireUser(ctx), parseArgs(roomRef, { roomId: id }).roomId);
    return true;
  }

  @Mutation(() => RoomKeyType, {
    description:
      'Choose the key you enter the room with (createAesKey). The owner setting up the room sends the room key sealed to it; a guest gets the waitingforsessionkey marker',
  })
  async chooseRoomKey(
    @Arg('input', () => ChooseRoomKeyInput, { description: 'the fields: see the input type' })
    input: ChooseRoomKeyInput,
    @Ctx() ctx: Ctx,
  ) {
    return toRoomKey(await ctx.services.rooms.chooseKey(ctx.em, requireUser(ctx), parseArgs(chooseKeyCommand, input)));
  }

  @Mutation(() => [RoomMemberType], {
    description:
      "Owner only: invite guests by e-mail (createRoomUsers). Nobody becomes a member until they accept; returns the room's members, the same whether or not an address has an account",
  })
  async addRoomUsers(
    @Arg('roomId', () => ID, { description: 'the room' }) roomId: string,
    @Arg('recipients', () => [String], { description: 'e-mail addresses to invite' }) recipients: string[],
    @Ctx() ctx: Ctx,
  ) {
    const user = requireUser(ctx);
    const input = parseArgs(addUsersCommand, { roomId, recipients });
    await ctx.services.rooms.addUsers(ctx.em, user, input);
    const view = await ctx.services.rooms.get(ctx.em, user, input.roomId);
    return (await ctx.services.rooms.members(ctx.em, view.room)).map(toMember);
  }

  @Query(() => [MyRoomInvitationType], { description: 'Room invitations to your address waiting for your answer' })
  async roomInvitations(@Ctx() ctx: Ctx) {
    return (await ctx.services.rooms.invitationsFor(ctx.em, requireUser(ctx))).map((v) => ({
      id: v.invitation.id,
      roomId: v.room.id,
      roomName: v.room.name,
      invitedBy: v.inviter.nickname || v.inviter.username,
      createdAt: v.invitation.createdAt,
    }));
  }

  @Mutation(() => RoomType, { description: 'Accept a room invitation: you become a guest (the owner is notified)' })
  async acceptRoomInvitation(@Arg('id', () => ID, { description: 'the room invitation' }) id: string, @Ctx() ctx: Ctx) {
    const { invitationId } = parseArgs(invitationRef, { invitationId: id });
    return toRoom(await ctx.services.rooms.acceptInvitation(ctx.em, requireUser(ctx), invitationId));
  }

  @Mutation(() => Boolean, { description: 'Decline a room invitation (the owner is notified)' })
  async declineRoomInvitation(
    @Arg('id', () => ID, { description: 'the room invitation' }) id: string,
    @Ctx() ctx: Ctx,
  ) {
    const { invitationId } = parseArgs(invitationRef, { invitationId: id });
    await ctx.services.rooms.declineInvitation(ctx.em, requireUser(ctx), invitationId);
    return true;
  }

  @Mutation(() => [String], {
    description: 'Owner only: invitation e-mails to a room (plus in-app notifications for existing accounts)',
  })
  async sendRoomInvite(
    @Arg('input', () => InviteInput, { description: 'the fields: see the input type' }) input: InviteInput,
    @Ctx() ctx: Ctx,
  ) {
    return (await ctx.services.rooms.sendInvite(ctx.em, requireUser(ctx), parseArgs(inviteCommand, input))).sent;
  }

  @Mutation(() => RoomKeyType, {
    description:
      "Owner only (updateAesKey): the room key sealed to a member's chosen key: the automatic first guest, or an approval",
  })
  async sealRoomKey(
    @Arg('input', () => SealRoomKeyInput, { description: 'the fields: see the input type' }) input: SealRoomKeyInput,
    @Ctx() ctx: Ctx,
  ) {
    return toRoomKey(
      await ctx.services.rooms.sealForMember(ctx.em, requireUser(ctx), parseArgs(sealForMemberCommand, input)),
    );
  }

  @Mutation(() => RoomKeyType, {
    description: "Owner only: re-seal the owner's own copy (e.g. to another of their keys)",
  })
  async updateOwnerSession(
    @Arg('input', () => SealRoomKeyInput, { description: 'the fields: see the input type' }) input: SealRoomKeyInput,
    @Ctx() ctx: Ctx,
  ) {
    return toRoomKey(
      await ctx.services.rooms.sealForMember(ctx.em, requireUser(ctx), parseArgs(sealForMemberCommand, input), {
        ownerSelf: true,
      }),
    );
  }

  @Mutation(() => RoomType, {
    description: 'Owner only: a new room key version sealed to every member holding the current one',
  })
  async rotateRoomKey(
    @Arg('input', () => RotateRoomKeyInput, { description: 'the fields: see the input type' })
    input: RotateRoomKeyInput,
    @Ctx() ctx: Ctx,
  ) {
    const user = requireUser(ctx);
    const command = parseArgs(rotateCommand, { roomId: input.roomId, keys: input.keys.map((k) => ({ ...k })) });
    await ctx.services.rooms.rotate(ctx.em, user, command);
    return toRoom(await ctx.services.rooms.get(ctx.em.fork(), user, command.roomId));
  }
}
