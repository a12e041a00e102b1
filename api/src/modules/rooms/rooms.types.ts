import { GraphQLJSON } from 'graphql-scalars';
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

@ObjectType('RoomInvitation')
export class RoomInvitationType {
  @Field(() => String)
  email!: string;
  @Field(() => GraphQLISODateTime)
  createdAt!: Date;
  @Field(() => GraphQLISODateTime, { nullable: true })
  acceptedAt!: Date | null;
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

@ObjectType('DatasetColumn')
export class DatasetColumnType {
  @Field(() => String)
  name!: string;
  @Field(() => String, { description: 'clear, join or sealed' })
  role!: string;
  @Field(() => String, { nullable: true, description: 'join columns: the join domain' })
  domain!: string | null;
  @Field(() => String, { nullable: true, description: 'join columns: text, email or phone normalisation' })
  kind!: string | null;
  @Field(() => Int, { nullable: true })
  padBucket!: number | null;
}

@ObjectType('Dataset', { description: 'An encrypted data set of a room' })
export class DatasetType {
  @Field(() => ID)
  id!: string;
  @Field(() => ID)
  roomId!: string;
  @Field(() => String)
  name!: string;
  @Field(() => String, { description: 'comma separated clear (unencrypted) columns' })
  filtered!: string;
  @Field(() => [DatasetColumnType])
  columns!: DatasetColumnType[];
  @Field(() => Int)
  rowCount!: number;
  @Field(() => Int, { description: 'room key version the set was encrypted under' })
  keyVersion!: number;
  @Field(() => Int)
  normalisationVersion!: number;
  @Field(() => String, { description: 'empty join cells: null or random' })
  emptyCells!: string;
  @Field(() => String, { description: 'uploading or ready' })
  status!: string;
  @Field(() => ID)
  uploadedBy!: string;
  @Field(() => GraphQLISODateTime)
  createdAt!: Date;
}

@ObjectType('UploadResult')
export class UploadResultType {
  @Field(() => DatasetType)
  dataset!: DatasetType;
  @Field(() => Int)
  chunksReceived!: number;
  @Field(() => Int)
  chunkCount!: number;
  @Field(() => Boolean, { description: 'this chunk had been stored before: nothing changed' })
  duplicate!: boolean;
}

@ObjectType('Overlap', { description: 'Distinct tokens of one join domain: only in A, in both, only in B' })
export class OverlapType {
  @Field(() => String)
  domain!: string;
  @Field(() => [ID], { description: '[A] or [A, B]' })
  datasetIds!: string[];
  @Field(() => Int)
  onlyA!: number;
  @Field(() => Int)
  both!: number;
  @Field(() => Int)
  onlyB!: number;
}

@ObjectType('ResultColumn')
export class ResultColumnType {
  @Field(() => Int, { description: '1 or 2' })
  set!: number;
  @Field(() => ID)
  datasetId!: string;
  @Field(() => String)
  name!: string;
  @Field(() => String)
  role!: string;
  @Field(() => Int)
  keyVersion!: number;
}

@ObjectType('JoinPreview')
export class JoinPreviewType {
  @Field(() => Int, { description: 'matching row pairs' })
  matchCount!: number;
  @Field(() => [ResultColumnType])
  columns!: ResultColumnType[];
}

@ObjectType('Report', { description: 'A paid report (1 IPT)' })
export class ReportType {
  @Field(() => ID)
  id!: string;
  @Field(() => ID)
  roomId!: string;
  @Field(() => [ID])
  datasetIds!: string[];
  @Field(() => Int, { description: 'data sets the report covers (1, or 2 for a join)' })
  datasetCount!: number;
  @Field(() => Int)
  rowCount!: number;
  @Field(() => GraphQLJSON, { nullable: true, description: 'the join condition tree' })
  condition!: unknown;
  @Field(() => GraphQLJSON, {
    nullable: true,
    description:
      '{ columns: [{ set, datasetId, name, role, keyVersion }], rows: [[rowNo per set..., cell per column...]] }; sealed cells base64',
  })
  result!: unknown;
  @Field(() => String)
  chargeReference!: string;
  @Field(() => GraphQLISODateTime)
  createdAt!: Date;
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
  @Field(() => ID, { nullable: true })
  roomId?: string | null;
}

@InputType()
export class DatasetColumnInput {
  @Field(() => String)
  name!: string;
  @Field(() => String, { description: 'clear, join or sealed' })
  role!: string;
  @Field(() => String, { nullable: true })
  domain?: string | null;
  @Field(() => String, { nullable: true })
  kind?: string | null;
  @Field(() => Int, { nullable: true })
  padBucket?: number | null;
}

@InputType()
export class UploadChunkInput {
  @Field(() => ID)
  roomId!: string;
  @Field(() => ID, { description: 'chosen by the browser (UUID) before encrypting: it is in every cell AAD' })
  datasetId!: string;
  @Field(() => String)
  name!: string;
  @Field(() => [DatasetColumnInput])
  columns!: DatasetColumnInput[];
  @Field(() => GraphQLJSON, {
    nullable: true,
    description: 'rows of this chunk (see uploadEncrypted in the README); send rows or packed',
  })
  rows?: unknown;
  @Field(() => String, { nullable: true, description: 'the rows packed as bytes, base64 (see uploadEncrypted)' })
  packed?: string | null;
  @Field(() => Int, { defaultValue: 0 })
  chunkIndex!: number;
  @Field(() => Int, { defaultValue: 1 })
  chunkCount!: number;
  @Field(() => Int, { defaultValue: 0 })
  firstRow!: number;
  @Field(() => Int, { nullable: true })
  keyVersion?: number | null;
  @Field(() => Int, { defaultValue: 1 })
  normalisationVersion!: number;
  @Field(() => String, { defaultValue: 'null' })
  emptyCells!: string;
}

@InputType()
export class CreateReportInput {
  @Field(() => ID)
  roomId!: string;
  @Field(() => [ID], { description: 'one data set, or the two of a join' })
  datasetIds!: string[];
  @Field(() => GraphQLJSON, { nullable: true, description: 'the join condition tree (two data sets)' })
  sqlWhere?: unknown;
  @Field(() => String, { nullable: true, description: 'idempotency key: a retry charges once' })
  requestId?: string | null;
}
