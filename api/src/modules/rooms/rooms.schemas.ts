import { z } from 'zod';
import { trimmed } from '../../shared/validation';
import { COLUMN_ROLES, VALUE_KINDS } from './dataset.entity';

// Legacy REST names are the canonical service input; GraphQL resolvers map their arguments to them.
export const roomId = z.uuid('room_id must be a room id');
const userId = z.uuid('user_id must be a user id');
const datasetId = z.uuid('dataset_id must be a data set id');
const publicKeyId = z.string().trim().min(1, 'public_key_id is required').max(64);
// an HPKE envelope (CRYPTO.md s.2): "hpke1." + base64(enc || ciphertext)
const sealedKey = z
  .string()
  .max(2000, 'encryptedSessionKey is too long')
  .regex(/^hpke\d+\.[A-Za-z0-9+/]+={0,2}$/, 'encryptedSessionKey must be an HPKE envelope (hpke1.<base64>)');
const keyVersion = z.coerce.number().int().min(1).max(1_000_000);

export const EMAIL = z.email('Please fill the appropriate email').max(254);
/** One address, a comma/space separated list, or an array of them (at most 10). */
export const recipientsSchema = z.preprocess(
  (v) =>
    typeof v === 'string'
      ? v
          .split(/[\s,;]+/)
          .map((s) => s.trim())
          .filter(Boolean)
      : v,
  z
    .array(EMAIL.transform((e) => e.toLowerCase()))
    .min(1, 'recipients: at least one e-mail address')
    .max(10, 'recipients: at most 10 addresses'),
);

export const createRoomSchema = z.strictObject({
  name: trimmed(100, 'Room name').describe('room name ("Please fill the name of the room")'),
});

export const roomRefSchema = z.strictObject({ room_id: roomId });

export const roomUserSchema = z.strictObject({ room_id: roomId, user_id: userId });

export const createAesKeySchema = z.strictObject({
  room_id: roomId,
  public_key_id: publicKeyId.describe('one of your keys: the one you enter the room with'),
  encryptedSessionKey: sealedKey
    .optional()
    .describe('owner only, when setting up the room: the new room key sealed to that public key'),
});

export const createRoomUsersSchema = z.strictObject({
  room_id: roomId,
  recipients: recipientsSchema,
  user_id: userId.optional().describe("legacy: the caller's own id (the owner); other values are refused"),
});

export const sendInviteSchema = z.strictObject({
  recipients: recipientsSchema,
  room_id: roomId.optional().describe('the room to invite to (the legacy call sent recipients only)'),
});

export const sealForUserSchema = z.strictObject({
  room_id: roomId,
  user_id: userId,
  public_key_id: publicKeyId,
  encryptedSessionKey: sealedKey,
  key_version: keyVersion.optional().describe("the room key version sealed; default the room's current one"),
});

export const rotateKeySchema = z.strictObject({
  room_id: roomId,
  keys: z
    .array(z.strictObject({ user_id: userId, public_key_id: publicKeyId, encryptedSessionKey: sealedKey }))
    .min(1)
    .max(50),
});

const cleanedName = z
  .string()
  .min(1, 'column names must not be empty')
  .max(64)
  .regex(/^[A-Za-z0-9]+$/, 'column names are cleaned of non-alphanumeric characters');

export const columnSchema = z.strictObject({
  name: cleanedName,
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
});

export const MAX_CHUNK_ROWS = 20_000;
// base64 characters of a packed chunk: within the 32 MB body limit of uploadEncrypted
const PACKED_MAX_CHARS = 32 * 1024 * 1024;
// a row is checked cell by cell when it is decoded; here only that it is an array (z.array would
// copy each of the 20,000 rows of a chunk)
const chunkRow = z
  .custom<unknown[]>((v) => Array.isArray(v), 'a row is an array of cells')
  .meta({ type: 'array', items: {} });

export const uploadSchema = z
  .strictObject({
    room_id: roomId,
    campaign: trimmed(100, 'Data set name').describe('the data set name (unique in the room)'),
    header: z.array(columnSchema).min(1, 'header: at least one column').max(64, 'header: at most 64 columns'),
    encrypted: z
      .array(chunkRow)
      .max(MAX_CHUNK_ROWS, `encrypted: at most ${MAX_CHUNK_ROWS} rows per chunk`)
      .optional()
      .describe(
        'rows of this chunk, one cell per header column: clear -> string|null; sealed -> base64 sealed cell|null; join -> [base64 16-byte token|null, base64 sealed cell|null]|null. Send this or packed',
      ),
    packed: z
      .string()
      .max(PACKED_MAX_CHARS, 'packed: the chunk is too large')
      .optional()
      .describe(
        'the rows of this chunk as bytes, base64 (instead of encrypted): per row and header column, each cell part is a 2-byte big-endian length (65535: null) and that many bytes; clear -> UTF-8, sealed -> the sealed cell, join -> the 16-byte token then the sealed copy',
      ),
    dataset_id: datasetId.describe(
      'the id the browser chose for the set (a UUID; it is part of every sealed cell AAD); the same on every chunk',
    ),
    chunk_index: z.number().int().min(0).max(100_000).default(0),
    chunk_count: z.number().int().min(1).max(100_000).default(1),
    first_row: z
      .number()
      .int()
      .min(0)
      .max(100_000_000)
      .default(0)
      .describe('row number of the first row of this chunk'),
    key_version: z.number().int().min(1).max(1_000_000).optional().describe('room key version used; default current'),
    normalisation_version: z.number().int().min(1).max(100).default(1),
    empty_cells: z.enum(['null', 'random']).default('null'),
  })
  .refine((v) => (v.encrypted === undefined) !== (v.packed === undefined), {
    message: 'send the rows as either encrypted or packed',
    path: ['encrypted'],
  });

export const datasetRefSchema = z.strictObject({ room_id: roomId, dataset_id: datasetId });
export const datasetOnlySchema = z.strictObject({ dataset_id: datasetId });

/** Ids as an array, a JSON array string or a comma separated list (query strings carry strings). */
export const idList = (label: string, max: number) =>
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
    z
      .array(z.uuid(`${label} must be data set ids`))
      .min(1, `${label}: select at least one data set`)
      .max(max, `${label}: at most ${max} data sets`),
  );

export const deleteDatasetsSchema = z.strictObject({ room_id: roomId, dataset_id: idList('dataset_id', 50) });

export const compareSchema = z.strictObject({ room_id: roomId, datasets_array: idList('datasets_array', 10) });

export const joinSchema = z.strictObject({
  room_id: roomId,
  dataset1_id: datasetId,
  dataset2_id: datasetId,
  sqlWhere: z.unknown().describe('the JSON condition tree (as JSON text in a query string); never SQL. See the README'),
});

export const reportSchema = z.strictObject({
  room_id: roomId,
  datasets_array: idList('datasets_array', 2),
  sqlWhere: z.unknown().optional().describe('required for two data sets: the JSON condition tree of the join'),
  request_id: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,64}$/, 'request_id: 8-64 letters, digits, _ or -')
    .optional()
    .describe('idempotency key: a retry with the same key returns the same report and charges once'),
});

export const reportRefSchema = z.strictObject({ room_id: roomId, report_id: z.uuid('report_id must be a report id') });
