// The page the browser benchmark loads (built by Vite, run in headless Chromium): the real upload
// pipeline of the room page (CSV worker -> encryption worker pool -> packed chunk bodies) against
// the same cells through raw WebCrypto calls, one promise per cell, on the page's thread. Timed
// as the person waits: the scan from the file choice, then from "Encrypt and upload" to the last
// chunk; the column set-up between the two is theirs (the workers warm up meanwhile).
import { toBase64 } from '../../../web/src/crypto/bytes';
import { generateDatasetSecret, sealDatasetSecret } from '../../../web/src/crypto/dataset-secret';
import { CsvFile } from '../../../web/src/features/rooms/csv/csv-worker-client';
import {
  type EncryptedChunk,
  type EncryptInit,
  type EncryptTask,
} from '../../../web/src/features/rooms/upload/encrypt-rows';
import { initialSetup, toPlans } from '../../../web/src/features/rooms/upload/column-setup';
import { EncryptUpload } from '../../../web/src/features/rooms/upload/encrypt-upload';
import {
  CHUNK_ROWS,
  chunkBody,
  chunkRowsFor,
  uploadChunk,
  type DatasetUpload,
} from '../../../web/src/features/rooms/upload/upload-chunk';
import { defaultPoolSize, WorkerPool } from '../../../web/src/features/rooms/upload/worker-pool';
import { createCsvWorker, createEncryptWorker } from '../../../web/src/features/rooms/upload/workers';
import type { BenchResult, UploadInput, UploadResult } from './bench-types';

function generateCsv(rows: number): string {
  const lines = ['E-mail,Full Name,Phone #,Age,City'];
  for (let i = 0; i < rows; i++) {
    lines.push(
      `user${i}@example.com,"Person ${i}, Jr.",+44 20 ${String(i).padStart(8, '0')},${20 + (i % 60)},City ${i % 97}`,
    );
  }
  return lines.join('\r\n') + '\r\n';
}

function init(): EncryptInit {
  return {
    roomKey: crypto.getRandomValues(new Uint8Array(32)),
    roomId: '7d1f3c2a-5b64-4e8f-9a0b-1c2d3e4f5a6b',
    datasetId: '5e6f7a8b-9c0d-4e1f-a2b3-c4d5e6f7a8b9',
    keyVersion: 1,
    emptyCells: 'null',
    // the default rule: nothing shared but the city, so the sealed cells use the set's own secret
    datasetSecret: crypto.getRandomValues(new Uint8Array(32)),
    columns: [
      { source: 0, name: 'Email', role: 'join', domain: 'email', kind: 'email', padBucket: 32, shared: false },
      { source: 1, name: 'FullName', role: 'sealed', domain: 'FullName', kind: 'text', padBucket: 32, shared: false },
      { source: 2, name: 'Phone', role: 'join', domain: 'phone', kind: 'phone', padBucket: 32, shared: false },
      { source: 3, name: 'Age', role: 'clear', domain: 'Age', kind: 'text', padBucket: 16, shared: false },
      { source: 4, name: 'City', role: 'clear', domain: 'City', kind: 'text', padBucket: 16, shared: true },
    ],
  };
}

// The baseline: per row two HMAC tokens and three AES-GCM cells, each its own WebCrypto call.
async function rawWebCrypto(text: string): Promise<void> {
  const hmacKey = await crypto.subtle.importKey(
    'raw',
    crypto.getRandomValues(new Uint8Array(32)),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const aesKey = await crypto.subtle.importKey('raw', crypto.getRandomValues(new Uint8Array(32)), 'AES-GCM', false, [
    'encrypt',
  ]);
  const encoder = new TextEncoder();
  const rows = text.split('\r\n').slice(1, -1);
  for (let start = 0; start < rows.length; start += CHUNK_ROWS) {
    const batch = rows.slice(start, start + CHUNK_ROWS).map((line) => line.split(','));
    await Promise.all(
      batch.flatMap((cells) => [
        crypto.subtle.sign('HMAC', hmacKey, encoder.encode(cells[0])),
        crypto.subtle.sign('HMAC', hmacKey, encoder.encode(cells[3])),
        ...[cells[0], cells[1] + cells[2], cells[3]].map(async (value) =>
          toBase64(
            new Uint8Array(
              await crypto.subtle.encrypt(
                { name: 'AES-GCM', iv: crypto.getRandomValues(new Uint8Array(12)) },
                aesKey,
                encoder.encode(value),
              ),
            ),
          ),
        ),
      ]),
    );
  }
}

/**
 * As the room page's upload panel: choosing the file starts the CSV scan; once it is done, the
 * encryption workers start and warm up (no keys yet) while the person sets the columns up (seconds
 * at least) before pressing "Encrypt and upload". The clock stops for the set-up (this resolves
 * once the pool is warm) and starts again at the press.
 */
async function chooseFile(file: File) {
  const t0 = performance.now();
  const csv = new CsvFile(file, createCsvWorker);
  const scan = await csv.scan();
  const scanMs = performance.now() - t0;
  const pool = new WorkerPool<EncryptTask, EncryptedChunk>(createEncryptWorker, undefined, defaultPoolSize(), {
    warm: true,
  });
  await pool.warmed();
  return { csv, pool, scan, scanMs, warmMs: performance.now() - t0 - scanMs };
}

async function run(rows: number): Promise<BenchResult> {
  let longestTaskMs = 0;
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) longestTaskMs = Math.max(longestTaskMs, entry.duration);
  });
  const text = generateCsv(rows);
  const file = new File([text], 'bench.csv', { type: 'text/csv' });
  observer.observe({ type: 'longtask', buffered: false });

  const { csv, pool, scan, scanMs, warmMs } = await chooseFile(file);
  const tStart = performance.now();
  const plan = init();
  pool.init(plan);
  const upload: DatasetUpload = {
    roomId: plan.roomId,
    datasetId: plan.datasetId,
    name: 'bench',
    columns: plan.columns,
    chunkCount: Math.ceil(scan.rowCount / CHUNK_ROWS),
    keyVersion: 1,
    emptyCells: 'null',
    partnerAccess: 'matches',
    minGroupSize: 10,
    // the size of a real envelope (enc 65 + secret 32 + tag 16 bytes): the bench posts nothing
    sealedSecret: { envelope: `hpke1.${'A'.repeat(152)}`, publicKeyId: '0'.repeat(32) },
  };
  let uploadBytes = 0;
  await new EncryptUpload({
    batches: csv.batches(CHUNK_ROWS),
    pool,
    totalRows: scan.rowCount,
    // what the real upload does on the page: one body per chunk
    upload: async (index, chunk) => {
      uploadBytes += chunkBody(upload, index, chunk).byteLength;
    },
  }).run();
  const t2 = performance.now();
  observer.disconnect();
  pool.close();
  csv.close();

  const t3 = performance.now();
  await rawWebCrypto(text);
  const rawMs = performance.now() - t3;
  return {
    rows: scan.rowCount,
    poolSize: pool.size,
    csvBytes: file.size,
    scanMs,
    warmMs,
    encryptMs: t2 - tStart,
    pipelineMs: scanMs + (t2 - tStart),
    rawMs,
    uploadBytes,
    longestTaskMs,
  };
}

let csvCache: { rows: number; file: File } | null = null;

/**
 * End to end, as the room page's upload panel does it (upload-panel.tsx), against the real server
 * that serves this page: the file chosen (CSV scan), the columns set up (not timed: the person's;
 * the workers warm up meanwhile), then "Encrypt and upload": the data set's secret sealed to the
 * uploader's key, rows encrypted by the pool and posted chunk by chunk to uploadEncrypted.
 */
async function runUpload(input: UploadInput): Promise<UploadResult> {
  if (csvCache?.rows !== input.rows) {
    csvCache = null;
    csvCache = { rows: input.rows, file: new File([generateCsv(input.rows)], 'bench.csv', { type: 'text/csv' }) };
  }
  const { file } = csvCache;

  const { csv, pool, scan, scanMs, warmMs } = await chooseFile(file);
  // the person's set-up: the panel's first choices (e-mail and phone join keys, the rest sealed),
  // then age and city left clear and the city shared with partners
  const setup = initialSetup(scan.header).map((column) =>
    input.plain
      ? { ...column, role: 'clear' as const }
      : column.name === 'Age' || column.name === 'City'
        ? { ...column, role: 'clear' as const, shared: column.name === 'City' }
        : column,
  );

  const tStart = performance.now();
  const plans = toPlans(setup, scan.maxBytes, 'matches');
  const chunkRows = chunkRowsFor(plans, scan.maxBytes);
  const datasetId = crypto.randomUUID();
  const withheld = plans.some((plan) => plan.role !== 'clear' && !plan.shared);
  const datasetSecret = withheld ? generateDatasetSecret() : undefined;
  const upload: DatasetUpload = {
    roomId: input.roomId,
    datasetId,
    name: `${input.plain ? 'plain' : 'encrypted'} ${datasetId.slice(0, 8)}`,
    columns: plans,
    chunkCount: Math.ceil(scan.rowCount / chunkRows),
    keyVersion: input.keyVersion,
    emptyCells: 'null',
    partnerAccess: 'matches',
    minGroupSize: 10,
    sealedSecret: datasetSecret
      ? {
          publicKeyId: input.secretKey.publicKeyId,
          envelope: await sealDatasetSecret(input.secretKey.publicKeyPem, datasetSecret, {
            roomId: input.roomId,
            datasetId,
            userId: input.secretKey.userId,
          }),
        }
      : null,
  };
  pool.init({
    roomKey: crypto.getRandomValues(new Uint8Array(32)),
    roomId: input.roomId,
    datasetId,
    keyVersion: input.keyVersion,
    columns: plans,
    emptyCells: 'null',
    datasetSecret,
  });
  try {
    const { chunks, rows } = await new EncryptUpload({
      batches: csv.batches(chunkRows),
      pool,
      totalRows: scan.rowCount,
      upload: (index, chunk) => uploadChunk(upload, index, chunk),
    }).run();
    const t2 = performance.now();
    return {
      datasetId,
      rows,
      chunks,
      csvBytes: file.size,
      scanMs,
      warmMs,
      uploadMs: t2 - tStart,
      totalMs: scanMs + (t2 - tStart),
    };
  } finally {
    pool.close();
    csv.close();
  }
}

(window as unknown as { runBench: typeof run }).runBench = run;
(window as unknown as { runUpload: typeof runUpload }).runUpload = runUpload;
document.getElementById('status')!.textContent = 'loaded';
