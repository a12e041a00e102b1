import { GraphQLJSON } from 'graphql-scalars';
import { Field, Float, GraphQLISODateTime, ID, InputType, Int, ObjectType } from 'type-graphql';

@ObjectType('Overlap', {
  description:
    'Distinct tokens of one join domain: only in A, in both, only in B. Suppressed together (null, suppressed: true) when they cover fewer than k rows of a partner’s set',
})
export class OverlapType {
  @Field(() => String)
  domain!: string;
  @Field(() => [ID], { description: '[A] or [A, B]' })
  datasetIds!: string[];
  @Field(() => Int, { nullable: true })
  onlyA!: number | null;
  @Field(() => Int, { nullable: true })
  both!: number | null;
  @Field(() => Int, { nullable: true })
  onlyB!: number | null;
  @Field(() => Boolean, { description: 'the counts cover fewer than k rows of a partner’s set: not given' })
  suppressed!: boolean;
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
  @Field(() => String, { nullable: true, description: 'room or dataset (the key its cells are sealed with)' })
  sealing!: string | null;
}

@ObjectType('JoinPreview')
export class JoinPreviewType {
  @Field(() => Int, { nullable: true, description: 'matching row pairs (null when suppressed)' })
  matchCount!: number | null;
  @Field(() => Boolean, { description: 'the matches cover fewer than k rows of a partner’s set' })
  suppressed!: boolean;
  @Field(() => [ResultColumnType], { description: 'the columns a report of this join would carry for you' })
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
  @Field(() => String, { description: 'what it holds, in words: the sets and the join condition' })
  description!: string;
  @Field(() => ID, { nullable: true, description: 'the approved access request it was made from' })
  accessRequestId!: string | null;
  @Field(() => GraphQLJSON, { nullable: true, description: 'the join condition tree' })
  condition!: unknown;
  @Field(() => GraphQLJSON, {
    nullable: true,
    description:
      '{ columns: [{ set, datasetId, name, role, keyVersion, sealing, key }], rows: [[rowNo per set..., cell per column...]], omitted }; sealed cells base64. key: how a column sealed with a data set’s secret opens for you ({ kind: secret|grant, envelope, publicKeyId })',
  })
  result!: unknown;
  @Field(() => String)
  chargeReference!: string;
  @Field(() => GraphQLISODateTime)
  createdAt!: Date;
}

@ObjectType('AggregateColumn')
export class AggregateColumnType {
  @Field(() => String, { description: 'group or measure' })
  kind!: string;
  @Field(() => String)
  name!: string;
  @Field(() => String, { nullable: true, description: 'measures: count, countDistinct, sum, avg, min or max' })
  fn!: string | null;
  @Field(() => Int, { nullable: true })
  set!: number | null;
  @Field(() => ID, { nullable: true })
  datasetId!: string | null;
  @Field(() => String, { nullable: true })
  column!: string | null;
}

@ObjectType('AggregateGroup')
export class AggregateGroupType {
  @Field(() => [String], { nullable: 'items', description: 'the group columns’ values' })
  keys!: (string | null)[];
  @Field(() => [Float], { nullable: 'items', description: 'one per measure (null when suppressed)' })
  values!: (number | null)[];
  @Field(() => Boolean, { description: 'without grouping: the total covers fewer than k rows of a partner’s set' })
  suppressed!: boolean;
}

@ObjectType('AggregateThreshold')
export class AggregateThresholdType {
  @Field(() => ID)
  datasetId!: string;
  @Field(() => String)
  name!: string;
  @Field(() => Int)
  minGroupSize!: number;
}

@ObjectType('AggregateResult', {
  description:
    'An aggregate’s groups. Groups covering fewer than k rows of a partner’s set are not shown, and then neither is the smallest other group (so nothing hidden can be worked out by subtraction)',
})
export class AggregateResultType {
  @Field(() => [AggregateColumnType])
  columns!: AggregateColumnType[];
  @Field(() => [AggregateGroupType])
  groups!: AggregateGroupType[];
  @Field(() => [AggregateThresholdType], { description: 'the partner sets whose minimum group size applied' })
  thresholds!: AggregateThresholdType[];
  @Field(() => String, { description: 'the aggregate in words' })
  description!: string;
}

@ObjectType('ColumnKeyToSeal', {
  description:
    'A column key your browser still has to seal to a member (a shared column sealed with your set’s secret)',
})
export class KeyToSealType {
  @Field(() => ID)
  datasetId!: string;
  @Field(() => String)
  column!: string;
  @Field(() => ID)
  userId!: string;
  @Field(() => String)
  publicKeyId!: string;
  @Field(() => String, { description: 'SPKI PEM of the member’s room key' })
  publicKey!: string;
}

@ObjectType('AccessRequest', { description: 'A partner asking a data set’s uploader for one report beyond its rule' })
export class AccessRequestType {
  @Field(() => ID)
  id!: string;
  @Field(() => ID)
  roomId!: string;
  @Field(() => ID)
  requesterId!: string;
  @Field(() => String)
  requesterName!: string;
  @Field(() => ID, { description: 'the set asked about' })
  datasetId!: string;
  @Field(() => String)
  datasetName!: string;
  @Field(() => [ID], { description: 'the report’s sets, in the order of its condition' })
  datasetIds!: string[];
  @Field(() => [String], { description: 'the withheld columns asked for' })
  columns!: string[];
  @Field(() => String)
  reason!: string;
  @Field(() => String, { description: 'the report asked for, in words' })
  description!: string;
  @Field(() => String, { description: 'open, approved, declined or used' })
  status!: string;
  @Field(() => String, { nullable: true, description: 'the uploader’s words with a decline' })
  decisionNote!: string | null;
  @Field(() => GraphQLISODateTime, { nullable: true })
  decidedAt!: Date | null;
  @Field(() => ID, { nullable: true })
  reportId!: string | null;
  @Field(() => Boolean, { description: 'you asked' })
  mine!: boolean;
  @Field(() => Boolean, { description: 'you decide (you uploaded the set)' })
  toDecide!: boolean;
  @Field(() => GraphQLISODateTime)
  createdAt!: Date;
}

@ObjectType('AuditEvent', { description: 'One entry of a room’s audit log' })
export class AuditEventType {
  @Field(() => ID)
  id!: string;
  @Field(() => ID)
  actorId!: string;
  @Field(() => String)
  actorName!: string;
  @Field(() => String, {
    description: 'compare, join, aggregate, report, access-requested, access-approved, access-declined or rule-changed',
  })
  action!: string;
  @Field(() => [ID])
  datasetIds!: string[];
  @Field(() => [String], { description: 'the sets’ names at the time' })
  datasetNames!: string[];
  @Field(() => String, { description: 'what was asked, in words' })
  description!: string;
  @Field(() => Int, {
    nullable: true,
    description: 'how many came out (overlaps, pairs, groups or rows); null when suppressed or hidden from you',
  })
  count!: number | null;
  @Field(() => String, { nullable: true, description: 'overlaps, pairs, groups or rows' })
  unit!: string | null;
  @Field(() => Boolean, {
    description: 'the count covers fewer than k rows of a set you did not upload: only its actor sees it',
  })
  hidden!: boolean;
  @Field(() => GraphQLISODateTime)
  createdAt!: Date;
}

@ObjectType('AuditPage')
export class AuditPageType {
  @Field(() => [AuditEventType])
  entries!: AuditEventType[];
  @Field(() => Int)
  total!: number;
  @Field(() => Int)
  page!: number;
  @Field(() => Int)
  pages!: number;
}

@InputType()
export class CreateReportInput {
  @Field(() => ID)
  roomId!: string;
  @Field(() => [ID], { nullable: true, description: 'one data set, or the two of a join (not with accessRequestId)' })
  datasetIds?: string[] | null;
  @Field(() => GraphQLJSON, { nullable: true, description: 'the join condition tree (two data sets)' })
  sqlWhere?: unknown;
  @Field(() => String, { nullable: true, description: 'idempotency key: a retry charges once' })
  requestId?: string | null;
  @Field(() => ID, { nullable: true, description: 'an approved access request: the one report it allows' })
  accessRequestId?: string | null;
}

@InputType()
export class ColumnRefInput {
  @Field(() => Int, { description: '1 or 2' })
  set!: number;
  @Field(() => String)
  column!: string;
}

@InputType()
export class MeasureInput {
  @Field(() => String, { description: 'count, countDistinct, sum, avg, min or max' })
  fn!: string;
  @Field(() => ColumnRefInput, { nullable: true })
  column?: ColumnRefInput | null;
}

@InputType()
export class AggregateInput {
  @Field(() => ID)
  roomId!: string;
  @Field(() => [ID], { description: 'one data set, or the two of a join' })
  datasetIds!: string[];
  @Field(() => GraphQLJSON, {
    nullable: true,
    description: 'two sets: the join condition tree; one set: an optional filter of its clear columns',
  })
  sqlWhere?: unknown;
  @Field(() => [ColumnRefInput], { defaultValue: [], description: 'clear columns to group by (at most 3)' })
  groupBy!: ColumnRefInput[];
  @Field(() => [MeasureInput])
  measures!: MeasureInput[];
}

@InputType()
export class DatasetRuleInput {
  @Field(() => ID)
  roomId!: string;
  @Field(() => ID)
  datasetId!: string;
  @Field(() => String, { nullable: true, description: 'matches, aggregates or full' })
  partnerAccess?: string | null;
  @Field(() => Int, { nullable: true, description: 'k, 2 to 100,000' })
  minGroupSize?: number | null;
  @Field(() => [String], { nullable: true, description: 'the columns shared with partners (omitted: unchanged)' })
  sharedColumns?: string[] | null;
}

@InputType()
export class ColumnKeyInput {
  @Field(() => ID)
  userId!: string;
  @Field(() => String)
  column!: string;
  @Field(() => String)
  publicKeyId!: string;
  @Field(() => String, { description: 'the column key sealed to publicKeyId (HPKE, info column-key|...)' })
  sealedKey!: string;
}

@InputType()
export class GrantColumnKeysInput {
  @Field(() => ID)
  roomId!: string;
  @Field(() => ID)
  datasetId!: string;
  @Field(() => [ColumnKeyInput])
  keys!: ColumnKeyInput[];
}

@InputType()
export class AccessRequestInput {
  @Field(() => ID)
  roomId!: string;
  @Field(() => [ID], { description: "the other member's set alone, or your own set and theirs (the join)" })
  datasetIds!: string[];
  @Field(() => GraphQLJSON, { nullable: true, description: 'the join condition tree, with two data sets' })
  sqlWhere?: unknown;
  @Field(() => [String], { defaultValue: [], description: 'the withheld columns asked for' })
  columns!: string[];
  @Field(() => String, { description: 'why, in your words' })
  reason!: string;
}

@InputType()
export class RequestColumnKeyInput {
  @Field(() => String)
  column!: string;
  @Field(() => String, { description: "the column key sealed to the requester's room key" })
  sealedKey!: string;
}

@InputType()
export class ApproveAccessInput {
  @Field(() => ID)
  roomId!: string;
  @Field(() => ID)
  requestId!: string;
  @Field(() => [RequestColumnKeyInput], { defaultValue: [] })
  columnKeys!: RequestColumnKeyInput[];
}

@InputType()
export class DeclineAccessInput {
  @Field(() => ID)
  roomId!: string;
  @Field(() => ID)
  requestId!: string;
  @Field(() => String, { nullable: true })
  note?: string | null;
}
