import { GraphQLJSON } from 'graphql-scalars';
import { Field, Float, GraphQLISODateTime, ID, InputType, Int, ObjectType } from 'type-graphql';

@ObjectType('ValueInterval', {
  description: 'A 95% interval around a noisy value: the true value lies in it with probability at least 0.95',
})
export class ValueIntervalType {
  @Field(() => Float, { description: 'the lower end' })
  low!: number;
  @Field(() => Float, { description: 'the upper end' })
  high!: number;
}

@ObjectType('PrivacyCharge', {
  description: 'What a noisy answer cost you on one differentially private data set, and what is left',
})
export class PrivacyChargeType {
  @Field(() => ID, { description: 'the differentially private data set' })
  datasetId!: string;
  @Field(() => String, { description: 'its name' })
  name!: string;
  @Field(() => Float, { description: 'epsilon this answer spent of your budget on it' })
  epsilonSpent!: number;
  @Field(() => Float, { description: 'your budget on it (epsilon)' })
  budget!: number;
  @Field(() => Float, { description: 'epsilon you have spent on it, this answer included' })
  spent!: number;
  @Field(() => Float, { description: 'epsilon left' })
  remaining!: number;
  @Field(() => Int, { description: 'answers you can still get from it at its current query cost' })
  queriesRemaining!: number;
}

@ObjectType('Overlap', {
  description:
    'Distinct tokens of one join domain: only in A, in both, only in B. Suppressed together (null, suppressed: true) when they cover fewer than k rows of a partner’s set',
})
export class OverlapType {
  @Field(() => String, { description: 'the comparison domain (the columns compared share it)' })
  domain!: string;
  @Field(() => [ID], { description: '[A] or [A, B]' })
  datasetIds!: string[];
  @Field(() => Int, { nullable: true, description: 'tokens only in the first set (null when suppressed)' })
  onlyA!: number | null;
  @Field(() => Int, { nullable: true, description: 'tokens in both sets (null when suppressed)' })
  both!: number | null;
  @Field(() => Int, { nullable: true, description: 'tokens only in the second set (null when suppressed)' })
  onlyB!: number | null;
  @Field(() => Boolean, { description: 'the counts cover fewer than k rows of a partner’s set: not given' })
  suppressed!: boolean;
  @Field(() => Boolean, { description: 'the counts carry noise (a differentially private partner set)' })
  noisy!: boolean;
  @Field(() => String, { nullable: true, description: 'noisy answers: the mechanism (discreteLaplace)' })
  mechanism!: string | null;
  @Field(() => Float, { description: 'epsilon the Compare call spent, over all sets (0 when exact)' })
  epsilonSpent!: number;
  @Field(() => ValueIntervalType, { nullable: true, description: 'noisy answers: 95% interval of onlyA' })
  onlyAInterval!: ValueIntervalType | null;
  @Field(() => ValueIntervalType, { nullable: true, description: 'noisy answers: 95% interval of both' })
  bothInterval!: ValueIntervalType | null;
  @Field(() => ValueIntervalType, { nullable: true, description: 'noisy answers: 95% interval of onlyB' })
  onlyBInterval!: ValueIntervalType | null;
  @Field(() => [PrivacyChargeType], { description: 'the budgets the Compare call drew on (empty when exact)' })
  privacy!: PrivacyChargeType[];
}

@ObjectType('ResultColumn', { description: 'A column of a report result' })
export class ResultColumnType {
  @Field(() => Int, { description: '1 or 2' })
  set!: number;
  @Field(() => ID, { description: 'the data set the column comes from' })
  datasetId!: string;
  @Field(() => String, { description: 'the column name' })
  name!: string;
  @Field(() => String, { description: 'clear, join (tokens and a sealed copy) or sealed: how its cells travel' })
  role!: string;
  @Field(() => Int, { description: 'the room key version its cells are sealed or tokenised with' })
  keyVersion!: number;
  @Field(() => String, { nullable: true, description: 'room or dataset (the key its cells are sealed with)' })
  sealing!: string | null;
}

@ObjectType('JoinPreview', { description: 'What a join of two data sets would give, before you pay for its report' })
export class JoinPreviewType {
  @Field(() => Int, {
    nullable: true,
    description:
      'matching row pairs (null when suppressed); noisy: the matching rows of the differentially private set, each once',
  })
  matchCount!: number | null;
  @Field(() => Boolean, { description: 'the matches cover fewer than k rows of a partner’s set' })
  suppressed!: boolean;
  @Field(() => Boolean, { description: 'matchCount carries noise (a differentially private partner set)' })
  noisy!: boolean;
  @Field(() => String, { nullable: true, description: 'noisy answers: the mechanism (discreteLaplace)' })
  mechanism!: string | null;
  @Field(() => Float, { description: 'epsilon spent (0 when exact)' })
  epsilonSpent!: number;
  @Field(() => ValueIntervalType, { nullable: true, description: 'noisy answers: 95% interval of matchCount' })
  matchCountInterval!: ValueIntervalType | null;
  @Field(() => [PrivacyChargeType], { description: 'the budgets the answer drew on (empty when exact)' })
  privacy!: PrivacyChargeType[];
  @Field(() => [ResultColumnType], { description: 'the columns a report of this join would carry for you' })
  columns!: ResultColumnType[];
}

@ObjectType('Report', { description: 'A paid report (1 IPT)' })
export class ReportType {
  @Field(() => ID, { description: 'the report id' })
  id!: string;
  @Field(() => ID, { description: 'its room' })
  roomId!: string;
  @Field(() => [ID], { description: 'the data sets it covers' })
  datasetIds!: string[];
  @Field(() => Int, { description: 'data sets the report covers (1, or 2 for a join)' })
  datasetCount!: number;
  @Field(() => Int, { description: 'rows in the result' })
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
  @Field(() => String, { description: 'the credit ledger reference of its 1 IPT charge' })
  chargeReference!: string;
  @Field(() => GraphQLISODateTime, { description: 'when it was made' })
  createdAt!: Date;
}

@ObjectType('AggregateColumn', { description: 'A column of an aggregate result: a group column or a measure' })
export class AggregateColumnType {
  @Field(() => String, { description: 'group or measure' })
  kind!: string;
  @Field(() => String, { description: 'the column title' })
  name!: string;
  @Field(() => String, { nullable: true, description: 'measures: count, countDistinct, sum, avg, min or max' })
  fn!: string | null;
  @Field(() => Int, { nullable: true, description: '1 or 2: the data set of the query it comes from' })
  set!: number | null;
  @Field(() => ID, { nullable: true, description: 'the data set it comes from' })
  datasetId!: string | null;
  @Field(() => String, { nullable: true, description: 'the data set column it reads' })
  column!: string | null;
}

@ObjectType('AggregateGroup', { description: 'One row of an aggregate result' })
export class AggregateGroupType {
  @Field(() => [String], { nullable: 'items', description: 'the group columns’ values' })
  keys!: (string | null)[];
  @Field(() => [Float], { nullable: 'items', description: 'one per measure (null when suppressed)' })
  values!: (number | null)[];
  @Field(() => Boolean, { description: 'without grouping: the total covers fewer than k rows of a partner’s set' })
  suppressed!: boolean;
  @Field(() => [ValueIntervalType], {
    nullable: 'items',
    description: 'one per measure: its 95% interval when noisy, null when exact or suppressed',
  })
  intervals!: (ValueIntervalType | null)[];
}

@ObjectType('AggregateThreshold', {
  description: 'A partner data set whose minimum group size applied to an aggregate',
})
export class AggregateThresholdType {
  @Field(() => ID, { description: 'the partner data set' })
  datasetId!: string;
  @Field(() => String, { description: 'its name' })
  name!: string;
  @Field(() => Int, { description: 'k: groups covering fewer of its rows are suppressed' })
  minGroupSize!: number;
}

@ObjectType('AggregateResult', {
  description:
    'An aggregate’s groups. Groups covering fewer than k rows of a partner’s set are not shown, and then neither is the smallest other group (so nothing hidden can be worked out by subtraction)',
})
export class AggregateResultType {
  @Field(() => [AggregateColumnType], { description: 'the group columns, then the measures' })
  columns!: AggregateColumnType[];
  @Field(() => [AggregateGroupType], { description: 'one row per group' })
  groups!: AggregateGroupType[];
  @Field(() => [AggregateThresholdType], { description: 'the partner sets whose minimum group size applied' })
  thresholds!: AggregateThresholdType[];
  @Field(() => String, { description: 'the aggregate in words' })
  description!: string;
  @Field(() => Boolean, { description: 'the values carry noise (a differentially private partner set)' })
  noisy!: boolean;
  @Field(() => String, { nullable: true, description: 'noisy answers: the mechanism (discreteLaplace)' })
  mechanism!: string | null;
  @Field(() => Float, { description: 'epsilon spent (0 when exact)' })
  epsilonSpent!: number;
  @Field(() => [PrivacyChargeType], { description: 'the budgets the answer drew on (empty when exact)' })
  privacy!: PrivacyChargeType[];
}

@ObjectType('PartnerSpend', { description: 'What one partner has spent of a data set’s privacy budget' })
export class PartnerSpendType {
  @Field(() => ID, { description: 'the partner' })
  userId!: string;
  @Field(() => String, { description: 'their name' })
  name!: string;
  @Field(() => Float, { description: 'epsilon spent' })
  spent!: number;
  @Field(() => Float, { description: 'epsilon left' })
  remaining!: number;
  @Field(() => Int, { description: 'answers left at the current query cost' })
  queriesRemaining!: number;
}

@ObjectType('PrivacySpend', { description: 'A data set’s privacy budget and what has been spent of it' })
export class PrivacySpendType {
  @Field(() => ID, { description: 'the data set' })
  datasetId!: string;
  @Field(() => Boolean, { description: 'differential privacy is on' })
  enabled!: boolean;
  @Field(() => Float, { description: 'epsilon each partner may spend' })
  budget!: number;
  @Field(() => Float, { description: 'epsilon one answer costs' })
  queryCost!: number;
  @Field(() => String, { description: 'the noise mechanism (discreteLaplace)' })
  mechanism!: string;
  @Field(() => PartnerSpendType, { nullable: true, description: 'a partner: your own spending; the uploader: null' })
  yours!: PartnerSpendType | null;
  @Field(() => [PartnerSpendType], {
    description: 'the uploader: every partner who has spent some (a partner: empty)',
  })
  partners!: PartnerSpendType[];
}

@ObjectType('ColumnKeyToSeal', {
  description:
    'A column key your browser still has to seal to a member (a shared column sealed with your set’s secret)',
})
export class KeyToSealType {
  @Field(() => ID, { description: 'the data set of the withheld column' })
  datasetId!: string;
  @Field(() => String, { description: 'the withheld column' })
  column!: string;
  @Field(() => ID, { description: 'the member to seal its key to' })
  userId!: string;
  @Field(() => String, { description: "the id of that member's room key" })
  publicKeyId!: string;
  @Field(() => String, { description: 'SPKI PEM of the member’s room key' })
  publicKey!: string;
}

@ObjectType('AccessRequest', { description: 'A partner asking a data set’s uploader for one report beyond its rule' })
export class AccessRequestType {
  @Field(() => ID, { description: 'the access request id' })
  id!: string;
  @Field(() => ID, { description: 'its room' })
  roomId!: string;
  @Field(() => ID, { description: 'the member who asked' })
  requesterId!: string;
  @Field(() => String, { description: 'their name' })
  requesterName!: string;
  @Field(() => ID, { description: 'the set asked about' })
  datasetId!: string;
  @Field(() => String, { description: 'the name of the set asked about' })
  datasetName!: string;
  @Field(() => [ID], { description: 'the report’s sets, in the order of its condition' })
  datasetIds!: string[];
  @Field(() => [String], { description: 'the withheld columns asked for' })
  columns!: string[];
  @Field(() => String, { description: 'why they ask, in their words' })
  reason!: string;
  @Field(() => String, { description: 'the report asked for, in words' })
  description!: string;
  @Field(() => String, { description: 'open, approved, declined or used' })
  status!: string;
  @Field(() => String, { nullable: true, description: 'the uploader’s words with a decline' })
  decisionNote!: string | null;
  @Field(() => GraphQLISODateTime, { nullable: true, description: 'when the uploader approved or declined' })
  decidedAt!: Date | null;
  @Field(() => ID, { nullable: true, description: 'the report made with the approval, once made' })
  reportId!: string | null;
  @Field(() => Boolean, { description: 'you asked' })
  mine!: boolean;
  @Field(() => Boolean, { description: 'you decide (you uploaded the set)' })
  toDecide!: boolean;
  @Field(() => GraphQLISODateTime, { description: 'when it was asked' })
  createdAt!: Date;
}

@ObjectType('AuditEvent', { description: 'One entry of a room’s audit log' })
export class AuditEventType {
  @Field(() => ID, { description: 'the entry id' })
  id!: string;
  @Field(() => ID, { description: 'the member who acted' })
  actorId!: string;
  @Field(() => String, { description: 'their name' })
  actorName!: string;
  @Field(() => String, {
    description:
      'compare, join, aggregate, report, access-requested, access-approved, access-declined, rule-changed, role-changed or privacy-changed',
  })
  action!: string;
  @Field(() => [ID], { description: 'the data sets involved' })
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
  @Field(() => GraphQLISODateTime, { description: 'when it happened' })
  createdAt!: Date;
}

@ObjectType('AuditPage', { description: "A page of a room's audit log, newest first" })
export class AuditPageType {
  @Field(() => [AuditEventType], { description: 'the entries of this page' })
  entries!: AuditEventType[];
  @Field(() => Int, { description: 'entries in the whole log' })
  total!: number;
  @Field(() => Int, { description: 'this page, from 1' })
  page!: number;
  @Field(() => Int, { description: 'pages in all' })
  pages!: number;
}

@InputType({ description: 'The report to make: one set, or the join of two under a condition' })
export class CreateReportInput {
  @Field(() => ID, { description: 'the room' })
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

@InputType({ description: 'A column of one of the data sets of a query (set 1 or 2)' })
export class ColumnRefInput {
  @Field(() => Int, { description: '1 or 2' })
  set!: number;
  @Field(() => String, { description: 'the column name' })
  column!: string;
}

@InputType({ description: 'One measure of an aggregate: a function over a column' })
export class MeasureInput {
  @Field(() => String, { description: 'count, countDistinct, sum, avg, min or max' })
  fn!: string;
  @Field(() => ColumnRefInput, { nullable: true, description: 'the column it reads (not needed for count)' })
  column?: ColumnRefInput | null;
}

@InputType({ description: 'Counts and aggregates over a data set or a join, grouped by clear columns' })
export class AggregateInput {
  @Field(() => ID, { description: 'the room' })
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
  @Field(() => [MeasureInput], { description: 'what to compute per group' })
  measures!: MeasureInput[];
}

@InputType({ description: 'A new analysis rule for one of your data sets' })
export class DatasetRuleInput {
  @Field(() => ID, { description: 'the room' })
  roomId!: string;
  @Field(() => ID, { description: 'your data set' })
  datasetId!: string;
  @Field(() => String, { nullable: true, description: 'matches, aggregates or full' })
  partnerAccess?: string | null;
  @Field(() => Int, { nullable: true, description: 'k, 2 to 100,000' })
  minGroupSize?: number | null;
  @Field(() => [String], { nullable: true, description: 'the columns shared with partners (omitted: unchanged)' })
  sharedColumns?: string[] | null;
}

@InputType({ description: 'A new partner role for one column of your data set' })
export class ColumnRoleInput {
  @Field(() => ID, { description: 'the room' })
  roomId!: string;
  @Field(() => ID, { description: 'your data set' })
  datasetId!: string;
  @Field(() => String, { description: 'the column' })
  column!: string;
  @Field(() => String, { description: 'joinOnly, dimension, metric, shared or private' })
  partnerRole!: string;
  @Field(() => Float, { nullable: true, description: 'metric: the lower bound' })
  lower?: number | null;
  @Field(() => Float, { nullable: true, description: 'metric: the upper bound' })
  upper?: number | null;
}

@InputType({ description: 'New differential privacy settings for your data set (omitted fields: unchanged)' })
export class DatasetPrivacyInput {
  @Field(() => ID, { description: 'the room' })
  roomId!: string;
  @Field(() => ID, { description: 'your data set' })
  datasetId!: string;
  @Field(() => Boolean, { nullable: true, description: 'on or off' })
  enabled?: boolean | null;
  @Field(() => Float, { nullable: true, description: 'epsilon per partner (0.1 to 20)' })
  budget?: number | null;
  @Field(() => Float, { nullable: true, description: 'epsilon per answer (0.01 to 2)' })
  queryCost?: number | null;
}

@InputType({ description: "One withheld column's key sealed to one member's public key" })
export class ColumnKeyInput {
  @Field(() => ID, { description: 'the member it is sealed to' })
  userId!: string;
  @Field(() => String, { description: 'the withheld column' })
  column!: string;
  @Field(() => String, { description: "the id of the member's room key it is sealed to" })
  publicKeyId!: string;
  @Field(() => String, { description: 'the column key sealed to publicKeyId (HPKE, info column-key|...)' })
  sealedKey!: string;
}

@InputType({ description: "Withheld-column keys sealed to partners' room keys" })
export class GrantColumnKeysInput {
  @Field(() => ID, { description: 'the room' })
  roomId!: string;
  @Field(() => ID, { description: 'your data set' })
  datasetId!: string;
  @Field(() => [ColumnKeyInput], { description: 'one sealed key per column and member' })
  keys!: ColumnKeyInput[];
}

@InputType({ description: "What a partner asks a data set's uploader for" })
export class AccessRequestInput {
  @Field(() => ID, { description: 'the room' })
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

@InputType({ description: 'A withheld column asked for' })
export class RequestColumnKeyInput {
  @Field(() => String, { description: 'the column' })
  column!: string;
  @Field(() => String, { description: "the column key sealed to the requester's room key" })
  sealedKey!: string;
}

@InputType({ description: 'Approval of an access request, with the column keys it needs' })
export class ApproveAccessInput {
  @Field(() => ID, { description: 'the room' })
  roomId!: string;
  @Field(() => ID, { description: 'the access request' })
  requestId!: string;
  @Field(() => [RequestColumnKeyInput], {
    defaultValue: [],
    description: "the withheld columns' keys sealed to the requester",
  })
  columnKeys!: RequestColumnKeyInput[];
}

@InputType({ description: 'Declining an access request, with an optional note' })
export class DeclineAccessInput {
  @Field(() => ID, { description: 'the room' })
  roomId!: string;
  @Field(() => ID, { description: 'the access request' })
  requestId!: string;
  @Field(() => String, { nullable: true, description: 'your words to the requester' })
  note?: string | null;
}
