import { GraphQLJSON } from 'graphql-scalars';
import { Field, Float, GraphQLISODateTime, ID, InputType, Int, ObjectType } from 'type-graphql';

@ObjectType('DatasetColumn', { description: 'A column of an uploaded data set, as its uploader set it up' })
export class DatasetColumnType {
  @Field(() => String, { description: 'the column name' })
  name!: string;
  @Field(() => String, { description: 'clear, join or sealed' })
  role!: string;
  @Field(() => String, { nullable: true, description: 'join columns: the join domain' })
  domain!: string | null;
  @Field(() => String, { nullable: true, description: 'join columns: text, email or phone normalisation' })
  kind!: string | null;
  @Field(() => Int, { nullable: true, description: 'sealed cells are padded to a multiple of this many bytes' })
  padBucket!: number | null;
  @Field(() => Boolean, {
    description: "partners may receive this column's cells in a row-level report (partnerRole shared, or rule full)",
  })
  shared!: boolean;
  @Field(() => String, {
    description:
      'what partners may do with it: joinOnly (equality join key only), dimension (filter, group by), metric (aggregate, clamped to lower..upper), shared (in their reports; clear ones also filter and group by) or private (nothing)',
  })
  partnerRole!: string;
  @Field(() => Float, { nullable: true, description: 'metric columns: the lower bound values are clamped to' })
  lower!: number | null;
  @Field(() => Float, { nullable: true, description: 'metric columns: the upper bound values are clamped to' })
  upper!: number | null;
  @Field(() => String, {
    nullable: true,
    description:
      "sealed cells: room (keys from the room key) or dataset (keys from the data set's own secret, which only its uploader holds); null for clear columns",
  })
  sealing!: string | null;
}

@ObjectType('DatasetPrivacy', { description: 'Differential privacy of what partners receive from a data set' })
export class DatasetPrivacyType {
  @Field(() => Boolean, { description: 'partners receive noisy counts and aggregates, within a budget' })
  enabled!: boolean;
  @Field(() => Float, { description: 'epsilon each partner may spend on the set' })
  budget!: number;
  @Field(() => Float, { description: 'epsilon one answer drawing on the set costs' })
  queryCost!: number;
  @Field(() => String, { description: 'the noise: discreteLaplace (an exact integer sampler)' })
  mechanism!: string;
}

@ObjectType('Dataset', { description: 'An encrypted data set of a room' })
export class DatasetType {
  @Field(() => ID, { description: 'the data set id' })
  id!: string;
  @Field(() => ID, { description: 'its room' })
  roomId!: string;
  @Field(() => String, { description: 'its name in the room' })
  name!: string;
  @Field(() => String, { description: 'comma separated clear (unencrypted) columns' })
  filtered!: string;
  @Field(() => [DatasetColumnType], { description: 'its columns as set up' })
  columns!: DatasetColumnType[];
  @Field(() => Int, { description: 'rows uploaded' })
  rowCount!: number;
  @Field(() => Int, { description: 'room key version the set was encrypted under' })
  keyVersion!: number;
  @Field(() => Int, { description: 'the value normalisation its tokens were made with' })
  normalisationVersion!: number;
  @Field(() => String, { description: 'empty join cells: null or random' })
  emptyCells!: string;
  @Field(() => String, { description: 'uploading or ready' })
  status!: string;
  @Field(() => ID, { description: 'the member who uploaded it' })
  uploadedBy!: string;
  @Field(() => Boolean, { description: 'you uploaded it (you have full access to it)' })
  mine!: boolean;
  @Field(() => String, {
    description:
      'the analysis rule for partners: matches (Compare, Join; reports only joined with their own sets, shared columns only), aggregates (counts and aggregates only) or full',
  })
  partnerAccess!: string;
  @Field(() => Int, { description: 'k: counts and aggregates covering fewer rows are suppressed for partners' })
  minGroupSize!: number;
  @Field(() => DatasetPrivacyType, { description: 'differential privacy settings' })
  privacy!: DatasetPrivacyType;
  @Field(() => String, {
    nullable: true,
    description:
      "your own sets only: the data set's secret, HPKE-sealed to secretKeyId (info dataset-secret|<roomId>|<datasetId>|<userId>)",
  })
  sealedSecret!: string | null;
  @Field(() => String, { nullable: true, description: 'your own sets only: the public key the secret is sealed to' })
  secretKeyId!: string | null;
  @Field(() => GraphQLISODateTime, { description: 'when the upload started' })
  createdAt!: Date;
}

@ObjectType('UploadResult', { description: 'Where an upload stands after one chunk' })
export class UploadResultType {
  @Field(() => DatasetType, { description: 'the data set being uploaded' })
  dataset!: DatasetType;
  @Field(() => Int, { description: 'chunks stored so far' })
  chunksReceived!: number;
  @Field(() => Int, { description: 'chunks in all' })
  chunkCount!: number;
  @Field(() => Boolean, { description: 'this chunk had been stored before: nothing changed' })
  duplicate!: boolean;
}

@InputType({ description: 'How one column of a data set is sealed and compared' })
export class DatasetColumnInput {
  @Field(() => String, { description: 'the column name' })
  name!: string;
  @Field(() => String, { description: 'clear, join or sealed' })
  role!: string;
  @Field(() => String, {
    nullable: true,
    description: 'the comparison domain of token columns (email, phone, name, ...)',
  })
  domain?: string | null;
  @Field(() => String, { nullable: true, description: 'how values are normalised before tokens are made' })
  kind?: string | null;
  @Field(() => Int, { nullable: true, description: 'pad sealed cells to a multiple of this many bytes' })
  padBucket?: number | null;
  @Field(() => Boolean, {
    nullable: true,
    description:
      "shared with partners, the same as partnerRole shared (default false: a sealed or join column is then sealed with the data set's secret)",
  })
  shared?: boolean | null;
  @Field(() => String, {
    nullable: true,
    description:
      'joinOnly, dimension, metric, shared or private (default: shared when shared is true, joinOnly for join columns, else private)',
  })
  partnerRole?: string | null;
  @Field(() => Float, { nullable: true, description: 'metric columns: the lower bound' })
  lower?: number | null;
  @Field(() => Float, { nullable: true, description: 'metric columns: the upper bound' })
  upper?: number | null;
}

@InputType({ description: 'One chunk of a data set upload, encrypted in the browser' })
export class UploadChunkInput {
  @Field(() => ID, { description: 'the room' })
  roomId!: string;
  @Field(() => ID, { description: 'chosen by the browser (UUID) before encrypting: it is in every cell AAD' })
  datasetId!: string;
  @Field(() => String, { description: "the data set's name (unique in the room)" })
  name!: string;
  @Field(() => [DatasetColumnInput], { description: 'the columns as set up (same on every chunk)' })
  columns!: DatasetColumnInput[];
  @Field(() => GraphQLJSON, {
    nullable: true,
    description: 'rows of this chunk (see uploadEncrypted in docs/api/clean-rooms.md); send rows or packed',
  })
  rows?: unknown;
  @Field(() => String, { nullable: true, description: 'the rows packed as bytes, base64 (see uploadEncrypted)' })
  packed?: string | null;
  @Field(() => Int, { defaultValue: 0, description: 'this chunk, from 0' })
  chunkIndex!: number;
  @Field(() => Int, { defaultValue: 1, description: 'chunks in all' })
  chunkCount!: number;
  @Field(() => Int, { defaultValue: 0, description: "the row number of this chunk's first row" })
  firstRow!: number;
  @Field(() => Int, { nullable: true, description: 'the room key version the cells are sealed with' })
  keyVersion?: number | null;
  @Field(() => Int, { defaultValue: 1, description: 'the value normalisation the tokens were made with' })
  normalisationVersion!: number;
  @Field(() => String, { defaultValue: 'null', description: 'empty join cells: null or random' })
  emptyCells!: string;
  @Field(() => String, { defaultValue: 'matches', description: 'the analysis rule: matches, aggregates or full' })
  partnerAccess!: string;
  @Field(() => Int, { defaultValue: 10, description: 'the minimum group size k (2 to 100,000)' })
  minGroupSize!: number;
  @Field(() => Boolean, {
    nullable: true,
    description: 'noise on what partners receive (default: on under matches and aggregates, off under full)',
  })
  differentialPrivacy?: boolean | null;
  @Field(() => Float, { nullable: true, description: 'epsilon each partner may spend (0.1 to 20, default 3)' })
  privacyBudget?: number | null;
  @Field(() => Float, { nullable: true, description: 'epsilon one answer costs (0.01 to 2, default 0.2)' })
  queryCost?: number | null;
  @Field(() => String, {
    nullable: true,
    description: "the data set's own secret sealed to secretKeyId; required when a sealed or join column is not shared",
  })
  sealedSecret?: string | null;
  @Field(() => String, {
    nullable: true,
    description: "withheld columns: the id of your key the set's secret is sealed to",
  })
  secretKeyId?: string | null;
}
