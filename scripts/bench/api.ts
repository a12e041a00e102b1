// API benchmark: the logged-in profile (REST getUser, GraphQL me), the dashboard cards, the request
// list and the whole dashboard, each against a bare Fastify route doing the same SQL by hand, on one
// server (bench-server.ts: production settings) over a database holding BENCH_REQUESTS requests and
// BENCH_ANSWERS survey answers (defaults 10 000 and 1 000 000; smaller values make a quick run).
import { BENCH_SETTINGS, startBenchServer } from './bench-server';
import {
  benchRounds,
  benchSeconds,
  envInt,
  measureGroups,
  printGroups,
  type Group,
  type TargetResult,
} from './measure';
import type { BenchData } from './requests-data';

export type ApiBench = { data: BenchData; groups: Group[] };

export async function apiBench(): Promise<ApiBench> {
  const server = await startBenchServer({
    requests: envInt('BENCH_REQUESTS', 10_000),
    answers: envInt('BENCH_ANSWERS', 1_000_000),
  });
  try {
    const t = server.targets;
    const groups = await measureGroups([
      {
        title: 'logged-in profile (session, user row, credit)',
        baseline: ['bare SQL', t['bare-me']],
        rows: [
          ['REST getUser', t.getUser, 0.6],
          ['GraphQL me', t.me, 0.5],
        ],
      },
      {
        title: 'dashboard overview cards',
        baseline: ['bare SQL', t['bare-overview']],
        rows: [
          ['REST /v1/request/today', t.today],
          ['GraphQL requestOverview', t.overview],
        ],
      },
      {
        title: 'request list, page 1 of 10 (with the count)',
        baseline: ['bare SQL', t['bare-list']],
        rows: [
          ['REST /v1/request/list', t.list, 0.6],
          ['GraphQL requests', t['gql-list'], 0.6],
        ],
      },
      {
        title: 'whole dashboard (cards + 5 requests + 5 contracts, with counts)',
        baseline: ['bare SQL', t['bare-dashboard']],
        rows: [['GraphQL Dashboard', t.dashboard, 0.7]],
      },
    ]);
    return { data: server.data!, groups };
  } finally {
    await server.close();
  }
}

export function printApiBench(b: ApiBench, dbKind: string): TargetResult[] {
  const d = b.data;
  console.log(
    `\nAPI: ${d.requests} requests, ${d.submissions} submissions, ${d.answers} survey answers (loaded in ${d.seconds.toFixed(1)} s), database: ${dbKind}`,
  );
  console.log(
    `server: ${BENCH_SETTINGS}; load: autocannon in a worker thread, 10 connections, ${benchSeconds()} s per measurement, ${benchRounds()} interleaved rounds; ratio = req/s / the same round's bare SQL`,
  );
  return printGroups(b.groups).map((r) => ({ ...r, name: `API ${dbKind}, ${r.name}` }));
}
