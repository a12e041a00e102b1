// Phones benchmark: BENCH_PHONES phones (default 200) at once submitting BENCH_PHONE_SUBMISSIONS
// answers (default 4000) through the public REST routes, half survey answers
// (POST /v1/requestClient/submitSurvey), half collection responses encrypted to the request's key
// as the phone does (docs/phone-response-encryption.md: AES-256-GCM data, HPKE-sealed data key;
// POST /v1/requestClient/submitCollection), spread over 10 published requests (5 surveys of 4
// questions, 5 collections), each from its own device and wallet. The baseline is a bare Fastify
// route (bench-server.ts /bench/bare-submit) inserting the same rows by hand for the same bodies
// from the same phones, into requests of its own. Interleaved rounds (BENCH_ROUNDS, default 5):
// bare, then the routes. The routes' surveys have fieldwork on: two quotas on their first question
// (taken under the request row's lock, like the paid place) and an attention check; the quotas are
// sized so they never fill, so every answer is accepted and both sides insert the same rows.
// Reported: accepted submissions per second and p99 latency, and the ratio beside the one measured
// before the statements were prepared (BEFORE_RATIO). Where a submission's time goes:
// profile-phones.ts.
import { getAddress } from 'ethers';
import { randomBytes } from 'node:crypto';
import { fakeAnswers, fakePerson, rng } from '../simulate/fake-data';
import { phoneApi } from '../simulate/phone-client';
import { encryptCollectionResponse } from '../simulate/response-crypto';
import { BENCH_SETTINGS, startBenchServer, type BenchServer } from './bench-server';
import { benchRounds, envInt, inWorker, median, type TargetResult } from './measure';
import type { PhonesInput, PhonesResult } from './phones-client';

const REQUESTS = 10;
const QUESTIONS = 4;
/**
 * The ratio before the submission's statements were prepared once per connection (docs/benchmarks.md,
 * 2026-11-29 afternoon: a run on a quiet machine, and the morning's two).
 */
export const BEFORE_RATIO = '0.49-0.52';
/** The issue's goal for the routes against the bare insert, with 200 phones and quotas on. */
const GOAL = 0.6;

export type PhonesRun = { acceptedPerSec: number; p99Ms: number; accepted: number; refused: Record<string, number> };
export type PhonesBench = { phones: number; perRound: number; bare: PhonesRun[]; routes: PhonesRun[] };

const address = () => getAddress(`0x${randomBytes(20).toString('hex')}`);

/** `REQUESTS` published requests of the bench user (surveys and collections alternating), enough to pay everyone. */
export async function publishRequests(server: BenchServer, label: string, fieldwork = false): Promise<string[]> {
  const conn = server.em().getConnection();
  const { userId, keyId, publicKeyPem } = server.owner;
  const ids: string[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const survey = i % 2 === 0;
    const [{ id }] = await conn.execute<{ id: string }[]>(
      `insert into requests (id, user_id, type, title, description, category, quality, access, key_id, public_key_pem,
          bonus, bonus_amount, bonus_each, status, options, question_count, response_count, escrow_address,
          signer_address, escrow_verified, published_at, created_at, updated_at)
       values (gen_random_uuid(), ?, ?, ?, 'Phones bench', 'Default', 'all', 'Multiple Access', ?, ?, 'eth', 1000000, 1, 1,
          ?, ?, 0, ?, ?, true, now(), now(), now())
       returning id`,
      [
        userId,
        survey ? 'survey' : 'collection',
        `${label} ${i}`,
        keyId,
        publicKeyPem,
        survey
          ? null
          : '{"healthData":true,"locationData":true,"profileData":true,"idData":false,"personalImages":false}',
        survey ? QUESTIONS : null,
        address(),
        address(),
      ],
    );
    if (survey) {
      await conn.execute(
        `insert into survey_questions (id, request_id, position, type, title)
         select gen_random_uuid(), ?, q, case when q = 0 then 'checkboxes' else 'radios' end, 'Question ' || (q + 1)
           from generate_series(0, ${QUESTIONS - 1}) q`,
        [id],
      );
      await conn.execute(
        `insert into survey_options (id, question_id, position, label, counter)
         select gen_random_uuid(), sq.id, o, 'Option ' || (o + 1), 0
           from survey_questions sq cross join generate_series(0, 3) o where sq.request_id = ?`,
        [id],
      );
      if (fieldwork) await addFieldwork(server, id);
    }
    ids.push(id);
  }
  return ids;
}

/** Two quotas on the first question (options 1-2 and 3-4, never full) and an attention check on the last. */
async function addFieldwork(server: BenchServer, requestId: string): Promise<void> {
  const conn = server.em().getConnection();
  await conn.execute(
    `insert into fieldwork_quotas (id, request_id, name, question_id, options, size, action)
     select gen_random_uuid(), q.request_id, 'Quota ' || half, q.id,
            (select json_agg(o.id) from survey_options o where o.question_id = q.id and o.position / 2 = half),
            1000000, 'screen_out'
       from survey_questions q cross join generate_series(0, 1) half where q.request_id = ? and q.position = 0`,
    [requestId],
  );
  await conn.execute(
    `insert into fieldwork_attention_checks (id, request_id, question_id, expected)
     select gen_random_uuid(), q.request_id, q.id, (select json_agg(o.id) from survey_options o
       where o.question_id = q.id and o.position = 0)
       from survey_questions q where q.request_id = ? and q.position = ?`,
    [requestId, QUESTIONS - 1],
  );
}

/** Every phone's body, built before the clock starts: answers chosen, responses encrypted. */
export async function prepare(
  server: BenchServer,
  requestIds: string[],
  count: number,
  path: (kind: string) => string,
) {
  const api = phoneApi(server.base);
  const requests = await Promise.all(requestIds.map((id) => api.endUserData(id)));
  const random = rng(17);
  const out: PhonesInput['submissions'] = [];
  for (let i = 0; i < count; i++) {
    const r = requests[i % requests.length];
    const phone = {
      requestId: r.id,
      deviceId: `bench-phone-${randomBytes(8).toString('hex')}`,
      walletAddress: address(),
    };
    const body =
      r.type === 'survey'
        ? { ...phone, answers: fakeAnswers(random, r.questions ?? []) }
        : { ...phone, ...(await encryptCollectionResponse(r.id, r.publicKey, fakePerson(random, r.options))) };
    out.push({ path: path(r.type), body: JSON.stringify(body) });
  }
  return out;
}

export function send(input: PhonesInput): Promise<PhonesRun> {
  return inWorker<PhonesInput, PhonesResult>(new URL('./phones-client.ts', import.meta.url), input).then((r) => {
    const sorted = r.latenciesMs.sort((a, b) => a - b);
    return {
      acceptedPerSec: r.accepted / r.seconds,
      p99Ms: sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))] ?? 0,
      accepted: r.accepted,
      refused: r.refused,
    };
  });
}

export async function phonesBench(): Promise<PhonesBench> {
  const phones = envInt('BENCH_PHONES', 200);
  const rounds = benchRounds();
  const perRound = Math.ceil(envInt('BENCH_PHONE_SUBMISSIONS', 4000) / rounds);
  const server = await startBenchServer();
  try {
    const result: PhonesBench = { phones, perRound, bare: [], routes: [] };
    for (let round = 0; round < rounds; round++) {
      const bare = await prepare(
        server,
        await publishRequests(server, `bare ${round}`),
        perRound,
        () => '/bench/bare-submit',
      );
      const routes = await prepare(
        server,
        await publishRequests(server, `routes ${round}`, true),
        perRound,
        (kind) => `/v1/requestClient/${kind === 'survey' ? 'submitSurvey' : 'submitCollection'}`,
      );
      result.bare.push(await send({ base: server.base, phones, submissions: bare }));
      result.routes.push(await send({ base: server.base, phones, submissions: routes }));
    }
    return result;
  } finally {
    await server.close();
  }
}

export function printPhonesBench(b: PhonesBench, dbKind: string): TargetResult[] {
  console.log(
    `\nPhones: ${b.phones} phones at once, ${b.perRound} submissions per round (half surveys, half encrypted collections, over ${REQUESTS} requests), ${b.bare.length} rounds, database: ${dbKind}`,
  );
  console.log(
    `server: ${BENCH_SETTINGS}; ratio = accepted/s / the same round's bare insert; the routes' surveys have two quotas and an attention check`,
  );
  const ratios = b.routes.map((r, i) => r.acceptedPerSec / b.bare[i].acceptedPerSec);
  const spread = (xs: number[], digits: number) =>
    `${median(xs).toFixed(digits)} (${Math.min(...xs).toFixed(digits)}-${Math.max(...xs).toFixed(digits)})`;
  console.log(
    `    ${'target'.padEnd(36)} ${'accepted/s (median, range)'.padEnd(27)} ${'p99 ms (median, range)'.padEnd(27)} ${'ratio (median, range)'.padEnd(22)} before`,
  );
  for (const [name, runs, ratio] of [
    ['bare insert of the same rows', b.bare, 'baseline'.padEnd(22)],
    ['REST submitSurvey / submitCollection', b.routes, `${spread(ratios, 2).padEnd(22)} ${BEFORE_RATIO}`],
  ] as const) {
    const refused = runs.flatMap((r) => Object.entries(r.refused).map(([k, v]) => `${v} x ${k}`));
    console.log(
      `    ${name.padEnd(36)} ${spread(
        runs.map((r) => r.acceptedPerSec),
        0,
      ).padEnd(27)} ${spread(
        runs.map((r) => r.p99Ms),
        0,
      ).padEnd(27)} ${ratio}${refused.length ? `   refused: ${refused.join(', ')}` : ''}`,
    );
  }
  const value = median(ratios);
  return [
    {
      name: `phones: REST submissions / bare insert (${dbKind})`,
      goal: `>= ${GOAL}`,
      value,
      met: value >= GOAL,
      range: `${Math.min(...ratios).toFixed(2)}-${Math.max(...ratios).toFixed(2)}`,
    },
  ];
}
