import { describe, expect, it } from 'vitest';
import type { TestClient } from './support/client';
import type { TestUser } from './support/factories';
import {
  createRequest,
  expectError,
  newDevice,
  randomAddress,
  surveyBody,
  unverifiedEscrow,
  type KeyPair,
  type LegacyQuestion,
} from './support/requests';
import { usePhoneTestbed } from './support/phone-testbed';
import type { TestServer } from './support/server';

// Fieldwork over HTTP, without a chain (payouts stay pending): screening, quotas and the escrow's
// places under 200 concurrent phones, screen-out pay, quality flags and the review rules.
let server: TestServer;
let alice: TestUser;
let key: KeyPair;
let phone: TestClient;

usePhoneTestbed((t) => ({ server, alice, key, phone } = t));

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
  return { r, age: q[0].id, smoke: q[1].id, often: q[2].id, colours: q[3].id, grids: q.slice(4).map((x) => x.id) };
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

/** Where a request shows as open or closed: the phone's open list, the phone's view of it, the
 * requester's GraphQL and REST lists, and whether the dashboard counts it open. */
async function closedEverywhere(s: Study) {
  const list = await phone.rest<{ list: { id: string }[] }>('GET', '/v1/requestClient/getOpenRequests', undefined, {
    type: 'survey',
    page: '1',
    limit: '100',
  });
  const data = await phone.rest<{ remaining: number; closed_at: string | null }>(
    'GET',
    '/v1/requestClient/getEndUserData',
    undefined,
    { requestID: s.r.id },
  );
  const mine = await alice.client.gql<{ requests: { list: { id: string; closedAt: string | null }[] } }>(
    `{ requests(type: survey, page: 1, limit: 100) { list { id closedAt } } }`,
  );
  const row = mine.data!.requests.list.find((r) => r.id === s.r.id)!;
  const rest = await alice.client.rest<{ list: { id: string; closed_at: string | null }[] }>(
    'GET',
    '/v1/request/list',
    undefined,
    { type: 'survey', page: '1', limit: '100' },
  );
  expect(rest.body.result!.list.find((r) => r.id === s.r.id)!.closed_at).toBe(row.closedAt);
  expect(data.body.result!.closed_at).toBe(row.closedAt);
  const overview = await alice.client.gql<{ requestOverview: { open: number } }>(`{ requestOverview { open } }`);
  return {
    listed: list.body.result!.list.some((r) => r.id === s.r.id),
    closedAt: row.closedAt,
    remaining: data.body.result!.remaining,
    dashboardOpen: overview.data!.requestOverview.open,
  };
}

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
    const before = await closedEverywhere(s);
    expect(before).toMatchObject({ listed: true, closedAt: null, remaining: 100 });
    const results = await Promise.all(Array.from({ length: 30 }, () => submit(s, '18-29')));
    expect(results.filter((r) => r.body.result?.outcome === 'accepted')).toHaveLength(5);
    expect(results.filter((r) => r.body.result?.outcome === 'quota_full')).toHaveLength(25);
    const keyed = { deviceId: newDevice(), walletAddress: randomAddress(), idempotencyKey: 'quota-full-resend' };
    const after = await submit(s, '30+', keyed);
    expect(after.body.result).toMatchObject({ outcome: 'quota_full', quota: { name: 'Non-smokers' } });
    // sent again with its key: the first reply again (status and body), not a 409
    const resent = await submit(s, '30+', keyed);
    expect(resent.status).toBe(after.status);
    expect(resent.body).toEqual(after.body);
    // closed everywhere: off the phone's (and the participant app's) open list, no place left to the
    // phone, closed in the requester's list and not counted open on the dashboard
    expect(await closedEverywhere(s)).toEqual({
      listed: false,
      closedAt: expect.any(String),
      remaining: 0,
      dashboardOpen: before.dashboardOpen - 1,
    });
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
    // sent again with its key (the first reply was lost): the first outcome, same status and body
    const keyed = { deviceId: newDevice(), walletAddress: randomAddress(), idempotencyKey: 'screened-out-resend' };
    const first = await submit(s, 'Under 18', keyed);
    const resent = await submit(s, 'Under 18', keyed);
    expect(first.body.result).toMatchObject({ outcome: 'screened_out', payout: null });
    expect(resent.status).toBe(first.status);
    expect(resent.body).toEqual(first.body);
    expect(await fieldwork(s)).toMatchObject({ screenedOut: 7, screenedOutPaid: 2 });
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

const REJECT_GQL = `mutation($id: ID!, $ids: [ID!]!, $reason: String!, $grounds: String) {
  rejectResponses(requestId: $id, responseIds: $ids, reason: $reason, grounds: $grounds) { id payout { status } } }`;
const rejectRest = (s: Study, ids: string[], reason: string, grounds?: string) =>
  alice.client.rest<{ list: { id: string; payout: { status: string } }[] }>('POST', '/request.api/response/reject', {
    id: s.r.id,
    response_ids: ids,
    reason,
    ...(grounds ? { grounds } : {}),
  });
const quotaRow = async (s: Study) => {
  const [q] = await sql<{ filled: number; filledAt: string | null; closedAt: string | null }>(
    `select (select count(*)::int from fieldwork_quota_members m where m.quota_id = q.id) as filled,
       q.filled_at as "filledAt", r.closed_at as "closedAt"
     from fieldwork_quotas q join requests r on r.id = q.request_id where q.request_id = ?`,
    [s.r.id],
  );
  return q;
};

describe('rejections and the review rules on every path', () => {
  it('applies the two-failed-checks rule and the rejection share to the legacy REST and GraphQL rejections', async () => {
    const s = await study(300, 3, { pay_after_review: true, review_days: 3 });
    await configure(s, {
      rejectionShare: 0.1,
      attentionChecks: [
        { questionId: s.often, expected: ['Often'] },
        { questionId: s.colours, expected: ['Red', 'Blue'] },
      ],
    });
    for (let i = 0; i < 7; i++) await submit(s, '30+');
    const one = (await submit(s, '30+', {}, 1)).body.result!;
    const [a, b] = [(await submit(s, '30+', {}, 2)).body.result!, (await submit(s, '30+', {}, 2)).body.result!];
    // attention grounds with one failed check: refused on the legacy REST path and on GraphQL
    const rest = await rejectRest(s, [one.id], 'You failed an attention check', 'attention');
    expectError(rest, 422, 'REJECTION_NOT_ALLOWED');
    expect(rest.body.error!.message).toContain('at least 2 failed checks');
    const gql = await alice.client.gql(REJECT_GQL, {
      id: s.r.id,
      ids: [one.id],
      reason: 'Inattentive',
      grounds: 'attention',
    });
    expect(gql.errors?.[0]?.extensions?.code).toBe('REJECTION_NOT_ALLOWED');
    // one reason for two of ten is past the 10% share, on both paths
    expectError(await rejectRest(s, [a.id, b.id], 'Inattentive'), 422, 'REJECTION_NOT_ALLOWED');
    const many = await alice.client.gql(REJECT_GQL, { id: s.r.id, ids: [a.id, b.id], reason: 'Inattentive' });
    expect(many.errors?.[0]?.extensions?.code).toBe('REJECTION_NOT_ALLOWED');
    expect(many.errors?.[0]?.message).toContain('needs a reason to each participant');
    // nothing changed; one at a time, each with its own reason, is allowed
    const [{ rejected }] = await sql<{ rejected: number }>(
      `select count(*)::int as rejected from payouts where request_id = ? and status = 'rejected'`,
      [s.r.id],
    );
    expect(rejected).toBe(0);
    expect((await rejectRest(s, [a.id], 'You chose Never and only Red.', 'attention')).status).toBe(200);
    const own = await alice.client.gql(REJECT_GQL, {
      id: s.r.id,
      ids: [b.id],
      reason: 'You chose Never, and Red without Blue.',
      grounds: 'attention',
    });
    expect(own.errors).toBeUndefined();
  });

  it('a rejected answer frees its quota place exactly, and reopens a request its quota closed', async () => {
    const s = await study(300, 3, { pay_after_review: true, review_days: 3 });
    await configure(s, {
      rejectionShare: 1,
      quotas: [{ name: 'Aged 30+', questionId: s.age, options: ['30+'], size: 6, action: 'close_request' }],
    });
    const first = await Promise.all(Array.from({ length: 12 }, () => submit(s, '30+')));
    const accepted = first.filter((r) => r.body.result?.outcome === 'accepted').map((r) => r.body.result!.id);
    expect(accepted).toHaveLength(6);
    expect(await quotaRow(s)).toMatchObject({ filled: 6, filledAt: expect.any(String), closedAt: expect.any(String) });
    // one rejection: its place in the quota is free again and the request open
    expect((await rejectRest(s, [accepted[0]], 'Blank answers')).status).toBe(200);
    expect(await quotaRow(s)).toMatchObject({ filled: 5, filledAt: null, closedAt: null });
    expect((await closedEverywhere(s)).listed).toBe(true);
    // under concurrency: three more rejections while 40 phones answer; the quota never overfills
    const [rejections, answers] = await Promise.all([
      Promise.all(accepted.slice(1, 4).map((id, i) => rejectRest(s, [id], `Reason ${i}`))),
      Promise.all(Array.from({ length: 40 }, () => submit(s, '30+'))),
    ]);
    for (const r of rejections) expect(r.status).toBe(200);
    const taken = answers.filter((r) => r.body.result?.outcome === 'accepted').length;
    const q = await quotaRow(s);
    // 2 of the first 6 stay, the rest are the new ones: exactly, never past the size
    expect(q.filled).toBe(2 + taken);
    expect(q.filled).toBeLessThanOrEqual(6);
    const [{ members }] = await sql<{ members: number }>(
      `select count(*)::int as members from fieldwork_quota_members m join submissions s on s.id = m.submission_id
         join payouts p on p.escrow_address = ? and p.wallet_address = s.wallet_address
        where s.request_id = ? and p.status <> 'rejected'`,
      [s.r.newchild, s.r.id],
    );
    expect(members).toBe(q.filled);
    // a last wave fills what is left and closes the request again
    await Promise.all(Array.from({ length: 10 }, () => submit(s, '30+')));
    expect(await quotaRow(s)).toMatchObject({ filled: 6, closedAt: expect.any(String) });
  });
});

describe('straight-lining on matrices', () => {
  const GRIDS = [
    { type: 'matrix', title: 'Rate each', options: ['Bad', 'OK', 'Good'], rows: ['Price', 'Speed', 'Service'] },
    { type: 'matrix', title: 'Two rows', options: ['No', 'Yes'], rows: ['Again', 'Friends'] },
  ];
  const grid = (s: Study, rate: [string, string, string], two: [string, string] = ['Yes', 'Yes']) =>
    submit(s, '30+', {
      surveyVersion: 2,
      answers: [
        ...answers(s, '30+'),
        { questionId: s.grids[0], answer: { Price: rate[0], Speed: rate[1], Service: rate[2] } },
        { questionId: s.grids[1], answer: { Again: two[0], Friends: two[1] } },
      ],
    });

  it('flags all rows of a 3-row matrix in one column, shows it to the reviewer and rejects by it', async () => {
    const s = await study(300, 3, { data: [...QUESTIONS, ...GRIDS], pay_after_review: true, review_days: 3 });
    await configure(s, { rejectionShare: 1 });
    const straight = (await grid(s, ['Good', 'Good', 'Good'])).body.result!;
    const varied = (await grid(s, ['Good', 'OK', 'Good'])).body.result!;
    // two rows in one column are not enough to tell
    const short = (await grid(s, ['Bad', 'OK', 'Good'], ['No', 'No'])).body.result!;
    const flags = await alice.client.gql<{ responseFlags: { responseId: string; straightLining: boolean }[] }>(
      `query($id: ID!) { responseFlags(requestId: $id) { responseId straightLining } }`,
      { id: s.r.id },
    );
    expect(new Map(flags.data!.responseFlags.map((f) => [f.responseId, f.straightLining]))).toEqual(
      new Map([
        [straight.id, true],
        [varied.id, false],
        [short.id, false],
      ]),
    );
    const rejected = await alice.client.gql<{ reviewByFlag: { id: string; payout: { status: string } }[] }>(REVIEW, {
      id: s.r.id,
      flag: 'straight_lining',
      decision: 'reject',
    });
    expect(rejected.data!.reviewByFlag).toEqual([
      { id: straight.id, payout: { status: 'rejected', rejectionReason: expect.stringContaining('one column') } },
    ]);
  });
});

// A withdrawal and a star rating lock the request row and then the survey's option counters; a
// submission whose statement locked the counters first deadlocked with them (PostgreSQL's 40P01,
// answered 500), which the order of the statement's writes alone decided.
describe('lock order under competing operations', () => {
  it('takes answers while others are withdrawn and rated at once, without a deadlock', async () => {
    const stars = { type: 'stars', title: 'Rate this study', options: { scale: 5, shape: 'star' } };
    const s = await study(3000, 3, { data: [...QUESTIONS, stars] });
    const rated = (s.r.data as LegacyQuestion[])[4].id;
    await configure(s, {
      quotas: [
        { name: 'Aged 18-29', questionId: s.age, options: ['18-29'], size: 500, action: 'screen_out' },
        { name: 'Aged 30+', questionId: s.age, options: ['30+'], size: 500, action: 'screen_out' },
      ],
    });
    // every answer chooses overlapping options, so each locks counters the others update
    const answer = (deviceId: string, i: number) =>
      phone.rest<Outcome>('POST', '/v1/requestClient/submitSurvey', {
        requestId: s.r.id,
        deviceId,
        walletAddress: randomAddress(),
        answers: [...answers(s, i % 2 ? '18-29' : '30+'), { questionId: rated, answer: 1 + (i % 5) }],
      });
    const earlier = Array.from({ length: 20 }, newDevice);
    for (const r of await Promise.all(earlier.map(answer))) expect(r.body.result?.outcome).toBe('accepted');
    // at once: new answers, withdrawals (the request row, then the counters) and star ratings (the same)
    const calls: Promise<{ status: number; body: unknown }>[] = [];
    earlier.forEach((deviceId, i) => {
      calls.push(answer(newDevice(), i), answer(newDevice(), i + 1));
      calls.push(
        i % 2
          ? phone.rest('DELETE', '/v1/requestClient/deleteRequest', { request_id: s.r.id, deviceId })
          : phone.rest('POST', '/request.api/ranking', {
              index: 4,
              stars: 1 + ((i + 2) % 5),
              requestId: s.r.id,
              deviceId,
            }),
      );
    });
    const results = await Promise.all(calls);
    expect(results.filter((r) => r.status !== 200).map((r) => [r.status, r.body])).toEqual([]);
    // every counter is what the answers left hold, and the count what the submissions are
    const [{ wrong, count, submissions }] = await sql<{ wrong: number; count: number; submissions: number }>(
      `select (select count(*)::int from survey_options o join survey_questions q on q.id = o.question_id
                where q.request_id = r.id
                  and o.counter <> (select count(*) from survey_answers a where a.option_id = o.id)) as wrong,
              r.response_count as count, (select count(*)::int from submissions where request_id = r.id) as submissions
         from requests r where r.id = ?`,
      [s.r.id],
    );
    expect({ wrong, count, submissions }).toEqual({ wrong: 0, count: 50, submissions: 50 });
  });
});
