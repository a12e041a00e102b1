import { Wallet, type Contract } from 'ethers';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Payout } from '../../api/src/modules/payouts/payout.entity';
import { DataRequest } from '../../api/src/modules/requests/request.entity';
import { User } from '../../api/src/modules/users/user.entity';
import { WebhookDelivery, WebhookEndpoint } from '../../api/src/modules/webhooks/webhook.entities';
import { attachContract, devAccounts } from '../../scripts/chain/anvil';
import { encryptCollectionResponse } from '../../scripts/simulate/response-crypto';
import { balanceOf, buyCredit } from './support/billing';
import { TestClient } from './support/client';
import {
  fundEscrow as fundWith,
  publishFundedCollection,
  startTestChain,
  submitCollection,
  type TestChain,
} from './support/escrow';
import { buildUser, type TestUser } from './support/factories';
import {
  buildKey,
  collectionBody,
  createRequest,
  expectError,
  newDevice,
  type KeyPair,
  type LegacyRequest,
} from './support/requests';
import { startTestServer, type TestServer } from './support/server';

// A real anvil with the real contracts (support/escrow.ts): dev account 0 is the factory's operator
// and the server's treasury, dev account 1 the requester's browser wallet.
let c: TestChain;
let server: TestServer;
let alice: TestUser;
let key: KeyPair;
const strangerAccount = devAccounts(3)[2];
let requesterWallet: Wallet;
let provider: TestChain['provider'];
let token: Contract;

beforeAll(async () => {
  c = await startTestChain();
  provider = c.provider;
  requesterWallet = c.requester;
  token = attachContract('IPTToken', c.deployment.token, provider);
  server = await startTestServer(c.env);
  alice = await buildUser(server);
  key = await buildKey(alice);
});
afterAll(async () => {
  await server?.close();
  await c?.stop();
});

const em = () => server.db.orm.em.fork();
const onChain = (address: string) => c.balance(address);
const phone = () => new TestClient(server.url);
const fundEscrow = (requestId: string, amount: bigint, each: bigint) => fundWith(c, requestId, amount, each);
const publishedCollection = (amount: number, each: number) => publishFundedCollection(c, alice, key, amount, each);
const submit = (r: LegacyRequest, walletAddress?: string, deviceId?: string) =>
  submitCollection(server.url, r, key, walletAddress, deviceId);

describe('publishing checks the escrow on-chain', () => {
  it("refuses an escrow that is missing, someone else's, too small or paying another bonus", async () => {
    const id = randomUUID();
    const body = (overrides: Record<string, unknown>) =>
      collectionBody(key.id, {
        id,
        bonus_amount: 10,
        bonus_each: 2,
        status: 1,
        address: requesterWallet.address,
        ...overrides,
      });
    const missing = await alice.client.rest(
      'POST',
      '/v1/request/create',
      body({ newchild: Wallet.createRandom().address }),
    );
    expectError(missing, 400, 'BAD_USER_INPUT');
    expect(missing.body.error?.message).toContain('No escrow exists');

    const escrow = await fundEscrow(id, 10n, 2n);
    for (const [overrides, words] of [
      [{ newchild: Wallet.createRandom().address }, 'not'],
      [{ newchild: escrow, address: strangerAccount.address }, 'created by'],
      [{ newchild: escrow, bonus_amount: 12 }, 'holds 10 IPT'],
      [{ newchild: escrow, bonus_each: 1 }, 'pays 2 IPT per response'],
    ] as const) {
      const res = await alice.client.rest('POST', '/v1/request/create', body(overrides));
      expectError(res, 400, 'BAD_USER_INPUT');
      expect(res.body.error?.message).toContain(words);
    }
    const ok = await alice.client.rest<LegacyRequest>('POST', '/v1/request/create', body({ newchild: escrow }));
    expect(ok.status).toBe(200);
    expect(ok.body.result).toMatchObject({ status: 1, newchild: escrow, escrow_verified: true });
  });

  it('publishes a saved draft once its escrow is funded', async () => {
    const draft = await createRequest(alice, collectionBody(key.id, { bonus_amount: 6, bonus_each: 3 }));
    const escrow = await fundEscrow(draft.id, 6n, 3n);
    const res = await alice.client.rest<LegacyRequest>('POST', '/request.api/edit', {
      id: draft.id,
      status: 1,
      contract_id: escrow.toLowerCase(),
      addressSigner: requesterWallet.address,
    });
    expect(res.body.result).toMatchObject({ status: 1, newchild: escrow, addressSigner: requesterWallet.address });
  });
});

describe('participant payouts', () => {
  it('pays bonus_each from the escrow to the wallet of an accepted submission', async () => {
    // alice's integration hears of it (the delivery itself is webhooks.test.ts's business)
    const hooks = em();
    hooks.create(WebhookEndpoint, {
      user: hooks.getReference(User, alice.id),
      url: 'https://hooks.example.test/parley',
      events: ['payout.sent'],
      secret: 'whsec_' + Buffer.alloc(24, 1).toString('base64'),
    });
    await hooks.flush();
    const r = await publishedCollection(10, 2);
    const { walletAddress, deviceId } = await submit(r);
    await server.services.payouts.drain();
    const [event] = await em().find(WebhookDelivery, { eventType: 'payout.sent' });
    expect(JSON.parse(event.body)).toMatchObject({
      type: 'payout.sent',
      data: { requestId: r.id, amount: 2, txHash: expect.stringMatching(/^0x/), payoutId: expect.any(String) },
    });
    expect(await onChain(walletAddress)).toBe(2n);
    expect(await onChain(r.escrow)).toBe(8n);
    const state = await phone().rest<{ payout: { status: string; txHash: string; amount: number } }>(
      'GET',
      '/v1/requestClient/checkSubmitted',
      undefined,
      { requestId: r.id, deviceId },
    );
    expect(state.body.result?.payout).toMatchObject({
      status: 'sent',
      amount: 2,
      txHash: expect.stringMatching(/^0x/),
    });
  });

  it('pays exactly once when the job runs several times at once', async () => {
    const r = await publishedCollection(10, 2);
    const wallet = Wallet.createRandom().address;
    // a pending payout without a job (one whose job used up its retries while the chain was down)
    const fork = em();
    const payout = fork.create(Payout, {
      request: fork.getReference(DataRequest, r.id),
      escrowAddress: r.escrow,
      walletAddress: wallet,
      amount: 2,
    });
    await fork.flush();

    const { payouts } = server.services;
    await Promise.all([
      payouts.runDue(em()),
      payouts.runDue(em()),
      payouts.process(em(), payout.id),
      payouts.runDue(em()),
    ]);
    expect(await onChain(wallet)).toBe(2n);
    expect(await onChain(r.escrow)).toBe(8n);
    const row = await em().findOneOrFail(Payout, payout.id);
    expect(row).toMatchObject({ status: 'sent', txHash: expect.stringMatching(/^0x/) });
    expect(await attachContract('RequestEscrow', r.escrow, provider).getFunction('isPaid')(wallet)).toBe(true);

    // running again changes nothing
    await payouts.process(em(), payout.id);
    expect(await onChain(wallet)).toBe(2n);
  });

  it('sends the stored transaction after a crash between signing and broadcasting', async () => {
    const r = await publishedCollection(10, 2);
    const wallet = Wallet.createRandom().address;
    const fork = em();
    const payout = fork.create(Payout, {
      request: fork.getReference(DataRequest, r.id),
      escrowAddress: r.escrow,
      walletAddress: wallet,
      amount: 2,
    });
    await fork.flush();
    const signed = await server.services.chain.signEscrowPay(r.escrow, wallet);
    await em().nativeUpdate(
      Payout,
      { id: payout.id },
      { txHash: signed.hash, rawTx: signed.raw, nonce: signed.nonce, fromAddress: signed.from },
    );
    expect(await provider.getTransaction(signed.hash)).toBeNull();
    await server.services.payouts.runDue(em());
    expect(await em().findOneOrFail(Payout, payout.id)).toMatchObject({ status: 'sent', txHash: signed.hash });
    expect(await onChain(wallet)).toBe(2n);
  });

  it('stops when the escrow is exhausted or closed, moving no tokens', async () => {
    const r = await publishedCollection(4, 2);
    await submit(r);
    await submit(r);
    await server.services.payouts.drain();
    expect(await onChain(r.escrow)).toBe(0n);
    // the server takes no third response...
    const sealed = await encryptCollectionResponse(r.id, key.publicKeyPem, {});
    const third = await phone().rest('POST', '/v1/requestClient/submitCollection', {
      requestId: r.id,
      deviceId: newDevice(),
      walletAddress: Wallet.createRandom().address,
      ...sealed,
    });
    expectError(third, 409, 'CONFLICT');
    // ...and a payout owed beyond the funds (e.g. recorded by an older server) fails, unpaid
    const wallet = Wallet.createRandom().address;
    const fork = em();
    const extra = fork.create(Payout, {
      request: fork.getReference(DataRequest, r.id),
      escrowAddress: r.escrow,
      walletAddress: wallet,
      amount: 2,
    });
    await fork.flush();
    const done = await server.services.payouts.process(em(), extra.id);
    expect(done).toMatchObject({
      status: 'failed',
      failureMessage: expect.stringContaining('exhausted'),
      txHash: null,
    });
    expect(await onChain(wallet)).toBe(0n);

    // a closed escrow (the requester took the rest back) pays nobody either
    const closing = await publishedCollection(10, 2);
    const escrow = attachContract('RequestEscrow', closing.escrow, requesterWallet);
    await (await escrow.getFunction('close')()).wait();
    const late = await submit(closing);
    await server.services.payouts.drain();
    const row = await em().findOneOrFail(Payout, { walletAddress: late.walletAddress });
    expect(row).toMatchObject({ status: 'failed', failureMessage: 'The escrow is closed' });
    expect(await onChain(late.walletAddress)).toBe(0n);
  });

  it('never reverses a payout when the participant withdraws, and never pays that wallet again', async () => {
    const r = await publishedCollection(10, 2);
    const { walletAddress, deviceId } = await submit(r);
    await server.services.payouts.drain();
    const res = await phone().rest('DELETE', '/v1/requestClient/deleteRequest', { request_id: r.id, deviceId });
    expect(res.body.result).toBe(true);
    expect(await onChain(walletAddress)).toBe(2n);
    // the device that withdrew still sees the payout that was made, with its transaction
    const paid = await em().findOneOrFail(Payout, { escrowAddress: r.escrow });
    const state = await phone().rest('GET', '/v1/requestClient/checkSubmitted', undefined, {
      requestId: r.id,
      deviceId,
    });
    expect(state.body.result).toMatchObject({
      submitted: false,
      payout: { status: 'sent', amount: 2, txHash: paid.txHash },
    });
    expect(paid.txHash).toMatch(/^0x[0-9a-f]{64}$/);
    const detail = await alice.client.rest<LegacyRequest>('GET', '/v1/request/get', undefined, { id: r.id });
    expect(detail.body.result?.count_response).toBe(0);
    await submit(r, walletAddress, deviceId);
    await server.services.payouts.drain();
    expect(await onChain(walletAddress)).toBe(2n);
    expect(await em().count(Payout, { escrowAddress: r.escrow })).toBe(1);
  });

  it('keeps a published bonus at or above what was paid, and within what the escrow holds', async () => {
    const r = await publishedCollection(10, 2);
    await submit(r);
    await submit(r);
    await server.services.payouts.drain();
    const lower = await alice.client.rest('POST', '/request.api/edit', { id: r.id, bonus_amount: 3 });
    expectError(lower, 400, 'BAD_USER_INPUT');
    expect(lower.body.error?.message).toContain('4 IPT already paid');
    const higher = await alice.client.rest('POST', '/request.api/edit', { id: r.id, bonus_amount: 12 });
    expectError(higher, 400, 'BAD_USER_INPUT');
    expect(higher.body.error?.message).toContain('holds 10 IPT');
    const ok = await alice.client.rest<LegacyRequest>('POST', '/request.api/edit', { id: r.id, bonus_amount: 4 });
    expect(ok.body.result).toMatchObject({ bonus_amount: 4, capacity: 2 });
    // topping the escrow up with a plain transfer lets the bonus grow again
    await (await (token.connect(requesterWallet) as Contract).getFunction('transfer')(r.escrow, 10n)).wait();
    const more = await alice.client.rest<LegacyRequest>('POST', '/request.api/edit', { id: r.id, bonus_amount: 16 });
    expect(more.body.result).toMatchObject({ bonus_amount: 16 });
  });

  it('shares the treasury nonce sequence with credit withdrawals', async () => {
    const r = await publishedCollection(40, 2);
    const bob = await buildUser(server);
    await buyCredit(bob.client, '10credits');
    const withdrawWallet = Wallet.createRandom().address;
    // the treasury needs IPT to pay withdrawals: it holds the deployment's funding
    const [paid] = await Promise.all([
      Promise.all(Array.from({ length: 6 }, () => submit(r))),
      bob.client.rest('POST', '/v1/billing/withdraw', {
        amount: 3,
        walletAddress: withdrawWallet,
        idempotencyKey: 'bob-nonce-1',
      }),
      bob.client.rest('POST', '/v1/billing/withdraw', {
        amount: 2,
        walletAddress: withdrawWallet,
        idempotencyKey: 'bob-nonce-2',
      }),
    ]);
    await server.services.payouts.drain();
    await server.services.payouts.runDue(em());
    await server.services.withdrawals.reconcilePending(em());
    expect(await onChain(withdrawWallet)).toBe(5n);
    expect(await balanceOf(bob.client)).toBe(5);
    for (const p of paid) expect(await onChain(p.walletAddress)).toBe(2n);
    expect(await em().count(Payout, { escrowAddress: r.escrow, status: 'sent' })).toBe(6);
  });
});
