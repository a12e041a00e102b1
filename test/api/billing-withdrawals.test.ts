import { Wallet, type Contract, type JsonRpcProvider } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CreditEntry } from '../../api/src/modules/billing/credit-entry.entity';
import { Withdrawal } from '../../api/src/modules/billing/withdrawal.entity';
import { User } from '../../api/src/modules/users/user.entity';
import {
  attachContract,
  createProvider,
  deployContracts,
  devAccounts,
  startLocalChain,
  type Deployment,
  type LocalChain,
} from '../../scripts/chain/anvil';
import { balanceOf, buyCredit } from './support/billing';
import { gqlCode, TestClient } from './support/client';
import { buildUser, type TestUser } from './support/factories';
import { startTestServer, type TestServer } from './support/server';

// A real anvil with the real contracts; the server is pointed at it like at any configured chain.
const TREASURY_FUNDS = 100n;

type WithdrawalDto = { id: string; amount: number; walletAddress: string; status: string; txHash: string | null };

let chain: LocalChain;
let deployment: Deployment;
let provider: JsonRpcProvider;
let token: Contract;
let server: TestServer;
const [treasury] = devAccounts(1);

beforeAll(async () => {
  chain = await startLocalChain();
  deployment = await deployContracts(chain.rpcUrl, treasury.privateKey, {
    fundAccounts: 1,
    fundAmount: TREASURY_FUNDS,
  });
  provider = createProvider(chain.rpcUrl, chain.chainId);
  token = attachContract('IPTToken', deployment.token, provider);
  server = await startTestServer({
    CHAIN_RPC_URL: chain.rpcUrl,
    CHAIN_ID: String(chain.chainId),
    IPT_TOKEN_ADDRESS: deployment.token,
    ESCROW_FACTORY_ADDRESS: deployment.factory,
    TREASURY_PRIVATE_KEY: treasury.privateKey,
  });
});
afterAll(async () => {
  await server?.close();
  provider?.destroy();
  await chain?.stop();
});

const onChain = async (address: string) => (await token.getFunction('balanceOf')(address)) as bigint;
const freshWallet = () => Wallet.createRandom().address;
const em = () => server.db.orm.em.fork();
const withdraw = (user: TestUser, body: Record<string, unknown>) =>
  user.client.rest<WithdrawalDto>('POST', '/v1/billing/withdraw', body);
const rows = async () => ({
  withdrawals: await em().count(Withdrawal, {}),
  entries: await em().count(CreditEntry, {}),
});

describe('GET /v1/config with a chain', () => {
  it('tells the web app where the chain and the contracts are', async () => {
    const res = await new TestClient(server.url).rest('GET', '/v1/config');
    expect(res.body.result).toMatchObject({
      chainId: chain.chainId,
      rpcUrl: chain.rpcUrl,
      iptTokenAddress: deployment.token,
      escrowFactoryAddress: deployment.factory,
      chainError: null,
    });
    expect(JSON.stringify(res.body)).not.toContain(treasury.privateKey.slice(2));
  });
});

describe('a configured chain that does not answer', () => {
  it('is reported by /v1/config, and a withdrawal takes no credit', async () => {
    const offline = await startTestServer({
      CHAIN_RPC_URL: 'http://127.0.0.1:9/v3/secret-api-key', // discard port: connection refused
      IPT_TOKEN_ADDRESS: deployment.token,
      ESCROW_FACTORY_ADDRESS: deployment.factory,
      TREASURY_PRIVATE_KEY: treasury.privateKey,
    });
    try {
      const config = await new TestClient(offline.url).rest<{ chainError: string; chainId: null }>('GET', '/v1/config');
      expect(config.body.result).toMatchObject({
        chainId: null,
        chainError: 'The chain at http://127.0.0.1:9 is not reachable',
      });
      expect(JSON.stringify(config.body)).not.toContain('secret-api-key');
      const ivy = await buildUser(offline);
      await buyCredit(ivy.client, '10credits');
      const res = await withdraw(ivy, { amount: 1, walletAddress: freshWallet(), idempotencyKey: 'ivy-offline-1' });
      expect(res.status).toBe(503);
      expect(res.body.error?.code).toBe('CHAIN_UNAVAILABLE');
      expect(await balanceOf(ivy.client)).toBe(10);
    } finally {
      await offline.close();
    }
  });
});

describe('moving credit to a wallet', () => {
  it('raises the on-chain balance by exactly the amount, once, however often it is retried', async () => {
    const alice = await buildUser(server);
    await buyCredit(alice.client, '10credits');
    const wallet = freshWallet();
    const treasuryBefore = await onChain(treasury.address);

    const body = { amount: 7, walletAddress: wallet, idempotencyKey: 'alice-first-1' };
    const first = await withdraw(alice, body);
    expect(first.status).toBe(200);
    expect(first.body.result).toMatchObject({ amount: 7, walletAddress: wallet, status: 'sent' });
    expect(first.body.result?.txHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(await onChain(wallet)).toBe(7n);
    expect(await onChain(treasury.address)).toBe(treasuryBefore - 7n);
    expect(await balanceOf(alice.client)).toBe(3);

    const retries = await Promise.all([withdraw(alice, body), withdraw(alice, body)]);
    for (const r of retries) expect(r.body.result).toMatchObject({ id: first.body.result!.id, status: 'sent' });
    expect(await onChain(wallet)).toBe(7n);
    expect(await balanceOf(alice.client)).toBe(3);

    const reused = await withdraw(alice, { ...body, amount: 2 });
    expect(reused.status).toBe(409);
    expect(reused.body.error?.code).toBe('CONFLICT');
  });

  it('pays concurrent withdrawals with distinct treasury nonces', async () => {
    const bob = await buildUser(server);
    await buyCredit(bob.client, '10credits');
    const wallets = [freshWallet(), freshWallet(), freshWallet()];
    const results = await Promise.all(
      wallets.map((walletAddress, i) =>
        withdraw(bob, { amount: i + 1, walletAddress, idempotencyKey: `bob-par-${i}` }),
      ),
    );
    expect(results.map((r) => r.body.result?.status)).toEqual(['sent', 'sent', 'sent']);
    expect(await Promise.all(wallets.map(onChain))).toEqual([1n, 2n, 3n]);
    expect(await balanceOf(bob.client)).toBe(4);
  });

  it('works over GraphQL and lists only your own withdrawals', async () => {
    const carol = await buildUser(server);
    const mallory = await buildUser(server);
    await buyCredit(carol.client, '10credits');
    const wallet = freshWallet();
    const res = await carol.client.gql<{ withdrawCreditToWallet: WithdrawalDto }>(
      `mutation($input: WithdrawInput!) { withdrawCreditToWallet(input: $input) { id amount walletAddress status txHash failureMessage } }`,
      { input: { amount: 2, walletAddress: wallet.toLowerCase(), idempotencyKey: 'carol-gql-1' } },
    );
    expect(res.data?.withdrawCreditToWallet).toMatchObject({ amount: 2, walletAddress: wallet, status: 'sent' });
    expect(await onChain(wallet)).toBe(2n);
    const id = res.data!.withdrawCreditToWallet.id;

    const list = await carol.client.gql<{ withdrawals: { list: { id: string }[]; info: { count: number } } }>(
      `{ withdrawals { list { id status } info { count pages page } } }`,
    );
    expect(list.data?.withdrawals.list.map((w) => w.id)).toEqual([id]);
    const theirs = await mallory.client.rest<{ list: unknown[] }>('GET', '/v1/billing/withdrawals');
    expect(theirs.body.result?.list).toEqual([]);
    expect((await mallory.client.rest('GET', '/v1/billing/withdrawal', undefined, { id })).status).toBe(404);
    expect(gqlCode(await mallory.client.gql(`query($id: ID!) { withdrawal(id: $id) { id } }`, { id }))).toBe(
      'NOT_FOUND',
    );
  });

  it('refuses more than the balance and bad input, writing nothing', async () => {
    const dave = await buildUser(server);
    await buyCredit(dave.client, '10credits');
    const wallet = freshWallet();
    const before = await rows();

    const tooMuch = await withdraw(dave, { amount: 11, walletAddress: wallet, idempotencyKey: 'dave-much-1' });
    expect(tooMuch.status).toBe(402);
    expect(tooMuch.body.error).toEqual({ code: 'INSUFFICIENT_CREDIT', message: 'Purchase IPT Tokens to continue' });

    for (const body of [
      { amount: 1, walletAddress: mixedCaseTypo(wallet) },
      { amount: 1, walletAddress: '0x1234' },
      { amount: 1, walletAddress: '0x0000000000000000000000000000000000000000' },
      { amount: 0, walletAddress: wallet },
      { amount: -1, walletAddress: wallet },
      { amount: 1.5, walletAddress: wallet },
      { amount: '5', walletAddress: wallet },
      { amount: 1, walletAddress: wallet, idempotencyKey: 'short' },
    ]) {
      const res = await withdraw(dave, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error?.code).toBe('BAD_USER_INPUT');
    }
    expect(await rows()).toEqual(before);
    expect(await balanceOf(dave.client)).toBe(10);
    expect(await onChain(wallet)).toBe(0n);
  });
});

describe('recovery: every crash point is finished by a retry without paying twice', () => {
  async function recordOnly(user: TestUser, amount: number, walletAddress: string, idempotencyKey: string) {
    const fork = em();
    const row = await fork.findOneOrFail(User, user.id);
    return server.services.withdrawals.record(fork, row, { amount, walletAddress, idempotencyKey });
  }

  it('after the debit, before anything was signed', async () => {
    const erin = await buildUser(server);
    await buyCredit(erin.client, '10credits');
    const wallet = freshWallet();
    const recorded = await recordOnly(erin, 4, wallet, 'erin-crash-1');
    expect(recorded.status).toBe('pending');
    expect(await balanceOf(erin.client)).toBe(6); // debited...
    expect(await onChain(wallet)).toBe(0n); // ...and nothing sent: the "crash"

    const retry = await withdraw(erin, { amount: 4, walletAddress: wallet, idempotencyKey: 'erin-crash-1' });
    expect(retry.body.result).toMatchObject({ id: recorded.id, status: 'sent' });
    expect(await onChain(wallet)).toBe(4n);
    expect(await balanceOf(erin.client)).toBe(6);

    // the periodic reconcile finishes one nobody retries
    const other = freshWallet();
    const orphan = await recordOnly(erin, 1, other, 'erin-crash-2');
    expect(await server.services.withdrawals.reconcilePending(em())).toBeGreaterThanOrEqual(1);
    expect((await em().findOneOrFail(Withdrawal, orphan.id)).status).toBe('sent');
    expect(await onChain(other)).toBe(1n);
  });

  it('after signing, before the broadcast', async () => {
    const frank = await buildUser(server);
    await buyCredit(frank.client, '10credits');
    const wallet = freshWallet();
    const recorded = await recordOnly(frank, 5, wallet, 'frank-crash-1');
    // what the signing step stores before it broadcasts; then the "crash"
    const signed = await server.services.chain.signTreasuryTransfer(wallet, 5n);
    await em().nativeUpdate(
      Withdrawal,
      { id: recorded.id },
      { txHash: signed.hash, rawTx: signed.raw, nonce: signed.nonce, fromAddress: signed.from },
    );
    expect(await provider.getTransaction(signed.hash)).toBeNull();

    const retry = await withdraw(frank, { amount: 5, walletAddress: wallet, idempotencyKey: 'frank-crash-1' });
    expect(retry.body.result).toMatchObject({ status: 'sent', txHash: signed.hash });
    expect(await onChain(wallet)).toBe(5n);
    expect(await balanceOf(frank.client)).toBe(5);
  });

  it('a signed transfer whose nonce another transaction took is refunded, not re-sent', async () => {
    const gina = await buildUser(server);
    await buyCredit(gina.client, '10credits');
    const wallet = freshWallet();
    const recorded = await recordOnly(gina, 3, wallet, 'gina-crash-1');
    const signed = await server.services.chain.signTreasuryTransfer(wallet, 3n);
    await em().nativeUpdate(
      Withdrawal,
      { id: recorded.id },
      { txHash: signed.hash, rawTx: signed.raw, nonce: signed.nonce, fromAddress: signed.from },
    );
    // another sender of the treasury key uses that nonce first
    await server.services.chain.transferFromTreasury(freshWallet(), 1n);

    const retry = await withdraw(gina, { amount: 3, walletAddress: wallet, idempotencyKey: 'gina-crash-1' });
    expect(retry.body.result).toMatchObject({ status: 'failed' });
    expect(await onChain(wallet)).toBe(0n);
    expect(await balanceOf(gina.client)).toBe(10);
    const history = await gina.client.rest<{ list: { amount: number; reference: string }[] }>(
      'GET',
      '/v1/billing/history',
    );
    expect(history.body.result?.list.slice(0, 2)).toEqual([
      expect.objectContaining({ amount: 3, reference: `withdrawal-refund:${recorded.id}` }),
      expect.objectContaining({ amount: -3, reference: `withdrawal:${recorded.id}` }),
    ]);
  });

  it('a transfer the treasury cannot cover fails at signing and is refunded', async () => {
    const hank = await buildUser(server);
    await buyCredit(hank.client, '120credits');
    const funds = Number(await onChain(treasury.address));
    expect(funds).toBeLessThan(120);
    const res = await withdraw(hank, { amount: funds + 1, walletAddress: freshWallet(), idempotencyKey: 'hank-big-1' });
    expect(res.body.result).toMatchObject({ status: 'failed', txHash: null });
    expect(res.body.result).toHaveProperty('failureMessage', expect.stringContaining('ERC20InsufficientBalance'));
    expect(await balanceOf(hank.client)).toBe(120);
  });
});

function swapCase(c: string): string {
  return c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase();
}

/** The checksummed address with the case of its first letter flipped: a typo the checksum catches. */
function mixedCaseTypo(address: string): string {
  const i = [...address].findIndex((c, idx) => idx > 1 && /[a-fA-F]/.test(c));
  return address.slice(0, i) + swapCase(address[i]) + address.slice(i + 1);
}
