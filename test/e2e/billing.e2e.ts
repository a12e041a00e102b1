import type { Contract, JsonRpcProvider } from 'ethers';
import type { Browser, BrowserContext, Page } from 'playwright-core';
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
import { balanceOf } from '../api/support/billing';
import { buildUser, type TestUser } from '../api/support/factories';
import type { TestServer } from '../api/support/server';
import { findLeaks, launchBrowser, recordRequests, screenshot, type RecordedRequest } from './support/browser';
import { createDevWallet, installDevWallet, type DevWallet } from './support/dev-wallet';
import { startAppServer } from './support/server';

// Money end to end in Chromium: a fresh anvil with the real contracts, the server pointed at it
// like at any configured chain, sandbox card payments, and a browser wallet bridged to a dev key.
let chain: LocalChain;
let deployment: Deployment;
let rpc: JsonRpcProvider;
let token: Contract;
let server: TestServer;
let user: TestUser;
let wallet: DevWallet;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let requests: RecordedRequest[];
// account 0 deploys and is the treasury; account 3 is the requester's browser wallet
const [treasury, , , requester] = devAccounts(4);

beforeAll(async () => {
  chain = await startLocalChain();
  deployment = await deployContracts(chain.rpcUrl, treasury.privateKey);
  rpc = createProvider(chain.rpcUrl, chain.chainId);
  token = attachContract('IPTToken', deployment.token, rpc);
  server = await startAppServer({
    CHAIN_RPC_URL: chain.rpcUrl,
    CHAIN_ID: String(chain.chainId),
    IPT_TOKEN_ADDRESS: deployment.token,
    ESCROW_FACTORY_ADDRESS: deployment.factory,
    TREASURY_PRIVATE_KEY: treasury.privateKey,
  });
  user = await buildUser(server);
  wallet = createDevWallet({ rpcUrl: chain.rpcUrl, chainId: chain.chainId, privateKey: requester.privateKey });
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  requests = recordRequests(context);
  await installDevWallet(context, wallet);
  page = await context.newPage();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  wallet?.close();
  rpc?.destroy();
  await chain?.stop();
});

const onChain = async (address: string) => (await token.getFunction('balanceOf')(address)) as bigint;

async function payWithCard(target: Page, number: string) {
  const form = target.getByRole('form', { name: 'Card details' });
  await form.getByLabel('Card number').fill(number);
  await form.getByLabel('Expiry (MM/YY)').fill('12/39');
  await form.getByLabel('CVC').fill('123');
  await form.getByRole('button', { name: 'Pay $10' }).click();
}

async function headerCredit(target: Page): Promise<string | null> {
  await target.getByRole('button', { name: 'IPT credit' }).click();
  const text = await target.getByText(/IPT Tokens Bought!$/).textContent();
  await target.keyboard.press('Escape');
  return text;
}

const noOverflow = (target: Page) => target.evaluate<number>('document.documentElement.scrollWidth');

describe('buying IPT credit in Chromium', () => {
  it('offers the plans, and sends a visitor through the login page to the Starter checkout', async () => {
    await page.goto(`${server.url}/auth/pricing-page`);
    await page.getByRole('heading', { name: 'Purchase IPT Tokens' }).waitFor();
    await expect.poll(() => page.getByRole('article').count()).toBe(4);
    await screenshot(page, 'billing-pricing-1440');

    await page.getByRole('link', { name: 'Choose Starter' }).click();
    await page.waitForURL(/\/auth\/login-page\?next=%2Fadmin%2Fcheckout-page%2F10credits%2Fusd$/);
    await page.getByLabel('Username or e-mail').fill(user.username);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: "Let's Go" }).click();
    await page.waitForURL(/\/admin\/checkout-page\/10credits\/usd$/);
    const table = page.getByRole('table', { name: 'Order summary' });
    await expect.poll(() => table.getByRole('row').nth(1).textContent()).toBe('Starter: 10 IPT Tokens$101$10');
    await page.getByText('TEST MODE', { exact: true }).waitFor();
    expect(await headerCredit(page)).toBe('0 IPT Tokens Bought!');
    await screenshot(page, 'billing-checkout-1440');
  });

  it('shows "Payment failed ..." for a declined card', async () => {
    await payWithCard(page, '4000 0000 0000 0002');
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toBe('Payment failed Your card was declined.');
    await screenshot(page, 'billing-checkout-declined-1440');
    expect(await balanceOf(user.client)).toBe(0);
  });

  it('buys the Starter plan with the test card, and the header shows the new balance', async () => {
    await payWithCard(page, '4242 4242 4242 4242');
    await page.getByText('Payment successful').waitFor();
    expect(await page.getByText(/10 IPT Tokens were added to your account/).isVisible()).toBe(true);
    await expect.poll(() => headerCredit(page)).toBe('10 IPT Tokens Bought!');
    await screenshot(page, 'billing-checkout-paid-1440');
    expect(await balanceOf(user.client)).toBe(10);
  });
});

describe('the browser wallet in Chromium', () => {
  it("shows the wallet's account and IPT, and the watch-token button reaches the wallet", async () => {
    await page.goto(`${server.url}/admin/settings`);
    const details = page.getByLabel('Connected wallet');
    await details.waitFor();
    expect(await details.textContent()).toContain(`${requester.address.slice(0, 6)}…${requester.address.slice(-4)}`);
    const before = await onChain(requester.address);
    await expect.poll(() => details.textContent()).toContain(`${before.toLocaleString('en-US')} IPT`);

    await page.getByRole('button', { name: 'Add IPT Tokens to your Metamask' }).click();
    await page.getByText(`IPT is now listed in ${wallet.name}.`).waitFor();
    const asked = wallet.calls.filter((call) => call.method === 'wallet_watchAsset');
    expect(asked).toEqual([
      {
        method: 'wallet_watchAsset',
        params: { type: 'ERC20', options: { address: deployment.token, symbol: 'IPT', decimals: 0 } },
      },
    ]);
  });

  it('moves credit to the wallet: the on-chain balance rises by exactly the amount', async () => {
    const before = await onChain(requester.address);
    const form = page.getByRole('form', { name: 'Move credit to my wallet' });
    // the address defaults to the connected account
    expect(await form.getByLabel('Wallet address').inputValue()).toBe(requester.address);
    await form.getByLabel('Amount (IPT)').fill('4');
    await form.getByRole('button', { name: 'Move credit to my wallet' }).click();
    const sent = page.getByRole('status').filter({ hasText: 'Sent' });
    await sent.waitFor({ timeout: 30_000 });
    const txHash = /0x[0-9a-f]{64}/.exec((await sent.textContent()) ?? '')?.[0];
    expect(txHash).toBeDefined();

    expect(await onChain(requester.address)).toBe(before + 4n);
    const receipt = await rpc.getTransactionReceipt(txHash!);
    expect(receipt?.status).toBe(1);
    expect(await balanceOf(user.client)).toBe(6);
    await expect.poll(() => headerCredit(page)).toBe('6 IPT Tokens Bought!');
    // the wallet card reads the new balance, the history lists both changes
    await expect
      .poll(() => page.getByLabel('Connected wallet').textContent())
      .toContain(`${(before + 4n).toLocaleString('en-US')} IPT`);
    const history = page.getByRole('list', { name: 'Credit changes' });
    await expect.poll(() => history.getByRole('listitem').count()).toBe(2);
    expect(await history.getByRole('listitem').first().textContent()).toMatch(/^Moved to a wallet.*−4 IPT$/);
    expect(await history.getByRole('listitem').nth(1).textContent()).toMatch(/^Card purchase.*\+10 IPT$/);
    await screenshot(page, 'billing-settings-1440');
  });

  it('reports a declined wallet prompt without changing anything', async () => {
    const callsBefore = wallet.calls.length;
    wallet.rejectNext('wallet_watchAsset');
    await page.getByRole('button', { name: 'Add IPT Tokens to your Metamask' }).click();
    await page.getByText('The wallet request was declined; nothing was changed.').waitFor();
    expect(wallet.calls.slice(callsBefore).map((call) => call.method)).toEqual(['wallet_watchAsset']);
  });
});

describe('billing screens on a phone', () => {
  it('fit 375 px: pricing and checkout', async () => {
    const phone = await browser.newContext({ viewport: { width: 375, height: 812 } });
    try {
      const small = await phone.newPage();
      await small.goto(`${server.url}/auth/pricing-page`);
      await expect.poll(() => small.getByRole('article').count()).toBe(4);
      await screenshot(small, 'billing-pricing-375');
      expect(await noOverflow(small)).toBeLessThanOrEqual(375);

      await small.getByRole('link', { name: 'Choose Starter' }).click();
      await small.waitForURL(/\/auth\/login-page\?next=/);
      await small.getByLabel('Username or e-mail').fill(user.username);
      await small.getByLabel('Password', { exact: true }).fill(user.password);
      await small.getByRole('button', { name: "Let's Go" }).click();
      await small.waitForURL(/\/admin\/checkout-page\/10credits\/usd$/);
      await small.getByText('TEST MODE', { exact: true }).waitFor();
      await screenshot(small, 'billing-checkout-375');
      expect(await noOverflow(small)).toBeLessThanOrEqual(375);

      await payWithCard(small, '4000 0000 0000 0002');
      await small.getByRole('alert').waitFor();
      await screenshot(small, 'billing-checkout-declined-375');
      expect(await noOverflow(small)).toBeLessThanOrEqual(375);
    } finally {
      await phone.close();
    }
  });
});

describe('secrets', () => {
  it('never sent private key material in any request', () => {
    expect(requests.length).toBeGreaterThan(10);
    const keys = [requester.privateKey, treasury.privateKey];
    expect(findLeaks(requests, [...keys, ...keys.map((key) => key.slice(2))])).toEqual([]);
  });
});
