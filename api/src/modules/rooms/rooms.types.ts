import { Field, GraphQLISODateTime, ID, InputType, Int, ObjectType } from 'type-graphql';
import type { RoomView } from './rooms.service';

@ObjectType('RoomMember', { description: 'A user in a room and where their key exchange stands' })
export class RoomMemberType {
  @Field(() => ID, { description: "the member's user id" })
  userId!: string;
  @Field(() => String, { description: 'their username' })
  username!: string;
  @Field(() => String, { description: 'their nickname' })
  nickname!: string;
  @Field(() => String, { description: 'owner or guest' })
  role!: string;
  @Field(() => String, { nullable: true, description: 'the key the member entered the room with' })
  publicKeyId!: string | null;
  @Field(() => String, {
    description:
      'invited (no key chosen yet), waiting (key chosen, the owner has not sealed the room key to it: waitingforsessionkey) or active',
  })
  status!: string;
  @Field(() => Boolean, {
    description:
      "true: the owner's open browser seals the room key to this guest without asking (first guest, fewer than 3 room users); false while waiting: the owner approves explicitly",
  })
  autoSeal!: boolean;
  @Field(() => GraphQLISODateTime, { nullable: true, description: 'when the owner first sealed the room key to them' })
  approvedAt!: Date | null;
  @Field(() => GraphQLISODateTime, { description: 'when they were added' })
  createdAt!: Date;
}

@ObjectType('RoomKey', { description: "One member's copy of one room key version" })
export class RoomKeyType {
  @Field(() => ID, { description: 'the member it is sealed to' })
  userId!: string;
  @Field(() => String, { description: 'the id of the public key it is sealed to' })
  publicKeyId!: string;
  @Field(() => Int, { description: 'the room key version' })
  keyVersion!: number;
  @Field(() => String, {
    description:
      'the room key sealed to publicKeyId (HPKE envelope, info room-key|<roomId>|<userId>|v<keyVersion>), or the marker waitingforsessionkey',
  })
  aesKey!: string;
  @Field(() => Boolean, { description: 'aesKey is the waitingforsessionkey marker' })
  waiting!: boolean;
  @Field(() => GraphQLISODateTime, { description: 'when it was last sealed' })
  updatedAt!: Date;
}

@ObjectType('RoomInvitation', { description: 'An invitation the owner sent (only the owner sees them)' })
export class RoomInvitationType {
  @Field(() => String, { description: 'the address invited' })
  email!: string;
  @Field(() => GraphQLISODateTime, { description: 'when it was sent' })
  createdAt!: Date;
  @Field(() => GraphQLISODateTime, { nullable: true, description: 'when it was accepted' })
  acceptedAt!: Date | null;
  @Field(() => GraphQLISODateTime, { nullable: true, description: 'when it was declined' })
  declinedAt!: Date | null;
}

@ObjectType('MyRoomInvitation', { description: 'An invitation to a room, waiting for your answer' })
export class MyRoomInvitationType {
  @Field(() => ID, { description: 'the invitation id' })
  id!: string;
  @Field(() => ID, { description: 'the room' })
  roomId!: string;
  @Field(() => String, { description: 'its name' })
  roomName!: string;
  @Field(() => String, { description: 'who invited you' })
  invitedBy!: string;
  @Field(() => GraphQLISODateTime, { description: 'when it was sent' })
  createdAt!: Date;
}

@ObjectType('Room', { description: 'A virtual clean room the caller is a member of' })
export class RoomType {
  @Field(() => ID, { description: 'the room id' })
  id!: string;
  @Field(() => String, { description: 'its name' })
  name!: string;
  @Field(() => GraphQLISODateTime, { description: 'when it was made' })
  createdAt!: Date;
  @Field(() => String, { description: 'the caller\'s type in the room: "Owner" or "guest" (the list\'s Type column)' })
  type!: string;
  @Field(() => String, { description: 'owner or guest' })
  role!: string;
  @Field(() => ID, { description: 'the member who made it' })
  ownerId!: string;
  @Field(() => Int, { description: 'current room key version' })
  keyVersion!: number;
  @Field(() => Int, { description: 'room users, the owner included' })
  userCount!: number;
  @Field(() => String, { nullable: true, description: 'the key the caller entered with' })
  myPublicKeyId!: string | null;

  // for the field resolvers; not part of the schema
  view!: RoomView;
}

@ObjectType('MemberPublicKey', { description: 'The public key a room member chose for the room' })
export class MemberPublicKeyType {
  @Field(() => ID, { description: 'the member' })
  userId!: string;
  @Field(() => String, { description: 'the id of their room key' })
  publicKeyId!: string;
  @Field(() => String, { description: 'SPKI PEM: seal the room key to it' })
  publicKey!: string;
}

@InputType({ description: 'A new virtual clean room' })
export class CreateRoomInput {
  @Field(() => String, { description: 'its name' })
  name!: string;
}

@InputType({ description: 'The key you use in a room' })
export class ChooseRoomKeyInput {
  @Field(() => ID, { description: 'the room' })
  roomId!: string;
  @Field(() => String, { description: 'one of your keys' })
  publicKeyId!: string;
  @Field(() => String, { nullable: true, description: 'owner setting up the room: the room key sealed to publicKeyId' })
  encryptedSessionKey?: string | null;
}

@InputType({ description: 'A room key sealed to one member' })
export class SealedKeyInput {
  @Field(() => ID, { description: 'the member' })
  userId!: string;
  @Field(() => String, { description: "the id of the member's room key" })
  publicKeyId!: string;
  @Field(() => String, { description: 'the room key sealed to publicKeyId (hpke1.<base64>)' })
  encryptedSessionKey!: string;
}

@InputType({ description: "The room key sealed to one member's public key" })
export class SealRoomKeyInput extends SealedKeyInput {
  @Field(() => ID, { description: 'the room' })
  roomId!: string;
  @Field(() => Int, { nullable: true, description: "default: the room's current key version" })
  keyVersion?: number | null;
}

@InputType({ description: 'A new room key version sealed to every member' })
export class RotateRoomKeyInput {
  @Field(() => ID, { description: 'the room' })
  roomId!: string;
  @Field(() => [SealedKeyInput], { description: 'the new room key sealed to every member' })
  keys!: SealedKeyInput[];
}

@InputType({ description: 'Invitations to a room' })
export class InviteInput {
  @Field(() => [String], { description: 'e-mail addresses to invite' })
  recipients!: string[];
  @Field(() => ID, { description: 'a room you own' })
  roomId!: string;
}
