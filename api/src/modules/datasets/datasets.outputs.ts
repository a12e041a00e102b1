// What the data set REST routes answer, as JSON (the OpenAPI document and the contract checks).
import { z } from 'zod';
import { count, isoDate, uuid, wholeNumber } from '../../rest/wire';
import { DATASET_STATUSES } from './dataset.entity';
import { COLUMN_ROLES, COLUMN_SEALINGS, PARTNER_ACCESS, VALUE_KINDS } from '../../../../shared/wire-format';

export const datasetColumnOut = z.strictObject({
  name: z.string(),
  role: z.enum(COLUMN_ROLES).describe('clear (as uploaded), join (tokens and a sealed copy) or sealed'),
  domain: z.string().nullable().describe('join columns: the comparison domain'),
  kind: z.enum(VALUE_KINDS).nullable().describe('join columns: how values were normalised'),
  padBucket: wholeNumber.nullable(),
  shared: z.boolean().describe('under "matches", a partner’s report may carry it'),
  sealing: z
    .enum(COLUMN_SEALINGS)
    .nullable()
    .describe('room: sealed with the room key; dataset: withheld, sealed with the set’s own secret'),
});

export const datasetOut = z.strictObject({
  id: uuid,
  roomId: uuid,
  name: z.string(),
  filtered: z.string().describe('the clear columns, comma separated'),
  columns: z.array(datasetColumnOut),
  rowCount: count,
  keyVersion: wholeNumber,
  normalisationVersion: wholeNumber,
  emptyCells: z.enum(['null', 'random']),
  status: z.enum(DATASET_STATUSES),
  uploadedBy: uuid,
  mine: z.boolean(),
  partnerAccess: z.enum(PARTNER_ACCESS),
  minGroupSize: wholeNumber,
  sealedSecret: z.string().nullable().describe('your own sets only: the set’s secret sealed to your key'),
  secretKeyId: z.string().nullable(),
  createdAt: isoDate,
});

export const deletedOut = z.strictObject({ deleted: z.array(uuid) });
export const uploadOut = z.strictObject({
  dataset_id: uuid,
  name: z.string(),
  status: z.enum(DATASET_STATUSES),
  row_count: count,
  chunks_received: count,
  chunk_count: count,
  duplicate: z.boolean().describe('this chunk had arrived before (nothing changed)'),
});
export const filtersOut = z.strictObject({ dataset_id: uuid, filtered: z.string(), columns: z.array(z.string()) });
