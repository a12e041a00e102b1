// Measuring HTTP targets against a baseline in the same run, on a machine other jobs share:
// autocannon runs in a worker thread (the load generator is not on the server's event loop), and
// every group of targets is measured BENCH_ROUNDS times, interleaved (baseline, targets, baseline,
// targets, ...), so each ratio compares two measurements taken seconds apart. Reported: the median
// ratio over the rounds and its range; a target is met when the median reaches it.
import autocannon from 'autocannon';
import { Worker } from 'node:worker_threads';
import type { Target } from './bench-server';

export const envInt = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number`);
  return value;
};

export const benchSeconds = () => envInt('BENCH_SECONDS', 3);
export const benchRounds = () => Math.max(1, envInt('BENCH_ROUNDS', 5));

export type Sample = { reqPerSec: number; p50Ms: number; p99Ms: number; errors: number };

/** One autocannon measurement: 10 connections for BENCH_SECONDS, from a worker thread. */
export async function measure(t: Target, seconds = benchSeconds()): Promise<Sample> {
  const r = await autocannon({
    url: t.url,
    method: t.method ?? 'GET',
    headers: t.headers,
    body: t.body,
    connections: 10,
    duration: seconds,
    workers: 1,
  });
  return { reqPerSec: r.requests.average, p50Ms: r.latency.p50, p99Ms: r.latency.p99, errors: r.errors + r.non2xx };
}

export type Row = { name: string; target?: number; samples: Sample[] };
export type Group = { title: string; baseline: Row; rows: Row[] };

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** Ratio of each round's throughput to the same round's baseline. */
export const ratios = (g: Group, r: Row) => r.samples.map((s, i) => s.reqPerSec / g.baseline.samples[i].reqPerSec);

/** Measures every group `rounds` times, interleaved; targets are `[name, target, ratio goal?]`. */
export async function measureGroups(
  spec: { title: string; baseline: [string, Target]; rows: [string, Target, number?][] }[],
  rounds = benchRounds(),
): Promise<Group[]> {
  const groups: Group[] = spec.map((g) => ({
    title: g.title,
    baseline: { name: g.baseline[0], samples: [] },
    rows: g.rows.map(([name, , target]) => ({ name, target, samples: [] })),
  }));
  for (const g of spec) await measure(g.baseline[1], 1); // warm-up: JIT and pools settle
  for (let round = 0; round < rounds; round++) {
    for (const [i, g] of spec.entries()) {
      groups[i].baseline.samples.push(await measure(g.baseline[1]));
      for (const [j, [, t]] of g.rows.entries()) groups[i].rows[j].samples.push(await measure(t));
    }
  }
  return groups;
}

const range = (xs: number[], digits: number) =>
  xs.length > 1 ? `${Math.min(...xs).toFixed(digits)}-${Math.max(...xs).toFixed(digits)}` : xs[0].toFixed(digits);

/** The table of one group: median req/s and p99 (with ranges), median ratio and its range, target. */
export function printGroups(groups: Group[]): TargetResult[] {
  const results: TargetResult[] = [];
  for (const g of groups) {
    console.log(`  ${g.title}`);
    console.log(
      `    ${'target'.padEnd(26)} ${'req/s (median, range)'.padEnd(22)} ${'p99 ms (median)'.padEnd(16)} errors  ${'ratio (median, range)'.padEnd(22)} goal`,
    );
    for (const r of [g.baseline, ...g.rows]) {
      const rps = r.samples.map((s) => s.reqPerSec);
      const rr = r === g.baseline ? null : ratios(g, r);
      const errors = r.samples.reduce((n, s) => n + s.errors, 0);
      const ratioText = rr ? `${median(rr).toFixed(2)} (${range(rr, 2)})` : 'baseline';
      const goal =
        r.target === undefined ? '' : `>= ${r.target.toFixed(2)} ${median(rr!) >= r.target ? 'met' : 'MISSED'}`;
      console.log(
        `    ${r.name.padEnd(26)} ${`${median(rps).toFixed(0)} (${range(rps, 0)})`.padEnd(22)} ${median(
          r.samples.map((s) => s.p99Ms),
        )
          .toFixed(1)
          .padEnd(16)} ${String(errors).padStart(6)}  ${ratioText.padEnd(22)} ${goal}`,
      );
      if (rr && r.target !== undefined) {
        results.push({
          name: `${g.title}: ${r.name}`,
          goal: `>= ${r.target} of ${g.baseline.name}`,
          value: median(rr),
          met: median(rr) >= r.target,
          range: range(rr, 2),
        });
      }
    }
  }
  return results;
}

export type TargetResult = { name: string; goal: string; value: number; met: boolean; range: string };

/** The closing summary: every target, met or missed (the process still exits 0). */
export function printTargets(title: string, results: TargetResult[]) {
  if (!results.length) return;
  console.log(`\nTargets (${title}):`);
  for (const r of results) {
    console.log(
      `  ${r.met ? 'met   ' : 'MISSED'}  ${r.name.padEnd(52)} ${r.value.toFixed(2)}${r.range.includes('-') ? ` (rounds ${r.range})` : ''}, goal ${r.goal}`,
    );
  }
  const missed = results.filter((r) => !r.met).length;
  console.log(`  ${results.length - missed} of ${results.length} targets met`);
}

/** Runs a bench client script (TypeScript, posting `{ result }` or `{ error }`) in a worker thread. */
export function inWorker<I, R>(script: URL, input: I): Promise<R> {
  return new Promise<R>((resolve, reject) => {
    const worker = new Worker(script, { workerData: input, execArgv: ['--import', 'tsx'] });
    worker.once('message', (m: { result?: R; error?: string }) =>
      m.result ? resolve(m.result) : reject(new Error(m.error)),
    );
    worker.once('error', reject);
  });
}
