// The phones benchmark's client, in a worker thread so that it does not share the server's event
// loop (phones are other machines): `phones` concurrent phones, each posting the next prepared
// submission as soon as its previous one was answered, until all are sent. The bodies were
// encrypted and answered before the clock starts, as a phone does before it submits.
import { parentPort, workerData } from 'node:worker_threads';

export type PhonesInput = { base: string; phones: number; submissions: { path: string; body: string }[] };
export type PhonesResult = {
  accepted: number;
  refused: Record<string, number>;
  seconds: number;
  latenciesMs: number[];
};

async function run(input: PhonesInput): Promise<PhonesResult> {
  const refused: Record<string, number> = {};
  const latenciesMs: number[] = [];
  let accepted = 0;
  let next = 0;
  const phone = async () => {
    while (next < input.submissions.length) {
      const s = input.submissions[next++];
      const started = performance.now();
      const res = await fetch(`${input.base}${s.path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: s.body,
      });
      const text = await res.text();
      if (res.ok) {
        accepted += 1;
        latenciesMs.push(performance.now() - started);
      } else {
        const code = `${res.status} ${(JSON.parse(text) as { error?: { code?: string } }).error?.code ?? ''}`;
        refused[code] = (refused[code] ?? 0) + 1;
      }
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: input.phones }, phone));
  return { accepted, refused, seconds: (performance.now() - started) / 1000, latenciesMs };
}

run(workerData as PhonesInput).then(
  (result) => parentPort!.postMessage({ result }),
  (err: unknown) => parentPort!.postMessage({ error: err instanceof Error ? err.stack : String(err) }),
);
