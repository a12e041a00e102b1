import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from './support/client';
import { buildUser, type TestUser } from './support/factories';
import {
  buildKey,
  createRequest,
  expectError,
  newDevice,
  randomAddress,
  surveyBody,
  unverifiedEscrow,
  type KeyPair,
  type LegacyQuestion,
} from './support/requests';
import { startTestServer, type TestServer } from './support/server';

// Fieldwork over HTTP, without a chain (payouts stay pending): screening, quotas and the escrow's
// places under 200 concurrent phones, screen-out pay, quality flags and the review rules.
let server: TestServer;
let alice: TestUser;
let key: KeyPair;
let phone: TestClient;

beforeAll(async () => {
  server = await startTestServer();
  alice = await buildUser(server);
  key = await buildKey(alice);
  phone = new TestClient(server.url);
});
afterAll(async () => {
  await server?.close();
});

const QUESTIONS = [
  { type: 'radios', title: 'Your age', options: ['Under 18', '18-29', '30+'] },
  { type: 'radios', title: 'Do you smoke?', options: ['Yes', 'No'] },
  { type: 'radios', title: 'To show you read this, choose Often', options: ['Never', 'Sometimes', 'Often'] },
  { type: 'checkboxes', title: 'Choose Red and Blue', options: ['Red', 'Green', 'Blue'] },
];
type Outcome = {
  outcome: 'accepted' | 'screened_out' | 'quota_full';
  id: string;
  payout: { status: string; amount: number } | null;
  quota: { id: string; name: string } | null;
  message: string | null;
};
type Fieldwork = {
  quotas: { id: string; name: string; size: number; filled: number; ended: number; filledAt: string | null }[];
  screenedOut: number;
  screenedOutPaid: number;
  quotaFull: number;
  medianMs: number | null;
  hourlyReward: number | null;
  topUpEach: number;
};
const FIELDWORK = `{ quotas { id name size filled ended filledAt } screenedOut screenedOutPaid quotaFull medianMs
  hourlyReward topUpEach }`;

async function study(amount: number, each: number, extra: Record<string, unknown> = {}) {
  const r = await createRequest(
    alice,
    surveyBody(key.id, { data: QUESTIONS, bonus_amount: amount, bonus_each: each, ...unverifiedEscrow(), ...extra }),
  );
  const q = r.data as LegacyQuestion[];
  return { r, age: q[0].id, smoke: q[1].id, often: q[2].id, colours: q[3].id };
}
type Study = Awaited<ReturnType<typeof study>>;

async function configure(s: Study, input: Record<string, unknown>) {
  const res = await alice.client.gql<{ setFieldwork: Fieldwork }>(
    `mutation($input: FieldworkInput!) { setFieldwork(input: $input) ${FIELDWORK} }`,
    { input: { requestId: s.r.id, ...input } },
  );
  if (res.errors) throw new Error(JSON.stringify(res.errors));
  return res.data!.setFieldwork;
}
const fieldwork = async (s: Study) =>
  (
    await alice.client.gql<{ fieldwork: Fieldwork }>(`query($id: ID!) { fieldwork(requestId: $id) ${FIELDWORK} }`, {
      id: s.r.id,
    })
  ).data!.fieldwork;

/** An answer: age band, then whether it passes the two attention checks. */
const answers = (s: Study, age: string, checksFailed = 0) => [
  { questionId: s.age, answer: age },
  { questionId: s.smoke, answer: 'No' },
  { questionId: s.often, answer: checksFailed >= 1 ? 'Never' : 'Often' },
  { questionId: s.colours, answer: checksFailed >= 2 ? ['Red'] : ['Red', 'Blue'] },
];
const submit = (s: Study, age: string, extra: Record<string, unknown> = {}, checksFailed = 0) =>
  phone.rest<Outcome>('POST', '/v1/requestClient/submitSurvey', {
    requestId: s.r.id,
    deviceId: newDevice(),
    walletAddress: randomAddress(),
    answers: answers(s, age, checksFailed),
    ...extra,
  });

const sql = <T>(query: string, params: unknown[] = []) =>
  server.db.orm.em.fork().getConnection().execute<T[]>(query, params);

describe('quotas and places under 200 concurrent phones', () => {
  it('never overfills a quota and records the quota that ended each answer', async () => {
    // 100 places; quotas of 40 (18-29) and 40 (30+), each screening out when full
    const s = await study(300, 3);
    await configure(s, {
      quotas: [
        { name: 'Aged 18-29', questionId: s.age, options: ['18-29'], size: 40, action: 'screen_out' },
        { name: 'Aged 30+', questionId: s.age, options: ['30+'], size: 40, action: 'screen_out' },
      ],
    });
    // three in four are 18-29
    const results = await Promise.all(Array.from({ length: 200 }, (_, i) => submit(s, i % 4 ? '18-29' : '30+')));
    const by = (o: string) => results.filter((r) => r.status === 200 && r.body.result?.outcome === o);
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(by('accepted')).toHaveLength(80);
    expect(by('quota_full')).toHaveLength(120);
    const f = await fieldwork(s);
    expect(f.quotas.map((q) => [q.name, q.filled, q.ended])).toEqual([
      ['Aged 18-29', 40, 110],
      ['Aged 30+', 40, 10],
    ]);
    for (const q of f.quotas) expect(q.filledAt).not.toBeNull();
    // the quota that ended each answer is named in the answer
    const young = f.quotas[0].id;
    expect(by('quota_full').filter((r) => r.body.result!.quota!.id === young)).toHaveLength(110);
    expect(f.quotaFull).toBe(120);
    const [{ n, count }] = await sql<{ n: number; count: number }>(
      `select (select count(*)::int from payouts where request_id = r.id) as n, r.response_count as count
         from requests r where r.id = ?`,
      [s.r.id],
    );
    expect({ n, count }).toEqual({ n: 80, count: 80 });
  });

  it('never takes more places than the escrow funds nor owes more than it holds', async () => {
    // 50 places, 200 phones at once, with a quota that never fills
    const s = await study(150, 3);
    await configure(s, {
      quotas: [{ name: 'Everyone', questionId: s.smoke, options: ['Yes', 'No'], size: 1000, action: 'screen_out' }],
    });
    const results = await Promise.all(Array.from({ length: 200 }, (_, i) => submit(s, i % 2 ? '18-29' : '30+')));
    const accepted = results.filter((r) => r.status === 200 && r.body.result?.outcome === 'accepted');
    const full = results.filter((r) => r.status === 409);
    expect(accepted).toHaveLength(50);
    expect(full).toHaveLength(150);
    for (const r of full) expect(r.body.error?.message).toContain('all the responses it can pay for');
    const [{ owed, n, count, members }] = await sql<{ owed: number; n: number; count: number; members: number }>(
      `select (select coalesce(sum(amount), 0)::int from payouts where request_id = r.id) as owed,
         (select count(*)::int from payouts where request_id = r.id) as n, r.response_count as count,
         (select count(*)::int from fieldwork_quota_members m join fieldwork_quotas q on q.id = m.quota_id
           where q.request_id = r.id) as members
         from requests r where r.id = ?`,
      [s.r.id],
    );
    // nothing of a refused answer stays: its quota place went with it
    expect({ owed, n, count, members }).toEqual({ owed: 150, n: 50, count: 50, members: 50 });
  });

  it('a close_request quota closes the request when it fills: later answers end as quota_full', async () => {
    const s = await study(300, 3);
    await configure(s, {
      quotas: [{ name: 'Non-smokers', questionId: s.smoke, options: ['No'], size: 5, action: 'close_request' }],
    });
    const results = await Promise.all(Array.from({ length: 30 }, () => submit(s, '18-29')));
    expect(results.filter((r) => r.body.result?.outcome === 'accepted')).toHaveLength(5);
    expect(results.filter((r) => r.body.result?.outcome === 'quota_full')).toHaveLength(25);
    const after = await submit(s, '30+');
    expect(after.body.result).toMatchObject({ outcome: 'quota_full', quota: { name: 'Non-smokers' } });
  });
});

describe('screening', () => {
  it('ends a participant who does not qualify, kindly, with no paid place; pays screen-outs up to their share', async () => {
    // 10 places; screen-outs may be paid from 20% of them: 2
    const s = await study(30, 3);
    await configure(s, {
      payScreenOut: true,
      screenOutShare: 0.2,
      screeners: [{ questionId: s.age, qualifying: ['18-29', '30+'] }],
    });
    const out = await Promise.all(Array.from({ length: 5 }, () => submit(s, 'Under 18')));
    for (const r of out) {
      expect(r.status).toBe(200);
      expect(r.body.result).toMatchObject({ outcome: 'screened_out', quota: null });
      expect(r.body.result!.message).toContain('Thank you for your time');
    }
    expect(out.filter((r) => r.body.result!.payout)).toHaveLength(2);
    for (const r of out.filter((x) => x.body.result!.payout)) expect(r.body.result!.payout!.amount).toBe(3);
    const f = await fieldwork(s);
    expect(f).toMatchObject({ screenedOut: 5, screenedOutPaid: 2 });
    // a screened-out device cannot try again with other answers
    const device = newDevice();
    expect((await submit(s, 'Under 18', { deviceId: device })).body.result!.outcome).toBe('screened_out');
    expectError(await submit(s, '18-29', { deviceId: device }), 409, 'CONFLICT');
    // the paid screen-outs used 2 of the 10 places: 8 are left for qualifying answers
    const qualified = await Promise.all(Array.from({ length: 12 }, () => submit(s, '30+')));
    expect(qualified.filter((r) => r.body.result?.outcome === 'accepted')).toHaveLength(8);
  });

  it('tells the phone about attention checks up front', async () => {
    const s = await study(30, 3);
    await configure(s, {
      attentionChecks: [
        { questionId: s.often, expected: ['Often'] },
        { questionId: s.colours, expected: ['Red', 'Blue'] },
      ],
    });
    const res = await phone.rest<{ attention_checks: number; attention_rule: string }>(
      'GET',
      '/v1/requestClient/getFieldwork',
      undefined,
      { requestId: s.r.id },
    );
    expect(res.body.result).toMatchObject({ attention_checks: 2, screeners: 0 });
    expect(res.body.result!.attention_rule).toContain('at least 2');
  });

  it('refuses options that are not the question’s, and changes once answers arrived', async () => {
    const s = await study(30, 3);
    const bad = await alice.client.gql(
      `mutation($input: FieldworkInput!) { setFieldwork(input: $input) { requestId } }`,
      {
        input: { requestId: s.r.id, screeners: [{ questionId: s.age, qualifying: ['40-49'] }] },
      },
    );
    expect(bad.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    await submit(s, '30+');
    const late = await alice.client.gql(
      `mutation($input: FieldworkInput!) { setFieldwork(input: $input) { requestId } }`,
      {
        input: { requestId: s.r.id, screeners: [{ questionId: s.age, qualifying: ['30+'] }] },
      },
    );
    expect(late.errors?.[0]?.extensions?.code).toBe('CONFLICT');
  });
});

type FlagRow = {
  responseId: string;
  attentionFailed: number;
  speeding: boolean;
  repeatedWallet: boolean;
  repeatedDevice: boolean;
};
const flagsOf = async (s: Study) =>
  (
    await alice.client.gql<{ responseFlags: FlagRow[] }>(
      `query($id: ID!) { responseFlags(requestId: $id) { responseId attentionFailed speeding repeatedWallet repeatedDevice } }`,
      { id: s.r.id },
    )
  ).data!.responseFlags;
const REVIEW = `mutation($id: ID!, $flag: String!, $decision: String!, $ids: [ID!], $reason: String) {
  reviewByFlag(requestId: $id, flag: $flag, decision: $decision, responseIds: $ids, reason: $reason) { id payout { status rejectionReason } } }`;

describe('quality flags and the review rules', () => {
  it('flags failed checks, speeding and repeated wallets; attention rejections need two failed checks', async () => {
    const s = await study(300, 3, { pay_after_review: true, review_days: 3 });
    await configure(s, {
      rejectionShare: 0.5,
      attentionChecks: [
        { questionId: s.often, expected: ['Often'] },
        { questionId: s.colours, expected: ['Red', 'Blue'] },
      ],
    });
    // ten careful answers of a minute each set the median
    for (let i = 0; i < 10; i++) expect((await submit(s, '30+', { durationMs: 60_000 })).status).toBe(200);
    const fast = (await submit(s, '30+', { durationMs: 5_000 })).body.result!;
    const one = (await submit(s, '30+', { durationMs: 50_000 }, 1)).body.result!;
    const wallet = randomAddress();
    const two = (await submit(s, '30+', { durationMs: 50_000, walletAddress: wallet }, 2)).body.result!;
    // the same wallet from another device, on another study
    const other = await study(300, 3);
    await submit(other, '30+', { walletAddress: wallet });
    const flags = new Map((await flagsOf(s)).map((f) => [f.responseId, f]));
    expect(flags.get(fast.id)).toMatchObject({ speeding: true, attentionFailed: 0 });
    expect(flags.get(one.id)).toMatchObject({ speeding: false, attentionFailed: 1 });
    expect(flags.get(two.id)).toMatchObject({ attentionFailed: 2 });
    expect((await flagsOf(other))[0]).toMatchObject({ repeatedWallet: true });

    // one failed check is not enough to reject on attention grounds
    const refused = await alice.client.gql(REVIEW, {
      id: s.r.id,
      flag: 'attention',
      decision: 'reject',
      ids: [one.id],
    });
    expect(refused.errors?.[0]?.extensions?.code).toBe('REJECTION_NOT_ALLOWED');
    expect(refused.errors?.[0]?.message).toContain('at least 2 failed checks');
    const rejected = await alice.client.gql<{ reviewByFlag: { id: string; payout: { status: string } }[] }>(REVIEW, {
      id: s.r.id,
      flag: 'attention',
      decision: 'reject',
      ids: [two.id],
    });
    expect(rejected.data!.reviewByFlag).toEqual([
      { id: two.id, payout: { status: 'rejected', rejectionReason: expect.stringContaining('attention checks') } },
    ]);
    // bulk approval by flag
    const approved = await alice.client.gql<{ reviewByFlag: { payout: { status: string } }[] }>(REVIEW, {
      id: s.r.id,
      flag: 'speeding',
      decision: 'approve',
    });
    expect(approved.data!.reviewByFlag.map((r) => r.payout.status)).toEqual(['pending']);
    const f = await fieldwork(s);
    expect(f.medianMs).toBe(60_000);
    // 3 IPT for a minute is 180 IPT an hour, above the default minimum: no top-up
    expect(f).toMatchObject({ hourlyReward: 180, topUpEach: 0 });
  });

  it('caps rejections with one reason for many at the rejection share', async () => {
    const s = await study(300, 3, { pay_after_review: true, review_days: 3 });
    await configure(s, {
      rejectionShare: 0.1,
      attentionChecks: [
        { questionId: s.often, expected: ['Often'] },
        { questionId: s.colours, expected: ['Red', 'Blue'] },
      ],
    });
    for (let i = 0; i < 8; i++) await submit(s, '30+');
    const a = (await submit(s, '30+', {}, 2)).body.result!;
    await submit(s, '30+', {}, 2);
    // 2 of 10 with one reason is past 10%
    const capped = await alice.client.gql(REVIEW, { id: s.r.id, flag: 'attention', decision: 'reject' });
    expect(capped.errors?.[0]?.extensions?.code).toBe('REJECTION_NOT_ALLOWED');
    expect(capped.errors?.[0]?.message).toContain('needs a reason to each participant');
    // one at a time, with its own reason, is allowed
    const own = await alice.client.gql(REVIEW, {
      id: s.r.id,
      flag: 'attention',
      decision: 'reject',
      ids: [a.id],
      reason: 'You chose Never where the question asked for Often, and only Red of Red and Blue.',
    });
    expect(own.errors).toBeUndefined();
  });
});
