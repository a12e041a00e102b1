import { getAddress, Wallet, type Contract, type JsonRpcProvider } from 'ethers';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CreditEntry } from '../../api/src/modules/billing/credit-entry.entity';
import { EscrowFunding } from '../../api/src/modules/requests/escrow-funding.entity';
import { DataRequest } from '../../api/src/modules/requests/request.entity';
import { User } from '../../api/src/modules/users/user.entity';
import { attachContract, createSigner, devAccounts, toRequestId } from '../../scripts/chain/anvil';
import { encryptCollectionResponse } from '../../scripts/simulate/response-crypto';
import { balanceOf, buyCredit } from './support/billing';
import { TestClient } from './support/client';
import { buildUser, type TestUser } from './support/factories';
import {
  buildKey,
  collectionBody,
  createRequest,
  expectError,
  newDevice,
  surveyBody,
  type KeyPair,
  type LegacyRequest,
} from './support/requests';
import { startChainServer, type ChainServer } from './support/chain';
import { startTestServer, type TestServer } from './support/server';

// Publishing with prepaid credit, against a real anvil with the real contracts: dev account 0
// deploys them, is the factory's operator and the server's treasury (as with `npm start`).
let env: ChainServer;
let server: TestServer;
let token: Contract;
let factory: Contract;
let provider: JsonRpcProvider;
let onChain: (address: string) => Promise<bigint>;
const [treasury, stranger] = devAccounts(2);

beforeAll(async () => {
  env = await startChainServer(2, 10_000n);
  ({ server, token, factory, provider, onChain } = env);
});
afterAll(() => env?.close());

const em = () => server.db.orm.em.fork();
const escrowOf = async (id: string) => getAddress((await factory.getFunction('escrowOf')(toRequestId(id))) as string);
const escrowContract = (address: string) => attachContract('RequestEscrow', address, provider);

/** A requester with a key and `tokens` of card-bought credit (Starter plans of 10). */
async function requester(tokens: number): Promise<{ user: TestUser; key: KeyPair }> {
  const user = await buildUser(server);
  const key = await buildKey(user);
  for (let i = 0; i < tokens / 10; i += 1) await buyCredit(user.client, '10credits');
  return { user, key };
}

const publishWithCredit = (user: TestUser, body: Record<string, unknown>) =>
  user.client.rest<LegacyRequest & { pay_with: string; escrow_verified: boolean }>('POST', '/v1/request/create', {
    ...body,
    status: 1,
    pay_with: 'credit',
  });

describe('publishing with prepaid credit', () => {
  it('debits Total IPTs, and the treasury creates and funds a verified escrow on-chain', async () => {
    const { user, key } = await requester(30);
    const treasuryBefore = await onChain(treasury.address);
    const id = randomUUID();
    const res = await publishWithCredit(user, surveyBody(key.id, { id, bonus_amount: 25, bonus_each: 5 }));
    expect(res.status).toBe(200);
    const r = res.body.result!;
    const escrow = await escrowOf(id);
    expect(r).toMatchObject({ id, status: 1, newchild: escrow, addressSigner: treasury.address, pay_with: 'credit' });
    expect(r.escrow_verified).toBe(true);
    expect(await balanceOf(user.client)).toBe(5);
    expect(await onChain(escrow)).toBe(25n);
    expect(await onChain(treasury.address)).toBe(treasuryBefore - 25n);
    const contract = escrowContract(escrow);
    expect(await contract.getFunction('bonusEach')()).toBe(5n);
    expect(getAddress((await contract.getFunction('requester')()) as string)).toBe(treasury.address);
    const debit = await em().findOneOrFail(CreditEntry, { reference: `request-escrow:${id}` });
    expect(debit).toMatchObject({ amount: -25, kind: 'escrow' });

    // GraphQL reads it as a credit-funded published request
    const read = await user.client.gql<{ request: { funding: string; status: number; escrowAddress: string } }>(
      'query($id: ID!) { request(id: $id) { funding status escrowAddress } }',
      { id },
    );
    expect(read.data?.request).toEqual({ funding: 'CREDIT', status: 1, escrowAddress: escrow });
  });

  it('GraphQL payWith: CREDIT publishes a draft; WALLET stays the default', async () => {
    const { user, key } = await requester(10);
    const draft = await createRequest(user, collectionBody(key.id, { bonus_amount: 10, bonus_each: 2 }));
    const walletDefault = await user.client.gql(
      'mutation($id: ID!) { updateRequest(id: $id, input: { status: 1 }) { id } }',
      {
        id: draft.id,
      },
    );
    // without payWith it is the wallet path, which needs the wallet's escrow
    expect(walletDefault.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(await balanceOf(user.client)).toBe(10);

    const published = await user.client.gql<{
      updateRequest: { status: number; funding: string; escrowVerified: boolean };
    }>(
      'mutation($id: ID!) { updateRequest(id: $id, input: { status: 1, payWith: CREDIT }) { status funding escrowVerified } }',
      { id: draft.id },
    );
    expect(published.errors).toBeUndefined();
    expect(published.data?.updateRequest).toEqual({ status: 1, funding: 'CREDIT', escrowVerified: true });
    expect(await balanceOf(user.client)).toBe(0);
    expect(await onChain(await escrowOf(draft.id))).toBe(10n);
  });

  it('too little credit: 402 "Purchase Tokens to continue", nothing saved, nothing on-chain', async () => {
    const { user, key } = await requester(10);
    const id = randomUUID();
    const res = await publishWithCredit(user, collectionBody(key.id, { id, bonus_amount: 11, bonus_each: 1 }));
    expectError(res, 402, 'INSUFFICIENT_CREDIT');
    expect(res.body.error?.message).toContain('Purchase Tokens to continue');
    expect(res.body.error?.message).toContain('You do not have enough tokens in this account to continue!');
    expect(await em().count(DataRequest, { id })).toBe(0);
    expect(await em().count(EscrowFunding, { requestId: id })).toBe(0);
    expect(await balanceOf(user.client)).toBe(10);
    expect(await escrowOf(id)).toBe('0x0000000000000000000000000000000000000000');
  });

  it('refuses an escrow address sent along with pay_with credit, and a bad pay_with', async () => {
    const { user, key } = await requester(10);
    const withEscrow = await publishWithCredit(
      user,
      collectionBody(key.id, { newchild: Wallet.createRandom().address, address: treasury.address }),
    );
    expectError(withEscrow, 400, 'BAD_USER_INPUT');
    const bad = await user.client.rest('POST', '/v1/request/create', { ...collectionBody(key.id), pay_with: 'card' });
    expectError(bad, 400, 'BAD_USER_INPUT');
    expect(await balanceOf(user.client)).toBe(10);
  });

  it('a failure at the chain step refunds the debit and publishes nothing', async () => {
    const { user, key } = await requester(20);
    const id = randomUUID();
    // someone already created an escrow for this request id: the factory refuses a second one
    const strangerWallet = createSigner(provider, stranger.privateKey);
    await (await (token.connect(strangerWallet) as Contract).getFunction('approve')(env.deployment.factory, 5n)).wait();
    await (
      await (factory.connect(strangerWallet) as Contract).getFunction('createEscrow')(toRequestId(id), 5n, 1n)
    ).wait();

    const res = await publishWithCredit(user, collectionBody(key.id, { id, bonus_amount: 20, bonus_each: 2 }));
    expectError(res, 409, 'CONFLICT');
    expect(res.body.error?.message).toContain('EscrowFactory__EscrowExists');
    expect(res.body.error?.message).toContain('refunded');
    expect(await balanceOf(user.client)).toBe(20);
    const stored = await em().findOneOrFail(DataRequest, id);
    expect(stored.status).toBe(0);
    expect(stored.escrowAddress).toBeNull();
    const entries = await em().find(CreditEntry, { reference: { $like: `request-escrow:${id}%` } });
    expect(entries.map((e) => e.amount).sort()).toEqual([-20, 20]);
    expect((await em().findOneOrFail(EscrowFunding, { requestId: id })).status).toBe('failed');

    // trying again from the draft is a new attempt with its own reference, refunded the same way
    const again = await user.client.rest('POST', '/request.api/edit', { id, status: 1, pay_with: 'credit' });
    expectError(again, 409, 'CONFLICT');
    expect(await balanceOf(user.client)).toBe(20);
    const second = await em().find(CreditEntry, { reference: { $like: `request-escrow:${id}:2%` } });
    expect(second.map((e) => e.amount).sort()).toEqual([-20, 20]);
    expect((await em().findOneOrFail(DataRequest, id)).status).toBe(0);
  });

  it('concurrent submits of the same request pay once', async () => {
    const { user, key } = await requester(30);
    const id = randomUUID();
    const body = collectionBody(key.id, { id, bonus_amount: 20, bonus_each: 4 });
    const all = await Promise.all(Array.from({ length: 4 }, () => publishWithCredit(user, body)));
    expect(all.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(new Set(all.map((r) => r.body.result?.newchild)).size).toBe(1);
    expect(await balanceOf(user.client)).toBe(10);
    expect(await onChain(await escrowOf(id))).toBe(20n);
    expect(await em().count(EscrowFunding, { requestId: id })).toBe(1);

    // a retry later (same id) answers the published request without paying again
    const again = await publishWithCredit(user, body);
    expect(again.status).toBe(200);
    expect(await balanceOf(user.client)).toBe(10);
    // the same id for a different request: 409, not the first one answered (issue 27)
    const other = await publishWithCredit(user, { ...body, bonus_amount: 10 });
    expectError(other, 409, 'CONFLICT');
    expect(other.body.error?.message).toBe('This id was already used to publish a different request');
    expect(await balanceOf(user.client)).toBe(10);

    // and a double click on publishing a draft (updateRequest) too
    const draft = await createRequest(user, collectionBody(key.id, { bonus_amount: 10, bonus_each: 2 }));
    const publish = () =>
      user.client.rest('POST', '/request.api/edit', { id: draft.id, status: 1, pay_with: 'credit' });
    const [c, d] = await Promise.all([publish(), publish()]);
    expect([c.status, d.status]).toEqual([200, 200]);
    expect(await balanceOf(user.client)).toBe(0);
    expect(await onChain(await escrowOf(draft.id))).toBe(10n);
  });

  it('raising Total IPTs tops the escrow up from credit; closing returns the rest to credit', async () => {
    const { user, key } = await requester(40);
    const id = randomUUID();
    const r = (await publishWithCredit(user, collectionBody(key.id, { id, bonus_amount: 10, bonus_each: 5 }))).body
      .result!;
    const escrow = r.newchild!;
    expect(await balanceOf(user.client)).toBe(30);

    // a participant answers and is paid 5 IPT from the escrow
    const sealed = await encryptCollectionResponse(id, key.publicKeyPem, { firstName: 'Test' });
    const participant = Wallet.createRandom().address;
    const submitted = await new TestClient(server.url).rest('POST', '/v1/requestClient/submitCollection', {
      requestId: id,
      deviceId: newDevice(),
      walletAddress: participant,
      ...sealed,
    });
    expect(submitted.status).toBe(200);
    await server.services.payouts.drain();
    expect(await onChain(participant)).toBe(5n);

    const raised = await user.client.rest<LegacyRequest>('POST', '/request.api/edit', { id, bonus_amount: 25 });
    expect(raised.status).toBe(200);
    expect(raised.body.result?.bonus_amount).toBe(25);
    expect(await balanceOf(user.client)).toBe(15);
    expect(await onChain(escrow)).toBe(20n); // 10 + 15 - 5 paid
    expect(await em().count(CreditEntry, { reference: `request-escrow-top-up:${id}:25` })).toBe(1);

    // the same edit again costs nothing more; a wallet-paid switch is refused
    expect((await user.client.rest('POST', '/request.api/edit', { id, bonus_amount: 25 })).status).toBe(200);
    expect(await balanceOf(user.client)).toBe(15);
    expectError(await user.client.rest('POST', '/request.api/edit', { id, pay_with: 'wallet' }), 400, 'BAD_USER_INPUT');

    // too little credit for a top-up: 402, nothing changes
    const tooMuch = await user.client.rest('POST', '/request.api/edit', { id, bonus_amount: 100 });
    expectError(tooMuch, 402, 'INSUFFICIENT_CREDIT');
    expect((await em().findOneOrFail(DataRequest, id)).bonusAmount).toBe(25);

    const close = `mutation($id: ID!) { closeRequestEscrow(id: $id) { status escrowClosedAt } }`;
    const closed = await user.client.gql<{ closeRequestEscrow: { status: number; escrowClosedAt: string } }>(close, {
      id,
    });
    expect(closed.errors).toBeUndefined();
    expect(closed.data?.closeRequestEscrow.status).toBe(0);
    expect(closed.data?.closeRequestEscrow.escrowClosedAt).toBeTruthy();
    expect(await onChain(escrow)).toBe(0n);
    expect(await escrowContract(escrow).getFunction('closed')()).toBe(true);
    expect(await balanceOf(user.client)).toBe(35);
    // closing again credits nothing twice
    expect((await user.client.gql(close, { id })).errors).toBeUndefined();
    expect(await balanceOf(user.client)).toBe(35);
    // and a closed request cannot be published again
    expectError(
      await user.client.rest('POST', '/request.api/edit', { id, status: 1, pay_with: 'credit' }),
      409,
      'CONFLICT',
    );
  });

  it('a crash after the debit: the reconcile loop creates the escrow and publishes, once', async () => {
    const { user, key } = await requester(10);
    const draft = await createRequest(user, collectionBody(key.id, { bonus_amount: 10, bonus_each: 2 }));
    // what publishing had done when the server died: the debit and the escrow step, nothing signed
    const services = server.services;
    await em().transactional(async (tx) => {
      const owner = await tx.findOneOrFail(User, { username: user.username });
      await services.escrowFunding.debit(tx, {
        user: owner,
        requestId: draft.id,
        kind: 'create',
        amount: 10,
        bonusEach: 2,
      });
    });
    expect(await balanceOf(user.client)).toBe(0);
    // an edit meanwhile waits for it
    expectError(
      await user.client.rest('POST', '/request.api/edit', { id: draft.id, bonus_amount: 12 }),
      409,
      'CONFLICT',
    );
    await Promise.all([services.withdrawals.reconcilePending(em()), services.withdrawals.reconcilePending(em())]);
    const stored = await em().findOneOrFail(DataRequest, draft.id);
    expect(stored).toMatchObject({ status: 1, funding: 'credit', escrowVerified: true });
    expect(stored.escrowAddress).toBe(await escrowOf(draft.id));
    expect(await onChain(stored.escrowAddress!)).toBe(10n);
    expect(await balanceOf(user.client)).toBe(0);
  });

  it('a chain that does not answer: CHAIN_UNAVAILABLE, no credit taken, nothing saved', async () => {
    const offline = await startTestServer({
      CHAIN_RPC_URL: 'http://127.0.0.1:9', // discard port: connection refused
      IPT_TOKEN_ADDRESS: env.deployment.token,
      ESCROW_FACTORY_ADDRESS: env.deployment.factory,
      TREASURY_PRIVATE_KEY: treasury.privateKey,
    });
    try {
      const ivy = await buildUser(offline);
      const ivyKey = await buildKey(ivy);
      await buyCredit(ivy.client, '10credits');
      const id = randomUUID();
      const res = await publishWithCredit(ivy, collectionBody(ivyKey.id, { id, bonus_amount: 10, bonus_each: 2 }));
      expectError(res, 503, 'CHAIN_UNAVAILABLE');
      expect(await balanceOf(ivy.client)).toBe(10);
      expect(await offline.db.orm.em.fork().count(DataRequest, { id })).toBe(0);
    } finally {
      await offline.close();
    }
  });

  it('deleting a published request paid with credit closes its escrow first: the rest returns', async () => {
    const { user, key } = await requester(10);
    const r = (await publishWithCredit(user, collectionBody(key.id, { bonus_amount: 10, bonus_each: 5 }))).body.result!;
    expect(await balanceOf(user.client)).toBe(0);
    const res = await user.client.rest('POST', '/request.api/delete', { id: r.id });
    expect(res.status).toBe(200);
    expect(await em().count(DataRequest, { id: r.id })).toBe(0);
    expect(await escrowContract(r.newchild!).getFunction('closed')()).toBe(true);
    expect(await balanceOf(user.client)).toBe(10);
  });

  it("nobody closes someone else's escrow, nor a wallet-funded one here", async () => {
    const { user, key } = await requester(10);
    const r = (await publishWithCredit(user, collectionBody(key.id, { bonus_amount: 10, bonus_each: 5 }))).body.result!;
    const other = await buildUser(server);
    const res = await other.client.gql('mutation($id: ID!) { closeRequestEscrow(id: $id) { id } }', { id: r.id });
    expect(res.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect(await onChain(r.newchild!)).toBe(10n);
    const draft = await createRequest(user, collectionBody(key.id));
    const wallet = await user.client.gql('mutation($id: ID!) { closeRequestEscrow(id: $id) { id } }', { id: draft.id });
    expect(wallet.errors?.[0]?.extensions?.code).toBe('CONFLICT');
  });
});
