// What the clean-room analysis REST routes answer, as JSON (the OpenAPI document and the contract
// checks). A count a data set's rule suppresses is null with `suppressed: true` beside it.
import { z } from 'zod';
import { count, isoDate, nullableDate, uuid, wholeNumber } from '../../rest/wire';
import { datasetColumnOut } from '../datasets/datasets.outputs';
import { ACCESS_REQUEST_STATUSES } from './access-request.entity';
import { AGGREGATE_FUNCTIONS } from './analyses.schemas';
import { AUDIT_ACTIONS } from './audit-event.entity';

const suppressedCount = count.nullable().describe('null when suppressed');

export const intervalOut = z
  .strictObject({ low: z.number(), high: z.number() })
  .describe('a 95% interval around a noisy value (the true value lies in it with probability at least 0.95)');
export const privacyChargeOut = z
  .strictObject({
    datasetId: uuid,
    name: z.string(),
    epsilonSpent: z.number().describe('epsilon this answer spent of your budget on the set'),
    budget: z.number().describe('your budget on the set (epsilon)'),
    spent: z.number().describe('epsilon you have spent on it, this answer included'),
    remaining: z.number().describe('epsilon left'),
    queriesRemaining: count.describe('answers left at the set’s current query cost'),
  })
  .describe('a budget a noisy answer drew on');
/** The fields every count or aggregate answer carries about its noise. */
const noiseFields = {
  noisy: z.boolean().describe('the values carry noise (a differentially private partner set)'),
  mechanism: z.literal('discreteLaplace').nullable().describe('noisy answers: the noise mechanism'),
  epsilonSpent: z.number().describe('epsilon the answer spent, over all sets (0 when exact)'),
  privacy: z.array(privacyChargeOut).describe('the budgets the answer drew on (empty when exact)'),
};

export const overlapsOut = z.array(
  z.strictObject({
    domain: z.string(),
    datasetIds: z.array(uuid),
    onlyA: suppressedCount,
    both: suppressedCount,
    onlyB: suppressedCount,
    suppressed: z.boolean().describe('the counts cover fewer than k rows of a partner’s set'),
    ...noiseFields,
    onlyAInterval: intervalOut.nullable(),
    bothInterval: intervalOut.nullable(),
    onlyBInterval: intervalOut.nullable(),
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
  matchCount: suppressedCount.describe(
    'matching row pairs (null when suppressed); noisy: the matching rows of the differentially private set, each once',
  ),
  suppressed: z.boolean(),
  ...noiseFields,
  matchCountInterval: intervalOut.nullable(),
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
      intervals: z.array(intervalOut.nullable()).describe('one per measure: 95% interval when noisy, else null'),
    }),
  ),
  thresholds: z.array(z.strictObject({ datasetId: uuid, name: z.string(), minGroupSize: wholeNumber })),
  description: z.string(),
  ...noiseFields,
});

const partnerSpendOut = z.strictObject({
  userId: uuid,
  name: z.string(),
  spent: z.number().describe('epsilon spent'),
  remaining: z.number().describe('epsilon left'),
  queriesRemaining: count.describe('answers left at the current query cost'),
});
export const privacySpendOut = z.strictObject({
  datasetId: uuid,
  enabled: z.boolean(),
  budget: z.number().describe('epsilon each partner may spend'),
  queryCost: z.number().describe('epsilon one answer costs'),
  mechanism: z.literal('discreteLaplace'),
  yours: partnerSpendOut.nullable().describe('a partner: your own spending; the uploader: null'),
  partners: z.array(partnerSpendOut).describe('the uploader: every partner who has spent some; a partner: empty'),
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
