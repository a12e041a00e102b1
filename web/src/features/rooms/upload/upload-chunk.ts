// One chunk to POST /v1/vcr/uploadEncrypted (GraphQL bodies stop at 256 kB; this path takes up to
// 32 MB). The same chunk index may be sent again: the server answers `duplicate` and changes
// nothing, which is what makes retries and resumes safe.
import { type ColumnPlan, type EmptyCellPolicy, type EncryptedChunk } from './encrypt-rows';

export type DatasetUpload = {
  roomId: string;
  datasetId: string;
  name: string;
  columns: ColumnPlan[];
  chunkCount: number;
  keyVersion: number;
  emptyCells: EmptyCellPolicy;
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

export async function uploadChunk(upload: DatasetUpload, chunkIndex: number, chunk: EncryptedChunk): Promise<void> {
  const body = {
    room_id: upload.roomId,
    dataset_id: upload.datasetId,
    campaign: upload.name,
    header: upload.columns.map(({ name, role, domain, kind, padBucket }) =>
      role === 'join'
        ? { name, role, domain, kind, padBucket }
        : role === 'sealed'
          ? { name, role, padBucket }
          : { name, role },
    ),
    encrypted: chunk.rows,
    chunk_index: chunkIndex,
    chunk_count: upload.chunkCount,
    first_row: chunk.firstRow,
    key_version: upload.keyVersion,
    normalisation_version: 1,
    empty_cells: upload.emptyCells,
  };
  let response: Response;
  try {
    response = await fetch(new URL('/v1/vcr/uploadEncrypted', window.location.origin), {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  } catch {
    throw new UploadError('the server could not be reached', 0);
  }
  if (response.ok) return;
  const payload = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
  throw new UploadError(payload?.error?.message ?? `the server answered ${response.status}`, response.status);
}
