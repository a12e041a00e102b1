import { GraphQLJSON } from 'graphql-scalars';
import { Field, GraphQLISODateTime, ID, InputType, Int, ObjectType } from 'type-graphql';

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
  @Field(() => Boolean, {
    description: "partners may see this column's values (in their reports, as aggregate groups and measures)",
  })
  shared!: boolean;
  @Field(() => String, {
    nullable: true,
    description:
      "sealed cells: room (keys from the room key) or dataset (keys from the data set's own secret, which only its uploader holds); null for clear columns",
  })
  sealing!: string | null;
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
  @Field(() => Boolean, { description: 'you uploaded it (you have full access to it)' })
  mine!: boolean;
  @Field(() => String, {
    description:
      'the analysis rule for partners: matches (Compare, Join; reports only joined with their own sets, shared columns only), aggregates (counts and aggregates only) or full',
  })
  partnerAccess!: string;
  @Field(() => Int, { description: 'k: counts and aggregates covering fewer rows are suppressed for partners' })
  minGroupSize!: number;
  @Field(() => String, {
    nullable: true,
    description:
      "your own sets only: the data set's secret, HPKE-sealed to secretKeyId (info dataset-secret|<roomId>|<datasetId>|<userId>)",
  })
  sealedSecret!: string | null;
  @Field(() => String, { nullable: true, description: 'your own sets only: the public key the secret is sealed to' })
  secretKeyId!: string | null;
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
  @Field(() => Boolean, {
    nullable: true,
    description:
      "shared with partners (default false: a sealed or join column is then sealed with the data set's secret)",
  })
  shared?: boolean | null;
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
  @Field(() => String, { defaultValue: 'matches', description: 'the analysis rule: matches, aggregates or full' })
  partnerAccess!: string;
  @Field(() => Int, { defaultValue: 10, description: 'the minimum group size k (2 to 100,000)' })
  minGroupSize!: number;
  @Field(() => String, {
    nullable: true,
    description: "the data set's own secret sealed to secretKeyId; required when a sealed or join column is not shared",
  })
  sealedSecret?: string | null;
  @Field(() => String, { nullable: true })
  secretKeyId?: string | null;
}
