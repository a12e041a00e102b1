import { Field, GraphQLISODateTime, ID, InputType, Int, ObjectType } from 'type-graphql';
import type { RoomView } from './rooms.service';

@ObjectType('RoomMember', { description: 'A user in a room and where their key exchange stands' })
export class RoomMemberType {
  @Field(() => ID)
  userId!: string;
  @Field(() => String)
  username!: string;
  @Field(() => String)
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
  @Field(() => GraphQLISODateTime, { nullable: true })
  approvedAt!: Date | null;
  @Field(() => GraphQLISODateTime)
  createdAt!: Date;
}

@ObjectType('RoomKey', { description: "One member's copy of one room key version" })
export class RoomKeyType {
  @Field(() => ID)
  userId!: string;
  @Field(() => String)
  publicKeyId!: string;
  @Field(() => Int)
  keyVersion!: number;
  @Field(() => String, {
    description:
      'the room key sealed to publicKeyId (HPKE envelope, info room-key|<roomId>|<userId>|v<keyVersion>), or the marker waitingforsessionkey',
  })
  aesKey!: string;
  @Field(() => Boolean, { description: 'aesKey is the waitingforsessionkey marker' })
  waiting!: boolean;
  @Field(() => GraphQLISODateTime)
  updatedAt!: Date;
}

@ObjectType('RoomInvitation', { description: 'An invitation the owner sent (only the owner sees them)' })
export class RoomInvitationType {
  @Field(() => String)
  email!: string;
  @Field(() => GraphQLISODateTime)
  createdAt!: Date;
  @Field(() => GraphQLISODateTime, { nullable: true })
  acceptedAt!: Date | null;
  @Field(() => GraphQLISODateTime, { nullable: true })
  declinedAt!: Date | null;
}

@ObjectType('MyRoomInvitation', { description: 'An invitation to a room, waiting for your answer' })
export class MyRoomInvitationType {
  @Field(() => ID)
  id!: string;
  @Field(() => ID)
  roomId!: string;
  @Field(() => String)
  roomName!: string;
  @Field(() => String, { description: 'who invited you' })
  invitedBy!: string;
  @Field(() => GraphQLISODateTime)
  createdAt!: Date;
}

@ObjectType('Room', { description: 'A virtual clean room the caller is a member of' })
export class RoomType {
  @Field(() => ID)
  id!: string;
  @Field(() => String)
  name!: string;
  @Field(() => GraphQLISODateTime)
  createdAt!: Date;
  @Field(() => String, { description: 'the caller\'s type in the room: "Owner" or "guest" (the list\'s Type column)' })
  type!: string;
  @Field(() => String, { description: 'owner or guest' })
  role!: string;
  @Field(() => ID)
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

@ObjectType('MemberPublicKey')
export class MemberPublicKeyType {
  @Field(() => ID)
  userId!: string;
  @Field(() => String)
  publicKeyId!: string;
  @Field(() => String, { description: 'SPKI PEM: seal the room key to it' })
  publicKey!: string;
}

@InputType()
export class CreateRoomInput {
  @Field(() => String)
  name!: string;
}

@InputType()
export class ChooseRoomKeyInput {
  @Field(() => ID)
  roomId!: string;
  @Field(() => String)
  publicKeyId!: string;
  @Field(() => String, { nullable: true, description: 'owner setting up the room: the room key sealed to publicKeyId' })
  encryptedSessionKey?: string | null;
}

@InputType()
export class SealedKeyInput {
  @Field(() => ID)
  userId!: string;
  @Field(() => String)
  publicKeyId!: string;
  @Field(() => String, { description: 'the room key sealed to publicKeyId (hpke1.<base64>)' })
  encryptedSessionKey!: string;
}

@InputType()
export class SealRoomKeyInput extends SealedKeyInput {
  @Field(() => ID)
  roomId!: string;
  @Field(() => Int, { nullable: true, description: "default: the room's current key version" })
  keyVersion?: number | null;
}

@InputType()
export class RotateRoomKeyInput {
  @Field(() => ID)
  roomId!: string;
  @Field(() => [SealedKeyInput])
  keys!: SealedKeyInput[];
}

@InputType()
export class InviteInput {
  @Field(() => [String])
  recipients!: string[];
  @Field(() => ID, { description: 'a room you own' })
  roomId!: string;
}
