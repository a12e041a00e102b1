// The clean-room benchmark's client, in a worker thread so that it does not share the server's
// event loop (a browser uploads from another machine). It builds one data set's chunks before
// any clock starts, then uploads them `runs` times, each time as a new data set (its own id and
// name), through POST /v1/vcr/uploadEncrypted with `inFlight` requests at a time, as the web
// app's upload pipeline does. Before each run it posts `{ ready: run }` and waits for a `go`
// (the parent checkpoints the database in between); after it, `{ run: { datasetId, seconds } }`.
// `form`: 'packed' rows in binary bodies, as the web app sends them, or the legacy JSON rows of
// base64 cells.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import { parentPort, Worker, workerData } from 'node:worker_threads';
import { CHUNK_CONTENT_TYPE, encodeChunkBody, PackedRowsWriter } from '../../shared/wire-format';

export type UploaderInput = {
  base: string;
  cookie: string;
  roomId: string;
  /** run i's data set is named `name` (the first) or `name i+1` */
  name: string;
  rows: number;
  /** the values are offset + 0 .. offset + rows - 1 */
  offset: number;
  chunkRows: number;
  inFlight: number;
  form: 'packed' | 'json';
  runs: number;
  /** the age column's partner role: a metric (what a partner's noisy average needs) or shared */
  ageMetric?: boolean;
};
export type UploadRun = { datasetId: string; seconds: number };

// what HMAC output looks like to the server (16 bytes), the same for the same value in both sets
const token = (i: number) => createHash('sha256').update(String(i)).digest().subarray(0, 16);
const sealed = () => randomBytes(12 + 16 + 32); // IV + tag + a 32-byte bucket
// e-mail join key (token + sealed copy), age clear, name sealed; all shared with partners (sealed
// with room-derived keys: the server's work is the same either way, and no set secret is needed)
const HEADER = [
  { name: 'email', role: 'join', kind: 'email', shared: true },
  { name: 'age', role: 'clear', shared: true },
  { name: 'name', role: 'sealed', shared: true },
];
// ages are 18 to 77: a metric declared 0 to 100 clamps nothing
const METRIC_AGE = { name: 'age', role: 'clear', partnerRole: 'metric', lower: 0, upper: 100 };

/** Each chunk's rows: packed bytes, or JSON rows of base64 cells. */
function buildChunks(input: UploaderInput): (Uint8Array | unknown[][])[] {
  const chunks: (Uint8Array | unknown[][])[] = [];
  for (let first = 0; first < input.rows; first += input.chunkRows) {
    const rowNos = Array.from({ length: Math.min(input.chunkRows, input.rows - first) }, (_, k) => first + k);
    if (input.form === 'json') {
      const b64 = (b: Buffer) => b.toString('base64');
      chunks.push(
        rowNos.map((i) => [[b64(token(i + input.offset)), b64(sealed())], String(18 + (i % 60)), b64(sealed())]),
      );
    } else {
      const out = new PackedRowsWriter(rowNos.length * 160);
      for (const i of rowNos) {
        out.part(token(i + input.offset));
        out.part(sealed());
        out.part(String(18 + (i % 60)));
        out.part(sealed());
      }
      chunks.push(out.finish());
    }
  }
  return chunks;
}

/** One run's request bodies (built before its clock starts). */
function bodiesOf(input: UploaderInput, chunks: (Uint8Array | unknown[][])[], name: string, datasetId: string) {
  return chunks.map((rows, c) => {
    const fields = {
      room_id: input.roomId,
      dataset_id: datasetId,
      campaign: name,
      header: input.ageMetric ? [HEADER[0], METRIC_AGE, HEADER[2]] : HEADER,
      chunk_index: c,
      chunk_count: chunks.length,
      first_row: c * input.chunkRows,
    };
    return rows instanceof Uint8Array ? encodeChunkBody(fields, rows) : JSON.stringify({ ...fields, encrypted: rows });
  });
}

// node:http rather than fetch: the client shares this machine's cores with the server it
// measures (a browser would not), and fetch's streams and copies of each body cost it several
// times more CPU, mostly in garbage collection
function post(agent: http.Agent, url: URL, headers: Record<string, string>, body: string | Uint8Array) {
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = http.request(url, { method: 'POST', agent, headers }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (d: Buffer) => parts.push(d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(parts).toString() }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

async function upload(input: UploaderInput, bodies: (string | Uint8Array<ArrayBuffer>)[]): Promise<number> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: input.inFlight });
  const url = new URL(`${input.base}/v1/vcr/uploadEncrypted`);
  const t0 = performance.now();
  let next = 0;
  const sender = async () => {
    while (next < bodies.length) {
      const body = bodies[next++];
      const res = await post(
        agent,
        url,
        {
          cookie: input.cookie,
          'content-type': typeof body === 'string' ? 'application/json' : CHUNK_CONTENT_TYPE,
          'content-length': String(typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength),
        },
        body,
      );
      if (res.status !== 200) throw new Error(`uploadEncrypted: ${res.status} ${res.text}`);
    }
  };
  await Promise.all(Array.from({ length: input.inFlight }, sender));
  const seconds = (performance.now() - t0) / 1000;
  agent.destroy();
  return seconds;
}

/**
 * Runs the uploader in a worker thread: `beforeRun` runs before each run's clock starts (in this
 * thread). Resolves with every run's data set and seconds.
 */
export function uploadRuns(input: UploaderInput, beforeRun: () => Promise<unknown>): Promise<UploadRun[]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL(import.meta.url), {
      workerData: { ...input, roomsUploader: true },
      execArgv: ['--import', 'tsx'],
    });
    const runs: UploadRun[] = [];
    worker.on('message', (m: { ready?: number; run?: UploadRun; error?: string }) => {
      if (m.error) reject(new Error(m.error));
      else if (m.ready !== undefined) beforeRun().then(() => worker.postMessage('go'), reject);
      else if (m.run) {
        runs.push(m.run);
        if (runs.length === input.runs) void worker.terminate().then(() => resolve(runs));
      }
    });
    worker.once('error', reject);
  });
}

// in the worker uploadRuns started (another worker importing this file does not upload)
if (parentPort && (workerData as { roomsUploader?: boolean } | null)?.roomsUploader) {
  const port = parentPort;
  const go = () => new Promise((resolve) => port.once('message', resolve));
  const main = async (input: UploaderInput) => {
    const chunks = buildChunks(input);
    for (let run = 0; run < input.runs; run++) {
      const datasetId = randomUUID();
      const bodies = bodiesOf(input, chunks, run === 0 ? input.name : `${input.name} ${run + 1}`, datasetId);
      port.postMessage({ ready: run });
      await go();
      port.postMessage({ run: { datasetId, seconds: await upload(input, bodies) } });
    }
  };
  main(workerData as UploaderInput).catch((error: unknown) =>
    port.postMessage({ error: error instanceof Error ? error.message : String(error) }),
  );
}
