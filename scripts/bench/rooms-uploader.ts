// The clean-room benchmark's client, in a worker thread so that it does not share the server's
// event loop (a browser uploads from another machine). It builds one data set's chunk bodies
// before the clock starts, then sends them through POST /v1/vcr/uploadEncrypted with `inFlight`
// requests at a time, as the web app's upload pipeline does, and reports the seconds taken.
// `form`: 'packed' rows as the web app sends them, or the legacy JSON rows of base64 cells.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { parentPort, workerData } from 'node:worker_threads';
import { PackedRowsWriter } from '../../api/src/modules/datasets/wire-format';

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
  form: 'packed' | 'json';
};
export type UploaderResult = { datasetId: string; seconds: number };

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

async function run(input: UploaderInput): Promise<UploaderResult> {
  const datasetId = randomUUID();
  const chunks = Math.ceil(input.rows / input.chunkRows);
  const bodies: string[] = [];
  for (let c = 0; c < chunks; c++) {
    const rowNos = Array.from(
      { length: Math.min(input.chunkRows, input.rows - c * input.chunkRows) },
      (_, k) => c * input.chunkRows + k,
    );
    let rows: { encrypted: unknown[][] } | { packed: string };
    if (input.form === 'json') {
      const b64 = (b: Buffer) => b.toString('base64');
      rows = {
        encrypted: rowNos.map((i) => [
          [b64(token(i + input.offset)), b64(sealed())],
          String(18 + (i % 60)),
          b64(sealed()),
        ]),
      };
    } else {
      const out = new PackedRowsWriter(rowNos.length * 160);
      for (const i of rowNos) {
        out.part(token(i + input.offset));
        out.part(sealed());
        out.part(String(18 + (i % 60)));
        out.part(sealed());
      }
      rows = { packed: Buffer.from(out.finish()).toString('base64') };
    }
    bodies.push(
      JSON.stringify({
        room_id: input.roomId,
        dataset_id: datasetId,
        campaign: input.name,
        header: HEADER,
        ...rows,
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
