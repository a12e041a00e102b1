import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CreditEntry } from '../../api/src/modules/billing/credit-entry.entity';
import { Purchase } from '../../api/src/modules/billing/purchase.entity';
import { balanceOf, startCheckout, type PurchaseDto } from './support/billing';
import { TestClient } from './support/client';
import { buildUser, type TestUser } from './support/factories';
import { FakeStripe, type FakeIntent } from './support/fake-stripe';
import { startTestServer, type TestServer } from './support/server';

// Stripe offline: the SDK's API calls go to a local fake (STRIPE_API_BASE); webhooks are signed
// with the SDK's own test helper, exactly as Stripe signs them.
const WEBHOOK_SECRET = 'whsec_test_parley_secret';
const signer = new Stripe('sk_test_signer_only');

let server: TestServer;
let stripe: FakeStripe;
let alice: TestUser;

beforeAll(async () => {
  stripe = new FakeStripe();
  const base = await stripe.start();
  server = await startTestServer({
    STRIPE_SECRET_KEY: 'sk_test_parley',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_parley',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: base,
  });
  alice = await buildUser(server);
});
afterAll(async () => {
  await server?.close();
  await stripe?.stop();
});

let eventSeq = 0;
function webhookBody(type: string, intent: FakeIntent): string {
  return JSON.stringify({
    id: `evt_test_${++eventSeq}`,
    object: 'event',
    type,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    data: { object: intent },
  });
}

async function deliver(payload: string, header: string) {
  const res = await fetch(`${server.url}/v1/billing/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': header },
    body: payload,
  });
  return { status: res.status, body: (await res.json()) as { result?: unknown; error?: { code: string } } };
}

const sign = (payload: string, timestamp?: number) =>
  signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET, timestamp });

const ledgerEntries = (reference: string) => server.db.orm.em.fork().count(CreditEntry, { reference });

describe('Stripe payment intents', () => {
  it('creates the PaymentIntent with the plan price and hands the browser its client secret', async () => {
    const started = await startCheckout(alice.client, '55credits');
    expect(started.paymentMode).toBe('stripe');
    expect(started.clientSecret).toMatch(/^pi_fake\d+_secret_fake$/);
    const call = stripe.calls.find((c) => c.method === 'POST' && c.path === '/v1/payment_intents')!;
    expect(call.params.get('amount')).toBe('5000');
    expect(call.params.get('currency')).toBe('usd');
    expect(call.params.get('metadata[purchaseId]')).toBe(started.purchase.id);
    expect(call.headers['idempotency-key']).toBe(`purchase-${started.purchase.id}`);
  });

  it('10 duplicate webhook deliveries credit once', async () => {
    const bob = await buildUser(server);
    const started = await startCheckout(bob.client, '10credits');
    const intentId = started.clientSecret!.split('_secret')[0];
    const payload = webhookBody('payment_intent.succeeded', stripe.succeed(intentId));
    const header = sign(payload);
    const results = await Promise.all(Array.from({ length: 10 }, () => deliver(payload, header)));
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(await balanceOf(bob.client)).toBe(10);
    expect(await ledgerEntries(`purchase:${started.purchase.id}`)).toBe(1);
    const purchase = await bob.client.rest<PurchaseDto>('GET', '/v1/billing/purchase', undefined, {
      purchaseId: started.purchase.id,
    });
    expect(purchase.body.result?.status).toBe('succeeded');
  });

  it('the server-side re-check credits once, whichever of it and the webhook comes first', async () => {
    const carol = await buildUser(server);
    const started = await startCheckout(carol.client, '120credits');
    const intentId = started.clientSecret!.split('_secret')[0];
    const check = () =>
      carol.client.rest<PurchaseDto>('POST', '/v1/billing/confirmPurchase', { purchaseId: started.purchase.id });

    // before the browser confirmed: still pending, nothing credited
    expect((await check()).body.result?.status).toBe('pending');
    expect(await balanceOf(carol.client)).toBe(0);

    const payload = webhookBody('payment_intent.succeeded', stripe.succeed(intentId));
    const [a, b, c] = await Promise.all([check(), deliver(payload, sign(payload)), check()]);
    expect([a.body.result?.status, b.status, c.body.result?.status]).toEqual(['succeeded', 200, 'succeeded']);
    expect(await balanceOf(carol.client)).toBe(120);
    expect(await ledgerEntries(`purchase:${started.purchase.id}`)).toBe(1);
  });

  it('a declined card reaches the purchase as its failure message', async () => {
    const dave = await buildUser(server);
    const started = await startCheckout(dave.client, '10credits');
    const intentId = started.clientSecret!.split('_secret')[0];
    const payload = webhookBody('payment_intent.payment_failed', stripe.decline(intentId, 'Your card was declined.'));
    expect((await deliver(payload, sign(payload))).status).toBe(200);
    const purchase = await dave.client.rest<PurchaseDto>('POST', '/v1/billing/confirmPurchase', {
      purchaseId: started.purchase.id,
    });
    expect(purchase.body.result).toMatchObject({ status: 'failed', failureMessage: 'Your card was declined.' });
    expect(await balanceOf(dave.client)).toBe(0);
  });

  it('rejects tampered, stale, unsigned and wrongly signed webhooks with 400, crediting nothing', async () => {
    const erin = await buildUser(server);
    const started = await startCheckout(erin.client, '10credits');
    const intentId = started.clientSecret!.split('_secret')[0];
    // the intent is NOT paid; each forged event claims it is
    const paid: FakeIntent = { ...stripe.intents.get(intentId)!, status: 'succeeded', amount_received: 1000 };
    const payload = webhookBody('payment_intent.succeeded', paid);

    const tampered = payload.replace('"amount_received":1000', '"amount_received":1001');
    const stale = sign(payload, Math.floor(Date.now() / 1000) - 600);
    const otherSecret = signer.webhooks.generateTestHeaderString({ payload, secret: 'whsec_not_ours' });
    for (const [body, header] of [
      [tampered, sign(payload)],
      [payload, stale],
      [payload, otherSecret],
      [payload, 't=1,v1=deadbeef'],
    ]) {
      const res = await deliver(body, header);
      expect(res.status).toBe(400);
      expect(res.body.error?.code).toBe('BAD_USER_INPUT');
    }
    const unsigned = await new TestClient(server.url).rest('POST', '/v1/billing/webhook', JSON.parse(payload));
    expect(unsigned.status).toBe(400);
    expect(await balanceOf(erin.client)).toBe(0);
    expect(await ledgerEntries(`purchase:${started.purchase.id}`)).toBe(0);
  });

  it('acknowledges events it does not handle and intents that are not ours', async () => {
    const foreign: FakeIntent = {
      id: 'pi_someone_else',
      object: 'payment_intent',
      amount: 100,
      amount_received: 100,
      currency: 'usd',
      status: 'succeeded',
      client_secret: 'x',
      last_payment_error: null,
      metadata: {},
    };
    for (const type of ['payment_intent.succeeded', 'charge.refunded']) {
      const payload = webhookBody(type, foreign);
      expect((await deliver(payload, sign(payload))).status).toBe(200);
    }
  });

  it('sandbox payments are off when Stripe is configured', async () => {
    const started = await startCheckout(alice.client, '10credits');
    const res = await alice.client.rest('POST', '/v1/billing/confirmSandboxPayment', {
      purchaseId: started.purchase.id,
      cardNumber: '4242424242424242',
      expiry: '12/39',
      cvc: '123',
    });
    expect(res.status).toBe(400);
  });

  it('reports stripe mode and the publishable key (never the secret ones) in /v1/config', async () => {
    const res = await new TestClient(server.url).rest<Record<string, unknown>>('GET', '/v1/config');
    expect(res.body.result).toMatchObject({
      paymentMode: 'stripe',
      stripePublishableKey: 'pk_test_parley',
      testCards: [],
    });
    expect(JSON.stringify(res.body)).not.toMatch(/sk_test|whsec_/);
  });

  it('lets Stripe.js load, frame its card element and call its API under the page CSP', async () => {
    const csp = (await fetch(`${server.url}/healthz`)).headers.get('content-security-policy') ?? '';
    const directive = (name: string) => csp.split(';').find((d) => d.trim().startsWith(`${name} `)) ?? '';
    expect(directive('script-src')).toContain('https://js.stripe.com');
    expect(directive('frame-src')).toContain('https://hooks.stripe.com');
    expect(directive('connect-src')).toContain('https://api.stripe.com');
  });

  it('answers PAYMENT_PROVIDER_ERROR (and records the failure) when Stripe cannot be reached', async () => {
    const unreachable = await startTestServer({
      STRIPE_SECRET_KEY: 'sk_test_parley',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_parley',
      STRIPE_API_BASE: 'http://127.0.0.1:9', // discard port: connection refused
    });
    try {
      const frank = await buildUser(unreachable);
      const res = await frank.client.rest('POST', '/v1/billing/paymentIntent', { items: '10credits', currency: 'usd' });
      expect(res.status).toBe(502);
      expect(res.body.error?.code).toBe('PAYMENT_PROVIDER_ERROR');
      const recorded = await unreachable.db.orm.em.fork().find(Purchase, { user: frank.id });
      expect(recorded.map((p) => p.status)).toEqual(['failed']);
    } finally {
      await unreachable.close();
    }
  });
});
