import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReceiptFile } from '../../shared/consent-receipt';
import { WebhookDelivery, WebhookEndpoint } from '../../api/src/modules/webhooks/webhook.entities';
import { encryptCollectionResponse } from '../../scripts/simulate/response-crypto';
import { TestClient } from './support/client';
import { buildUser, type TestUser } from './support/factories';
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
import { startTestServer, type TestServer } from './support/server';

// Retention: a request's keeping period, shown to participants and signed into their receipts,
// and the sweep that announces and then deletes answers, run by two servers on one database at
// once: each answer is announced once and deleted once.
let server: TestServer;
let second: TestServer;
let alice: TestUser;
let bob: TestUser;
let key: KeyPair;
let phone: TestClient;

beforeAll(async () => {
  server = await startTestServer();
  second = await startTestServer({}, undefined, server.db);
  alice = await buildUser(server);
  bob = await buildUser(server);
  key = await buildKey(alice);
  phone = new TestClient(server.url);
});
afterAll(async () => {
  await second?.close();
  await server?.close();
});

type Retention = {
  requestId: string;
  days: number | null;
  expiringSoon: number;
  deleted: number;
  withdrawn: number;
};
const setRetention = (r: LegacyRequest, days: unknown, who = alice) =>
  who.client.rest<Retention>('POST', '/v1/request/retention', { requestId: r.id, days });
const getRetention = async (r: LegacyRequest) =>
  (await alice.client.rest<Retention>('GET', '/v1/request/retention', undefined, { requestId: r.id })).body.result!;
const accessKinds = async (deviceId: string) =>
  (
    await phone.rest<{ kind: string }[]>('GET', '/v1/requestClient/getAccessLog', undefined, { deviceId })
  ).body.result!.map((l) => l.kind);

async function answer(r: LegacyRequest) {
  const deviceId = newDevice();
  const questions = (
    await phone.rest<LegacyQuestion[]>('GET', '/v1/requestClient/getSurveyQuestions', undefined, { requestId: r.id })
  ).body.result!;
  const first = (q: LegacyQuestion) => (Array.isArray(q.options) ? q.options[0] : '');
  const answers = questions.map((q) =>
    q.type === 'stars'
      ? { questionId: q.id, answer: 3 }
      : { questionId: q.id, answer: q.type === 'checkboxes' ? [first(q)] : first(q) },
  );
  const res = await phone.rest<{ id: string }>('POST', '/v1/requestClient/submitSurvey', {
    requestId: r.id,
    deviceId,
    walletAddress: randomAddress(),
    answers,
  });
  expect(res.status).toBe(200);
  return { deviceId, id: res.body.result!.id };
}

// the answer as if sent `days` ago
const age = (id: string, days: number) =>
  server.db.orm.em
    .fork()
    .execute(`update submissions set created_at = now() - make_interval(days => ?) where id = ?`, [days, id]);

describe('a request’s keeping period', () => {
  it('is chosen by its owner from the list, shown before answering and signed into the receipt', async () => {
    const r = await createRequest(alice, surveyBody(key.id, unverifiedEscrow()));
    expect(await getRetention(r)).toEqual({ requestId: r.id, days: null, expiringSoon: 0, deleted: 0, withdrawn: 0 });
    expectError(await setRetention(r, 45), 400, 'BAD_USER_INPUT');
    expectError(await setRetention(r, 30, bob), 404, 'NOT_FOUND');
    expect((await setRetention(r, 90)).body.result).toMatchObject({ days: 90 });

    const terms = await phone.rest<{ retention: { days: number; text: string } }>(
      'GET',
      '/v1/requestClient/getConsentTerms',
      undefined,
      { requestId: r.id },
    );
    expect(terms.body.result!.retention).toMatchObject({
      days: 90,
      text: expect.stringMatching(/^Deleted 90 days after you send it/),
    });
    const { deviceId } = await answer(r);
    const [file] = (await phone.rest<ReceiptFile[]>('GET', '/v1/requestClient/getReceipts', undefined, { deviceId }))
      .body.result!;
    expect(file.claims.retention.days).toBe(90);
    const until = new Date(file.claims.retention.until!).getTime();
    expect(Math.abs(until - (Date.parse(file.claims.submission.receivedAt) + 90 * 86_400_000))).toBeLessThan(60_000);

    // participants agreed to 90 days: shorter is allowed, longer is not
    expectError(await setRetention(r, 180), 409, 'CONFLICT');
    expect((await setRetention(r, 30)).body.result).toMatchObject({ days: 30 });
  });
});

describe('the retention sweep', () => {
  it('announces answers due within a week and deletes those past their period, once, with two servers sweeping', async () => {
    const r = await createRequest(alice, surveyBody(key.id, unverifiedEscrow()));
    await setRetention(r, 30);
    const em = server.db.orm.em.fork();
    em.create(WebhookEndpoint, {
      user: alice.id,
      url: 'https://hooks.example.org/parley',
      events: ['retention.expiring', 'response.deleted'],
      secret: 'whsec_dGVzdHRlc3R0ZXN0dGVzdHRlc3R0ZXN0dGVzdA==',
    });
    await em.flush();
    const old = await answer(r);
    const soon = await answer(r);
    const fresh = await answer(r);
    await age(old.id, 31);
    await age(soon.id, 25);

    const [a, b] = await Promise.all([
      server.services.retention.sweep(server.db.orm.em.fork()),
      second.services.retention.sweep(second.db.orm.em.fork()),
    ]);
    expect(a.noticed + b.noticed).toBe(2);
    expect(a.deleted + b.deleted).toBe(1);
    expect(await server.services.retention.sweep(server.db.orm.em.fork())).toEqual({ noticed: 0, deleted: 0 });

    expect(await accessKinds(old.deviceId)).toEqual(['expired', 'retention_notice', 'submitted']);
    expect(await accessKinds(soon.deviceId)).toEqual(['retention_notice', 'submitted']);
    expect(await accessKinds(fresh.deviceId)).toEqual(['submitted']);
    const listed = await alice.client.rest<{ list: { id: string }[] }>('GET', '/request.api/response', undefined, {
      id: r.id,
      type: 'survey',
    });
    expect(listed.body.result!.list.map((x) => x.id).sort()).toEqual([soon.id, fresh.id].sort());
    // the receipt and the payout record stay
    const receipts = await phone.rest<ReceiptFile[]>('GET', '/v1/requestClient/getReceipts', undefined, {
      deviceId: old.deviceId,
    });
    expect(receipts.body.result).toHaveLength(1);
    const state = await phone.rest<{ submitted: boolean; payout: { amount: number } | null }>(
      'GET',
      '/v1/requestClient/checkSubmitted',
      undefined,
      { requestId: r.id, deviceId: old.deviceId },
    );
    expect(state.body.result).toMatchObject({ submitted: false, payout: { amount: 3 } });

    expect(await getRetention(r)).toMatchObject({ days: 30, expiringSoon: 1, deleted: 1 });
    const notes = await alice.client.rest<{ notification: string }[]>('GET', '/v1/auth/user/getNotifications');
    expect(notes.body.result!.filter((n) => n.notification.includes('will be deleted within 7 days'))).toHaveLength(1);
    const deliveries = await server.db.orm.em.fork().find(WebhookDelivery, { endpoint: { user: alice.id } });
    expect(deliveries.map((d) => d.eventType).sort()).toEqual(['response.deleted', 'retention.expiring']);
    const expiring = JSON.parse(deliveries.find((d) => d.eventType === 'retention.expiring')!.body) as {
      data: { responseIds: string[] };
    };
    expect(expiring.data.responseIds.sort()).toEqual([old.id, soon.id].sort());

    // the requester's view tells the period's deletions from the participants' own
    const withdrawn = await phone.rest('DELETE', '/v1/requestClient/deleteRequest', {
      request_id: r.id,
      deviceId: fresh.deviceId,
    });
    expect(withdrawn.status).toBe(200);
    expect(await getRetention(r)).toMatchObject({ deleted: 1, withdrawn: 1 });
  });

  it('deletes a collection answer’s encrypted images with it', async () => {
    const r = await createRequest(alice, collectionBody(key.id, unverifiedEscrow()));
    await setRetention(r, 30);
    const deviceId = newDevice();
    const image = await phone.rest<{ path: string }>('POST', '/v1/requestClient/uploadImage', {
      requestId: r.id,
      deviceId,
      data: randomBytes(100).toString('base64'),
    });
    const sealed = await encryptCollectionResponse(r.id, key.publicKeyPem, {
      image_upload: [image.body.result!.path],
    } as never);
    const sent = await phone.rest<{ id: string }>('POST', '/v1/requestClient/submitCollection', {
      requestId: r.id,
      deviceId,
      walletAddress: randomAddress(),
      ...sealed,
    });
    await age(sent.body.result!.id, 40);
    expect((await fetch(server.url + image.body.result!.path)).status).toBe(200);
    expect((await server.services.retention.sweep(server.db.orm.em.fork())).deleted).toBe(1);
    expect((await fetch(server.url + image.body.result!.path)).status).toBe(404);
    // the download before the sweep is in the log; the 404 after it is not
    expect(await accessKinds(deviceId)).toEqual(['expired', 'retention_notice', 'image_downloaded', 'submitted']);
  });
});
