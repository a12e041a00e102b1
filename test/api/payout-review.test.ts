import { Wallet } from 'ethers';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Payout } from '../../api/src/modules/payouts/payout.entity';
import { REVIEW_DEADLINE_JOB } from '../../api/src/modules/payouts/payouts.service';
import { User } from '../../api/src/modules/users/user.entity';
import { WebhookDelivery, WebhookEndpoint } from '../../api/src/modules/webhooks/webhook.entities';
import { encryptCollectionResponse } from '../../scripts/simulate/response-crypto';
import { balanceOf, buyCredit } from './support/billing';
import { gqlCode, TestClient, type RestResult } from './support/client';
import { fundEscrow, publishFundedCollection, startTestChain, type TestChain } from './support/escrow';
import { buildUser, type TestUser } from './support/factories';
import {
  buildKey,
  collectionBody,
  createRequest,
  expectError,
  newDevice,
  surveyBody,
  type KeyPair,
  type LegacyQuestion,
  type LegacyRequest,
} from './support/requests';
import { startTestServer, type TestServer } from './support/server';

// Payout after review (docs/guide/money.md, "Paid after review") against a real anvil
// with the real contracts: dev account 0 is the treasury, dev account 1 the requester's wallet.
let c: TestChain;
let server: TestServer;
let alice: TestUser;
let bob: TestUser;
let key: KeyPair;
const em = () => server.db.orm.em.fork();

beforeAll(async () => {
  c = await startTestChain();
  server = await startTestServer(c.env);
  [alice, bob] = await Promise.all([buildUser(server), buildUser(server)]);
  key = await buildKey(alice);
  // alice's integration hears of payouts (the delivery itself is webhooks.test.ts's business)
  const hooks = em();
  hooks.create(WebhookEndpoint, {
    user: hooks.getReference(User, alice.id),
    url: 'https://hooks.example.test/review',
    events: ['payout.sent', 'payout.failed'],
    secret: 'whsec_' + Buffer.alloc(24, 2).toString('base64'),
  });
  await hooks.flush();
});
afterAll(async () => {
  await server?.close();
  await c?.stop();
});

const DAY_MS = 24 * 60 * 60 * 1000;
const phone = () => new TestClient(server.url);

type PayoutOut = {
  status: string;
  amount: number;
  txHash: string | null;
  reviewDueAt: string | null;
  reviewedAt: string | null;
  reviewOutcome: string | null;
  rejectionReason: string | null;
};
type ResponseOut = { id: string; member_id: string; wallet_public_key: string; payout: PayoutOut | null };
type Reviewed = { list: ResponseOut[] };
type Published = LegacyRequest & { escrow: string; pay_after_review: boolean; review_days: number };
type Answer = { id: string; walletAddress: string; deviceId: string };

/** A collection published with a funded escrow, paid after review unless told otherwise. */
const published = async (amount: number, each: number, extra: Record<string, unknown> = {}) =>
  (await publishFundedCollection(c, alice, key, amount, each, {
    pay_after_review: true,
    review_days: 3,
    ...extra,
  })) as Published;

async function answer(r: LegacyRequest, walletAddress = Wallet.createRandom().address, deviceId = newDevice()) {
  const sealed = await encryptCollectionResponse(r.id, key.publicKeyPem, { firstName: 'Test' });
  return phone().rest<{ id: string; payout: PayoutOut | null }>('POST', '/v1/requestClient/submitCollection', {
    requestId: r.id,
    deviceId,
    walletAddress,
    ...sealed,
  });
}
async function submit(r: LegacyRequest): Promise<Answer> {
  const walletAddress = Wallet.createRandom().address;
  const deviceId = newDevice();
  const res = await answer(r, walletAddress, deviceId);
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  return { id: res.body.result!.id, walletAddress, deviceId };
}

const approve = (r: LegacyRequest, ids: string[], who: TestClient = alice.client) =>
  who.rest<Reviewed>('POST', '/request.api/response/approve', { id: r.id, response_ids: ids });
const reject = (r: LegacyRequest, ids: string[], reason: string, who: TestClient = alice.client) =>
  who.rest<Reviewed>('POST', '/request.api/response/reject', { id: r.id, response_ids: ids, reason });
const APPROVE_GQL = `mutation($requestId: ID!, $ids: [ID!]!) {
  approveResponses(requestId: $requestId, responseIds: $ids) { id payout { status reviewOutcome } }
}`;
const REJECT_GQL = `mutation($requestId: ID!, $ids: [ID!]!, $reason: String!) {
  rejectResponses(requestId: $requestId, responseIds: $ids, reason: $reason) { id payout { status reviewOutcome rejectionReason } }
}`;

const checkSubmitted = async (r: LegacyRequest, deviceId: string) =>
  (
    await phone().rest<{ submitted: boolean; payout: PayoutOut | null }>(
      'GET',
      '/v1/requestClient/checkSubmitted',
      undefined,
      { requestId: r.id, deviceId },
    )
  ).body.result!;
const remaining = async (r: LegacyRequest) =>
  (await phone().rest<{ remaining: number }>('GET', '/v1/requestClient/getEndUserData', undefined, { requestID: r.id }))
    .body.result!.remaining;
const responses = async (r: LegacyRequest) =>
  (
    await alice.client.rest<{ list: ResponseOut[]; info: { count: number; awaiting_review: number } }>(
      'GET',
      '/request.api/response',
      undefined,
      { id: r.id },
    )
  ).body.result!;
/** Every payout job this process queued has run, then any payout still due is tried once more. */
const settle = async () => {
  await server.services.payouts.drain();
  await server.services.payouts.runDue(em());
};
const payoutOf = (walletAddress: string) => em().findOneOrFail(Payout, { walletAddress });
const statusOf = (res: RestResult<Reviewed>) => res.body.result?.list.map((x) => x.payout?.status);

describe('a request paid after review', () => {
  it('stores the setting and shows it to the requester and the phone; the deadline is 1 to 30 days', async () => {
    const r = await published(10, 2);
    expect(r).toMatchObject({ pay_after_review: true, review_days: 3 });
    const gql = await alice.client.gql<{ request: { payAfterReview: boolean; reviewDays: number } }>(
      `query($id: ID!) { request(id: $id) { payAfterReview reviewDays } }`,
      { id: r.id },
    );
    expect(gql.data?.request).toEqual({ payAfterReview: true, reviewDays: 3 });
    const phoneView = await phone().rest('GET', '/v1/requestClient/getEndUserData', undefined, { requestID: r.id });
    expect(phoneView.body.result).toMatchObject({ pay_after_review: true, review_days: 3 });

    for (const bad of [{ review_days: 0 }, { review_days: 31 }, { review_days: '2.5' }, { pay_after_review: 'yes' }]) {
      const res = await alice.client.rest('POST', '/v1/request/create', collectionBody(key.id, bad));
      expectError(res, 400, 'BAD_USER_INPUT');
    }
    // the default: paid on submission, 7 days should review be turned on later
    const draft = await createRequest(alice, collectionBody(key.id));
    expect(draft).toMatchObject({ pay_after_review: false, review_days: 7 });
    const created = await alice.client.gql<{ createRequest: { payAfterReview: boolean; reviewDays: number } }>(
      `mutation($input: CreateRequestInput!) { createRequest(input: $input) { payAfterReview reviewDays } }`,
      {
        input: {
          type: 'collection',
          title: 'Reviewed',
          keyId: key.id,
          bonusAmount: 4,
          bonusEach: 2,
          status: 0,
          options: { profileData: true },
          payAfterReview: true,
          reviewDays: 30,
        },
      },
    );
    expect(created.data?.createRequest).toEqual({ payAfterReview: true, reviewDays: 30 });
  });

  it('keeps the payout waiting: nothing moves on-chain until the requester decides', async () => {
    const r = await published(10, 2);
    const before = Date.now();
    const res = await answer(r);
    expect(res.status).toBe(200);
    expect(res.body.result?.payout).toMatchObject({ status: 'awaiting_review', amount: 2, txHash: null });
    const due = new Date(res.body.result!.payout!.reviewDueAt!).getTime();
    expect(due).toBeGreaterThanOrEqual(before + 3 * DAY_MS - 1000);
    expect(due).toBeLessThanOrEqual(Date.now() + 3 * DAY_MS + 1000);
    await settle();
    await server.services.payouts.queueDue(em());
    await settle();
    const [row] = (await responses(r)).list;
    expect(row.payout).toMatchObject({ status: 'awaiting_review', txHash: null, reviewOutcome: null });
    expect((await responses(r)).info.awaiting_review).toBe(1);
    expect(await c.balance(row.wallet_public_key)).toBe(0n);
    expect(await c.balance(r.escrow)).toBe(10n);
    // it takes a paid place while it waits
    expect(await remaining(r)).toBe(4);
  });

  it('pays an approved response once: approved twice in a row, or from two tabs at the same moment', async () => {
    const r = await published(10, 2);
    const [first, second, third] = [await submit(r), await submit(r), await submit(r)];

    // one after the other: the second approval changes nothing
    const once = await approve(r, [first.id]);
    expect(once.status).toBe(200);
    expect(once.body.result?.list[0].payout).toMatchObject({ status: 'pending', reviewOutcome: 'approved' });
    const again = await alice.client.gql<{ approveResponses: { payout: { reviewOutcome: string } }[] }>(APPROVE_GQL, {
      requestId: r.id,
      ids: [first.id],
    });
    expect(again.errors).toBeUndefined();
    expect(again.data?.approveResponses[0].payout.reviewOutcome).toBe('approved');

    // two tabs at once, one of them with two rows
    const [a, b] = await Promise.all([approve(r, [second.id, third.id]), approve(r, [third.id])]);
    expect([a.status, b.status]).toEqual([200, 200]);
    await settle();
    await settle();

    for (const p of [first, second, third]) expect(await c.balance(p.walletAddress)).toBe(2n);
    expect(await c.balance(r.escrow)).toBe(4n);
    const rows = await em().find(Payout, { escrowAddress: r.escrow });
    expect(rows.map((p) => p.status)).toEqual(['sent', 'sent', 'sent']);
    const sent = await em().find(WebhookDelivery, { eventType: 'payout.sent' });
    const ofThese = sent.filter((d) => (JSON.parse(d.body) as { data: { requestId: string } }).data.requestId === r.id);
    expect(ofThese).toHaveLength(3);
    expect(new Set(ofThese.map((d) => (JSON.parse(d.body) as { data: { payoutId: string } }).data.payoutId)).size).toBe(
      3,
    );
    expect((await responses(r)).info.awaiting_review).toBe(0);

    // approving again once paid is still a no-op; rejecting it now is a conflict
    expect(statusOf(await approve(r, [first.id]))).toEqual(['sent']);
    const late = await reject(r, [first.id], 'Changed my mind');
    expectError(late, 409, 'CONFLICT');
    expect(late.body.error?.message).toContain('already approved');
    expect(await c.balance(first.walletAddress)).toBe(2n);
  });

  it('frees the place of a rejected response; the participant reads the reason and gets nothing', async () => {
    const r = await published(4, 2);
    const kept = await submit(r);
    const rejected = await submit(r);
    expect(await remaining(r)).toBe(0);
    expectError(await answer(r), 409, 'CONFLICT');

    const res = await reject(r, [rejected.id], '  The photo is missing.  ');
    expect(res.status).toBe(200);
    expect(res.body.result?.list[0].payout).toMatchObject({
      status: 'rejected',
      reviewOutcome: 'rejected',
      rejectionReason: 'The photo is missing.',
    });
    const seen = await checkSubmitted(r, rejected.deviceId);
    expect(seen).toMatchObject({
      submitted: true,
      payout: { status: 'rejected', rejectionReason: 'The photo is missing.', txHash: null },
    });

    // the place is free again: a new participant is accepted where the request was full
    expect(await remaining(r)).toBe(1);
    const newcomer = await answer(r);
    expect(newcomer.status).toBe(200);
    expect(newcomer.body.result?.payout?.status).toBe('awaiting_review');
    expect(await remaining(r)).toBe(0);

    // rejecting again changes nothing (the first reason stays); approving it now is a conflict
    const twice = await alice.client.gql<{ rejectResponses: { payout: { rejectionReason: string } }[] }>(REJECT_GQL, {
      requestId: r.id,
      ids: [rejected.id],
      reason: 'Another reason',
    });
    expect(twice.data?.rejectResponses[0].payout.rejectionReason).toBe('The photo is missing.');
    const late = await approve(r, [rejected.id, kept.id]);
    expectError(late, 409, 'CONFLICT');
    expect(late.body.error?.message).toContain('already rejected');
    // all or none: the other response of that call was not approved either
    expect((await payoutOf(kept.walletAddress)).status).toBe('awaiting_review');

    await settle();
    expect(await c.balance(rejected.walletAddress)).toBe(0n);
    expect(await c.balance(r.escrow)).toBe(4n);
    // no payout event for a rejection
    const events = await em().find(WebhookDelivery, { eventType: { $in: ['payout.sent', 'payout.failed'] } });
    expect(events.some((d) => d.body.includes(r.id))).toBe(false);

    // the participant may withdraw; the reason stays readable, and that wallet cannot try again
    await phone().rest('DELETE', '/v1/requestClient/deleteRequest', { request_id: r.id, deviceId: rejected.deviceId });
    expect(await checkSubmitted(r, rejected.deviceId)).toMatchObject({
      submitted: false,
      payout: { status: 'rejected', rejectionReason: 'The photo is missing.' },
    });
    const retry = await answer(r, rejected.walletAddress, rejected.deviceId);
    expectError(retry, 409, 'CONFLICT');
    expect(retry.body.error?.message).toContain('rejected');
  });

  it('rejects several rows at once within the rejection share; a withdrawal before review frees the place too', async () => {
    // 20 places: one reason may reject 2 of them at once (the default share is 10%), not 3
    const r = await published(40, 2);
    const [one, two, three] = [await submit(r), await submit(r), await submit(r)];
    await Promise.all(Array.from({ length: 17 }, () => submit(r)));
    const past = await reject(r, [one.id, two.id, three.id], 'Could not be decrypted');
    expectError(past, 422, 'REJECTION_NOT_ALLOWED');
    expect(past.body.error?.message).toContain('needs a reason to each participant');
    expect(await remaining(r)).toBe(0);
    const res = await reject(r, [one.id, two.id], 'Could not be decrypted');
    expect(res.body.result?.list.map((x) => [x.id, x.payout?.status])).toEqual([
      [one.id, 'rejected'],
      [two.id, 'rejected'],
    ]);
    expect(await remaining(r)).toBe(2);

    // withdrawn while awaiting review: nothing is owed any more, and no one is left to review
    await phone().rest('DELETE', '/v1/requestClient/deleteRequest', { request_id: r.id, deviceId: three.deviceId });
    expect(await checkSubmitted(r, three.deviceId)).toEqual(
      expect.objectContaining({ submitted: false, payout: null }),
    );
    expect(await em().count(Payout, { walletAddress: three.walletAddress })).toBe(0);
    expect(await remaining(r)).toBe(3);
  });

  it("counts a request refilled after a rejection as full, not over full, on its owner's dashboard", async () => {
    const dana = await buildUser(server);
    const danaKey = await buildKey(dana);
    const r = await publishFundedCollection(c, dana, danaKey, 4, 2, { pay_after_review: true, review_days: 3 });
    const send = async () => {
      const sealed = await encryptCollectionResponse(r.id, danaKey.publicKeyPem, { firstName: 'Test' });
      const res = await phone().rest<{ id: string }>('POST', '/v1/requestClient/submitCollection', {
        requestId: r.id,
        deviceId: newDevice(),
        walletAddress: Wallet.createRandom().address,
        ...sealed,
      });
      expect(res.status).toBe(200);
      return res.body.result!.id;
    };
    const first = await send();
    await send();
    const rejected = await dana.client.rest('POST', '/request.api/response/reject', {
      id: r.id,
      response_ids: [first],
      reason: 'Blurred photo',
    });
    expect(rejected.status).toBe(200);
    await send(); // the freed place is taken again: 3 responses for 2 paid places
    const overview = await dana.client.rest<Record<string, number>>('GET', '/v1/request/today');
    expect(overview.body.result).toMatchObject({ open: 1, response_total: 3, avg_comp_rate: 100 });
    const gql = await dana.client.gql<{ requestOverview: { avgCompRate: number } }>(
      `{ requestOverview { responseTotal avgCompRate } }`,
    );
    expect(gql.data?.requestOverview).toEqual({ responseTotal: 3, avgCompRate: 100 });
  });

  it('approves by itself what is undecided past the deadline, once, however often the sweep runs', async () => {
    const r = await published(10, 2);
    const [late, fresh, decided] = [await submit(r), await submit(r), await submit(r)];
    await reject(r, [decided.id], 'Not what was asked for');
    // the deadline passed for two of them: the one still waiting and the one already rejected
    for (const p of [late, decided]) {
      await em().nativeUpdate(Payout, { walletAddress: p.walletAddress }, { reviewDueAt: new Date(Date.now() - 1000) });
    }

    // the scheduled job, through the job queue, as the cron runs it (twice at once: the second finds nothing)
    await Promise.all([
      server.services.jobs.send(REVIEW_DEADLINE_JOB, {}),
      server.services.payouts.approveOverdue(em()),
    ]);
    await server.services.jobs.drain();
    await settle();

    expect(await payoutOf(late.walletAddress)).toMatchObject({ status: 'sent', reviewOutcome: 'auto_approved' });
    expect(await payoutOf(fresh.walletAddress)).toMatchObject({ status: 'awaiting_review', reviewOutcome: null });
    expect(await payoutOf(decided.walletAddress)).toMatchObject({ status: 'rejected' });
    expect(await c.balance(late.walletAddress)).toBe(2n);
    expect(await c.balance(fresh.walletAddress)).toBe(0n);
    expect(await c.balance(r.escrow)).toBe(8n);
    expect(await server.services.payouts.approveOverdue(em())).toBe(0);

    // the participant sees it paid; the requester can no longer reject it
    expect((await checkSubmitted(r, late.deviceId)).payout).toMatchObject({
      status: 'sent',
      reviewOutcome: 'auto_approved',
    });
    const tooLate = await reject(r, [late.id], 'Too late');
    expectError(tooLate, 409, 'CONFLICT');
    expect(tooLate.body.error?.message).toContain('approved automatically');
  });

  it('applies a new deadline to later responses, and fixes the payout mode once responses arrived', async () => {
    const r = await published(10, 2);
    const edited = await alice.client.rest<Published>('POST', '/request.api/edit', { id: r.id, review_days: 1 });
    expect(edited.body.result).toMatchObject({ review_days: 1, pay_after_review: true });
    const res = await answer(r);
    const due = new Date(res.body.result!.payout!.reviewDueAt!).getTime();
    expect(due).toBeLessThanOrEqual(Date.now() + DAY_MS + 1000);
    const off = await alice.client.rest('POST', '/request.api/edit', { id: r.id, pay_after_review: false });
    expectError(off, 409, 'CONFLICT');
    const gql = await alice.client.gql(
      `mutation($id: ID!) { updateRequest(id: $id, input: { payAfterReview: false }) { id } }`,
      { id: r.id },
    );
    expect(gqlCode(gql)).toBe('CONFLICT');
  });

  it('reviews survey responses the same way, with their answers', async () => {
    const id = randomUUID();
    const escrow = await fundEscrow(c, id, 6n, 3n);
    const survey = await createRequest(
      alice,
      surveyBody(key.id, {
        id,
        bonus_amount: 6,
        bonus_each: 3,
        status: 1,
        newchild: escrow,
        address: c.requester.address,
        pay_after_review: 1,
      }),
    );
    const questions = survey.data as LegacyQuestion[];
    const walletAddress = Wallet.createRandom().address;
    const sent = await phone().rest<{ id: string; payout: PayoutOut }>('POST', '/v1/requestClient/submitSurvey', {
      requestId: survey.id,
      deviceId: newDevice(),
      walletAddress,
      answers: [
        { index: 0, answer: 'Weekly' },
        { index: 1, answer: ['Phone'] },
        { index: 2, answer: '25-34' },
        { index: 3, answer: 4 },
      ],
    });
    expect(sent.body.result?.payout.status).toBe('awaiting_review');
    const res = await alice.client.gql<{
      approveResponses: { id: string; answers: { questionId: string; option: string }[]; payout: { status: string } }[];
    }>(
      `mutation($requestId: ID!, $ids: [ID!]!) {
        approveResponses(requestId: $requestId, responseIds: $ids) { id answers { questionId option } payout { status } }
      }`,
      { requestId: survey.id, ids: [sent.body.result!.id] },
    );
    expect(res.data?.approveResponses[0].answers).toContainEqual({ questionId: questions[0].id, option: 'Weekly' });
    expect(res.data?.approveResponses[0].payout.status).toBe('pending');
    await settle();
    expect(await c.balance(walletAddress)).toBe(3n);
  });
});

describe('who may decide', () => {
  it('only the owner: anonymous is 401, another user 404, and nothing changes', async () => {
    const r = await published(10, 2);
    const p = await submit(r);
    expectError(await approve(r, [p.id], phone()), 401, 'UNAUTHENTICATED');
    expectError(await reject(r, [p.id], 'no', phone()), 401, 'UNAUTHENTICATED');
    expect(gqlCode(await phone().gql(APPROVE_GQL, { requestId: r.id, ids: [p.id] }))).toBe('UNAUTHENTICATED');
    expectError(await approve(r, [p.id], bob.client), 404, 'NOT_FOUND');
    expectError(await reject(r, [p.id], 'no', bob.client), 404, 'NOT_FOUND');
    expect(gqlCode(await bob.client.gql(APPROVE_GQL, { requestId: r.id, ids: [p.id] }))).toBe('NOT_FOUND');
    expect(gqlCode(await bob.client.gql(REJECT_GQL, { requestId: r.id, ids: [p.id], reason: 'x' }))).toBe('NOT_FOUND');
    const list = await bob.client.rest('GET', '/request.api/response', undefined, { id: r.id });
    expectError(list, 404, 'NOT_FOUND');

    // a response of another request of hers, and bad input
    const other = await published(4, 2);
    const elsewhere = await submit(other);
    expectError(await approve(r, [elsewhere.id]), 404, 'NOT_FOUND');
    expectError(await approve(r, []), 400, 'BAD_USER_INPUT');
    expectError(await approve(r, ['not-a-uuid']), 400, 'BAD_USER_INPUT');
    expectError(await reject(r, [p.id], '   '), 400, 'BAD_USER_INPUT');
    expectError(await reject(r, [p.id], 'x'.repeat(501)), 400, 'BAD_USER_INPUT');
    expect(gqlCode(await alice.client.gql(REJECT_GQL, { requestId: r.id, ids: [p.id], reason: '' }))).toBe(
      'BAD_USER_INPUT',
    );

    expect(await payoutOf(p.walletAddress)).toMatchObject({ status: 'awaiting_review', reviewOutcome: null });
    expect(await payoutOf(elsewhere.walletAddress)).toMatchObject({ status: 'awaiting_review' });
  });
});

describe('paid on submission (the default)', () => {
  it('pays at once as before, and has nothing to review', async () => {
    const r = await published(10, 2, { pay_after_review: undefined, review_days: undefined });
    expect(r).toMatchObject({ pay_after_review: false, review_days: 7 });
    const res = await answer(r);
    expect(res.body.result?.payout).toMatchObject({ status: 'pending', reviewDueAt: null, reviewOutcome: null });
    await settle();
    const [row] = (await responses(r)).list;
    expect(row.payout).toMatchObject({ status: 'sent', reviewOutcome: null });
    expect(await c.balance(row.wallet_public_key)).toBe(2n);
    expect((await responses(r)).info.awaiting_review).toBe(0);
    for (const res of [await approve(r, [row.id]), await reject(r, [row.id], 'no')]) {
      expectError(res, 409, 'CONFLICT');
      expect(res.body.error?.message).toContain('paid on submission');
    }
    expect(await c.balance(row.wallet_public_key)).toBe(2n);
  });
});

describe('the fair-pay top-up from the wallet', () => {
  const VIEW = `{ topUpEach topUpOwed topUpWalletId topUpsPaid topUpPaidAt medianMs }`;
  type TopUpView = {
    topUpEach: number;
    topUpOwed: number;
    topUpWalletId: string;
    topUpsPaid: number;
    topUpPaidAt: string | null;
  };
  const view = async (r: LegacyRequest) =>
    (
      await alice.client.gql<{ fieldwork: TopUpView }>(`query($id: ID!) { fieldwork(requestId: $id) ${VIEW} }`, {
        id: r.id,
      })
    ).data!.fieldwork;
  const payFromWallet = (r: LegacyRequest) =>
    alice.client.gql<{ payTopUpFromWallet: TopUpView }>(
      `mutation($id: ID!) { payTopUpFromWallet(requestId: $id) ${VIEW} }`,
      { id: r.id },
    );

  /** A survey paid after review, 2 IPT a minute against 300 an hour: a top-up of 3 is owed to each. */
  async function underpaid(answers: number) {
    const id = randomUUID();
    const escrow = await fundEscrow(c, id, 20n, 2n);
    const r = await createRequest(
      alice,
      surveyBody(key.id, {
        id,
        data: [{ type: 'radios', title: 'Pick one', options: ['A', 'B'] }],
        bonus_amount: 20,
        bonus_each: 2,
        status: 1,
        newchild: escrow,
        address: c.requester.address,
        pay_after_review: true,
        review_days: 3,
      }),
    );
    const question = (r.data as LegacyQuestion[])[0].id;
    await alice.client.gql(`mutation($input: FieldworkInput!) { setFieldwork(input: $input) { minHourly } }`, {
      input: { requestId: r.id, minHourly: 300 },
    });
    const people: Answer[] = [];
    for (let i = 0; i < answers; i++) {
      const walletAddress = Wallet.createRandom().address;
      const deviceId = newDevice();
      const res = await phone().rest<{ id: string }>('POST', '/v1/requestClient/submitSurvey', {
        requestId: r.id,
        deviceId,
        walletAddress,
        answers: [{ questionId: question, answer: 'A' }],
        durationMs: 60_000,
      });
      expect(res.status).toBe(200);
      people.push({ id: res.body.result!.id, walletAddress, deviceId });
    }
    return { r, people };
  }

  it('pays the top-up from credit once to each approved participant; a second attempt is a 409', async () => {
    const { r, people } = await underpaid(2);
    expect(
      (
        await approve(
          r,
          people.map((p) => p.id),
        )
      ).status,
    ).toBe(200);
    await settle();
    await buyCredit(alice.client);
    const credit = await balanceOf(alice.client);
    const pay = () =>
      alice.client.gql(`mutation($id: ID!) { payTopUp(requestId: $id) { topUpsPaid topUpOwed } }`, {
        id: r.id,
      });
    const [a, b] = await Promise.all([pay(), pay()]);
    expect([a, b].filter((x) => !x.errors).map((x) => x.data)).toEqual([{ payTopUp: { topUpsPaid: 2, topUpOwed: 0 } }]);
    expect([a, b].map(gqlCode).filter(Boolean)).toEqual(['CONFLICT']);
    expect(await balanceOf(alice.client)).toBe(credit - 6);
    for (const p of people) expect(await c.balance(p.walletAddress)).toBe(5n);
    const again = await pay();
    expect(again.errors?.[0]?.message).toContain('already paid to every approved participant');
    expect(await balanceOf(alice.client)).toBe(credit - 6);
  });

  it('pays every approved participant once from an escrow the wallet funded; a second attempt is a 409', async () => {
    const { r, people } = await underpaid(3);
    expect((await approve(r, [people[0].id, people[1].id])).status).toBe(200);
    await settle();
    const before = await view(r);
    expect(before).toMatchObject({ topUpEach: 3, topUpOwed: 2, topUpsPaid: 0, topUpPaidAt: null });
    // nothing funded yet
    const early = await payFromWallet(r);
    expect(gqlCode(early)).toBe('CONFLICT');
    expect(early.errors?.[0]?.message).toContain('fund the top-up from your wallet first');

    // the wallet funds the top-up escrow as it funds a request's; two clicks at once pay once
    await fundEscrow(c, before.topUpWalletId, 6n, 3n);
    const [a, b] = await Promise.all([payFromWallet(r), payFromWallet(r)]);
    expect([a, b].filter((x) => !x.errors)).toHaveLength(1);
    expect([a, b].map(gqlCode).filter(Boolean)).toEqual(['CONFLICT']);
    await settle();
    expect(await c.balance(people[0].walletAddress)).toBe(5n);
    expect(await c.balance(people[1].walletAddress)).toBe(5n);
    expect(await c.balance(people[2].walletAddress)).toBe(0n);
    expect(await view(r)).toMatchObject({ topUpOwed: 0, topUpsPaid: 2, topUpPaidAt: expect.any(String) });
    // alice's integration hears of each top-up paid, as of each answer's payout, told apart by topUp
    const told = (await em().find(WebhookDelivery, { eventType: 'payout.sent' }))
      .map((d) => (JSON.parse(d.body) as { data: { requestId: string; amount: number; topUp: boolean } }).data)
      .filter((d) => d.requestId === r.id)
      .map(({ amount, topUp }) => ({ amount, topUp }));
    expect(told).toHaveLength(4);
    expect(told).toEqual(
      expect.arrayContaining([
        { amount: 2, topUp: false },
        { amount: 3, topUp: true },
      ]),
    );
    expect(told.filter((d) => d.topUp)).toEqual([
      { amount: 3, topUp: true },
      { amount: 3, topUp: true },
    ]);
    // a second attempt, from the wallet or from credit, is a clear 409 and pays nothing
    for (const again of [
      await payFromWallet(r),
      await alice.client.gql(`mutation($id: ID!) { payTopUp(requestId: $id) { topUpsPaid } }`, { id: r.id }),
    ]) {
      expect(gqlCode(again)).toBe('CONFLICT');
      expect(again.errors?.[0]?.message).toContain('already paid to every approved participant');
    }
    await settle();
    expect(await c.balance(people[0].walletAddress)).toBe(5n);
    // the top-up took none of the request's places: 10 places, 3 answers
    expect(await remaining(r)).toBe(7);

    // approved later: owed a top-up of its own, from the next escrow
    expect((await approve(r, [people[2].id])).status).toBe(200);
    const later = await view(r);
    expect(later).toMatchObject({ topUpOwed: 1 });
    expect(later.topUpWalletId).not.toBe(before.topUpWalletId);
    await fundEscrow(c, later.topUpWalletId, 3n, 3n);
    expect((await payFromWallet(r)).data?.payTopUpFromWallet).toMatchObject({ topUpOwed: 0, topUpsPaid: 3 });
    await settle();
    expect(await c.balance(people[2].walletAddress)).toBe(5n);
  });
});
