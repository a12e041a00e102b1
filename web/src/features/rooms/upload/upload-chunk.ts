// One chunk to POST /v1/vcr/uploadEncrypted (GraphQL bodies stop at 256 kB; this path takes up to
// 32 MB). The same chunk index may be sent again: the server answers `duplicate` and changes
// nothing, which is what makes retries and resumes safe.
import { sealedCellLength } from '../../../crypto/cells';
import {
  CHUNK_BODY_BUDGET,
  CHUNK_CONTENT_TYPE,
  encodeChunkBody,
  MAX_CHUNK_ROWS,
  TOKEN_BYTES,
  type PartnerAccess,
} from '../../../../../shared/wire-format';
import { type ColumnPlan, type EmptyCellPolicy, type EncryptedChunk } from './encrypt-rows';

// Rows per chunk: the most the server takes, unless the rows are wide. Big chunks keep the
// server's per-chunk work (a reservation, a transaction, a completion check) small next to the
// rows themselves; a chunk's body stays within half the server's body limit.
export const CHUNK_ROWS = MAX_CHUNK_ROWS;

/** Rows per chunk for these columns, whose longest values (UTF-8 bytes) the scan measured. */
export function chunkRowsFor(columns: readonly ColumnPlan[], maxBytes: readonly number[]): number {
  // the packed bytes of the widest possible row: a 2-byte length before every part
  const rowBytes = columns.reduce((sum, c) => {
    const longest = maxBytes[c.source] ?? 0;
    if (c.role === 'clear') return sum + 2 + longest;
    return sum + 2 + sealedCellLength(longest, c.padBucket) + (c.role === 'join' ? 2 + TOKEN_BYTES : 0);
  }, 0);
  // the body carries them as they are (binary), after a few hundred bytes of fields
  return Math.max(1, Math.min(CHUNK_ROWS, Math.floor(CHUNK_BODY_BUDGET / Math.max(1, rowBytes))));
}

export type DatasetUpload = {
  roomId: string;
  datasetId: string;
  name: string;
  columns: ColumnPlan[];
  chunkCount: number;
  keyVersion: number;
  emptyCells: EmptyCellPolicy;
  // the analysis rule: what partners may learn
  partnerAccess: PartnerAccess;
  minGroupSize: number;
  // differential privacy of what partners receive (omitted: the server's default for the rule)
  privacy?: { enabled: boolean; budget?: number; queryCost?: number };
  // the data set's own secret sealed to the uploader's key (when a column is withheld)
  sealedSecret: { envelope: string; publicKeyId: string } | null;
};

export class UploadError extends Error {
  override readonly name = 'UploadError';
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/**
 * The body of one chunk's POST /v1/vcr/uploadEncrypted: binary, its fields as JSON then its packed
 * rows as they are (see encodeChunkBody in shared/wire-format.ts).
 */
export function chunkBody(upload: DatasetUpload, chunkIndex: number, chunk: EncryptedChunk): Uint8Array<ArrayBuffer> {
  const fields = {
    room_id: upload.roomId,
    dataset_id: upload.datasetId,
    campaign: upload.name,
    header: upload.columns.map(({ name, role, domain, kind, padBucket, shared, partnerRole, lower, upper }) => {
      const partner = {
        ...(partnerRole ? { partnerRole } : {}),
        ...(partnerRole === 'metric' ? { lower, upper } : {}),
      };
      return role === 'join'
        ? { name, role, domain, kind, padBucket, shared, ...partner }
        : role === 'sealed'
          ? { name, role, padBucket, shared, ...partner }
          : { name, role, shared, ...partner };
    }),
    chunk_index: chunkIndex,
    chunk_count: upload.chunkCount,
    first_row: chunk.firstRow,
    key_version: upload.keyVersion,
    normalisation_version: 1,
    empty_cells: upload.emptyCells,
    partner_access: upload.partnerAccess,
    min_group_size: upload.minGroupSize,
    ...(upload.privacy ? { differential_privacy: upload.privacy.enabled } : {}),
    ...(upload.privacy?.budget !== undefined ? { privacy_budget: upload.privacy.budget } : {}),
    ...(upload.privacy?.queryCost !== undefined ? { query_cost: upload.privacy.queryCost } : {}),
    ...(upload.sealedSecret
      ? { sealed_secret: upload.sealedSecret.envelope, secret_key_id: upload.sealedSecret.publicKeyId }
      : {}),
  };
  return encodeChunkBody(fields, chunk.packed);
}

export async function uploadChunk(upload: DatasetUpload, chunkIndex: number, chunk: EncryptedChunk): Promise<void> {
  let response: Response;
  try {
    response = await fetch(new URL('/v1/vcr/uploadEncrypted', window.location.origin), {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': CHUNK_CONTENT_TYPE },
      body: chunkBody(upload, chunkIndex, chunk),
    });
  } catch {
    throw new UploadError('the server could not be reached', 0);
  }
  if (response.ok) return;
  const payload = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
  throw new UploadError(payload?.error?.message ?? `the server answered ${response.status}`, response.status);
}

/**
 * Removes what a cancelled or failed upload left on the server: an incomplete set is invisible to
 * the room but holds its name. Best effort: a set no chunk reached does not exist (404).
 */
export async function discardUpload(upload: DatasetUpload): Promise<void> {
  await fetch(new URL('/v1/vcr/deleteDataSet', window.location.origin), {
    method: 'DELETE',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ room_id: upload.roomId, dataset_id: upload.datasetId }),
  }).catch(() => undefined);
}
