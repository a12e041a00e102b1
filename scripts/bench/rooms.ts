// Clean-room benchmark: server ingest of BENCH_ROOM_ROWS encrypted rows (default 1 000 000)
// through POST /v1/vcr/uploadEncrypted in 20 000-row chunks (two sets, half of their join tokens
// shared, sent from a worker thread), then compare and a nested join of the two over REST by
// their uploader, and an aggregate over a join by a partner (the room's guest joins set A, the
// owner's, with a set C of its own holding set B's values: k, the roles and, the first time,
// differential privacy apply), each next to the same question asked in bare SQL of plaintext
// tables with the same values (text e-mail and int age columns, indexed like ours), all in one run
// on one database.
import os from 'node:os';
import { MAX_CHUNK_ROWS } from '../../shared/wire-format';
import type { TargetResult } from './measure';
import { defaultMaxInFlight } from '../../web/src/features/rooms/upload/encrypt-upload';
import { defaultPoolSize } from '../../web/src/features/rooms/upload/worker-pool';
import { startRoomsServer } from './rooms-server';
import { uploadRuns, type UploaderInput } from './rooms-uploader';

export type RoomsBench = {
  rows: number;
  /** set A as the web app sends it (packed rows), set B as legacy JSON rows of base64 cells */
  /** medians of INGEST_RUNS runs (set A packed, and the plaintext baseline); set B as JSON, one run */
  ingest: {
    packedSeconds: number;
    packedRuns: number[];
    jsonSeconds: number;
    baselineSeconds: number;
    baselineRuns: number[];
  };
  compare: { ms: number; baselineMs: number; result: unknown };
  join: { ms: number; baselineMs: number; matches: number; baselineMatches: number };
  aggregate: { ms: number; baselineMs: number; groups: number; baselineGroups: number };
  /** the same aggregate with differential privacy on set A (noisy), in the same run */
  privateAggregate: { ms: number; groups: number };
};

// rows per chunk, as the web app sends them (the wire format's limit, which the web app's chunks use)
const CHUNK = MAX_CHUNK_ROWS;
// as many chunks at a time as the web app's upload has in flight on this machine
const UPLOAD_IN_FLIGHT = Number(
  process.env.BENCH_UPLOAD_IN_FLIGHT ?? defaultMaxInFlight(defaultPoolSize(os.availableParallelism())),
);
// timed uploads of set A, and timed plaintext inserts: the ratio is of their medians
const INGEST_RUNS = Number(process.env.BENCH_INGEST_RUNS ?? 3);
const middle = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];

async function median(runs: number, f: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await f();
    times.push(performance.now() - t);
  }
  return times.sort((a, b) => a - b)[Math.floor(runs / 2)];
}

export async function roomsBench(): Promise<RoomsBench> {
  const rows = Number(process.env.BENCH_ROOM_ROWS ?? 1_000_000);
  if (!Number.isInteger(rows) || rows < 1000) throw new Error('BENCH_ROOM_ROWS must be a whole number >= 1000');
  const server = await startRoomsServer();
  const { base, sql } = server;
  try {
    const { cookie } = await server.login('benchrooms');
    const guest = await server.login('benchguest');
    const call = (method: string, p: string, body?: unknown, query?: Record<string, string>, as: string = cookie) =>
      server.call(method, p, as, body, query);
    const room = (await call('POST', '/v1/vcr/createRoom', { name: 'Bench room' })) as { id: string };
    // the room key record is the browser's business; the server does not need one for uploads
    await call('POST', '/v1/vcr/createRoomUsers', { room_id: room.id, recipients: [guest.user.email] });
    const [invitation] = (await call('GET', '/v1/vcr/getInvitations', undefined, undefined, guest.cookie)) as {
      invitation_id: string;
    }[];
    await call(
      'POST',
      '/v1/vcr/acceptInvitation',
      { invitation_id: invitation.invitation_id },
      undefined,
      guest.cookie,
    );

    // both sets through HTTP, from a worker thread; set B holds values rows/2 .. rows*1.5, so half
    // of each set's tokens are shared. Set A (packed, as the web app sends it) is uploaded
    // INGEST_RUNS times, each time as a new set, and so is the plaintext baseline: the ratio is of
    // the medians. Each timed write starts on a settled database: a vacuum first (the one
    // autovacuum would start on the tables an earlier write filled, in the middle of this one),
    // then a checkpoint, so none pays for the WAL an earlier one left.
    const settle = async () => {
      await sql('vacuum');
      await sql('checkpoint');
    };
    const upload = (
      name: string,
      offset: number,
      form: UploaderInput['form'],
      runs: number,
      as = cookie,
      ageMetric = false,
    ) =>
      uploadRuns(
        {
          base,
          cookie: as,
          roomId: room.id,
          name,
          rows,
          offset,
          chunkRows: CHUNK,
          inFlight: UPLOAD_IN_FLIGHT,
          form,
          runs,
          ageMetric,
        },
        settle,
      );
    // set A's age is a metric for partners (with bounds), so that a partner may average it
    const a = await upload('bench A', 0, 'packed', INGEST_RUNS, cookie, true);
    const [b] = await upload('bench B', Math.floor(rows / 2), 'json', 1);
    // the guest's own set: set B's values
    const [c] = await upload('bench C', Math.floor(rows / 2), 'packed', 1, guest.cookie);
    const [setA, setB, setC] = [a[0].datasetId, b.datasetId, c.datasetId];
    const half = Math.floor(rows / 2);

    // the plaintext baseline: the same values in ordinary columns, indexed like ours
    const baselineRuns: number[] = [];
    for (let run = 0; run < INGEST_RUNS; run++) {
      await sql('drop table if exists bench_plain');
      await settle();
      const t1 = performance.now();
      await sql(
        `create table bench_plain (set smallint, row_no int, email text, age int, name text, primary key (set, row_no))`,
      );
      await sql(
        `insert into bench_plain select 1, g, 'person' || g || '@example.test', 18 + (g % 60), 'Name ' || g from generate_series(0, ? - 1) g`,
        [rows],
      );
      baselineRuns.push((performance.now() - t1) / 1000);
    }
    await sql(
      `insert into bench_plain select 2, g, 'person' || (g + ${half}) || '@example.test', 18 + (g % 60), 'Name ' || g from generate_series(0, ? - 1) g`,
      [rows],
    );
    await sql(`create index bench_plain_email on bench_plain (set, email, row_no)`);
    await sql('analyze');

    const compareResult = await call('GET', '/v1/vcr/compareDatasets', undefined, {
      room_id: room.id,
      datasets_array: `${setA},${setB}`,
    });
    const compareMs = await median(3, () =>
      call('GET', '/v1/vcr/compareDatasets', undefined, { room_id: room.id, datasets_array: `${setA},${setB}` }),
    );
    const compareBaselineMs = await median(3, () =>
      sql(`with a as (select distinct email from bench_plain where set = 1), b as (select distinct email from bench_plain where set = 2)
           select count(*) filter (where b.email is null) as only_a, count(*) filter (where a.email is not null and b.email is not null) as both,
                  count(*) filter (where a.email is null) as only_b from a full join b on a.email = b.email`),
    );

    // nested: email = email AND (age > 60 OR (age < 25 AND age != 20))
    const tree = {
      op: 'and',
      conditions: [
        { left: { set: 1, column: 'email' }, op: '=', right: { set: 2, column: 'email' } },
        {
          op: 'or',
          conditions: [
            { left: { set: 1, column: 'age' }, op: '>', value: 60 },
            {
              op: 'and',
              conditions: [
                { left: { set: 1, column: 'age' }, op: '<', value: 25 },
                { left: { set: 1, column: 'age' }, op: '!=', value: 20 },
              ],
            },
          ],
        },
      ],
    };
    const joinQuery = { room_id: room.id, dataset1_id: setA, dataset2_id: setB, sqlWhere: JSON.stringify(tree) };
    const joined = (await call('GET', '/v1/vcr/joinDatasets', undefined, joinQuery)) as { matchCount: number };
    const joinMs = await median(3, () => call('GET', '/v1/vcr/joinDatasets', undefined, joinQuery));
    const JOIN_SQL = `select count(*)::int as n from bench_plain a join bench_plain b on b.set = 2 and b.email = a.email
                       where a.set = 1 and (a.age > 60 or (a.age < 25 and a.age <> 20))`;
    const [{ n: baselineMatches }] = await sql(JOIN_SQL);
    const joinBaselineMs = await median(3, () => sql(JOIN_SQL));

    // the guest, a partner of set A (rule matches, k = 10, age a metric 0-100): count and average
    // age of set A by the age of the guest's own set C, over the join on e-mail. First with set
    // A's differential privacy on (its default; each call spends 0.2 of the guest's budget, which
    // the owner raised for the runs), then off (exact, with the diff check), against plaintext.
    const aggregateBody = {
      room_id: room.id,
      datasets_array: [setA, setC],
      sqlWhere: { left: { set: 1, column: 'email' }, op: '=', right: { set: 2, column: 'email' } },
      group_by: [{ set: 2, column: 'age' }],
      measures: [{ fn: 'count' }, { fn: 'avg', column: { set: 1, column: 'age' } }],
    };
    const aggregateOnce = () =>
      call('POST', '/v1/vcr/aggregate', aggregateBody, undefined, guest.cookie) as Promise<{
        groups: unknown[];
        noisy: boolean;
      }>;
    await call('POST', '/v1/vcr/updateDataSetPrivacy', { room_id: room.id, dataset_id: setA, budget: 20 });
    const noisy = await aggregateOnce();
    if (!noisy.noisy) throw new Error('the aggregate over a differentially private set came back exact');
    const privateAggregateMs = await median(3, aggregateOnce);
    await call('POST', '/v1/vcr/updateDataSetPrivacy', { room_id: room.id, dataset_id: setA, enabled: false });
    const aggregated = await aggregateOnce();
    const aggregateMs = await median(3, aggregateOnce);
    const AGGREGATE_SQL = `select b.age, count(*)::int as n, avg(a.age)::float8 as avg_age
                            from bench_plain a join bench_plain b on b.set = 2 and b.email = a.email
                            where a.set = 1 group by b.age order by b.age`;
    const baselineGroups = (await sql(AGGREGATE_SQL)).length;
    const aggregateBaselineMs = await median(3, () => sql(AGGREGATE_SQL));
    return {
      rows,
      ingest: {
        packedSeconds: middle(a.map((r) => r.seconds)),
        packedRuns: a.map((r) => r.seconds),
        jsonSeconds: b.seconds,
        baselineSeconds: middle(baselineRuns),
        baselineRuns,
      },
      compare: { ms: compareMs, baselineMs: compareBaselineMs, result: compareResult },
      join: {
        ms: joinMs,
        baselineMs: joinBaselineMs,
        matches: joined.matchCount,
        baselineMatches: Number(baselineMatches),
      },
      aggregate: {
        ms: aggregateMs,
        baselineMs: aggregateBaselineMs,
        groups: aggregated.groups.length,
        baselineGroups,
      },
      privateAggregate: { ms: privateAggregateMs, groups: noisy.groups.length },
    };
  } finally {
    await server.close();
  }
}

export function printRoomsBench(b: RoomsBench, dbKind: string): TargetResult[] {
  console.log(`\nClean rooms: ${b.rows} rows per data set, ${UPLOAD_IN_FLIGHT} chunks in flight, database: ${dbKind}`);
  const runs = (xs: number[]) => (xs.length > 1 ? ` (median of ${xs.map((x) => x.toFixed(2)).join(', ')})` : '');
  const ingest = (label: string, seconds: number, all: number[]) =>
    console.log(
      `  ingest, ${label}: ${seconds.toFixed(2)} s${runs(all)} = ${Math.round(b.rows / seconds)} rows/s` +
        ` (plaintext INSERT ... SELECT of the same rows: ${b.ingest.baselineSeconds.toFixed(2)} s${runs(b.ingest.baselineRuns)}, ratio ${(seconds / b.ingest.baselineSeconds).toFixed(1)}x)`,
    );
  ingest(
    `packed rows in binary bodies, as the web app sends them (REST uploadEncrypted, ${CHUNK}-row chunks)`,
    b.ingest.packedSeconds,
    b.ingest.packedRuns,
  );
  const ingestRatio = b.ingest.packedSeconds / b.ingest.baselineSeconds;
  console.log(`    goal: at most 2x plaintext: ${ingestRatio <= 2 ? 'met' : 'MISSED'}`);
  ingest('legacy JSON rows of base64 cells', b.ingest.jsonSeconds, [b.ingest.jsonSeconds]);
  console.log(
    `  compare ${b.rows} x ${b.rows} (REST compareDatasets): ${b.compare.ms.toFixed(0)} ms; same question on plaintext: ${b.compare.baselineMs.toFixed(0)} ms; ratio ${(b.compare.ms / b.compare.baselineMs).toFixed(2)}  ${JSON.stringify(b.compare.result)}`,
  );
  console.log(
    `  nested join ${b.rows} x ${b.rows} (REST joinDatasets, count): ${b.join.ms.toFixed(0)} ms, ${b.join.matches} matches; plaintext SQL: ${b.join.baselineMs.toFixed(0)} ms, ${b.join.baselineMatches} matches; ratio ${(b.join.ms / b.join.baselineMs).toFixed(2)}`,
  );
  const joinRatio = b.join.ms / b.join.baselineMs;
  console.log(`    goal: at most 1.3x plaintext: ${joinRatio <= 1.3 ? 'met' : 'MISSED'}`);
  console.log(
    `  aggregate over the join ${b.rows} x ${b.rows}, grouped by a clear column, by a partner, exact (REST aggregate: count, average; k = 10, roles and diff check enforced): ${b.aggregate.ms.toFixed(0)} ms, ${b.aggregate.groups} groups; plaintext GROUP BY: ${b.aggregate.baselineMs.toFixed(0)} ms, ${b.aggregate.baselineGroups} groups; ratio ${(b.aggregate.ms / b.aggregate.baselineMs).toFixed(2)}`,
  );
  const privateRatio = b.privateAggregate.ms / b.aggregate.baselineMs;
  console.log(
    `  the same aggregate with differential privacy on (noisy, budget spent): ${b.privateAggregate.ms.toFixed(0)} ms, ${b.privateAggregate.groups} groups; ratio to plaintext ${privateRatio.toFixed(2)}`,
  );
  console.log(`    goal: at most 1.5x plaintext: ${privateRatio <= 1.5 ? 'met' : 'MISSED'}`);
  const one = (name: string, value: number, goal: number) => ({
    name: `clean rooms ${dbKind}, ${name}`,
    goal: `<= ${goal}x plaintext`,
    value,
    met: value <= goal,
    range: value.toFixed(2),
  });
  return [
    one('ingest (packed rows)', ingestRatio, 2),
    one('nested join', joinRatio, 1.3),
    one('aggregate with differential privacy', privateRatio, 1.5),
  ];
}
