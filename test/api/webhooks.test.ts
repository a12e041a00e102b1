import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { isForbiddenAddress } from '../../api/src/modules/webhooks/address-policy';
import { WebhookDelivery, WebhookEndpoint } from '../../api/src/modules/webhooks/webhook.entities';
import type { WebhookDeliveryView, WebhookEndpointView } from '../../api/src/modules/webhooks/webhooks.mappers';
import { attachContract } from '../../scripts/chain/anvil';
import { buyCredit } from './support/billing';
import { TestClient } from './support/client';
import { publishFundedCollection, startTestChain, submitCollection, type TestChain } from './support/escrow';
import { buildUser, type TestUser } from './support/factories';
import { waitFor } from './support/processes';
import {
  buildKey,
  createRequest,
  expectError,
  newDevice,
  randomAddress,
  type KeyPair,
  surveyBody,
  unverifiedEscrow,
  type LegacyQuestion,
  type LegacyRequest,
} from './support/requests';
import { browserOf, createRoom, uploadDataset } from './support/rooms';
import { startTestServer, type TestServer } from './support/server';

/**
 * A receiver verifying signatures as the Standard Webhooks specification describes them (written
 * from its text, not from the server's code): the signed content is `${webhook-id}.${webhook-timestamp}.${body}`;
 * the key is the base64 after the "whsec_" prefix; webhook-signature is a space-separated list of
 * "v1,<base64 HMAC-SHA256>"; compare in constant time; reject timestamps more than 5 minutes off.
 */
function verifyStandardWebhook(secret: string, headers: http.IncomingHttpHeaders, body: string): boolean {
  const id = headers['webhook-id'];
  const timestamp = headers['webhook-timestamp'];
  const signatures = headers['webhook-signature'];
  if (typeof id !== 'string' || typeof timestamp !== 'string' || typeof signatures !== 'string') return false;
  if (!/^\d+$/.test(timestamp) || Math.abs(Date.now() / 1000 - Number(timestamp)) > 5 * 60) return false;
  const key = Buffer.from(secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret, 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest();
  return signatures.split(' ').some((versioned) => {
    const [version, signature] = versioned.split(',');
    if (version !== 'v1' || !signature) return false;
    const given = Buffer.from(signature, 'base64');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}

type Received = {
  id: string;
  verified: boolean;
  body: { type: string; timestamp: string; data: Record<string, unknown> };
};

/** A local endpoint: verifies each message with `secret`, answers with the next status of `answers`. */
async function startReceiver() {
  const received: Received[] = [];
  const state = { secret: '', answers: [] as number[] };
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => {
      received.push({
        id: String(req.headers['webhook-id']),
        verified: verifyStandardWebhook(state.secret, req.headers, body),
        body: JSON.parse(body),
      });
      res.writeHead(state.answers.shift() ?? 200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { port, url: `http://127.0.0.1:${port}/hook`, received, state, close: () => server.close() };
}

type Endpoint = Pick<WebhookEndpointView, 'id' | 'url' | 'events' | 'enabled'>;
type Delivery = WebhookDeliveryView;

let dev: TestServer;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let alice: TestUser;

beforeAll(async () => {
  // development: a local receiver may be reached; retries start after 1 s
  dev = await startTestServer({ NODE_ENV: 'development', WEBHOOK_RETRY_SECONDS: '1' });
  receiver = await startReceiver();
  alice = await buildUser(dev);
});
afterAll(async () => {
  receiver?.close();
  await dev?.close();
});

async function publishedSurvey(user: TestUser): Promise<LegacyRequest> {
  const key = await buildKey(user);
  return createRequest(user, surveyBody(key.id, { bonus_amount: 10, bonus_each: 2, ...unverifiedEscrow() }));
}

/** A phone answers the survey; returns its device id. */
async function answer(server: TestServer, s: LegacyRequest): Promise<string> {
  const q = s.data as LegacyQuestion[];
  const deviceId = newDevice();
  const res = await new TestClient(server.url).rest('POST', '/v1/requestClient/submitSurvey', {
    requestId: s.id,
    deviceId,
    walletAddress: randomAddress(),
    answers: [
      { questionId: q[0].id, answer: 'Daily' },
      { questionId: q[1].id, answer: ['Phone', 'Watch'] },
      { questionId: q[2].id, answer: '25-34' },
      { questionId: q[3].id, answer: 4 },
    ],
  });
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  return deviceId;
}

const deliveries = async (user: TestUser, endpointId: string) =>
  (await user.client.rest<Delivery[]>('GET', '/v1/webhooks/deliveries', undefined, { id: endpointId })).body.result!;

describe('webhooks', () => {
  let endpoint: Endpoint;
  let survey: LegacyRequest;

  it('signs each event as Standard Webhooks describes, carrying ids and no answers', async () => {
    const created = await alice.client.rest<{ secret: string; endpoint: Endpoint }>(
      'POST',
      '/v1/webhooks/createEndpoint',
      { url: receiver.url, events: ['response.created', 'response.withdrawn'] },
    );
    expect(created.status).toBe(200);
    expect(created.body.result!.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    endpoint = created.body.result!.endpoint;
    receiver.state.secret = created.body.result!.secret;
    // the secret is shown once: the list does not carry it
    const list = await alice.client.rest<Endpoint[]>('GET', '/v1/webhooks/endpoints');
    expect(list.body.result).toEqual([expect.objectContaining({ id: endpoint.id, url: receiver.url, enabled: true })]);
    expect(JSON.stringify(list.body)).not.toContain(receiver.state.secret);

    survey = await publishedSurvey(alice);
    await answer(dev, survey);
    await waitFor(
      async () => receiver.received.length,
      (n) => n === 1,
      20_000,
    );
    const [message] = receiver.received;
    expect(message.verified).toBe(true);
    expect(message.id).toMatch(/^msg_[0-9a-f]{32}$/);
    expect(message.body).toEqual({
      type: 'response.created',
      timestamp: expect.any(String),
      data: {
        requestId: survey.id,
        responseId: expect.any(String),
        requestType: 'survey',
        createdAt: expect.any(String),
      },
    });
    expect(JSON.stringify(message.body)).not.toContain('Daily');
    const log = await waitFor(
      () => deliveries(alice, endpoint.id),
      (d) => d[0]?.status === 'succeeded',
    );
    expect(log).toEqual([
      expect.objectContaining({
        messageId: message.id,
        eventType: 'response.created',
        status: 'succeeded',
        attempts: 1,
        responseStatus: 200,
        durationMs: expect.any(Number),
        lastError: null,
      }),
    ]);
    // a wrong secret does not verify (the receiver's check is real)
    expect(verifyStandardWebhook('whsec_' + Buffer.alloc(24).toString('base64'), {}, '')).toBe(false);
  });

  it('tells of a withdrawn response, signed, with the ids of the request and the response', async () => {
    const before = receiver.received.length;
    const deviceId = await answer(dev, survey);
    const created = await waitFor(
      async () => receiver.received.slice(before),
      (m) => m.some((r) => r.body.type === 'response.created'),
      20_000,
    );
    const responseId = created.find((r) => r.body.type === 'response.created')!.body.data.responseId;
    const withdrawn = await new TestClient(dev.url).rest('DELETE', '/v1/requestClient/deleteRequest', {
      request_id: survey.id,
      deviceId,
    });
    expect(withdrawn.body.result).toBe(true);
    const messages = await waitFor(
      async () => receiver.received.slice(before).filter((r) => r.body.type === 'response.withdrawn'),
      (m) => m.length === 1,
      20_000,
    );
    expect(messages[0].verified).toBe(true);
    expect(messages[0].body.data).toEqual({ requestId: survey.id, responseId });
    const log = await waitFor(
      () => deliveries(alice, endpoint.id),
      (d) => d.some((x) => x.eventType === 'response.withdrawn' && x.status === 'succeeded'),
    );
    expect(log.find((x) => x.eventType === 'response.withdrawn')).toMatchObject({ attempts: 1, responseStatus: 200 });
  });

  it('announces a published request and a report made in a room, with ids and counts only', async () => {
    const owner = await browserOf(await buildUser(dev));
    const created = await owner.client.rest<{ secret: string; endpoint: Endpoint }>(
      'POST',
      '/v1/webhooks/createEndpoint',
      { url: receiver.url, events: ['request.published', 'report.created'] },
    );
    const own = created.body.result!;
    const mine = () => receiver.received.filter((m) => ['request.published', 'report.created'].includes(m.body.type));
    const before = mine().length;
    const previousSecret = receiver.state.secret;
    receiver.state.secret = own.secret;
    onTestFinished(() => {
      receiver.state.secret = previousSecret;
    });

    const draft = await createRequest(owner, surveyBody((await buildKey(owner)).id, { status: 0 }));
    const published = await publishedSurvey(owner);
    const room = await createRoom(owner, 'Announced');
    const set = await uploadDataset(
      owner,
      room,
      'set',
      [{ name: 'age', role: 'clear', shared: true }],
      [['41'], ['42']],
    );
    await buyCredit(owner.client, '10credits');
    const report = await owner.client.rest<{ id: string }>('POST', '/v1/vcr/createReport', {
      room_id: room.id,
      datasets_array: set,
    });
    expect(report.status).toBe(200);

    await waitFor(
      async () => mine().length - before,
      (n) => n >= 2,
      20_000,
    );
    // deliveries run in parallel: order by type (report.created, request.published)
    const messages = mine()
      .slice(before)
      .sort((a, b) => a.body.type.localeCompare(b.body.type));
    expect(messages.every((m) => m.verified)).toBe(true);
    expect(messages.map((m) => m.body.data)).toEqual([
      { reportId: report.body.result!.id, roomId: room.id, datasetIds: [set], rowCount: 2 },
      {
        requestId: published.id,
        type: 'survey',
        bonusAmount: 10,
        bonusEach: 2,
        escrowAddress: published.newchild,
        payWith: 'wallet',
      },
    ]);
    expect(messages.map((m) => m.body.data.requestId)).not.toContain(draft.id); // a draft is not published
    expect(JSON.stringify(messages)).not.toContain('canary-note');
  });

  it('retries a failing delivery with backoff under the same webhook-id, and redelivers on request', async () => {
    receiver.received.length = 0;
    receiver.state.answers = [500, 503];
    await answer(dev, survey);
    const log = await waitFor(
      () => deliveries(alice, endpoint.id),
      (d) => d[0]?.status === 'succeeded' && d[0].attempts === 3,
      30_000,
    );
    expect(log[0]).toMatchObject({ status: 'succeeded', attempts: 3, responseStatus: 200, lastError: null });
    expect(receiver.received).toHaveLength(3);
    expect(new Set(receiver.received.map((r) => r.id))).toEqual(new Set([log[0].messageId]));
    expect(receiver.received.every((r) => r.verified)).toBe(true);

    const again = await alice.client.rest<Delivery>('POST', '/v1/webhooks/redeliver', { id: log[0].id });
    expect(again.body.result).toMatchObject({ messageId: log[0].messageId, status: 'pending', attempts: 0 });
    await waitFor(
      async () => receiver.received.length,
      (n) => n === 4,
      20_000,
    );
    expect(receiver.received[3]).toMatchObject({ id: log[0].messageId, verified: true });
  });

  it('keeps endpoints and delivery logs to their owner, and refuses bad input', async () => {
    const bob = await buildUser(dev);
    const [first] = await deliveries(alice, endpoint.id);
    expectError(
      await bob.client.rest('GET', '/v1/webhooks/deliveries', undefined, { id: endpoint.id }),
      404,
      'NOT_FOUND',
    );
    expectError(await bob.client.rest('POST', '/v1/webhooks/redeliver', { id: first.id }), 404, 'NOT_FOUND');
    expectError(await bob.client.rest('POST', '/v1/webhooks/deleteEndpoint', { id: endpoint.id }), 404, 'NOT_FOUND');
    expect((await bob.client.rest('GET', '/v1/webhooks/endpoints')).body.result).toEqual([]);
    expectError(await new TestClient(dev.url).rest('GET', '/v1/webhooks/endpoints'), 401, 'UNAUTHENTICATED');
    for (const body of [
      { url: 'not a url', events: ['response.created'] },
      { url: receiver.url, events: [] },
      { url: receiver.url, events: ['response.read'] },
      { url: 'ftp://example.com/x', events: ['payout.sent'] },
    ]) {
      expectError(await bob.client.rest('POST', '/v1/webhooks/createEndpoint', body), 400, 'BAD_USER_INPUT');
    }
    expect((await bob.client.rest('GET', '/v1/webhooks/endpoints')).body.result).toEqual([]);
  });

  it('works over GraphQL', async () => {
    const created = await alice.client.gql<{ createWebhookEndpoint: { secret: string; endpoint: Endpoint } }>(
      `mutation($input: CreateWebhookEndpointInput!) { createWebhookEndpoint(input: $input) { secret endpoint { id url events enabled } } }`,
      { input: { url: receiver.url, events: ['payout.sent', 'payout.failed'] } },
    );
    expect(created.errors).toBeUndefined();
    const id = created.data!.createWebhookEndpoint.endpoint.id;
    const listed = await alice.client.gql<{ webhookEndpoints: Endpoint[] }>(`{ webhookEndpoints { id events } }`);
    expect(listed.data!.webhookEndpoints).toContainEqual({ id, events: ['payout.sent', 'payout.failed'] });
    const log = await alice.client.gql<{ webhookDeliveries: Delivery[] }>(
      `query($e: ID!) { webhookDeliveries(endpointId: $e) { id status } }`,
      { e: endpoint.id },
    );
    expect(log.data!.webhookDeliveries.length).toBeGreaterThan(0);
    const removed = await alice.client.gql(`mutation($id: ID!) { deleteWebhookEndpoint(id: $id) }`, { id });
    expect(removed.data).toEqual({ deleteWebhookEndpoint: true });
  });
});

/** A URL on this machine where nothing listens: every delivery to it fails to connect. */
async function deadUrl(): Promise<string> {
  const probe = http.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return `http://127.0.0.1:${port}/hook`;
}

describe('an endpoint that keeps failing', () => {
  const DAY = 24 * 60 * 60_000;
  const em = () => dev.db.orm.em.fork();
  const endpointOf = async (user: TestUser, id: string) =>
    (await user.client.rest<WebhookEndpointView[]>('GET', '/v1/webhooks/endpoints')).body.result!.find(
      (e) => e.id === id,
    )!;
  const mailTo = async (email: string) =>
    (await (await fetch(`${dev.url}/dev/outbox?to=${encodeURIComponent(email)}`)).json()) as {
      result: { subject: string; text: string }[];
    };

  async function failingEndpoint() {
    const owner = await buildUser(dev);
    const created = await owner.client.rest<{ endpoint: Endpoint }>('POST', '/v1/webhooks/createEndpoint', {
      url: await deadUrl(),
      events: ['response.created'],
    });
    expect(created.status).toBe(200);
    return { owner, endpoint: created.body.result!.endpoint, survey: await publishedSurvey(owner) };
  }

  /** A failing endpoint whose only message has had its first (failed) attempt. */
  async function failedOnce() {
    const failing = await failingEndpoint();
    await answer(dev, failing.survey);
    const [first] = await waitFor(
      () => deliveries(failing.owner, failing.endpoint.id),
      (d) => (d[0]?.attempts ?? 0) >= 1,
      20_000,
    );
    return { ...failing, first };
  }

  async function expectDisabledAndTold(owner: TestUser, endpoint: Endpoint) {
    expect(await endpointOf(owner, endpoint.id)).toMatchObject({
      enabled: false,
      disabledReason: 'Deliveries failed for 3 days',
    });
    const mails = (await mailTo(owner.email)).result.filter((m) => /webhook endpoint was disabled/.test(m.subject));
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain(endpoint.url);
    const notes = await owner.client.rest<{ notification: string }[]>('GET', '/v1/auth/user/getNotifications');
    expect(notes.body.result!.filter((n) => n.notification.includes(endpoint.url))).toHaveLength(1);
  }

  it('is disabled once it has failed for 3 days, and its owner is told by mail and in the app', async () => {
    const { owner, endpoint, survey } = await failingEndpoint();
    // it has been failing for 3 days (every attempt since then failed)
    await em().nativeUpdate(WebhookEndpoint, { id: endpoint.id }, { failingSince: new Date(Date.now() - 3 * DAY) });
    await answer(dev, survey);
    const [failed] = await waitFor(
      () => deliveries(owner, endpoint.id),
      (d) => d[0]?.status === 'failed',
      20_000,
    );
    expect(failed).toMatchObject({ attempts: 1, responseStatus: null, lastError: expect.any(String) });
    await expectDisabledAndTold(owner, endpoint);

    // a disabled endpoint is sent nothing new; a Redeliver enables it again
    await answer(dev, survey);
    expect(await deliveries(owner, endpoint.id)).toHaveLength(1);
    const again = await owner.client.rest<Delivery>('POST', '/v1/webhooks/redeliver', { id: failed.id });
    expect(again.status).toBe(200);
    // its failures count afresh: the redelivery fails and is retried, the endpoint stays enabled
    const [redelivery] = await waitFor(
      () => deliveries(owner, endpoint.id),
      (d) => d[0].id === again.body.result!.id && d[0].attempts >= 1,
      20_000,
    );
    expect(redelivery.status).toBe('pending');
    expect(await endpointOf(owner, endpoint.id)).toMatchObject({ enabled: true, disabledReason: null });
    expect(Date.now() - Date.parse((await endpointOf(owner, endpoint.id)).failingSince!.toString())).toBeLessThan(DAY);
  });

  it('retries its only message for 3 days, past 20 attempts, then gives it up and disables the endpoint', async () => {
    const { owner, endpoint, first } = await failedOnce();
    expect(first.status).toBe('pending');
    // 25 attempts in, the message is still inside its window: it is retried, not given up
    await em().nativeUpdate(WebhookDelivery, { id: first.id }, { attempts: 25 });
    const [retried] = await waitFor(
      () => deliveries(owner, endpoint.id),
      (d) => d[0].attempts >= 26,
      20_000,
    );
    expect(retried.status).toBe('pending');
    expect((await endpointOf(owner, endpoint.id)).enabled).toBe(true);
    // the message has now waited 3 days: its next failure is its last, and as the endpoint took
    // nothing in all that time it is disabled (its failingSince, set by the first attempt, is recent)
    await em().nativeUpdate(WebhookDelivery, { id: first.id }, { createdAt: new Date(Date.now() - 3 * DAY) });
    const [given] = await waitFor(
      () => deliveries(owner, endpoint.id),
      (d) => d[0].status === 'failed',
      30_000,
    );
    expect(given.attempts).toBeGreaterThanOrEqual(27);
    await expectDisabledAndTold(owner, endpoint);
  });

  it('gives up a 3-day-old message without disabling an endpoint that took another message meanwhile', async () => {
    const { owner, endpoint, first } = await failedOnce();
    // two days ago another message got through
    const fork = em();
    const ref = fork.getReference(WebhookEndpoint, endpoint.id);
    fork.create(WebhookDelivery, {
      endpoint: ref,
      messageId: 'msg_earlier',
      eventType: 'response.created',
      body: '{}',
      status: 'succeeded',
      attempts: 1,
      completedAt: new Date(Date.now() - 2 * DAY),
      createdAt: new Date(Date.now() - 2 * DAY),
    });
    await fork.flush();
    await fork.nativeUpdate(WebhookDelivery, { id: first.id }, { createdAt: new Date(Date.now() - 3 * DAY) });
    await waitFor(
      () => deliveries(owner, endpoint.id),
      (d) => d.find((x) => x.id === first.id)?.status === 'failed',
      30_000,
    );
    expect(await endpointOf(owner, endpoint.id)).toMatchObject({ enabled: true, disabledReason: null });
    expect((await mailTo(owner.email)).result.filter((m) => /disabled/.test(m.subject))).toEqual([]);
  });
});

describe('payout events', () => {
  let c: TestChain;
  let server: TestServer;
  let owner: TestUser;
  let key: KeyPair;
  beforeAll(async () => {
    c = await startTestChain();
    server = await startTestServer({ ...c.env, NODE_ENV: 'development', WEBHOOK_RETRY_SECONDS: '1' });
    owner = await buildUser(server);
    key = await buildKey(owner);
  });
  afterAll(async () => {
    await server?.close();
    await c?.stop();
  });

  it('delivers payout.sent and payout.failed, signed, with the payout, its amount and its transaction', async () => {
    const created = await owner.client.rest<{ secret: string; endpoint: Endpoint }>(
      'POST',
      '/v1/webhooks/createEndpoint',
      { url: receiver.url, events: ['payout.sent', 'payout.failed'] },
    );
    const previousSecret = receiver.state.secret;
    receiver.state.secret = created.body.result!.secret;
    onTestFinished(() => {
      receiver.state.secret = previousSecret;
    });
    const payoutMessages = () => receiver.received.filter((m) => m.body.type.startsWith('payout.'));
    const before = payoutMessages().length;

    // paid from a funded escrow
    const paid = await publishFundedCollection(c, owner, key, 10, 2);
    const { walletAddress } = await submitCollection(server.url, paid, key);
    // a closed escrow (the requester took the rest back) pays nobody: the payout fails
    const closed = await publishFundedCollection(c, owner, key, 10, 2);
    await (await attachContract('RequestEscrow', closed.escrow, c.requester).getFunction('close')()).wait();
    await submitCollection(server.url, closed, key);

    const messages = await waitFor(
      async () => payoutMessages().slice(before),
      (m) => m.length === 2,
      30_000,
    );
    expect(messages.every((m) => m.verified)).toBe(true);
    const byType = Object.fromEntries(messages.map((m) => [m.body.type, m.body.data]));
    expect(byType['payout.sent']).toEqual({
      payoutId: expect.any(String),
      requestId: paid.id,
      amount: 2,
      txHash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
      failureMessage: null,
      topUp: false,
    });
    expect(await c.balance(walletAddress)).toBe(2n);
    expect(byType['payout.failed']).toEqual({
      payoutId: expect.any(String),
      requestId: closed.id,
      amount: 2,
      txHash: null,
      failureMessage: 'The escrow is closed',
      topUp: false,
    });
  });
});

describe('webhook addresses outside development', () => {
  let server: TestServer;
  let carol: TestUser;
  beforeAll(async () => {
    server = await startTestServer({ WEBHOOK_RETRY_SECONDS: '1' });
    carol = await buildUser(server);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('refuses http, and loopback, private and link-local addresses, when added', async () => {
    for (const url of [
      receiver.url,
      `https://127.0.0.1:${receiver.port}/hook`,
      'https://localhost/hook',
      'https://10.1.2.3/hook',
      'https://192.168.1.1/hook',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/hook',
      'https://[fe80::1]/hook',
      'https://[::ffff:127.0.0.1]/hook',
    ]) {
      const res = await carol.client.rest('POST', '/v1/webhooks/createEndpoint', { url, events: ['response.created'] });
      expectError(res, 400, 'BAD_USER_INPUT');
    }
    expect((await carol.client.rest('GET', '/v1/webhooks/endpoints')).body.result).toEqual([]);
  });

  it('refuses to deliver to a name that resolves to a loopback address, checked on the resolved address', async () => {
    receiver.received.length = 0;
    // this machine's own name resolves to one of its addresses: loopback or private
    const url = `https://${os.hostname()}:${receiver.port}/hook`;
    const created = await carol.client.rest<{ endpoint: Endpoint }>('POST', '/v1/webhooks/createEndpoint', {
      url,
      events: ['response.created'],
    });
    expect(created.status).toBe(200);
    await answer(server, await publishedSurvey(carol));
    const log = await waitFor(
      () => deliveries(carol, created.body.result!.endpoint.id),
      (d) => (d[0]?.attempts ?? 0) >= 2,
      30_000,
    );
    expect(log[0]).toMatchObject({
      status: 'pending',
      responseStatus: null,
      lastError: expect.stringContaining('refused'),
    });
    expect(receiver.received).toEqual([]);
  });

  it('classifies addresses', () => {
    for (const a of [
      '127.0.0.1',
      '10.0.0.1',
      '172.16.5.4',
      '192.168.0.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::',
      'fe80::1',
      'fd00::1',
      '::ffff:10.0.0.1',
    ]) {
      expect(isForbiddenAddress(a)).toBe(true);
    }
    for (const a of ['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8']) {
      expect(isForbiddenAddress(a)).toBe(false);
    }
  });
});
