import { describe, expect, it } from 'vitest';
import { fromHex, toHex } from '../../../crypto/bytes';
import { openCell } from '../../../crypto/cells';
import { deriveSealKey } from '../../../crypto/column-keys';
import { DATASET_ID, ROOM_ID, ROOM_KEY_HEX } from '../../../crypto/known-answers.fixture';
import { inProcessWorker } from '../../../test/in-process-worker';
import { type RowBatch } from '../csv/csv-worker-client';
import { serveEncryptWorker, type EncryptedChunk, type EncryptTask } from './encrypt-rows';
import { encryptAcrossPool, EncryptUpload, UploadCancelled, type UploadProgress } from './encrypt-upload';
import { unpackRows } from '../../../../../shared/wire-format';
import { WorkerPool } from './worker-pool';

function pool() {
  return new WorkerPool<EncryptTask, EncryptedChunk>(
    () => inProcessWorker(serveEncryptWorker),
    {
      roomKey: fromHex(ROOM_KEY_HEX),
      roomId: ROOM_ID,
      datasetId: DATASET_ID,
      keyVersion: 1,
      emptyCells: 'null',
      columns: [
        { source: 0, name: 'email', role: 'join', domain: 'email', kind: 'email', padBucket: 32, shared: true },
      ],
    },
    2,
  );
}

async function* batchesOf(total: number, size: number): AsyncGenerator<RowBatch> {
  for (let first = 0; first < total; first += size) {
    const rows = Array.from({ length: Math.min(size, total - first) }, (_, i) => [`user${first + i}@x.org`]);
    yield { firstRow: first, rows };
  }
}

describe('encrypt and upload', () => {
  it('encrypts every batch in the pool and uploads each as a numbered chunk, with progress', async () => {
    const uploaded = new Map<number, EncryptedChunk>();
    const progress: UploadProgress[] = [];
    const workers = pool();
    const result = await new EncryptUpload({
      batches: batchesOf(25, 10),
      pool: workers,
      totalRows: 25,
      upload: async (index, chunk) => void uploaded.set(index, chunk),
      onProgress: (p) => progress.push(p),
    }).run();
    workers.close();
    expect(result).toEqual({ chunks: 3, rows: 25 });
    expect([...uploaded.keys()].sort()).toEqual([0, 1, 2]);
    expect(uploaded.get(2)).toMatchObject({ firstRow: 20, rowCount: 5 });
    expect(progress.at(-1)).toEqual({ total: 25, encrypted: 25, uploaded: 25, paused: null });
    expect(progress.every((p, i) => i === 0 || p.uploaded >= progress[i - 1].uploaded)).toBe(true);
  });

  it('retries a failed chunk, pauses after the automatic retries, and resumes with the same chunk', async () => {
    const attempts: { index: number; sealed: string }[] = [];
    const done = new Set<number>();
    let failuresLeft = 4;
    const progress: UploadProgress[] = [];
    const workers = pool();
    const upload = new EncryptUpload({
      batches: batchesOf(20, 10),
      pool: workers,
      totalRows: 20,
      retryDelayMs: 1,
      maxInFlight: 1,
      upload: async (index, chunk) => {
        // the first row's sealed copy (a join key: token, then sealed copy)
        attempts.push({ index, sealed: toHex(unpackRows(chunk.packed, 2)[0][1]!) });
        if (index === 1 && failuresLeft-- > 0) throw new Error('503 Service Unavailable');
        done.add(index);
      },
      onProgress: (p) => {
        progress.push(p);
        if (p.paused) setTimeout(() => upload.retry(), 1);
      },
    });
    await upload.run();
    workers.close();
    expect([...done]).toEqual([0, 1]);
    const chunk1 = attempts.filter((a) => a.index === 1);
    // 3 attempts, a pause, then 2 more (the 5th succeeds), always the same ciphertext
    expect(chunk1).toHaveLength(5);
    expect(new Set(chunk1.map((a) => a.sealed)).size).toBe(1);
    expect(progress.filter((p) => p.paused).map((p) => p.paused)).toEqual([
      'Chunk upload failed: 503 Service Unavailable',
    ]);
    expect(progress.at(-1)?.uploaded).toBe(20);
  });

  it('stops on cancel while paused', async () => {
    const workers = pool();
    const upload = new EncryptUpload({
      batches: batchesOf(10, 10),
      pool: workers,
      totalRows: 10,
      retryDelayMs: 1,
      autoRetries: 0,
      upload: () => Promise.reject(new Error('offline')),
      onProgress: (p) => {
        if (p.paused) setTimeout(() => upload.cancel(), 1);
      },
    });
    await expect(upload.run()).rejects.toBeInstanceOf(UploadCancelled);
    workers.close();
  });

  it('splits a big batch across the workers and joins the pieces in row order', async () => {
    const workers = pool();
    const { value: batch } = (await batchesOf(5001, 5001).next()) as { value: RowBatch };
    const runs: number[] = [];
    const counted = { size: workers.size, run: (task: EncryptTask) => (runs.push(task.firstRow), workers.run(task)) };
    const chunk = await encryptAcrossPool(counted, { ...batch, firstRow: 7 });
    const whole = await workers.run({ ...batch, firstRow: 7 });
    workers.close();
    expect(runs.sort((a, b) => a - b)).toEqual([7, 7 + 2501]);
    expect(chunk).toMatchObject({ firstRow: 7, rowCount: 5001 });
    const split = unpackRows(chunk.packed, 2);
    const single = unpackRows(whole.packed, 2);
    expect(split).toHaveLength(5001);
    // tokens are deterministic: equal row for row; sealed copies are bound to their row number
    expect(split.map((row) => toHex(row[0]!))).toEqual(single.map((row) => toHex(row[0]!)));
    const key = await deriveSealKey(fromHex(ROOM_KEY_HEX), ROOM_ID, DATASET_ID, 'email', 'decrypt');
    for (const r of [0, 2500, 2501, 5000]) {
      const place = { roomId: ROOM_ID, datasetId: DATASET_ID, column: 'email', rowNumber: 7 + r, keyVersion: 1 };
      expect(await openCell(key, new Uint8Array(split[r][1]!), place)).toBe(`user${r}@x.org`);
    }
  });
});
