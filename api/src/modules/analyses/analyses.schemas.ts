import { z } from 'zod';
import {
  columnName,
  datasetId,
  idList,
  minGroupSize,
  partnerAccess,
  partnerRole,
  privacyBudget,
  queryCost,
} from '../datasets/datasets.schemas';
import { publicKeyId, roomId, sealedKey, userId } from '../rooms/rooms.schemas';
import { pageFields } from '../../shared/paging';

// The commands of the analyses services (compare, join, aggregates, reports, rules, access
// requests, audit), in the domain's words; analyses.rest.ts translates the legacy REST names.

/** The JSON condition tree (or JSON text of one), validated by join-condition.ts. Never SQL. */
const condition = z.unknown().describe('the JSON condition tree (as JSON text in a query string); never SQL');

export const compareFields = { roomId, datasetIds: idList(10) };
export const compareCommand = z.strictObject(compareFields);
export type CompareCommand = z.infer<typeof compareCommand>;

export const joinFields = { roomId, dataset1Id: datasetId, dataset2Id: datasetId, condition };
export const joinCommand = z.strictObject(joinFields);
export type JoinCommand = z.infer<typeof joinCommand>;

export const columnRef = z.strictObject({
  set: z.union([z.literal(1), z.literal(2)], { error: 'set is 1 or 2' }),
  column: columnName,
});
export type ColumnRef = z.infer<typeof columnRef>;

export const AGGREGATE_FUNCTIONS = ['count', 'countDistinct', 'sum', 'avg', 'min', 'max'] as const;
export type AggregateFunction = (typeof AGGREGATE_FUNCTIONS)[number];
export const MAX_GROUP_BY = 3;
export const MAX_MEASURES = 8;

export const measure = z.strictObject({
  fn: z.enum(AGGREGATE_FUNCTIONS, { error: `fn is one of ${AGGREGATE_FUNCTIONS.join(', ')}` }),
  column: columnRef
    .optional()
    .describe('count: none; countDistinct: a join key; sum, avg, min, max: a clear column of numbers'),
});
export type Measure = z.infer<typeof measure>;

export const aggregateFields = {
  roomId,
  datasetIds: idList(2).describe('one data set, or the two of a join'),
  condition: condition
    .optional()
    .describe('two sets: the join condition tree (required); one set: an optional filter of its clear columns'),
  groupBy: z
    .array(columnRef)
    .max(MAX_GROUP_BY, `group by at most ${MAX_GROUP_BY} columns`)
    .default([])
    .describe('clear columns to group by'),
  measures: z.array(measure).min(1, 'at least one measure').max(MAX_MEASURES, `at most ${MAX_MEASURES} measures`),
};
export const aggregateCommand = z.strictObject(aggregateFields);
export type AggregateCommand = z.infer<typeof aggregateCommand>;

export const reportFields = {
  roomId,
  datasetIds: idList(2)
    .optional()
    .describe('one data set, or the two of a join (not with accessRequestId: the request names them)'),
  condition: condition.optional().describe('required for two data sets: the JSON condition tree of the join'),
  idempotencyKey: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,64}$/, '8-64 letters, digits, _ or -')
    .optional()
    .describe('a retry with the same key returns the same report and charges once'),
  accessRequestId: z
    .uuid('must be an access request id')
    .optional()
    .describe('an approved access request: the one report it allows'),
};
export const reportCommand = z.strictObject(reportFields);
export type ReportCommand = z.infer<typeof reportCommand>;

export const reportRefFields = { roomId, reportId: z.uuid('must be a report id') };
export const reportRef = z.strictObject(reportRefFields);
export type ReportRef = z.infer<typeof reportRef>;

/** A column key sealed to a member's room public key (HPKE, info column-key|<room>|<set>|<column>|<user>). */
export const columnKeyFields = { userId, column: columnName, publicKeyId, sealedKey };
export const columnKey = z.strictObject(columnKeyFields);
export type ColumnKeyInput = z.infer<typeof columnKey>;

export const ruleFields = {
  roomId,
  datasetId,
  partnerAccess: partnerAccess.optional(),
  minGroupSize: minGroupSize.optional(),
  sharedColumns: z
    .array(columnName)
    .max(64)
    .optional()
    .describe('the columns shared with partners (all others are withheld); omitted: unchanged'),
};
export const ruleCommand = z.strictObject(ruleFields);
export type RuleCommand = z.infer<typeof ruleCommand>;

export const columnRoleFields = {
  roomId,
  datasetId,
  column: columnName,
  partnerRole: partnerRole.describe('joinOnly, dimension, metric, shared or private'),
  lower: z.number().finite().optional().describe('metric: the lower bound (smaller values are clamped to it)'),
  upper: z.number().finite().optional().describe('metric: the upper bound (larger values are clamped to it)'),
};
export const columnRoleCommand = z.strictObject(columnRoleFields);
export type ColumnRoleCommand = z.infer<typeof columnRoleCommand>;

export const privacyFields = {
  roomId,
  datasetId,
  enabled: z.boolean().optional().describe('differential privacy on or off; omitted: unchanged'),
  budget: privacyBudget.optional(),
  queryCost: queryCost.optional(),
};
export const privacyCommand = z.strictObject(privacyFields);
export type PrivacyCommand = z.infer<typeof privacyCommand>;

export const grantFields = { roomId, datasetId, keys: z.array(columnKey).min(1).max(640) };
export const grantCommand = z.strictObject(grantFields);
export type GrantCommand = z.infer<typeof grantCommand>;

export const accessRequestFields = {
  roomId,
  datasetIds: idList(2).describe("the other member's set alone, or your own set and theirs (the join)"),
  condition: condition.optional().describe('the join condition tree, with two data sets'),
  columns: z
    .array(columnName)
    .max(64)
    .default([])
    .describe("the withheld columns of the other member's set you ask for"),
  reason: z
    .string()
    .trim()
    .min(1, 'say why you need it')
    .max(1000, 'at most 1000 characters')
    .describe('why, in your words (the uploader reads it)'),
};
export const accessRequestCommand = z.strictObject(accessRequestFields);
export type AccessRequestCommand = z.infer<typeof accessRequestCommand>;

export const requestKeyFields = { column: columnName, sealedKey };
export const approveFields = {
  roomId,
  requestId: z.uuid('must be an access request id'),
  columnKeys: z
    .array(z.strictObject(requestKeyFields))
    .max(64)
    .default([])
    .describe("each requested column sealed with the data set's secret: its key sealed to the requester's room key"),
};
export const approveCommand = z.strictObject(approveFields);
export type ApproveCommand = z.infer<typeof approveCommand>;

export const declineFields = {
  roomId,
  requestId: z.uuid('must be an access request id'),
  note: z.string().trim().max(1000, 'at most 1000 characters').optional().describe('why, for the requester'),
};
export const declineCommand = z.strictObject(declineFields);
export type DeclineCommand = z.infer<typeof declineCommand>;

export const AUDIT_PAGE_SIZE = 20;
export const auditPageFields = { roomId, ...pageFields(AUDIT_PAGE_SIZE) };
export const auditPageCommand = z.strictObject(auditPageFields);
export type AuditPageCommand = z.infer<typeof auditPageCommand>;
