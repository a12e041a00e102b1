// What the clean-room analysis REST routes answer, as JSON (the OpenAPI document and the contract
// checks). A count a data set's rule suppresses is null with `suppressed: true` beside it.
import { z } from 'zod';
import { count, isoDate, nullableDate, uuid, wholeNumber } from '../../rest/wire';
import { datasetColumnOut } from '../datasets/datasets.outputs';
import { ACCESS_REQUEST_STATUSES } from './access-request.entity';
import { AGGREGATE_FUNCTIONS } from './analyses.schemas';
import { AUDIT_ACTIONS } from './audit-event.entity';

const suppressedCount = count.nullable().describe('null when suppressed');

export const overlapsOut = z.array(
  z.strictObject({
    domain: z.string(),
    datasetIds: z.array(uuid),
    onlyA: suppressedCount,
    both: suppressedCount,
    onlyB: suppressedCount,
    suppressed: z.boolean().describe('the counts cover fewer than k rows of a partner’s set'),
  }),
);

const resultColumn = {
  set: z.union([z.literal(1), z.literal(2)]),
  datasetId: uuid,
  name: z.string(),
  role: datasetColumnOut.shape.role,
  keyVersion: wholeNumber,
  sealing: datasetColumnOut.shape.sealing,
};

export const joinPreviewOut = z.strictObject({
  matchCount: suppressedCount.describe('matching row pairs (null when suppressed)'),
  suppressed: z.boolean(),
  columns: z.array(z.strictObject(resultColumn)).describe('the columns a report of this join would carry for you'),
});

export const aggregateOut = z.strictObject({
  columns: z.array(
    z.strictObject({
      kind: z.enum(['group', 'measure']),
      name: z.string(),
      fn: z.enum(AGGREGATE_FUNCTIONS).nullable(),
      set: z.union([z.literal(1), z.literal(2)]).nullable(),
      datasetId: uuid.nullable(),
      column: z.string().nullable(),
    }),
  ),
  groups: z.array(
    z.strictObject({
      keys: z.array(z.string().nullable()).describe('the group columns’ values'),
      values: z.array(z.number().nullable()).describe('one per measure (null when suppressed)'),
      suppressed: z.boolean(),
    }),
  ),
  thresholds: z.array(z.strictObject({ datasetId: uuid, name: z.string(), minGroupSize: wholeNumber })),
  description: z.string(),
});

export const reportResultOut = z.strictObject({
  columns: z.array(
    z.strictObject({
      ...resultColumn,
      key: z
        .strictObject({ kind: z.enum(['secret', 'grant']), envelope: z.string(), publicKeyId: z.string() })
        .nullable()
        .describe('how a column sealed with a data set’s secret opens for you'),
    }),
  ),
  rows: z
    .array(z.array(z.union([z.number(), z.string(), z.null()])))
    .describe('per row: the source row number per data set, then one cell per column (sealed cells base64)'),
  omitted: z
    .array(z.strictObject({ datasetId: uuid, column: z.string() }))
    .describe('columns you may receive whose key its uploader has not sealed to you yet'),
});

export const reportOut = z.strictObject({
  id: uuid,
  result: reportResultOut,
  datasetCount: z.union([z.literal(1), z.literal(2)]),
  rowCount: count,
  description: z.string(),
  createdAt: isoDate,
});

export const keysToSealOut = z.array(
  z.strictObject({ datasetId: uuid, column: z.string(), userId: uuid, publicKeyId: z.string(), publicKey: z.string() }),
);
export const storedOut = z.strictObject({ stored: count.describe('column keys stored') });

export const accessRequestOut = z.strictObject({
  id: uuid,
  roomId: uuid,
  requesterId: uuid,
  requesterName: z.string(),
  datasetId: uuid,
  datasetName: z.string(),
  datasetIds: z.array(uuid),
  columns: z.array(z.string()),
  reason: z.string(),
  description: z.string(),
  status: z.enum(ACCESS_REQUEST_STATUSES),
  decisionNote: z.string().nullable(),
  decidedAt: nullableDate,
  reportId: uuid.nullable(),
  mine: z.boolean(),
  toDecide: z.boolean(),
  createdAt: isoDate,
});

export const auditPageOut = z.strictObject({
  entries: z.array(
    z.strictObject({
      id: uuid,
      actorId: uuid,
      actorName: z.string(),
      action: z.enum(AUDIT_ACTIONS),
      datasetIds: z.array(uuid),
      datasetNames: z.array(z.string()),
      description: z.string(),
      count: count.nullable(),
      unit: z.enum(['overlaps', 'pairs', 'groups', 'rows']).nullable(),
      hidden: z.boolean(),
      createdAt: isoDate,
    }),
  ),
  total: count,
  page: wholeNumber,
  pages: count,
});
