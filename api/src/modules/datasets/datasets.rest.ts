import { z } from 'zod';
import { legacyNames } from '../../rest/legacy-names';
import { routeWith } from '../../rest/registry';
import { datasetColumnOut, datasetOut, deletedOut, filtersOut, uploadOut } from './datasets.outputs';
import { requireUser, type RequestContext } from '../../shared/context';
import { legacyRoomRef } from '../rooms/rooms.rest';
import { toDataset } from './datasets.mappers';
import { datasetId, datasetRefFields, deleteDatasetsFields, uploadChunkFields } from './datasets.schemas';
import { CHUNK_CONTENT_TYPE, decodeChunkBody, UPLOAD_BODY_LIMIT } from '../../../../shared/wire-format';
import type { User } from '../users/user.entity';
import type { DatasetsService } from './datasets.service';

/** The request context of these handlers: the services they use (the root hands them in) and the user type. */
export type Ctx = RequestContext<{ datasets: DatasetsService }, User>;
const route = routeWith<Ctx>();

const tag = 'rooms';

// The legacy spellings of the datasets commands (datasets.schemas.ts holds the fields themselves).
const legacyUpload = legacyNames(uploadChunkFields, {
  roomId: 'room_id',
  datasetId: 'dataset_id',
  name: 'campaign',
  columns: 'header',
  rows: 'encrypted',
  chunkIndex: 'chunk_index',
  chunkCount: 'chunk_count',
  firstRow: 'first_row',
  keyVersion: 'key_version',
  normalisationVersion: 'normalisation_version',
  emptyCells: 'empty_cells',
  partnerAccess: 'partner_access',
  minGroupSize: 'min_group_size',
  differentialPrivacy: 'differential_privacy',
  privacyBudget: 'privacy_budget',
  queryCost: 'query_cost',
  sealedSecret: 'sealed_secret',
  secretKeyId: 'secret_key_id',
});
const legacyDatasetRef = legacyNames(datasetRefFields, { roomId: 'room_id', datasetId: 'dataset_id' });
const legacyDatasetOnly = legacyNames({ datasetId }, { datasetId: 'dataset_id' });
const legacyDelete = legacyNames(deleteDatasetsFields, { roomId: 'room_id', datasetIds: 'dataset_id' });

// Encrypted data sets of a room (spec section 7 "Rooms"): every call checks membership.
export const datasetsRoutes = [
  route({
    method: 'GET',
    path: '/v1/vcr/getDataSets',
    output: z.array(datasetOut),
    errors: ['NOT_FOUND'],
    tag,
    auth: 'user',
    summary:
      "The room's complete data sets: [{ id, name, filtered (clear columns, comma separated), columns, partnerAccess, minGroupSize, mine, ... }]",
    input: legacyRoomRef,
    handler: async (ctx, input) => {
      const user = requireUser(ctx);
      return (await ctx.services.datasets.list(ctx.em, user, input.roomId)).map((d) => toDataset(d, user.id));
    },
  }),
  route({
    method: 'DELETE',
    path: '/v1/vcr/deleteDataSet',
    output: deletedOut,
    errors: ['NOT_FOUND'],
    tag,
    auth: 'user',
    summary: 'Delete data sets (dataset_id: one id or a list); the uploader or the room owner may',
    input: legacyDelete,
    handler: async (ctx, input) => ({
      deleted: await ctx.services.datasets.delete(ctx.em, requireUser(ctx), input),
    }),
  }),
  route({
    method: 'POST',
    path: '/v1/vcr/uploadEncrypted',
    output: uploadOut,
    errors: ['NOT_FOUND', 'CONFLICT'],
    tag,
    auth: 'user',
    bodyLimit: UPLOAD_BODY_LIMIT,
    summary: `One chunk of an encrypted data set (campaign = its name, header = column roles, encrypted or packed = rows, partner_access and min_group_size = its analysis rule, sealed_secret = the data set's own secret sealed to your key). Idempotent per (dataset_id, chunk_index); the set becomes visible once all chunk_count chunks are in. Bodies up to 32 MB: JSON, or binary (${CHUNK_CONTENT_TYPE}: the packed rows as bytes after the other fields as JSON)`,
    input: legacyUpload,
    binaryBody: {
      contentType: CHUNK_CONTENT_TYPE,
      field: 'packed',
      description:
        'a 4-byte big-endian length N, N bytes of UTF-8 JSON with the fields of the JSON body except encrypted and packed, then the packed rows (the bytes packed carries as base64) to the end of the body',
      decode: (body) => {
        const { fields, packed } = decodeChunkBody(body);
        return { fields, bytes: packed };
      },
    },
    handler: async (ctx, input, file) => {
      const r = await ctx.services.datasets.upload(ctx.em, requireUser(ctx), input, file?.data);
      return {
        dataset_id: r.dataset.id,
        name: r.dataset.name,
        status: r.dataset.status,
        row_count: r.dataset.rowCount,
        chunks_received: r.chunksReceived,
        chunk_count: r.dataset.chunkCount,
        duplicate: r.duplicate,
      };
    },
  }),
  route({
    method: 'GET',
    path: '/v1/vcr/getFilters',
    output: filtersOut,
    errors: ['NOT_FOUND'],
    tag,
    auth: 'user',
    summary: 'The clear (unencrypted) columns of a data set: { dataset_id, filtered, columns }',
    input: legacyDatasetOnly,
    handler: async (ctx, input) => {
      const user = requireUser(ctx);
      const d = toDataset(await ctx.services.datasets.filters(ctx.em, user, input.datasetId), user.id);
      return { dataset_id: d.id, filtered: d.filtered, columns: d.filtered ? d.filtered.split(',') : [] };
    },
  }),
  route({
    method: 'GET',
    path: '/v1/vcr/getDataSetColumns',
    output: z.array(datasetColumnOut),
    errors: ['NOT_FOUND'],
    tag,
    auth: 'user',
    summary:
      'Column metadata of a data set: [{ name, role (clear|join|sealed), domain, kind, padBucket, shared, sealing (room|dataset) }]',
    input: legacyDatasetRef,
    handler: async (ctx, input) => {
      const user = requireUser(ctx);
      return toDataset(await ctx.services.datasets.columns(ctx.em, user, input), user.id).columns;
    },
  }),
];
