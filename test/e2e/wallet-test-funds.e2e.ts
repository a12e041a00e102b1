import { getAddress, Wallet, type Contract, type JsonRpcProvider } from 'ethers';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChainSettings } from '../../api/src/modules/chain/chain.settings';
import {
  attachContract,
  createProvider,
  createSigner,
  deployContracts,
  devAccounts,
  startLocalChain,
  toRequestId,
  type Deployment,
  type LocalChain,
} from '../../scripts/chain/anvil';
import { buildUser, type TestUser } from '../api/support/factories';
import { buildKey } from '../api/support/requests';
import type { TestServer } from '../api/support/server';
import { axeBothWidths } from './support/axe';
import { launchBrowser, logIn, screenshot } from './support/browser';
import { createDevWallet, installDevWallet, type DevWallet } from './support/dev-wallet';
import { startAppServer } from './support/server';

// A MetaMask user on the local chain `npm start` runs: a brand-new wallet account holds some IPT
// but no ETH. Publishing says in plain words that fees need ETH and where to get it; "Get test
// funds" in Settings sends 1 ETH and 1,000 IPT; then the wallet publishes.
let chain: LocalChain;
let deployment: Deployment;
let rpc: JsonRpcProvider;
let token: Contract;
let factory: Contract;
let server: TestServer;
let user: TestUser;
let wallet: DevWallet;
let browser: Browser;
let context: BrowserContext;
let page: Page;
const [deployer, giver] = devAccounts(2);
const fresh = Wallet.createRandom();
const START_IPT = 50n;

beforeAll(async () => {
  chain = await startLocalChain();
  // as npm start deploys: ten funded dev accounts, account 9 is the test funds faucet
  deployment = await deployContracts(chain.rpcUrl, deployer.privateKey);
  rpc = createProvider(chain.rpcUrl, chain.chainId);
  token = attachContract('IPTToken', deployment.token, rpc);
  factory = attachContract('EscrowFactory', deployment.factory, rpc);
  const gift = await (attachContract('IPTToken', deployment.token, createSigner(rpc, giver.privateKey)).getFunction(
    'transfer',
  )(fresh.address, START_IPT) as Promise<{ wait(): Promise<unknown> }>);
  await gift.wait();
  server = await startAppServer({
    CHAIN_RPC_URL: chain.rpcUrl,
    CHAIN_ID: String(chain.chainId),
    IPT_TOKEN_ADDRESS: deployment.token,
    ESCROW_FACTORY_ADDRESS: deployment.factory,
    TREASURY_PRIVATE_KEY: deployer.privateKey,
  });
  // the chain the server runs itself, as under npm start
  const settings = (server.services.chain as unknown as { setup: { settings: ChainSettings } }).setup.settings;
  server.services.chain.use({ settings: { ...settings, local: true } });
  user = await buildUser(server);
  await buildKey(user, 'E2E key');
  wallet = createDevWallet({ rpcUrl: chain.rpcUrl, chainId: chain.chainId, privateKey: fresh.privateKey });
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await installDevWallet(context, wallet);
  page = await context.newPage();
  await logIn(page, server.url, user);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  wallet?.close();
  rpc?.destroy();
  await chain?.stop();
});

const iptOf = async (address: string) => (await token.getFunction('balanceOf')(address)) as bigint;
const textbox = (name: RegExp) => page.getByRole('textbox', { name });

async function toPreview(title: string) {
  await page.goto(`${server.url}/admin/request/collection/new`);
  await page.getByRole('heading', { level: 1, name: 'Create Data Access Request' }).waitFor();
  await textbox(/^Title/).fill(title);
  await textbox(/^Description/).fill(`${title}: a browser test`);
  await page.getByRole('combobox', { name: /Request Key/ }).click();
  await page.getByRole('option', { name: 'E2E key', exact: true }).click();
  await textbox(/^Total IPTs/).fill('20');
  await textbox(/^IPTs per Response/).fill('2');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('heading', { level: 2, name: 'Options', exact: true }).waitFor();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('heading', { level: 2, name: 'Preview', exact: true }).waitFor();
  await page.getByRole('radio', { name: '90 days' }).check();
}

describe('a wallet without ETH on the local chain', () => {
  it('is told in plain words that fees need ETH and where to get it, and nothing is published', async () => {
    expect(await rpc.getBalance(fresh.address)).toBe(0n);
    await toPreview('Commute survey');
    await page.getByRole('button', { name: 'Finish' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'No ETH for network fees' });
    await dialog.waitFor({ timeout: 30_000 });
    expect(await axeBothWidths(page, 'no ETH dialog')).toEqual([]);
    const text = (await dialog.textContent()) ?? '';
    expect(text).toContain('Get test funds');
    expect(text).toContain('Settings → Wallet');
    expect(text).not.toMatch(/insufficient funds|intrinsic/i);
    await screenshot(page, 'wallet-no-eth-1440');
    await dialog.getByRole('button', { name: 'Ok' }).click();
    expect(await iptOf(fresh.address)).toBe(START_IPT);
  });

  it('gets 1 ETH and 1,000 IPT from "Get test funds" in Settings', async () => {
    await page.goto(`${server.url}/admin/settings`);
    const card = page.getByRole('region', { name: 'Wallet', exact: true });
    // connected already by the publish attempt, or not yet
    const connect = card.getByRole('button', { name: 'Connect wallet' });
    const balance = card.getByText(`${START_IPT} IPT`, { exact: true });
    await expect
      .poll(async () => (await connect.isVisible()) || (await balance.isVisible()), { timeout: 10_000 })
      .toBe(true);
    if (await connect.isVisible()) await connect.click();
    await balance.waitFor();
    await card.getByRole('button', { name: 'Get test funds' }).click();
    await card.getByText(/^Sent 1 ETH and 1,000 IPT to 0x/).waitFor({ timeout: 30_000 });
    await card.getByText('1,050 IPT').waitFor();
    expect(await rpc.getBalance(fresh.address)).toBe(10n ** 18n);
    expect(await iptOf(fresh.address)).toBe(START_IPT + 1000n);
    await screenshot(page, 'wallet-test-funds-1440');
    await page.setViewportSize({ width: 375, height: 800 });
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'wallet-test-funds-375');
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it('then publishes with the wallet: the escrow is created and funded on chain', async () => {
    await toPreview('Commute survey');
    await page.getByRole('button', { name: 'Finish' }).click();
    const done = page.getByRole('dialog', { name: 'Request published' });
    await done.waitFor({ timeout: 30_000 });
    const list = await user.client.gql<{ requests: { list: { id: string; status: number; escrowAddress: string }[] } }>(
      '{ requests(type: collection, limit: 10) { list { id status escrowAddress } } }',
    );
    const [saved] = list.data!.requests.list;
    expect(saved.status).toBe(1);
    expect(saved.escrowAddress).toBe(
      getAddress((await factory.getFunction('escrowOf')(toRequestId(saved.id))) as string),
    );
    expect(await iptOf(saved.escrowAddress)).toBe(20n);
    expect(await iptOf(fresh.address)).toBe(START_IPT + 1000n - 20n);
  });
});
