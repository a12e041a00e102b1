import { getAddress, type Contract } from 'ethers';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toRequestId } from '../../scripts/chain/anvil';
import { simulateParticipants } from '../../scripts/simulate/simulate';
import { balanceOf } from '../api/support/billing';
import { startChainServer, type ChainServer } from '../api/support/chain';
import { buildUser, type TestUser } from '../api/support/factories';
import type { TestServer } from '../api/support/server';
import { axeBothWidths } from './support/axe';
import { launchBrowser, screenshot } from './support/browser';
import { startAppServer } from './support/server';

// Publishing without any crypto wallet, in Chromium: a person whose browser has no wallet buys IPT
// credit by card (sandbox checkout), publishes a survey paying with that credit (the platform
// treasury creates and funds the escrow on a fresh anvil), simulated phones answer and are paid on
// chain from that escrow, and the survey's results show.
let env: ChainServer;
let server: TestServer;
let factory: Contract;
let onChain: (address: string) => Promise<bigint>;
let user: TestUser;
let browser: Browser;
let context: BrowserContext;
let page: Page;
const PHONES = 6;
const TOTAL = 12;
const EACH = 2;
let requestId = '';

beforeAll(async () => {
  // dev account 0 deploys the contracts and is the treasury, holding the IPT it funds escrows with
  env = await startChainServer(1, 1_000n, startAppServer);
  ({ server, factory, onChain } = env);
  user = await buildUser(server);
  browser = await launchBrowser();
  // no dev wallet installed: window.ethereum does not exist in this browser
  context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  page = await context.newPage();
});
afterAll(async () => {
  await browser?.close();
  await env?.close();
});

const eventually = <T>(value: () => T | Promise<T>) => expect.poll(value, { timeout: 20_000 });
const scrollWidth = (target: Page) => target.evaluate<number>('document.documentElement.scrollWidth');
const next = () => page.getByRole('button', { name: 'Next' }).click();

/** The Starter plan (10 IPT) in the sandbox checkout, paid with the test card. */
async function buyStarter(target: Page) {
  await target.goto(`${server.url}/admin/checkout-page/10credits/usd`);
  const form = target.getByRole('form', { name: 'Card details' });
  await form.getByLabel('Card number').fill('4242 4242 4242 4242');
  await form.getByLabel('Expiry (MM/YY)').fill('12/39');
  await form.getByLabel('CVC').fill('123');
  await form.getByRole('button', { name: 'Pay $10' }).click();
  await target.getByText('Payment successful').waitFor();
}

/** The Summary step of the survey wizard, filled. */
async function fillSummary() {
  await page.getByRole('heading', { level: 1, name: 'Create Survey Request' }).waitFor();
  await page.getByRole('textbox', { name: /^Title/ }).fill('Coffee habits');
  await page.getByRole('combobox', { name: /Request Key/ }).click();
  await page.getByRole('option', { name: 'Credit key' }).click();
  await page.getByRole('textbox', { name: /^Total IPTs/ }).fill(String(TOTAL));
  await page.getByRole('textbox', { name: /^IPTs per Response/ }).fill(String(EACH));
  await next();
  await page.getByRole('heading', { level: 2, name: 'Design' }).waitFor();
}

async function addQuestion(title: string, choices: readonly string[]) {
  await page.getByRole('button', { name: 'New Question' }).click();
  await page.getByRole('menuitem', { name: 'Multiple Choice (Radio Button)' }).click();
  const dialog = page.getByRole('dialog', { name: /New question/ });
  await dialog.getByRole('textbox', { name: /^Question/ }).fill(title);
  for (const [i, choice] of choices.entries()) {
    await dialog.getByRole('textbox', { name: `Choice ${i + 1}` }).fill(choice);
  }
  await dialog.getByRole('button', { name: 'Save question' }).click();
  await dialog.waitFor({ state: 'detached' });
}

describe('publishing with prepaid credit in Chromium, without a wallet', () => {
  it('logs in without a wallet and makes a request key pair', async () => {
    await page.goto(`${server.url}/auth/login-page`);
    await page.getByLabel('Username or e-mail').fill(user.username);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: "Let's Go" }).click();
    await page.waitForURL(/\/admin\/dashboard$/);
    expect(await page.evaluate<boolean>('typeof window.ethereum === "undefined"')).toBe(true);

    await page.goto(`${server.url}/admin/settings`);
    await page.getByRole('tab', { name: 'Generate Key Pair' }).click();
    const panel = page.getByRole('form', { name: 'Generate key pair' });
    await panel.getByLabel('Key title').fill('Credit key');
    await panel.getByRole('button', { name: /Generate key pair/ }).click();
    await panel.getByLabel('Private key (PEM)').inputValue();
    await panel.getByRole('button', { name: 'Save key' }).click();
    await page.getByRole('table', { name: 'Available Keys' }).getByText('Credit key').waitFor();
  });

  it('buys 10 IPT of credit by card in the sandbox checkout', async () => {
    await buyStarter(page);
    expect(await balanceOf(user.client)).toBe(10);
  });

  it('offers the credit on the Preview step and says when it is too little', async () => {
    await page.goto(`${server.url}/admin/request/survey/new`);
    await fillSummary();
    await addQuestion('Coffee or tea?', ['Coffee', 'Tea', 'Neither']);
    await next();
    await page.getByRole('heading', { level: 2, name: 'Preview' }).waitFor();
    const credit = page.getByRole('radio', { name: 'Pay with prepaid credit (10 IPT available)' });
    await credit.check();
    // 12 IPT asked, 10 available
    const alert = page.getByRole('alert').filter({ hasText: 'Purchase Tokens to continue' });
    await alert.waitFor();
    expect(await alert.textContent()).toContain('You do not have enough tokens in this account to continue!');
    expect(await alert.getByRole('link', { name: 'Purchase IPT Tokens' }).getAttribute('href')).toBe(
      '/auth/pricing-page',
    );
    for (const width of [1440, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await page.waitForTimeout(200);
      await screenshot(page, `credit-preview-short-${width}`);
      expect(await scrollWidth(page)).toBeLessThanOrEqual(width);
    }
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByRole('radio', { name: '90 days' }).check();
    await page.getByRole('button', { name: 'Finish' }).click();
    const refused = page.getByRole('alertdialog', { name: 'Purchase Tokens to continue' });
    await refused.waitFor();
    await screenshot(page, 'credit-publish-refused-1440');
    expect(await axeBothWidths(page, 'purchase tokens dialog')).toEqual([]);
    await refused.getByRole('button', { name: 'Ok' }).click();
    expect(await balanceOf(user.client)).toBe(10);
  });

  it('publishes the survey with credit once there is enough; the treasury funds the escrow', async () => {
    // buys more in another tab, then comes back to the same wizard
    const shop = await context.newPage();
    await buyStarter(shop);
    await shop.close();
    expect(await balanceOf(user.client)).toBe(20);

    // a new wizard reads the balance afresh
    await page.reload();
    await fillSummary();
    await addQuestion('Coffee or tea?', ['Coffee', 'Tea', 'Neither']);
    await next();
    await page.getByRole('radio', { name: 'Pay with prepaid credit (20 IPT available)' }).check();
    expect(await page.getByText('Purchase Tokens to continue').count()).toBe(0);
    await page.getByRole('radio', { name: '90 days' }).check();
    await screenshot(page, 'credit-preview-1440');
    await page.getByRole('button', { name: 'Finish' }).click();
    const published = page.getByRole('dialog', { name: 'Request published' });
    await published.waitFor({ timeout: 30_000 });
    await screenshot(page, 'credit-published-1440');

    const list = await user.client.rest<{ list: { id: string; title: string; status: number }[] }>(
      'GET',
      '/v1/request/list?type=survey',
    );
    const survey = list.body.result!.list.find((r) => r.title === 'Coffee habits')!;
    expect(survey.status).toBe(1);
    requestId = survey.id;
    const escrow = getAddress((await factory.getFunction('escrowOf')(toRequestId(requestId))) as string);
    expect(await published.textContent()).toContain(escrow);
    expect(await onChain(escrow)).toBe(BigInt(TOTAL));
    expect(await balanceOf(user.client)).toBe(20 - TOTAL);
    await published.getByRole('button', { name: 'Ok' }).click();
    await page.waitForURL(/\/admin\/request\/survey\/list$/);
  });

  it('simulated phones answer and are paid on chain from the escrow', async () => {
    const summary = await simulateParticipants({
      url: server.url,
      requestId,
      count: PHONES,
      seed: 1313,
      concurrency: 3,
      waitForPayoutsMs: 30_000,
    });
    expect(summary.rejected).toEqual([]);
    expect(summary.accepted).toHaveLength(PHONES);
    // the escrow holds 12 IPT at 2 per response: six are paid
    expect(summary.payouts).toEqual({ sent: PHONES });
    for (const phone of summary.accepted) expect(await onChain(phone.walletAddress)).toBe(BigInt(EACH));
  });

  it('shows the results', async () => {
    await page.goto(`${server.url}/admin/request/survey/detail/${requestId}`);
    const pies = page.getByTestId('question-pie');
    await eventually(() => pies.count()).toBe(1);
    const label = await pies.first().getAttribute('aria-label');
    expect(label).toMatch(/^Coffee or tea\?: Coffee \d+, Tea \d+, Neither \d+$/);
    const counted = [...label!.matchAll(/ (\d+)(?:,|$)/g)].reduce((sum, m) => sum + Number(m[1]), 0);
    expect(counted).toBe(PHONES);
    for (const width of [1440, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await page.waitForTimeout(300);
      await screenshot(page, `credit-results-${width}`);
      expect(await scrollWidth(page)).toBeLessThanOrEqual(width);
    }
  });
});
