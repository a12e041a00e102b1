// The clean-room wire format: what an encrypted data set looks like on its way to the server.
// One module, imported by the web app (which writes it), the API (which reads it), the tests and
// the benchmarks, so that no limit or layout is written twice. Pure TypeScript: no Node or DOM APIs.
//
// A data set is uploaded in chunks (POST /v1/vcr/uploadEncrypted, or GraphQL uploadDatasetChunk).
// Each chunk carries its rows in one of two forms:
//   rows (legacy JSON):  one cell per column: clear -> string|null; sealed -> base64 sealed cell|null;
//                        join -> [base64 16-byte token|null, base64 sealed cell|null]|null
//   packed (bytes):      base64 of the rows back to back; per row and column each cell part is a
//                        2-byte big-endian length (0xFFFF: NULL) followed by that many bytes:
//                        clear -> its UTF-8, sealed -> the sealed cell, join -> the token, then the
//                        sealed copy (two parts).
// The REST route takes a chunk as JSON (rows, or packed as base64) or as one binary body, which
// is how the web app sends it: no base64 on either side, a quarter fewer bytes (see
// encodeChunkBody below).

/** A join token: HMAC-SHA256 truncated to 16 bytes. */
export const TOKEN_BYTES = 16;
/** The length that marks a NULL part in the packed form. */
export const PACKED_NULL = 0xffff;
/** A sealed cell is IV (12) + padded value + tag (16): at least 28 bytes ... */
export const SEALED_MIN_BYTES = 28;
/** ... and at most 8192 (a padded value of 4096 bytes: values up to 4092 bytes of UTF-8). */
export const SEALED_MAX_BYTES = 8192;
/** A clear cell: at most 1000 characters of UTF-8 text without NUL. */
export const CLEAR_MAX_CHARS = 1000;
/** Rows in one chunk. */
export const MAX_CHUNK_ROWS = 20_000;
/** Chunks in one data set. */
export const MAX_CHUNKS = 100_000;
/** Columns in one data set. */
export const MAX_COLUMNS = 64;
/** The JSON body of one upload request (REST). */
export const UPLOAD_BODY_LIMIT = 32 * 1024 * 1024;
/** Base64 characters of one packed chunk: within the body limit. */
export const PACKED_MAX_CHARS = UPLOAD_BODY_LIMIT;
/** What a client should aim for per chunk: half the body limit leaves room for retries of wide rows. */
export const CHUNK_BODY_BUDGET = UPLOAD_BODY_LIMIT / 2;

export const COLUMN_ROLES = ['clear', 'join', 'sealed'] as const;
export type ColumnRole = (typeof COLUMN_ROLES)[number];
/** How a join key's values were normalised before tokenising (CRYPTO.md s.4). */
export const VALUE_KINDS = ['text', 'email', 'phone'] as const;
export type ValueKind = (typeof VALUE_KINDS)[number];
/** Empty join-key cells: no token (never joins), or a random one (hides which cells are empty). */
export const EMPTY_CELL_POLICIES = ['null', 'random'] as const;
export type EmptyCellPolicy = (typeof EMPTY_CELL_POLICIES)[number];

/**
 * The analysis rule of a data set: what the uploader's partners in the room may learn from it.
 *   matches     Compare and Join with it; a row-level report must join it with one of the partner's
 *               own sets and holds only the columns shared with partners
 *   aggregates  counts and aggregates only: no row-level report involving it
 *   full        everything, the set alone and every column included
 */
export const PARTNER_ACCESS = ['matches', 'aggregates', 'full'] as const;
export type PartnerAccess = (typeof PARTNER_ACCESS)[number];
export const DEFAULT_PARTNER_ACCESS: PartnerAccess = 'matches';
/** The minimum group size k: counts and aggregates covering fewer rows of a set are suppressed. */
export const MIN_GROUP_SIZE = { min: 2, max: 100_000, default: 10 } as const;

/**
 * What a partner may do with one column (docs/api/clean-rooms.md "Column roles"): `joinOnly` (an
 * equality join key, never output, filtered, grouped or compared with a value), `dimension`
 * (filtered and grouped by), `metric` (aggregated, clamped to its declared lower and upper
 * bounds), `shared` (in a partner's row-level report; clear ones may also be filtered and grouped
 * by; join keys also join) and `private` (nothing). The uploader always has every right.
 */
export const PARTNER_ROLES = ['joinOnly', 'dimension', 'metric', 'shared', 'private'] as const;
export type PartnerRole = (typeof PARTNER_ROLES)[number];
/** The roles each storage role can take (a sealed cell cannot be filtered or summed by the server). */
export const ROLES_BY_STORAGE: Record<ColumnRole, readonly PartnerRole[]> = {
  clear: ['dimension', 'metric', 'shared', 'private'],
  join: ['joinOnly', 'shared', 'private'],
  sealed: ['shared', 'private'],
};

/**
 * Differential privacy of what partners receive (docs/decisions/clean-rooms.md): the budget is
 * epsilon per partner and data set, each answer drawing on the set costs `queryCost` of it.
 */
export const PRIVACY_BUDGET = { min: 0.1, max: 20, default: 3 } as const;
export const QUERY_COST = { min: 0.01, max: 2, default: 0.2 } as const;
/** The noise mechanism every noisy answer names. */
export const DP_MECHANISM = 'discreteLaplace';

/**
 * Which key seals a column's cells: `room` (derived from the room key: every member can open it)
 * or `dataset` (derived from the data set's own secret, which only its uploader holds). A column
 * the partners may not receive is sealed with the data set's secret.
 */
export const COLUMN_SEALINGS = ['room', 'dataset'] as const;
export type ColumnSealing = (typeof COLUMN_SEALINGS)[number];

/** Parts of a packed row: one per column, two for a join key (token, then sealed copy). */
export function partsPerRow(roles: readonly ColumnRole[]): number {
  return roles.reduce((n, role) => n + (role === 'join' ? 2 : 1), 0);
}

const encoder = new TextEncoder();

/**
 * Writes `text` as UTF-8 into `into` (which must have room for 3 bytes per UTF-16 unit) and
 * returns the byte count. ASCII, most cells, is copied by a plain loop: for short strings that is
 * several times cheaper than a call to TextEncoder.encodeInto, which handles the rest.
 */
export function writeUtf8(text: string, into: Uint8Array): number {
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const code = text.charCodeAt(i);
    if (code > 0x7f) return encoder.encodeInto(text, into).written;
    into[i] = code;
  }
  return n;
}

/** Writes packed rows: call `part` for every cell part of every row, in order, then `finish`. */
export class PackedRowsWriter {
  private buf: Uint8Array<ArrayBuffer>;
  private at = 0;

  constructor(sizeHint = 64 * 1024) {
    this.buf = new Uint8Array(Math.max(64, sizeHint));
  }

  /** One cell part: bytes, a string (as UTF-8), or null. */
  part(value: Uint8Array | string | null): void {
    if (value === null) {
      this.length(PACKED_NULL);
      return;
    }
    if (typeof value === 'string') {
      // UTF-8 straight into the buffer after a 2-byte length slot, filled in once known
      this.ensure(2 + value.length * 3);
      const written = writeUtf8(value, this.buf.subarray(this.at + 2));
      if (written >= PACKED_NULL) throw new RangeError(`a cell part holds at most ${PACKED_NULL - 1} bytes`);
      this.length(written);
      this.at += written;
      return;
    }
    if (value.length >= PACKED_NULL) throw new RangeError(`a cell part holds at most ${PACKED_NULL - 1} bytes`);
    this.length(value.length);
    this.ensure(value.length);
    this.buf.set(value, this.at);
    this.at += value.length;
  }

  /** The packed rows (a copy sized to fit: its buffer can be transferred). */
  finish(): Uint8Array<ArrayBuffer> {
    return this.buf.slice(0, this.at);
  }

  private length(n: number) {
    this.ensure(2);
    this.buf[this.at++] = n >> 8;
    this.buf[this.at++] = n & 0xff;
  }

  private ensure(n: number) {
    if (this.at + n <= this.buf.length) return;
    const grown = new Uint8Array(Math.max(this.buf.length * 2, this.at + n));
    grown.set(this.buf.subarray(0, this.at));
    this.buf = grown;
  }
}

/** Reads packed rows back, `parts` parts a row (see partsPerRow); NULL parts as null. */
export function unpackRows(packed: Uint8Array, parts: number): (Uint8Array | null)[][] {
  const rows: (Uint8Array | null)[][] = [];
  let at = 0;
  while (at < packed.length) {
    const row: (Uint8Array | null)[] = [];
    for (let p = 0; p < parts; p++) {
      if (at + 2 > packed.length) throw new RangeError('packed rows end early');
      const length = (packed[at] << 8) | packed[at + 1];
      at += 2;
      if (length === PACKED_NULL) {
        row.push(null);
        continue;
      }
      if (at + length > packed.length) throw new RangeError('packed rows end early');
      row.push(packed.subarray(at, at + length));
      at += length;
    }
    rows.push(row);
  }
  return rows;
}

/**
 * The binary body of an upload chunk (REST, Content-Type CHUNK_CONTENT_TYPE): a 4-byte big-endian
 * length N, N bytes of UTF-8 JSON holding the chunk's other fields (the JSON body's, without rows
 * or packed), then the packed rows to the end of the body.
 */
export const CHUNK_CONTENT_TYPE = 'application/vnd.parley.chunk';
/** The JSON part of a binary chunk body: a header of 64 columns and a sealed secret fit many times. */
export const CHUNK_META_MAX_BYTES = 256 * 1024;

/** A chunk's binary body: its fields (JSON) and its packed rows. */
export function encodeChunkBody(fields: Record<string, unknown>, packed: Uint8Array): Uint8Array<ArrayBuffer> {
  const meta = encoder.encode(JSON.stringify(fields));
  if (meta.length > CHUNK_META_MAX_BYTES) throw new RangeError(`the fields take at most ${CHUNK_META_MAX_BYTES} bytes`);
  return frameChunkBody(meta, packed);
}

/** The framing alone, around `meta` as it is (the tests frame malformed fields with it). */
export function frameChunkBody(meta: Uint8Array, packed: Uint8Array): Uint8Array<ArrayBuffer> {
  const body = new Uint8Array(4 + meta.length + packed.length);
  new DataView(body.buffer).setUint32(0, meta.length);
  body.set(meta, 4);
  body.set(packed, 4 + meta.length);
  return body;
}

/**
 * Splits a binary chunk body into its fields (parsed JSON, an object) and its packed rows (a view
 * of `body`). Throws a RangeError saying what is wrong with it.
 */
export function decodeChunkBody(body: Uint8Array): { fields: Record<string, unknown>; packed: Uint8Array } {
  if (body.length < 4) throw new RangeError('the body starts with the 4-byte length of its JSON fields');
  const length = new DataView(body.buffer, body.byteOffset, body.byteLength).getUint32(0);
  if (length > CHUNK_META_MAX_BYTES) throw new RangeError(`the JSON fields take at most ${CHUNK_META_MAX_BYTES} bytes`);
  if (4 + length > body.length) throw new RangeError('the body ends inside its JSON fields');
  let fields: unknown;
  try {
    fields = JSON.parse(
      new TextDecoder('utf-8', { fatal: true }).decode(body.subarray(4, 4 + length)),
      (key, value) => {
        // as the server's JSON bodies: no key that could reach an object's prototype
        if (key === '__proto__' || key === 'constructor') throw new RangeError('forbidden key');
        return value as unknown;
      },
    );
  } catch {
    throw new RangeError('the fields are not JSON (UTF-8) without __proto__ or constructor keys');
  }
  if (typeof fields !== 'object' || fields === null || Array.isArray(fields))
    throw new RangeError('the fields are a JSON object');
  return { fields: fields as Record<string, unknown>, packed: body.subarray(4 + length) };
}
