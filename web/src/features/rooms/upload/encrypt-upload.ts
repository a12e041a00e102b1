// Streaming parse -> encrypt -> upload (CRYPTO.md s.6). Row batches come from the CSV worker,
// are encrypted by the worker pool and uploaded as numbered chunks. A chunk upload is idempotent
// (the server keys it by data set and chunk index), so a failed one is retried as is: twice
// automatically, then the upload pauses until the person asks to retry (`retry()`), and picks up
// exactly where it stopped. At most `maxInFlight` batches are in memory at any time.
import { type RowBatch } from '../csv/csv-worker-client';
import { type EncryptedChunk, type EncryptTask } from './encrypt-rows';
import { type WorkerPool } from './worker-pool';

export type UploadProgress = {
  total: number;
  encrypted: number;
  uploaded: number;
  // set while the upload waits for retry()
  paused: string | null;
};

export type EncryptUploadOptions = {
  batches: AsyncIterable<RowBatch>;
  pool: Pick<WorkerPool<EncryptTask, EncryptedChunk>, 'run' | 'size'>;
  totalRows: number;
  upload: (chunkIndex: number, chunk: EncryptedChunk) => Promise<void>;
  onProgress?: (progress: UploadProgress) => void;
  maxInFlight?: number;
  autoRetries?: number;
  retryDelayMs?: number;
};

// Batches in memory at once: enough to keep every worker busy while earlier chunks upload.
export const defaultMaxInFlight = (poolSize: number) => Math.max(2, poolSize * 2);

export class UploadCancelled extends Error {
  override readonly name = 'UploadCancelled';
  constructor() {
    super('The upload was cancelled.');
  }
}

// A batch smaller than this is not worth splitting across workers.
const MIN_SPLIT_ROWS = 2000;

/**
 * Encrypts one batch with every worker of the pool: the rows are cut into one piece per worker and
 * the packed pieces joined in order (packed rows are simply concatenated). So a chunk takes a
 * fraction of the time it would on one worker, and no worker idles while the last chunk finishes.
 */
export async function encryptAcrossPool(
  pool: Pick<WorkerPool<EncryptTask, EncryptedChunk>, 'run' | 'size'>,
  batch: RowBatch,
): Promise<EncryptedChunk> {
  const pieces = Math.max(1, Math.min(pool.size, Math.floor(batch.rows.length / MIN_SPLIT_ROWS)));
  if (pieces === 1) return pool.run({ firstRow: batch.firstRow, rows: batch.rows });
  const size = Math.ceil(batch.rows.length / pieces);
  const parts = await Promise.all(
    Array.from({ length: pieces }, (_, i) =>
      pool.run({ firstRow: batch.firstRow + i * size, rows: batch.rows.slice(i * size, (i + 1) * size) }),
    ),
  );
  const packed = new Uint8Array(parts.reduce((sum, part) => sum + part.packed.length, 0));
  let at = 0;
  for (const part of parts) {
    packed.set(part.packed, at);
    at += part.packed.length;
  }
  return { firstRow: batch.firstRow, rowCount: batch.rows.length, packed };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class EncryptUpload {
  private readonly progress: UploadProgress;
  private resumeWaiters: (() => void)[] = [];
  private cancelled = false;
  private cancelWaiters: ((error: Error) => void)[] = [];

  constructor(private readonly options: EncryptUploadOptions) {
    this.progress = { total: options.totalRows, encrypted: 0, uploaded: 0, paused: null };
  }

  // Resolves once every chunk is uploaded; rejects on an encryption failure or cancel().
  async run(): Promise<{ chunks: number; rows: number }> {
    const { batches, pool, maxInFlight = defaultMaxInFlight(pool.size) } = this.options;
    const inFlight = new Set<Promise<void>>();
    let firstError: unknown = null;
    let chunkIndex = 0;
    this.emit();
    for await (const batch of batches) {
      this.throwIfCancelled();
      if (firstError) break;
      const index = chunkIndex++;
      const job = this.processBatch(index, batch).catch((error: unknown) => {
        firstError ??= error;
      });
      inFlight.add(job);
      void job.finally(() => inFlight.delete(job));
      if (inFlight.size >= maxInFlight) await Promise.race(inFlight);
    }
    await Promise.all(inFlight);
    if (firstError) throw firstError;
    this.throwIfCancelled();
    return { chunks: chunkIndex, rows: this.progress.uploaded };
  }

  // Continues a paused upload.
  retry(): void {
    this.progress.paused = null;
    this.emit();
    for (const resume of this.resumeWaiters.splice(0)) resume();
  }

  cancel(): void {
    this.cancelled = true;
    for (const reject of this.cancelWaiters.splice(0)) reject(new UploadCancelled());
  }

  private async processBatch(index: number, batch: RowBatch): Promise<void> {
    const chunk = await encryptAcrossPool(this.options.pool, batch);
    this.throwIfCancelled();
    this.progress.encrypted += chunk.rowCount;
    this.emit();
    await this.uploadWithRetry(index, chunk);
    this.progress.uploaded += chunk.rowCount;
    this.emit();
  }

  private async uploadWithRetry(index: number, chunk: EncryptedChunk): Promise<void> {
    const { upload, autoRetries = 2, retryDelayMs = 500 } = this.options;
    for (let attempt = 0; ; attempt++) {
      this.throwIfCancelled();
      try {
        await upload(index, chunk);
        return;
      } catch (error) {
        this.throwIfCancelled();
        if (attempt < autoRetries) {
          await sleep(retryDelayMs * 2 ** attempt);
          continue;
        }
        await this.pause(error instanceof Error ? error.message : String(error));
        attempt = -1;
      }
    }
  }

  private pause(reason: string): Promise<void> {
    this.progress.paused = `Chunk upload failed: ${reason}`;
    this.emit();
    return new Promise<void>((resolve, reject) => {
      this.resumeWaiters.push(resolve);
      this.cancelWaiters.push(reject);
    });
  }

  private throwIfCancelled(): void {
    if (this.cancelled) throw new UploadCancelled();
  }

  private emit(): void {
    this.options.onProgress?.({ ...this.progress });
  }
}
