import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CreditEntry } from '../../api/src/modules/billing/credit-entry.entity';
import { Purchase } from '../../api/src/modules/billing/purchase.entity';
import { PAYMENT_INTENT_LIMIT } from '../../api/src/modules/billing/purchases.service';
import {
  balanceOf,
  buyCredit,
  DECLINED_CARD,
  GOOD_CARD,
  startCheckout,
  type PurchaseDto,
  type StartedDto,
} from './support/billing';
import { gqlCode, TestClient } from './support/client';
import { dbSnapshot } from './support/db-snapshot';
import { buildUser, type TestUser } from './support/factories';
import { startTestServer, type TestServer } from './support/server';

let server: TestServer;
let alice: TestUser;
let mallory: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  [alice, mallory] = await Promise.all([buildUser(server), buildUser(server)]);
});
afterAll(async () => {
  await server?.close();
});

const counts = async () => {
  const em = server.db.orm.em.fork();
  return { purchases: await em.count(Purchase, {}), entries: await em.count(CreditEntry, {}) };
};

const pay = (client: TestClient, purchaseId: string, card = GOOD_CARD) =>
  client.rest<PurchaseDto>('POST', '/v1/billing/confirmSandboxPayment', { purchaseId, ...card });

describe('plans', () => {
  it('come from the server plan table, over GraphQL and REST, without logging in', async () => {
    const anon = new TestClient(server.url);
    const gql = await anon.gql<{ plans: unknown[] }>(`{ plans { item name priceCents currency tokens free } }`);
    const expected = [
      { item: '5credits', name: 'Trial', priceCents: 0, currency: 'usd', tokens: 5, free: true },
      { item: '10credits', name: 'Starter', priceCents: 1000, currency: 'usd', tokens: 10, free: false },
      { item: '55credits', name: 'Bulk discount 1', priceCents: 5000, currency: 'usd', tokens: 55, free: false },
      { item: '120credits', name: 'Bulk discount 2', priceCents: 10000, currency: 'usd', tokens: 120, free: false },
    ];
    expect(gql.data?.plans).toEqual(expected);
    expect((await anon.rest('GET', '/v1/billing/plans')).body.result).toEqual(expected);
    const unknown = await anon.gql<{ plan: { item: string; tokens: number } }>(
      `{ plan(item: "999credits") { item tokens } }`,
    );
    expect(unknown.data?.plan).toEqual({ item: '5credits', tokens: 5 });
  });
});

describe('sandbox checkout', () => {
  it('keeps Stripe out of the page CSP when Stripe is not configured', async () => {
    const csp = (await fetch(`${server.url}/healthz`)).headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('stripe.com');
  });

  it(`limits a user to ${PAYMENT_INTENT_LIMIT.max} checkouts per window: the next is 429 RATE_LIMITED and creates nothing`, async () => {
    const carol = await buildUser(server);
    for (let i = 0; i < PAYMENT_INTENT_LIMIT.max; i++) await startCheckout(carol.client, '10credits');
    const before = await counts();
    const refused = await carol.client.rest('POST', '/v1/billing/paymentIntent', {
      items: '10credits',
      currency: 'usd',
    });
    expect(refused.status).toBe(429);
    expect(refused.body.error?.code).toBe('RATE_LIMITED');
    expect(await counts()).toEqual(before);
    // other users are not affected
    const dave = await buildUser(server);
    expect((await startCheckout(dave.client, '10credits')).purchase.status).toBe('pending');
  });

  it('buys Starter with the good test card: credited once, visibly test mode', async () => {
    const bob = await buildUser(server);
    const started = await startCheckout(bob.client, '10credits');
    expect(started).toMatchObject({
      clientSecret: null,
      paymentMode: 'sandbox',
      purchase: { item: '10credits', planName: 'Starter', amountCents: 1000, tokens: 10, status: 'pending' },
    });
    const paid = await pay(bob.client, started.purchase.id);
    expect(paid.body.result).toMatchObject({ status: 'succeeded', failureMessage: null, gateway: 'sandbox' });
    // paying again, or re-checking, credits nothing more
    expect((await pay(bob.client, started.purchase.id)).body.result?.status).toBe('succeeded');
    const recheck = await bob.client.rest<PurchaseDto>('POST', '/v1/billing/confirmPurchase', {
      purchaseId: started.purchase.id,
    });
    expect(recheck.body.result?.status).toBe('succeeded');
    expect(await balanceOf(bob.client)).toBe(10);
  });

  it('declines 4000 0000 0000 0002 with the message the UI shows after "Payment failed"', async () => {
    const carol = await buildUser(server);
    const started = await startCheckout(carol.client, '55credits');
    const declined = await pay(carol.client, started.purchase.id, DECLINED_CARD);
    expect(declined.status).toBe(200);
    expect(declined.body.result).toMatchObject({ status: 'failed', failureMessage: 'Your card was declined.' });
    expect(await balanceOf(carol.client)).toBe(0);
    // another card on the same checkout works, as with Stripe
    expect((await pay(carol.client, started.purchase.id)).body.result?.status).toBe('succeeded');
    expect(await balanceOf(carol.client)).toBe(55);
  });

  it('treats an expired card as a decline, and refuses card numbers outside the test list', async () => {
    const dave = await buildUser(server);
    const started = await startCheckout(dave.client, '10credits');
    const expired = await pay(dave.client, started.purchase.id, { ...GOOD_CARD, expiry: '01/20' });
    expect(expired.body.result).toMatchObject({ status: 'failed', failureMessage: 'Your card has expired.' });

    const before = await counts();
    // a real-looking (Luhn-valid) number is refused outright and never echoed back
    const real = await pay(dave.client, started.purchase.id, { ...GOOD_CARD, cardNumber: '4111 1111 1111 1111' });
    expect(real.status).toBe(400);
    expect(real.body.error?.code).toBe('BAD_USER_INPUT');
    expect(JSON.stringify(real.body)).not.toContain('4111');
    for (const card of [
      { ...GOOD_CARD, expiry: '13/30' },
      { ...GOOD_CARD, cvc: '12' },
    ]) {
      expect((await pay(dave.client, started.purchase.id, card)).status).toBe(400);
    }
    expect(await counts()).toEqual(before);
    expect(await balanceOf(dave.client)).toBe(0);
  });

  it('falls back to the free 5-token plan for an unknown item, and credits it once per account', async () => {
    const erin = await buildUser(server);
    const claimedYet = async () => (await erin.client.gql<{ freePlanClaimed: boolean }>('{ freePlanClaimed }')).data;
    expect(await claimedYet()).toEqual({ freePlanClaimed: false });
    const started = await startCheckout(erin.client, 'no-such-plan');
    expect(started.purchase).toMatchObject({ item: '5credits', amountCents: 0, tokens: 5, gateway: 'free' });
    const claimed = await erin.client.rest<PurchaseDto>('POST', '/v1/billing/confirmPurchase', {
      purchaseId: started.purchase.id,
    });
    expect(claimed.body.result?.status).toBe('succeeded');
    expect(await balanceOf(erin.client)).toBe(5);
    // the checkout can say so before offering the plan again
    expect(await claimedYet()).toEqual({ freePlanClaimed: true });
    expect(gqlCode(await new TestClient(server.url).gql('{ freePlanClaimed }'))).toBe('UNAUTHENTICATED');

    const before = await dbSnapshot(server);
    const again = await erin.client.rest('POST', '/v1/billing/paymentIntent', { items: '5credits', currency: 'usd' });
    expect(again.status).toBe(409);
    expect(again.body.error).toEqual({ code: 'CONFLICT', message: 'The free plan can be claimed once per account' });
    // the refusal writes nothing, not even a count against the checkout limit
    expect(await dbSnapshot(server)).toEqual(before);
    expect(await balanceOf(erin.client)).toBe(5);
  });

  it('credits the free plan once even when two checkouts were opened before claiming', async () => {
    const frank = await buildUser(server);
    const [a, b] = [await startCheckout(frank.client, '5credits'), await startCheckout(frank.client, '5credits')];
    const results = await Promise.all(
      [a, b].map((s) => frank.client.rest('POST', '/v1/billing/confirmPurchase', { purchaseId: s.purchase.id })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await balanceOf(frank.client)).toBe(5);
  });

  it('takes the amount from the plan table only: a client-sent amount is refused', async () => {
    const before = await counts();
    for (const body of [
      { items: '10credits', currency: 'usd', amount: 1 },
      { items: [{ id: '120credits', amount: 1 }], currency: 'usd' },
      { items: '10credits', currency: 'usd', tokens: 1000 },
    ]) {
      const res = await alice.client.rest('POST', '/v1/billing/paymentIntent', body);
      expect(res.status).toBe(400);
      expect(res.body.error?.code).toBe('BAD_USER_INPUT');
    }
    expect(await counts()).toEqual(before);
    // the legacy item shape is accepted and priced by the server
    const legacy = await alice.client.rest<StartedDto>('POST', '/v1/billing/paymentIntent', {
      items: [{ id: '120credits' }],
      currency: 'USD',
    });
    expect(legacy.body.result?.purchase).toMatchObject({ amountCents: 10000, tokens: 120, currency: 'usd' });
  });

  it('rejects other currencies and malformed input, writing nothing', async () => {
    const before = await counts();
    for (const body of [
      { items: '10credits', currency: 'eur' },
      { items: '', currency: 'usd' },
      { items: ['10credits', '55credits'], currency: 'usd' },
      { currency: 'usd' },
      { items: 10, currency: 'usd' },
    ]) {
      const res = await alice.client.rest('POST', '/v1/billing/paymentIntent', body);
      expect(res.status).toBe(400);
    }
    for (const body of [{ purchaseId: 'nope' }, {}, { purchaseId: crypto.randomUUID(), extra: 1 }]) {
      expect((await alice.client.rest('POST', '/v1/billing/confirmPurchase', body)).status).toBe(400);
    }
    expect(await counts()).toEqual(before);
  });

  it('works the same over GraphQL', async () => {
    const gina = await buildUser(server);
    const started = await gina.client.gql<{
      createPaymentIntent: {
        clientSecret: string | null;
        paymentMode: string;
        purchase: { id: string; tokens: number };
      };
    }>(
      `mutation { createPaymentIntent(input: { item: "55credits", currency: "usd" }) { clientSecret paymentMode purchase { id tokens status } } }`,
    );
    expect(started.data?.createPaymentIntent).toMatchObject({ clientSecret: null, paymentMode: 'sandbox' });
    const purchaseId = started.data!.createPaymentIntent.purchase.id;
    const declined = await gina.client.gql<{ confirmSandboxPayment: { status: string; failureMessage: string } }>(
      `mutation($input: SandboxPaymentInput!) { confirmSandboxPayment(input: $input) { status failureMessage } }`,
      { input: { purchaseId, ...DECLINED_CARD } },
    );
    expect(declined.data?.confirmSandboxPayment).toEqual({
      status: 'failed',
      failureMessage: 'Your card was declined.',
    });
    const paid = await gina.client.gql<{ confirmSandboxPayment: { status: string } }>(
      `mutation($input: SandboxPaymentInput!) { confirmSandboxPayment(input: $input) { status } }`,
      { input: { purchaseId, ...GOOD_CARD } },
    );
    expect(paid.data?.confirmSandboxPayment.status).toBe('succeeded');
    const read = await gina.client.gql<{ purchase: { status: string }; me: { credit: number } }>(
      `query($id: ID!) { purchase(id: $id) { status } me { credit } }`,
      { id: purchaseId },
    );
    expect(read.data).toEqual({ purchase: { status: 'succeeded' }, me: { credit: 55 } });
  });
});

describe('authorization', () => {
  it("another user cannot see, pay or confirm alice's purchase", async () => {
    const started = await startCheckout(alice.client, '10credits');
    const id = started.purchase.id;
    expect((await mallory.client.rest('GET', '/v1/billing/purchase', undefined, { purchaseId: id })).status).toBe(404);
    expect((await pay(mallory.client, id)).status).toBe(404);
    expect((await mallory.client.rest('POST', '/v1/billing/confirmPurchase', { purchaseId: id })).status).toBe(404);
    expect(gqlCode(await mallory.client.gql(`query($id: ID!) { purchase(id: $id) { id } }`, { id }))).toBe('NOT_FOUND');
    expect(await balanceOf(mallory.client)).toBe(0);
    const mine = await alice.client.rest<PurchaseDto>('GET', '/v1/billing/purchase', undefined, { purchaseId: id });
    expect(mine.body.result?.status).toBe('pending');
  });

  it('anonymous callers get UNAUTHENTICATED', async () => {
    const anon = new TestClient(server.url);
    for (const [method, path] of [
      ['POST', '/v1/billing/paymentIntent'],
      ['POST', '/v1/billing/confirmPurchase'],
      ['POST', '/v1/billing/confirmSandboxPayment'],
    ] as const) {
      expect((await anon.rest(method, path, {})).status).toBe(401);
    }
    expect(
      gqlCode(
        await anon.gql(
          `mutation { createPaymentIntent(input: { item: "10credits", currency: "usd" }) { clientSecret } }`,
        ),
      ),
    ).toBe('UNAUTHENTICATED');
  });

  it('the Stripe webhook is off in sandbox mode', async () => {
    const res = await new TestClient(server.url).rest('POST', '/v1/billing/webhook', {
      type: 'payment_intent.succeeded',
    });
    expect(res.status).toBe(404);
    expect(res.body.error?.code).toBe('NOT_FOUND');
  });
});

describe('GET /v1/config', () => {
  it('reports sandbox payments with the test cards, and a chain that is not configured', async () => {
    const res = await new TestClient(server.url).rest<Record<string, unknown>>('GET', '/v1/config');
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({
      chainId: null,
      rpcUrl: null,
      iptTokenAddress: null,
      escrowFactoryAddress: null,
      chainError: expect.stringContaining('No chain is configured'),
      stripePublishableKey: null,
      paymentMode: 'sandbox',
    });
    expect(res.body.result?.testCards).toContainEqual({
      number: '4242424242424242',
      brand: 'Visa',
      outcome: 'succeeds',
      message: null,
    });
    const gql = await new TestClient(server.url).gql<{ runtimeConfig: { paymentMode: string } }>(
      `{ runtimeConfig { paymentMode chainId chainError testCards { number outcome message } } }`,
    );
    expect(gql.data?.runtimeConfig.paymentMode).toBe('sandbox');
  });

  it('buying still works while the chain is off; withdrawing reports CHAIN_UNAVAILABLE and takes nothing', async () => {
    const hank = await buildUser(server);
    await buyCredit(hank.client, '10credits');
    const res = await hank.client.rest('POST', '/v1/billing/withdraw', {
      amount: 1,
      walletAddress: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
      idempotencyKey: 'chain-off-1',
    });
    expect(res.status).toBe(503);
    expect(res.body.error?.code).toBe('CHAIN_UNAVAILABLE');
    expect(await balanceOf(hank.client)).toBe(10);
  });
});
