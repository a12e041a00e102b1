import { Wallet, type Contract, type JsonRpcProvider } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  attachContract,
  createProvider,
  deployContracts,
  devAccounts,
  startLocalChain,
  type Deployment,
  type LocalChain,
} from '../../scripts/chain/anvil';
import { runAsLocalChain } from './support/chain';
import { TestClient } from './support/client';
import { buildUser, type TestUser } from './support/factories';
import { startTestServer, type TestServer } from './support/server';

// "Get test funds": a real anvil with the real contracts, first as a configured chain (the route
// does not exist there), then as the local chain the server runs itself.
let chain: LocalChain;
let deployment: Deployment;
let provider: JsonRpcProvider;
let token: Contract;
let server: TestServer;
let user: TestUser;
const [treasury] = devAccounts(1);

beforeAll(async () => {
  chain = await startLocalChain();
  // as npm start deploys: ten dev accounts funded, account 9 is the faucet
  deployment = await deployContracts(chain.rpcUrl, treasury.privateKey);
  provider = createProvider(chain.rpcUrl, chain.chainId);
  token = attachContract('IPTToken', deployment.token, provider);
  server = await startTestServer({
    CHAIN_RPC_URL: chain.rpcUrl,
    CHAIN_ID: String(chain.chainId),
    IPT_TOKEN_ADDRESS: deployment.token,
    ESCROW_FACTORY_ADDRESS: deployment.factory,
    TREASURY_PRIVATE_KEY: treasury.privateKey,
  });
  user = await buildUser(server);
});
afterAll(async () => {
  await server?.close();
  provider?.destroy();
  await chain?.stop();
});

const grant = (who: TestUser | TestClient, address: unknown) =>
  ('client' in who ? who.client : who).rest<{ address: string; eth: string; ipt: number }>(
    'POST',
    '/v1/chain/testFunds',
    { address },
  );
const config = async () =>
  (await new TestClient(server.url).rest<{ testFunds: boolean }>('GET', '/v1/config')).body.result!;

describe('test funds', () => {
  it('do not exist on a chain the server did not start: 404, and the web app is told', async () => {
    const address = Wallet.createRandom().address;
    const res = await grant(user, address);
    expect(res.status).toBe(404);
    expect(await provider.getBalance(address)).toBe(0n);
    expect((await config()).testFunds).toBe(false);
  });

  it('send 1 ETH and 1,000 IPT to the address on the local chain', async () => {
    // the server now treats this chain as the one it runs (what npm start does)
    runAsLocalChain(server);
    expect((await config()).testFunds).toBe(true);

    const address = Wallet.createRandom().address;
    const res = await grant(user, address.toLowerCase());
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({ address, eth: '1', ipt: 1000 });
    expect(await provider.getBalance(address)).toBe(10n ** 18n);
    expect((await token.getFunction('balanceOf')(address)) as bigint).toBe(1000n);
  }, 30_000);

  it('need a signed-in user and a well-formed address', async () => {
    const address = Wallet.createRandom().address;
    expect((await grant(new TestClient(server.url), address)).status).toBe(401);
    for (const bad of ['0x1234', 'not an address', 42, `0x${'zz'.repeat(20)}`]) {
      const res = await grant(user, bad);
      expect(res.status).toBe(400);
    }
    expect(await provider.getBalance(address)).toBe(0n);
  });

  it('are rate-limited per address and per user', async () => {
    const address = Wallet.createRandom().address;
    for (let i = 0; i < 3; i++) expect((await grant(user, address)).status).toBe(200);
    const fourth = await grant(user, address);
    expect(fourth.status).toBe(429);
    expect(fourth.body.error).toMatchObject({ code: 'RATE_LIMITED' });
    expect(await provider.getBalance(address)).toBe(3n * 10n ** 18n);
    // this user had 1 + 3 grants: one more, then the per-user limit
    expect((await grant(user, Wallet.createRandom().address)).status).toBe(200);
    const other = Wallet.createRandom().address;
    expect((await grant(user, other)).status).toBe(429);
    expect(await provider.getBalance(other)).toBe(0n);
  }, 60_000);
});
