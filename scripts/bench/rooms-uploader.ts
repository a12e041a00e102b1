// The clean-room benchmark's client, in a worker thread so that it does not share the server's
// event loop (a browser uploads from another machine). It builds one data set's chunk bodies
// before the clock starts, then sends them through POST /v1/vcr/uploadEncrypted with `inFlight`
// requests at a time, as the web app's upload pipeline does, and reports the seconds taken.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { parentPort, workerData } from 'node:worker_threads';

export type UploaderInput = {
  base: string;
  cookie: string;
  roomId: string;
  name: string;
  rows: number;
  /** set i's values are offset + 0 .. offset + rows - 1 */
  offset: number;
  chunkRows: number;
  inFlight: number;
};
export type UploaderResult = { datasetId: string; seconds: number };

// what HMAC output looks like to the server (16 bytes), the same for the same value in both sets
export const benchToken = (i: number) =>
  createHash('sha256').update(String(i)).digest().subarray(0, 16).toString('base64');
const sealed = () => randomBytes(12 + 16 + 32).toString('base64'); // IV + tag + a 32-byte bucket
// e-mail join key (token + sealed copy), age clear, name sealed
const HEADER = [
  { name: 'email', role: 'join', kind: 'email' },
  { name: 'age', role: 'clear' },
  { name: 'name', role: 'sealed' },
];

async function run(input: UploaderInput): Promise<UploaderResult> {
  const datasetId = randomUUID();
  const chunks = Math.ceil(input.rows / input.chunkRows);
  const bodies: string[] = [];
  for (let c = 0; c < chunks; c++) {
    const encrypted: unknown[][] = [];
    for (let i = c * input.chunkRows; i < Math.min(input.rows, (c + 1) * input.chunkRows); i++)
      encrypted.push([[benchToken(i + input.offset), sealed()], String(18 + (i % 60)), sealed()]);
    bodies.push(
      JSON.stringify({
        room_id: input.roomId,
        dataset_id: datasetId,
        campaign: input.name,
        header: HEADER,
        encrypted,
        chunk_index: c,
        chunk_count: chunks,
        first_row: c * input.chunkRows,
      }),
    );
  }
  const t0 = performance.now();
  let next = 0;
  const sender = async () => {
    while (next < bodies.length) {
      const res = await fetch(`${input.base}/v1/vcr/uploadEncrypted`, {
        method: 'POST',
        headers: { cookie: input.cookie, 'content-type': 'application/json' },
        body: bodies[next++],
      });
      if (res.status !== 200) throw new Error(`uploadEncrypted: ${res.status} ${await res.text()}`);
      await res.arrayBuffer();
    }
  };
  await Promise.all(Array.from({ length: input.inFlight }, sender));
  return { datasetId, seconds: (performance.now() - t0) / 1000 };
}

if (parentPort) {
  const port = parentPort;
  run(workerData as UploaderInput).then(
    (result) => port.postMessage({ result }),
    (error: unknown) => port.postMessage({ error: error instanceof Error ? error.message : String(error) }),
  );
}
