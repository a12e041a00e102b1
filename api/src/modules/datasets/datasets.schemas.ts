import { z } from 'zod';
import { trimmed } from '../../shared/validation';
import { publicKeyId, roomId, sealedKey } from '../rooms/rooms.schemas';
import {
  COLUMN_ROLES,
  EMPTY_CELL_POLICIES,
  MAX_CHUNK_ROWS,
  MAX_CHUNKS,
  MAX_COLUMNS,
  MIN_GROUP_SIZE,
  PACKED_MAX_CHARS,
  PARTNER_ACCESS,
  PARTNER_ROLES,
  PRIVACY_BUDGET,
  QUERY_COST,
  VALUE_KINDS,
} from '../../../../shared/wire-format';

// The commands of the datasets service, in the domain's words; datasets.rest.ts translates the
// legacy REST names (`room_id`, `campaign`, `header`, `encrypted`, ...).
export const datasetId = z.uuid('must be a data set id');

/** Ids as an array, a JSON array string or a comma separated list (query strings carry strings). */
export const idList = (max: number) =>
  z.preprocess(
    (v) => {
      if (typeof v !== 'string') return v;
      const s = v.trim();
      if (s.startsWith('[')) {
        try {
          return JSON.parse(s) as unknown;
        } catch {
          return v;
        }
      }
      return s.split(',').map((x) => x.trim());
    },
    z.array(z.uuid('must be data set ids')).min(1, 'select at least one data set').max(max, `at most ${max} data sets`),
  );

export const columnName = z
  .string()
  .min(1, 'column names must not be empty')
  .max(64)
  .regex(/^[A-Za-z0-9]+$/, 'column names are cleaned of non-alphanumeric characters');

export const partnerAccess = z
  .enum(PARTNER_ACCESS, { error: `one of ${PARTNER_ACCESS.join(', ')}` })
  .describe(
    'what partners may learn: matches (Compare, Join; reports only joined with their own sets, shared columns only), aggregates (counts and aggregates only), full (everything)',
  );
export const minGroupSize = z.coerce
  .number()
  .int('a whole number')
  .min(MIN_GROUP_SIZE.min, `at least ${MIN_GROUP_SIZE.min}`)
  .max(MIN_GROUP_SIZE.max, `at most ${MIN_GROUP_SIZE.max}`)
  .describe('k: counts and aggregates covering fewer rows of the set are suppressed for partners');

export const partnerRole = z.enum(PARTNER_ROLES, { error: `one of ${PARTNER_ROLES.join(', ')}` });
const metricBound = z.number().finite();

/** Differential privacy settings, in epsilon (the data set stores micro-epsilon). */
export const privacyBudget = z
  .number()
  .min(PRIVACY_BUDGET.min, `at least ${PRIVACY_BUDGET.min}`)
  .max(PRIVACY_BUDGET.max, `at most ${PRIVACY_BUDGET.max}`)
  .describe(`epsilon each partner may spend on the set (${PRIVACY_BUDGET.min} to ${PRIVACY_BUDGET.max})`);
export const queryCost = z
  .number()
  .min(QUERY_COST.min, `at least ${QUERY_COST.min}`)
  .max(QUERY_COST.max, `at most ${QUERY_COST.max}`)
  .describe(`epsilon one answer drawing on the set costs (${QUERY_COST.min} to ${QUERY_COST.max})`);

export const columnSchema = z.strictObject({
  name: columnName,
  role: z.enum(COLUMN_ROLES),
  domain: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9_]+$/, 'a join domain is letters, digits and _')
    .optional()
    .describe('join columns: the join domain (default: the column name)'),
  kind: z.enum(VALUE_KINDS).optional().describe('join columns: how values were normalised (default text)'),
  padBucket: z.number().int().min(1).max(4096).optional().describe('sealed cells: the padding bucket used'),
  shared: z
    .boolean()
    .default(false)
    .describe(
      "partners may receive this column in a row-level report (the same as partnerRole shared). A sealed or join column that is not shared is sealed with the data set's own secret",
    ),
  partnerRole: partnerRole
    .optional()
    .describe(
      'what partners may do with the column: joinOnly, dimension, metric (with lower and upper), shared or private. Default: shared when shared is true, joinOnly for join columns, else private',
    ),
  lower: metricBound.optional().describe('metric columns: the lower bound (smaller values are clamped to it)'),
  upper: metricBound.optional().describe('metric columns: the upper bound (larger values are clamped to it)'),
});
export type ColumnInput = z.infer<typeof columnSchema>;

// a row is checked cell by cell when it is decoded; here only that it is an array (z.array would
// copy each of the 20,000 rows of a chunk)
const chunkRow = z
  .custom<unknown[]>((v) => Array.isArray(v), 'a row is an array of cells')
  .meta({ type: 'array', items: {} });

export const uploadChunkFields = {
  roomId,
  datasetId: datasetId.describe(
    'the id the browser chose for the set (a UUID; it is part of every sealed cell AAD); the same on every chunk',
  ),
  name: trimmed(100, 'Data set name').describe('the data set name (unique in the room)'),
  columns: z.array(columnSchema).min(1, 'at least one column').max(MAX_COLUMNS, `at most ${MAX_COLUMNS} columns`),
  rows: z
    .array(chunkRow)
    .max(MAX_CHUNK_ROWS, `at most ${MAX_CHUNK_ROWS} rows per chunk`)
    .optional()
    .describe(
      'rows of this chunk, one cell per column: clear -> string|null; sealed -> base64 sealed cell|null; join -> [base64 16-byte token|null, base64 sealed cell|null]|null. Send this or packed',
    ),
  packed: z
    .string()
    .max(PACKED_MAX_CHARS, 'the chunk is too large')
    .optional()
    .describe(
      'the rows of this chunk as bytes, base64 (instead of the JSON rows): per row and column, each cell part is a 2-byte big-endian length (65535: null) and that many bytes; clear -> UTF-8, sealed -> the sealed cell, join -> the 16-byte token then the sealed copy',
    ),
  chunkIndex: z.number().int().min(0).max(MAX_CHUNKS).default(0),
  chunkCount: z.number().int().min(1).max(MAX_CHUNKS).default(1),
  firstRow: z.number().int().min(0).max(100_000_000).default(0).describe('row number of the first row of this chunk'),
  keyVersion: z.number().int().min(1).max(1_000_000).optional().describe('room key version used; default current'),
  normalisationVersion: z.number().int().min(1).max(100).default(1),
  emptyCells: z.enum(EMPTY_CELL_POLICIES).default('null'),
  partnerAccess: partnerAccess.default('matches'),
  minGroupSize: minGroupSize.default(MIN_GROUP_SIZE.default),
  differentialPrivacy: z
    .boolean()
    .optional()
    .describe(
      'noise on what partners receive, with a budget (default: on under matches and aggregates, off under full)',
    ),
  privacyBudget: privacyBudget.optional().describe(`epsilon per partner (default ${PRIVACY_BUDGET.default})`),
  queryCost: queryCost.optional().describe(`epsilon per answer (default ${QUERY_COST.default})`),
  sealedSecret: sealedKey
    .optional()
    .describe(
      "the data set's own secret, HPKE-sealed to secretKeyId (info dataset-secret|<roomId>|<datasetId>|<userId>); required when a sealed or join column is not shared",
    ),
  secretKeyId: publicKeyId.optional().describe('your public key the secret is sealed to'),
};
export const uploadChunkCommand = z.strictObject(uploadChunkFields);
export type UploadChunkCommand = z.infer<typeof uploadChunkCommand>;

export const datasetRefFields = { roomId, datasetId };
export const datasetRef = z.strictObject(datasetRefFields);
export type DatasetRef = z.infer<typeof datasetRef>;

export const deleteDatasetsFields = { roomId, datasetIds: idList(50) };
export const deleteDatasetsCommand = z.strictObject(deleteDatasetsFields);
export type DeleteDatasetsCommand = z.infer<typeof deleteDatasetsCommand>;
