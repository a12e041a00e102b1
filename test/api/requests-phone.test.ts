import { beforeAll, describe, expect, it } from 'vitest';
import { Payout } from '../../api/src/modules/payouts/payout.entity';
import {
  decryptCollectionResponse,
  encryptCollectionResponse,
  type CollectionData,
} from '../../scripts/simulate/response-crypto';
import { gqlCode, type TestClient } from './support/client';
import type { TestUser } from './support/factories';
import {
  buildKey,
  collectionBody,
  createRequest,
  expectError,
  newDevice,
  randomAddress,
  surveyBody,
  unverifiedEscrow,
  type KeyPair,
  type LegacyQuestion,
  type LegacyRequest,
} from './support/requests';
import { usePhoneTestbed } from './support/phone-testbed';
import type { TestServer } from './support/server';

// The phone app's calls, against a server without a chain: publishing is unverified and payouts
// wait (pending) for a chain; the payout job itself is tested against anvil in payouts.test.ts.
let server: TestServer;
let alice: TestUser;
let key: KeyPair;
let phone: TestClient;

usePhoneTestbed((t) => ({ server, alice, key, phone } = t));

const PERSON: CollectionData = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  age: 36,
  mobile: '+44 20 7946 0018',
  email: 'ada@example.org',
  gender: 'female',
  location: {
    name: 'Home',
    street: 'St James Sq 12',
    region: 'London',
    district: 'Westminster',
    city: 'London',
    country: 'UK',
  },
  image_upload: ['https://images.example.org/ada.jpg'],
};

async function sealedFor(r: LegacyRequest, data: CollectionData = PERSON) {
  return encryptCollectionResponse(r.id, key.publicKeyPem, data);
}

// A sealed key of the right length whose first 65 bytes (HPKE's enc) are no point on P-256: y + 1.
const offCurve = (sealedKey: string) => {
  const bytes = Buffer.from(sealedKey.slice('hpke1.'.length), 'base64');
  bytes[64] ^= 0x01;
  return 'hpke1.' + bytes.toString('base64');
};
// The same bytes with a compressed-point tag: the format is the uncompressed point only.
const compressedTag = (sealedKey: string) => {
  const bytes = Buffer.from(sealedKey.slice('hpke1.'.length), 'base64');
  bytes[0] = 0x02;
  return 'hpke1.' + bytes.toString('base64');
};

type Accepted = { id: string; memberId: string; payout: { status: string; amount: number } | null };
const submitCollection = async (r: LegacyRequest, body: Record<string, unknown> = {}) =>
  phone.rest<Accepted>('POST', '/v1/requestClient/submitCollection', {
    requestId: r.id,
    deviceId: newDevice(),
    walletAddress: randomAddress(),
    ...(await sealedFor(r)),
    ...body,
  });
const submitSurvey = (r: LegacyRequest, answers: unknown[], body: Record<string, unknown> = {}) =>
  phone.rest<Accepted>('POST', '/v1/requestClient/submitSurvey', {
    requestId: r.id,
    deviceId: newDevice(),
    walletAddress: randomAddress(),
    answers,
    ...body,
  });
const statistics = async (r: LegacyRequest) =>
  (
    await alice.client.rest<{ title: string; data: { option: string; counter: number }[] }[]>(
      'GET',
      '/request.api/statistic',
      undefined,
      { id: r.id },
    )
  ).body.result!;
const countsOf = async (r: LegacyRequest) =>
  Object.fromEntries(
    (await statistics(r)).map((g) => [g.title, Object.fromEntries(g.data.map((d) => [d.option, d.counter]))]),
  );
const reread = async (r: LegacyRequest) =>
  (await alice.client.rest<LegacyRequest>('GET', '/v1/request/get', undefined, { id: r.id })).body.result!;

describe('drafts are not served to the phone', () => {
  it('every phone call answers 404 for a draft, and the open list leaves it out', async () => {
    const draft = await createRequest(alice, surveyBody(key.id));
    expectError(
      await phone.rest('GET', '/v1/requestClient/getEndUserData', undefined, { requestID: draft.id }),
      404,
      'NOT_FOUND',
    );
    expectError(
      await phone.rest('GET', '/v1/requestClient/getSurveyQuestions', undefined, { requestId: draft.id }),
      404,
      'NOT_FOUND',
    );
    expectError(
      await phone.rest('GET', '/v1/requestClient/getContractId', undefined, { requestId: draft.id }),
      404,
      'NOT_FOUND',
    );
    expectError(
      await phone.rest('GET', '/v1/requestClient/checkSubmitted', undefined, {
        requestId: draft.id,
        deviceId: newDevice(),
      }),
      404,
      'NOT_FOUND',
    );
    const q = (draft.data as LegacyQuestion[])[0];
    expectError(
      await phone.rest('GET', '/v1/requestClient/getCount', undefined, { questionId: q.id, responseAnswer: 'Never' }),
      404,
      'NOT_FOUND',
    );
    expectError(await submitSurvey(draft, []), 404, 'NOT_FOUND');
    const open = await phone.rest<{ list: { id: string }[] }>('GET', '/v1/requestClient/getOpenRequests', undefined, {
      limit: '100',
    });
    expect(open.body.result!.list.map((x) => x.id)).not.toContain(draft.id);
  });
});

describe('a published collection', () => {
  let r: LegacyRequest;
  beforeAll(async () => {
    r = await createRequest(alice, collectionBody(key.id, { bonus_amount: 10, bonus_each: 2, ...unverifiedEscrow() }));
  });

  it('tells the phone what to show and what to encrypt to', async () => {
    const res = await phone.rest('GET', '/v1/requestClient/getEndUserData', undefined, { requestID: r.id });
    expect(res.body.result).toMatchObject({
      id: r.id,
      type: 'collection',
      title: r.title,
      description: r.desc,
      quality: 'all',
      access: 'Single Access',
      bonus_each: 2,
      remaining: 5,
      publicKey: key.publicKeyPem,
      newchild: r.newchild,
      options: { healthData: true, locationData: true, profileData: true, idData: false, personalImages: true },
      questions: null,
    });
    const contract = await phone.rest('GET', '/v1/requestClient/getContractId', undefined, { requestId: r.id });
    expect(contract.body.result).toEqual({ requestId: r.id, contractId: r.newchild });
    const open = await phone.rest<{ list: { id: string }[] }>('GET', '/v1/requestClient/getOpenRequests', undefined, {
      type: 'collection',
      limit: '100',
    });
    expect(open.body.result!.list.map((x) => x.id)).toContain(r.id);
  });

  it('takes one sealed response per device, which only the request key opens', async () => {
    const deviceId = newDevice();
    const walletAddress = randomAddress();
    const sealed = await sealedFor(r);
    const res = await phone.rest<Accepted>('POST', '/v1/requestClient/submitCollection', {
      requestId: r.id,
      deviceId,
      walletAddress: walletAddress.toLowerCase(),
      ...sealed,
    });
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({ memberId: expect.stringMatching(/^[A-Z2-9]{10}$/), payout: { amount: 2 } });

    const again = await phone.rest('POST', '/v1/requestClient/submitCollection', {
      requestId: r.id,
      deviceId,
      walletAddress: randomAddress(),
      ...sealed,
    });
    expectError(again, 409, 'CONFLICT');
    expectError(await submitCollection(r, { walletAddress }), 409, 'CONFLICT'); // same wallet, other device

    const state = await phone.rest('GET', '/v1/requestClient/checkSubmitted', undefined, { requestId: r.id, deviceId });
    expect(state.body.result).toMatchObject({
      submitted: true,
      memberId: res.body.result!.memberId,
      payout: { amount: 2 },
    });
    const other = await phone.rest('GET', '/v1/requestClient/checkSubmitted', undefined, {
      requestId: r.id,
      deviceId: newDevice(),
    });
    expect(other.body.result).toMatchObject({ submitted: false, memberId: null, payout: null });

    // the requester reads it back encrypted and opens it in the "browser" with the private key
    type Row = { member_id: string; wallet_public_key: string; encrypted_symmetric_key: string; data: string };
    const list = await alice.client.rest<{ list: Row[]; info: { count: number } }>(
      'GET',
      '/request.api/response',
      undefined,
      {
        type: 'collection',
        id: r.id,
        offset: '0',
      },
    );
    const row = list.body.result!.list.find((x) => x.member_id === res.body.result!.memberId)!;
    expect(row).toMatchObject({
      wallet_public_key: walletAddress,
      encrypted_symmetric_key: sealed.sealedKey,
      data: sealed.encryptedData,
    });
    const opened = await decryptCollectionResponse(key.privateKeyPem, r.id, {
      encryptedData: row.data,
      sealedKey: row.encrypted_symmetric_key,
    });
    expect(opened).toEqual(PERSON);
    // the server stored ciphertext only
    const stored = JSON.stringify(await server.db.orm.em.fork().getConnection().execute('select * from submissions'));
    expect(stored).not.toContain('Lovelace');
  });

  it('keeps the member id of a device across requests', async () => {
    const other = await createRequest(alice, collectionBody(key.id, unverifiedEscrow()));
    const deviceId = newDevice();
    const first = await submitCollection(r, { deviceId });
    const second = await submitCollection(other, { deviceId, ...(await sealedFor(other)) });
    expect(second.body.result!.memberId).toBe(first.body.result!.memberId);
  });

  it('refuses malformed envelopes, wallets and device ids', async () => {
    const sealed = await sealedFor(r);
    for (const bad of [
      { encryptedData: 'plain JSON {"firstName":"Ada"}' },
      { encryptedData: 'aesgcm1.AAAA' },
      { sealedKey: 'hpke1.' + Buffer.alloc(40).toString('base64') },
      { sealedKey: sealed.encryptedData },
      // the right length, but the encapsulated key is no P-256 point: no one could ever open it
      { sealedKey: offCurve(sealed.sealedKey) },
      { sealedKey: compressedTag(sealed.sealedKey) },
      { walletAddress: '0x1234' },
      { walletAddress: '0x0000000000000000000000000000000000000000' },
      { deviceId: 'short' },
      { deviceId: 'has spaces in it' },
      { requestId: 'not-a-uuid' },
      { extra: 1 },
    ]) {
      expectError(await submitCollection(r, bad), 400, 'BAD_USER_INPUT');
    }
  });

  it('refuses a sealed key whose encapsulated key is not on the curve, storing and paying nothing', async () => {
    const target = await createRequest(alice, collectionBody(key.id, unverifiedEscrow()));
    const sealed = await sealedFor(target);
    const res = await submitCollection(target, { ...sealed, sealedKey: offCurve(sealed.sealedKey) });
    expectError(res, 400, 'BAD_USER_INPUT');
    expect(res.body.error?.message).toContain('P-256 point');
    expect((await reread(target)).count_response).toBe(0);
    expect(await server.db.orm.em.fork().count(Payout, { request: target.id })).toBe(0);
    // the untouched envelope is taken
    expect((await submitCollection(target, sealed)).status).toBe(200);
  });

  it('keeps the requested data once answered; other edits still work', async () => {
    expect((await reread(r)).count_response).toBeGreaterThan(0);
    expect(
      (await alice.client.rest('POST', '/request.api/edit', { id: r.id, title: 'Renamed', desc: 'x' })).status,
    ).toBe(200);
    expectError(
      await alice.client.rest('POST', '/request.api/edit', { id: r.id, collectionData: { healthData: true } }),
      409,
      'CONFLICT',
    );
  });

  it('answers a survey submission to a collection with 400', async () => {
    expectError(await submitSurvey(r, []), 400, 'BAD_USER_INPUT');
  });

  it('stops taking responses once every bonus is spoken for', async () => {
    const small = await createRequest(
      alice,
      collectionBody(key.id, { bonus_amount: 5, bonus_each: 2, ...unverifiedEscrow() }),
    );
    expect((await submitCollection(small, await sealedFor(small))).status).toBe(200);
    expect((await submitCollection(small, await sealedFor(small))).status).toBe(200);
    const full = await submitCollection(small, await sealedFor(small));
    expectError(full, 409, 'CONFLICT');
    expect(full.body.error?.message).toContain('all the responses it can pay for');
    expect((await reread(small)).count_response).toBe(2);
    // Total IPTs cannot go below what the two responses are owed, in the screen's words
    const lowered = await alice.client.rest('POST', '/request.api/edit', { id: small.id, bonus_amount: 3 });
    expectError(lowered, 400, 'BAD_USER_INPUT');
    expect(lowered.body.error?.message).toBe(
      'Total IPTs cannot be lower than the 4 IPT already paid or owed to participants',
    );
  });

  it('lists only requests with a paid place left, each with its places left', async () => {
    const listed = async () =>
      (
        await phone.rest<{ list: { id: string; remaining: number }[]; info: { count: number } }>(
          'GET',
          '/v1/requestClient/getOpenRequests',
          undefined,
          { type: 'collection', limit: '100' },
        )
      ).body.result!;
    const two = await createRequest(
      alice,
      collectionBody(key.id, { bonus_amount: 4, bonus_each: 2, ...unverifiedEscrow() }),
    );
    expect((await listed()).list.find((x) => x.id === two.id)).toMatchObject({ remaining: 2 });
    expect((await submitCollection(two, await sealedFor(two))).status).toBe(200);
    expect((await listed()).list.find((x) => x.id === two.id)).toMatchObject({ remaining: 1 });
    const countBefore = (await listed()).info.count;
    expect((await submitCollection(two, await sealedFor(two))).status).toBe(200);
    const after = await listed();
    expect(after.list.map((x) => x.id)).not.toContain(two.id);
    expect(after.info.count).toBe(countBefore - 1);
    expect(after.list.every((x) => x.remaining > 0)).toBe(true);
    // a page past the end still says how many there are
    const past = await phone.rest<{ list: unknown[]; info: { count: number } }>(
      'GET',
      '/v1/requestClient/getOpenRequests',
      undefined,
      { type: 'collection', limit: '100', page: '1000' },
    );
    expect(past.body.result).toMatchObject({ list: [], info: { count: after.info.count } });
  });

  it('holds its rules under concurrent submissions', async () => {
    const target = await createRequest(
      alice,
      collectionBody(key.id, { bonus_amount: 3, bonus_each: 1, ...unverifiedEscrow() }),
    );
    const sealed = await sealedFor(target);
    const deviceId = newDevice();
    const sameDevice = await Promise.all(
      Array.from({ length: 5 }, () => submitCollection(target, { deviceId, ...sealed })),
    );
    expect(sameDevice.map((x) => x.status).sort()).toEqual([200, 409, 409, 409, 409]);
    const others = await Promise.all(Array.from({ length: 6 }, () => submitCollection(target, sealed)));
    expect(others.map((x) => x.status).sort()).toEqual([200, 200, 409, 409, 409, 409]);
    expect((await reread(target)).count_response).toBe(3);
    expect(await server.db.orm.em.fork().count(Payout, { request: target.id })).toBe(3);
  });

  it('lets the participant withdraw: the response goes, the payout stays', async () => {
    const target = await createRequest(alice, collectionBody(key.id, unverifiedEscrow()));
    const deviceId = newDevice();
    const walletAddress = randomAddress();
    await submitCollection(target, { deviceId, walletAddress, ...(await sealedFor(target)) });
    expect((await reread(target)).count_response).toBe(1);

    expectError(
      await phone.rest('DELETE', '/v1/requestClient/deleteRequest', { request_id: target.id, deviceId: newDevice() }),
      404,
      'NOT_FOUND',
    );
    const res = await phone.rest('DELETE', '/v1/requestClient/deleteRequest', { request_id: target.id, deviceId });
    expect(res.body.result).toBe(true);
    expect((await reread(target)).count_response).toBe(0);
    const state = await phone.rest('GET', '/v1/requestClient/checkSubmitted', undefined, {
      requestId: target.id,
      deviceId,
    });
    // the payout made (here still pending: no chain) is still shown to the device that withdrew
    expect(state.body.result).toMatchObject({
      submitted: false,
      payout: { status: 'pending', amount: target.bonus_each },
    });
    const stranger = await phone.rest('GET', '/v1/requestClient/checkSubmitted', undefined, {
      requestId: target.id,
      deviceId: newDevice(),
    });
    expect(stranger.body.result).toMatchObject({ submitted: false, payout: null });
    const payouts = await server.db.orm.em.fork().find(Payout, { request: target.id });
    expect(payouts.map((p) => p.walletAddress)).toEqual([walletAddress]);

    // answering again later is allowed, and earns no second bonus
    expect((await submitCollection(target, { deviceId, walletAddress, ...(await sealedFor(target)) })).status).toBe(
      200,
    );
    expect(await server.db.orm.em.fork().count(Payout, { request: target.id })).toBe(1);
  });
});

describe('a published survey', () => {
  let s: LegacyRequest;
  let q: LegacyQuestion[];
  beforeAll(async () => {
    s = await createRequest(alice, surveyBody(key.id, { bonus_amount: 100, bonus_each: 1, ...unverifiedEscrow() }));
    q = s.data as LegacyQuestion[];
  });

  it('serves its questions', async () => {
    const res = await phone.rest<LegacyQuestion[]>('GET', '/v1/requestClient/getSurveyQuestions', undefined, {
      requestId: s.id,
    });
    expect(res.body.result).toEqual(q);
    expect(res.body.result!.map((x) => x.options)).toEqual([
      ['Never', 'Weekly', 'Daily'],
      ['Phone', 'Watch', 'Tablet'],
      ['18-24', '25-34', '35-44', '45+'],
      { scale: 5, shape: 'heart' },
    ]);
  });

  it('counts answers per option, and the requester sees the same numbers', async () => {
    const answer = (exercise: string, devices: string[], age: string, stars?: number) => [
      { questionId: q[0].id, answer: exercise },
      { questionId: q[1].id, answer: devices },
      { index: 2, answer: age },
      ...(stars === undefined ? [] : [{ questionId: q[3].id, answer: stars }]),
    ];
    for (const a of [
      answer('Daily', ['Phone', 'Watch'], '25-34', 5),
      answer('Daily', ['Phone'], '25-34', 4),
      answer('Weekly', ['Tablet', 'Phone'], '45+'),
    ]) {
      expect((await submitSurvey(s, a)).status).toBe(200);
    }
    expect(await countsOf(s)).toEqual({
      'How often do you exercise?': { Never: 0, Weekly: 1, Daily: 2 },
      'Which devices do you own?': { Phone: 3, Watch: 1, Tablet: 1 },
      'Age band': { '18-24': 0, '25-34': 2, '35-44': 0, '45+': 1 },
      'Rate the app': { 1: 0, 2: 0, 3: 0, 4: 1, 5: 1 },
    });
    const count = await phone.rest('GET', '/v1/requestClient/getCount', undefined, {
      questionId: q[1].id,
      responseAnswer: 'Phone',
    });
    expect(count.body.result).toMatchObject({ count: 3 });
    const stars = await phone.rest('GET', '/v1/requestClient/getCount', undefined, {
      questionId: q[3].id,
      responseAnswer: '5',
    });
    expect(stars.body.result).toMatchObject({ count: 1 });
    expectError(
      await phone.rest('GET', '/v1/requestClient/getCount', undefined, {
        questionId: q[1].id,
        responseAnswer: 'Fridge',
      }),
      400,
      'BAD_USER_INPUT',
    );

    const gql = await alice.client.gql<{
      surveyStatistics: { title: string; data: { option: string; counter: number }[] }[];
    }>(`query($id: ID!) { surveyStatistics(requestId: $id) { questionId title type data { option counter } } }`, {
      id: s.id,
    });
    expect(gql.data?.surveyStatistics).toEqual(await statistics(s));
    expect((await reread(s)).count_response).toBe(3);
  });

  it('refuses incomplete or impossible answers, writing nothing', async () => {
    const before = await countsOf(s);
    for (const answers of [
      [{ questionId: q[0].id, answer: 'Daily' }], // others missing
      [
        { questionId: q[0].id, answer: 'Hourly' },
        { questionId: q[1].id, answer: ['Phone'] },
        { index: 2, answer: '45+' },
      ],
      [
        { questionId: q[0].id, answer: 'Daily' },
        { questionId: q[1].id, answer: ['Phone', 'Phone'] },
        { index: 2, answer: '45+' },
      ],
      [
        { questionId: q[0].id, answer: ['Daily', 'Weekly'] },
        { questionId: q[1].id, answer: ['Phone'] },
        { index: 2, answer: '45+' },
      ],
      [
        { questionId: q[0].id, answer: 'Daily' },
        { questionId: q[1].id, answer: ['Phone'] },
        { index: 2, answer: '45+' },
        { index: 3, answer: 6 },
      ],
      [
        { questionId: q[0].id, answer: 'Daily' },
        { questionId: q[0].id, answer: 'Daily' },
        { questionId: q[1].id, answer: ['Phone'] },
        { index: 2, answer: '45+' },
      ],
      [{ index: 9, answer: 'x' }],
    ]) {
      expectError(await submitSurvey(s, answers), 400, 'BAD_USER_INPUT');
    }
    expect(await countsOf(s)).toEqual(before);
    expect((await reread(s)).count_response).toBe(3);
  });

  it('answers invalid answers to a full survey with 400, valid ones with 409', async () => {
    const one = await createRequest(
      alice,
      surveyBody(key.id, { bonus_amount: 1, bonus_each: 1, ...unverifiedEscrow() }),
    );
    const oq = one.data as LegacyQuestion[];
    const valid = [
      { questionId: oq[0].id, answer: 'Daily' },
      { questionId: oq[1].id, answer: ['Phone'] },
      { index: 2, answer: '45+' },
    ];
    expect((await submitSurvey(one, valid)).status).toBe(200);
    expectError(await submitSurvey(one, [{ questionId: oq[0].id, answer: 'Daily' }]), 400, 'BAD_USER_INPUT');
    expectError(await submitSurvey(one, valid), 409, 'CONFLICT');
  });

  it('records and changes a star rating through the legacy ranking call', async () => {
    const deviceId = newDevice();
    const base = [
      { questionId: q[0].id, answer: 'Never' },
      { questionId: q[1].id, answer: ['Watch'] },
      { index: 2, answer: '18-24' },
    ];
    expectError(
      await phone.rest('POST', '/request.api/ranking', { index: 3, stars: 2, requestId: s.id, deviceId }),
      404,
      'NOT_FOUND',
    );
    await submitSurvey(s, base, { deviceId });
    const before = (await countsOf(s))['Rate the app'];
    expect(
      (await phone.rest('POST', '/request.api/ranking', { index: 3, stars: 2, requestId: s.id, deviceId })).status,
    ).toBe(200);
    expect((await countsOf(s))['Rate the app']).toEqual({ ...before, 2: before['2'] + 1 });
    expect(
      (await phone.rest('POST', '/request.api/ranking', { index: '3', stars: '3', requestId: s.id, deviceId })).status,
    ).toBe(200);
    expect((await countsOf(s))['Rate the app']).toEqual({ ...before, 3: before['3'] + 1 });
    for (const bad of [
      { index: 3, stars: 0 },
      { index: 3, stars: 6 },
      { index: 0, stars: 1 },
      { index: 7, stars: 1 },
    ]) {
      expectError(
        await phone.rest('POST', '/request.api/ranking', { ...bad, requestId: s.id, deviceId }),
        400,
        'BAD_USER_INPUT',
      );
    }
  });

  it('withdrawing lowers every counter the submission raised', async () => {
    const deviceId = newDevice();
    const before = await countsOf(s);
    const answers = [
      { questionId: q[0].id, answer: 'Weekly' },
      { questionId: q[1].id, answer: ['Watch', 'Tablet'] },
      { index: 2, answer: '35-44' },
      { index: 3, answer: 1 },
    ];
    await submitSurvey(s, answers, { deviceId });
    expect(await countsOf(s)).not.toEqual(before);
    await phone.rest('DELETE', '/v1/requestClient/deleteRequest', { request_id: s.id, deviceId });
    expect(await countsOf(s)).toEqual(before);
  });

  it('shows the requester each response with its answers', async () => {
    type Row = { member_id: string; answers: { questionId: string; option: string }[]; data: null };
    const res = await alice.client.rest<{ list: Row[]; info: { count: number } }>(
      'GET',
      '/request.api/response',
      undefined,
      {
        id: s.id,
        offset: '1',
        limit: '1',
      },
    );
    expect(res.body.result!.info).toEqual({ count: 4, offset: 1, awaiting_review: 0 });
    expect(res.body.result!.list).toHaveLength(1);
    expect(res.body.result!.list[0].answers).toEqual([
      { questionId: q[0].id, option: 'Daily' },
      { questionId: q[1].id, option: 'Phone' },
      { questionId: q[2].id, option: '25-34' },
      { questionId: q[3].id, option: '4' },
    ]);
    const gql = await alice.client.gql<{
      requestResponses: { count: number; list: { memberId: string; answers: unknown[]; payout: { status: string } }[] };
    }>(
      `query($id: ID!) { requestResponses(requestId: $id, limit: 2) { count offset list { id memberId walletAddress encryptedData sealedKey createdAt answers { questionId option } payout { status amount txHash } } } }`,
      { id: s.id },
    );
    expect(gql.data?.requestResponses.count).toBe(4);
    expect(gql.data?.requestResponses.list[0]).toMatchObject({
      payout: { status: 'pending' },
      answers: expect.any(Array),
    });
  });

  it('keeps its questions and key once answered; the title can still change', async () => {
    const other = await buildKey(alice, 'Second key');
    expectError(
      await alice.client.rest('POST', '/request.api/edit', {
        id: s.id,
        data: [{ type: 'radios', title: 'New', options: ['a'] }],
      }),
      409,
      'CONFLICT',
    );
    expectError(await alice.client.rest('POST', '/request.api/edit', { id: s.id, key: other.id }), 409, 'CONFLICT');
    expect((await alice.client.rest('POST', '/request.api/edit', { id: s.id, title: 'Renamed survey' })).status).toBe(
      200,
    );
  });

  it('anonymous phones cannot read the owner views', async () => {
    expectError(await phone.rest('GET', '/request.api/statistic', undefined, { id: s.id }), 401, 'UNAUTHENTICATED');
    expect(
      gqlCode(await phone.gql(`query($id: ID!) { surveyStatistics(requestId: $id) { title } }`, { id: s.id })),
    ).toBe('UNAUTHENTICATED');
  });
});

/** A published survey of the usual questions, and a complete answer to it. */
async function answerableSurvey() {
  const s = await createRequest(alice, surveyBody(key.id, { bonus_amount: 100, bonus_each: 1, ...unverifiedEscrow() }));
  const q = s.data as LegacyQuestion[];
  const answers = [
    { questionId: q[0].id, answer: 'Never' },
    { questionId: q[1].id, answer: ['Watch'] },
    { index: 2, answer: '18-24' },
  ];
  return { s, answers };
}

describe('a survey edited while it is answered', () => {
  /** Waits until `n` of this database's statements wait for a lock. */
  async function lockWaits(n: number) {
    const conn = server.db.orm.em.fork().getConnection();
    for (let i = 0; i < 200; i++) {
      const [row] = await conn.execute<{ n: number }[]>(
        `select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
      );
      if (row.n >= n) return;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error(`fewer than ${n} statements waited for a lock`);
  }

  it("refuses to change the survey's own language when an answer commits while the change waits", async () => {
    const { s, answers } = await answerableSurvey();
    const answer = () => submitSurvey(s, answers);
    const changeLanguage = () =>
      alice.client.gql<{ updateRequest: { language: string } }>(
        `mutation($id: ID!, $input: UpdateRequestInput!) { updateRequest(id: $id, input: $input) { language } }`,
        { id: s.id, input: { language: 'de' } },
      );
    let outcomes: [Awaited<ReturnType<typeof answer>>, Awaited<ReturnType<typeof changeLanguage>>];
    if (server.db.kind === 'embedded') {
      // one connection: transactions run one after another, so the answer has committed before
      outcomes = [await answer(), await changeLanguage()];
    } else {
      // the test holds the request row: the answer waits for it, then the change, which has read
      // the survey without a response; once released the answer commits before the change locks it
      let pending: Promise<typeof outcomes> | undefined;
      await server.db.orm.em.fork().transactional(async (tx) => {
        await tx.execute('select id from requests where id = ? for update', [s.id]);
        const answered = answer();
        await lockWaits(1);
        const changed = changeLanguage();
        await lockWaits(2);
        pending = Promise.all([answered, changed]);
      });
      outcomes = await pending!;
    }
    const [answered, changed] = outcomes;
    expect(answered.status).toBe(200);
    expect(gqlCode(changed)).toBe('CONFLICT');
    const read = await alice.client.gql<{ request: { language: string } }>(
      `query($id: ID!) { request(id: $id) { language } }`,
      { id: s.id },
    );
    expect(read.data?.request.language).toBe('en');
  });
});

describe("a published survey's questions replaced before it keeps an answer", () => {
  it('checks the next answers against the new questions, on a server that checked the old ones', async () => {
    const { s, answers: oldAnswers } = await answerableSurvey();
    const deviceId = newDevice();
    expect((await submitSurvey(s, oldAnswers, { deviceId })).status).toBe(200);
    // withdrawn, the survey has no answer left and its questions may change
    await phone.rest('DELETE', '/v1/requestClient/deleteRequest', { request_id: s.id, deviceId });
    const edited = await alice.client.rest('POST', '/request.api/edit', {
      id: s.id,
      data: [{ type: 'radios', title: 'Tea or coffee?', options: ['Tea', 'Coffee'] }],
    });
    expect(edited.status).toBe(200);
    const now = (await reread(s)).data as LegacyQuestion[];
    expectError(await submitSurvey(s, oldAnswers), 400, 'BAD_USER_INPUT');
    expectError(await submitSurvey(s, [{ questionId: now[0].id, answer: 'Never' }]), 400, 'BAD_USER_INPUT');
    expect((await submitSurvey(s, [{ questionId: now[0].id, answer: 'Coffee' }])).status).toBe(200);
    expect(await countsOf(s)).toEqual({ 'Tea or coffee?': { Tea: 0, Coffee: 1 } });
  });
});
