// What the data set REST routes answer, as JSON (the OpenAPI document and the contract checks).
import { z } from 'zod';
import { count, isoDate, uuid, wholeNumber } from '../../rest/wire';
import { DATASET_STATUSES } from './dataset.entity';
import {
  COLUMN_ROLES,
  COLUMN_SEALINGS,
  DP_MECHANISM,
  PARTNER_ACCESS,
  PARTNER_ROLES,
  VALUE_KINDS,
} from '../../../../shared/wire-format';

export const datasetColumnOut = z.strictObject({
  name: z.string(),
  role: z.enum(COLUMN_ROLES).describe('clear (as uploaded), join (tokens and a sealed copy) or sealed'),
  domain: z.string().nullable().describe('join columns: the comparison domain'),
  kind: z.enum(VALUE_KINDS).nullable().describe('join columns: how values were normalised'),
  padBucket: wholeNumber.nullable(),
  shared: z.boolean().describe('a partner’s row-level report may carry it (partnerRole shared, or the rule is full)'),
  sealing: z
    .enum(COLUMN_SEALINGS)
    .nullable()
    .describe('room: sealed with the room key; dataset: withheld, sealed with the set’s own secret'),
  partnerRole: z
    .enum(PARTNER_ROLES)
    .describe(
      'what partners may do with it: joinOnly, dimension, metric, shared or private (the uploader: everything)',
    ),
  lower: z.number().nullable().describe('metric columns: the lower bound values are clamped to'),
  upper: z.number().nullable().describe('metric columns: the upper bound values are clamped to'),
});

export const datasetPrivacyOut = z
  .strictObject({
    enabled: z.boolean().describe('partners receive noisy counts and aggregates of the set, within a budget'),
    budget: z.number().describe('epsilon each partner may spend on the set'),
    queryCost: z.number().describe('epsilon one answer drawing on the set costs'),
    mechanism: z.literal(DP_MECHANISM).describe('the noise: discrete Laplace from an exact integer sampler'),
  })
  .describe('the data set’s differential privacy settings');

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
  privacy: datasetPrivacyOut,
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
