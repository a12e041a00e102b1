import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRIVATE_KEY_STORAGE_PREFIX } from '../../web/src/crypto/key-storage';
import { randomUUID } from 'node:crypto';
import { devAccounts } from '../../scripts/chain/anvil';
import { fundEscrow, startTestChain, type TestChain } from '../api/support/escrow';
import { buildKey, createRequest, randomAddress, surveyBody } from '../api/support/requests';
import { axeBothWidths } from './support/axe';
import { launchBrowser, logIn, screenshot, screenshotAsIs } from './support/browser';
import { createDevWallet, installDevWallet, type DevWallet } from './support/dev-wallet';
import { startAppServer } from './support/server';
import { buildUser, type TestUser } from '../api/support/factories';
import type { TestServer } from '../api/support/server';
import type { Browser } from 'playwright-core';

// Fieldwork in Chromium against a local chain: the requester sets a screener, two quotas, two
// attention checks and a minimum hourly rate on a published survey from its detail page;
// participants answer from the /p/ app on phones (one qualifies, one is screened out, one meets a
// full quota, one fails both checks, after being told the rule up front); the requester sees the
// quotas and the flags, rejects the inattentive answer by its flag, and pays the approved one the
// top-up from the browser wallet (the chain is the one thing a top-up cannot be paid without).
let chain: TestChain;
let wallet: DevWallet;
let server: TestServer;
let requester: TestUser;
let browser: Browser;
let desk: BrowserContext;
let admin: Page;
let requestId = '';
const PHONE = { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
const QUESTIONS = [
  { type: 'radios', title: 'Your age', options: ['Under 18', '18-29', '30+'] },
  { type: 'radios', title: 'To show you read this, choose Often', options: ['Never', 'Sometimes', 'Often'] },
  { type: 'checkboxes', title: 'Choose Red and Blue', options: ['Red', 'Green', 'Blue'] },
];

beforeAll(async () => {
  chain = await startTestChain();
  server = await startAppServer(chain.env);
  requester = await buildUser(server);
  const key = await buildKey(requester, 'Fieldwork key');
  const id = randomUUID();
  const escrow = await fundEscrow(chain, id, 30n, 3n);
  const r = await createRequest(
    requester,
    surveyBody(key.id, {
      id,
      title: 'Sleep and screens',
      data: QUESTIONS,
      bonus_amount: 30,
      bonus_each: 3,
      pay_after_review: true,
      review_days: 3,
      status: 1,
      newchild: escrow,
      address: chain.requester.address,
    }),
  );
  requestId = r.id;
  // the requester's browser wallet: the dev account that funded the escrow
  wallet = createDevWallet({
    rpcUrl: chain.env.CHAIN_RPC_URL,
    chainId: Number(chain.env.CHAIN_ID),
    privateKey: devAccounts(2)[1].privateKey,
  });
  browser = await launchBrowser();
  desk = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await installDevWallet(desk, wallet);
  await desk.addInitScript(([name, pem]) => localStorage.setItem(name, pem), [
    PRIVATE_KEY_STORAGE_PREFIX + key.id,
    key.privateKeyPem,
  ] as const);
  admin = await desk.newPage();
  await logIn(admin, server.url, requester);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  wallet?.close();
  await chain?.stop();
});

const detail = () => `${server.url}/admin/request/survey/detail/${requestId}`;
const card = () => admin.locator('#fieldwork');

/** Picks a question in a select, then its options as chips. */
async function pick(label: string, question: string | null, options: string[]) {
  if (question) {
    await card().getByRole('combobox', { name: label }).click();
    await admin.getByRole('option', { name: question }).click();
  }
  const group = card().getByRole('group', { name: `${label}: options` });
  for (const o of options) await group.getByRole('button', { name: o, exact: true }).click();
}

const wallets: Record<string, string> = {};

/** A participant on a phone of their own (a new device) with a pasted wallet, answering. */
async function answer(name: string, age: string, often: string, colours: string[]): Promise<Page> {
  const phone = await browser.newContext(PHONE);
  wallets[name] = randomAddress();
  await phone.addInitScript(
    (address) => localStorage.setItem('parley.participant.wallet', JSON.stringify({ kind: 'pasted', address })),
    wallets[name],
  );
  const page = await phone.newPage();
  await page.goto(`${server.url}/p/r/${requestId}`);
  await page.getByRole('form', { name: 'Your answer' }).waitFor();
  await page.getByTestId('attention-rule').waitFor();
  await page.getByRole('radio', { name: age, exact: true }).check();
  await page.getByRole('radio', { name: often, exact: true }).check();
  for (const c of colours) await page.getByRole('checkbox', { name: c, exact: true }).check();
  await page.getByRole('button', { name: 'Send my answers' }).click();
  await page.getByRole('heading', { name: /Thank you/ }).waitFor();
  await screenshot(page, `fieldwork-phone-${name}`);
  return page;
}

describe('fieldwork from setup to review', () => {
  it('sets a screener, two quotas and two attention checks on the survey', async () => {
    await admin.goto(detail());
    await card().getByRole('form', { name: 'Fieldwork setup' }).waitFor();
    const add = card().getByRole('button', { name: 'Add' });
    await add.nth(0).click();
    await pick('Screener 1', null, ['18-29', '30+']);
    for (const [i, [name, size, option]] of [
      ['Aged 18-29', '1', '18-29'],
      ['Aged 30+', '2', '30+'],
    ].entries()) {
      await add.nth(1).click();
      await card().getByRole('textbox', { name: 'Quota name' }).nth(i).fill(name);
      await card().getByRole('spinbutton', { name: 'Size' }).nth(i).fill(size);
      await pick(`Quota ${i + 1} question`, null, [option]);
    }
    await add.nth(2).click();
    await pick('Attention check 1', QUESTIONS[1].title, ['Often']);
    await add.nth(2).click();
    await pick('Attention check 2', QUESTIONS[2].title, ['Red', 'Blue']);
    // a rate no answer of a few seconds meets at 3 IPT: the study will owe a top-up
    await card().getByRole('spinbutton', { name: 'Minimum reward per hour (IPT)' }).fill('100000');
    await screenshot(admin, 'fieldwork-setup-1440');
    await card().getByRole('button', { name: 'Save fieldwork' }).click();
    await card().getByText('Fieldwork saved.').waitFor();
    const quotas = card().getByRole('list', { name: 'Quotas' });
    // the saved quotas are drawn after the save's answer arrives
    await expect
      .poll(() => quotas.getByRole('listitem').allTextContents())
      .toEqual([expect.stringContaining('0 of 1'), expect.stringContaining('0 of 2')]);
  });

  it('answers from phones: qualifying, screened out, quota full and failing both checks', async () => {
    const ok = await answer('accepted-375', '18-29', 'Often', ['Red', 'Blue']);
    expect(await ok.getByRole('heading', { level: 2 }).first().textContent()).toContain('your answer was received');
    const screened = await answer('screened-out-375', 'Under 18', 'Often', ['Red', 'Blue']);
    expect(await screened.locator('[data-outcome="screened_out"]').textContent()).toContain('different profile');
    const full = await answer('quota-full-375', '18-29', 'Often', ['Red', 'Blue']);
    expect(await full.locator('[data-outcome="quota_full"]').textContent()).toContain('already has all the answers');
    const careless = await answer('failed-checks-375', '30+', 'Never', ['Red']);
    expect(await careless.getByRole('heading', { level: 2 }).first().textContent()).toContain(
      'your answer was received',
    );
  });

  it('shows the quotas and flags, and rejects the inattentive answer by its flag', async () => {
    await admin.goto(detail());
    const flagged = card().getByRole('table', { name: 'Flagged responses' });
    await flagged.waitFor();
    expect(await flagged.getByRole('row').count()).toBe(2);
    expect(await flagged.textContent()).toContain('2 of 2 checks failed');
    const quotas = card().getByRole('list', { name: 'Quotas' });
    expect(await quotas.getByRole('listitem').allTextContents()).toEqual([
      expect.stringMatching(/1 of 1.*Full.*1 ended/),
      expect.stringContaining('1 of 2'),
    ]);
    await screenshot(admin, 'fieldwork-review-1440');
    // the flagged table scrolls sideways at 375 px: reachable from the keyboard (axe's check)
    expect(await axeBothWidths(admin, 'fieldwork review', '#fieldwork')).toEqual([]);
    await card().getByRole('button', { name: 'Reject all' }).click();
    await card().getByText('Rejected 1 response.').waitFor();
    await admin.setViewportSize({ width: 375, height: 812 });
    await screenshot(admin, 'fieldwork-review-375');
    await admin.setViewportSize({ width: 1440, height: 900 });
  });

  it('offers the top-up the median time shows is owed, and pays it from the wallet once', async () => {
    const list = await requester.client.rest<{ list: { id: string; payout: { status: string } | null }[] }>(
      'GET',
      '/request.api/response',
      undefined,
      { id: requestId },
    );
    // the qualifying answer is approved (its bonus is paid on the chain); the rejected one is owed nothing
    const approved = list.body.result!.list.filter((r) => r.payout?.status === 'awaiting_review');
    expect(approved).toHaveLength(1);
    const res = await requester.client.rest('POST', '/request.api/response/approve', {
      id: requestId,
      response_ids: approved.map((r) => r.id),
    });
    expect(res.status).toBe(200);
    await admin.goto(detail());
    const offer = card().getByRole('region', { name: 'Top-up owed' });
    await offer.waitFor();
    const each = Number(/by (\d+) IPT each/.exec((await offer.textContent()) ?? '')![1]);
    expect(each).toBeGreaterThan(0);
    await screenshot(admin, 'fieldwork-top-up-offer-1440');
    await admin.setViewportSize({ width: 375, height: 812 });
    await screenshot(admin, 'fieldwork-top-up-offer-375');
    // the card itself too: the page is long at 375 px
    await screenshotAsIs(card(), 'fieldwork-top-up-offer-card-375');
    await admin.setViewportSize({ width: 1440, height: 900 });
    await offer.getByRole('button', { name: 'Pay from wallet' }).click();
    // paid, or an error saying why not
    const settled = card().locator('[data-testid="top-up-paid"], [data-testid="top-up-error"]');
    const logs: string[] = [];
    admin.on('console', (m) => logs.push(m.text()));
    await settled
      .first()
      .waitFor({ timeout: 60_000 })
      .catch(async (e: unknown) => {
        await screenshot(admin, 'fieldwork-top-up-stuck-1440');
        throw new Error(
          `${String(e)}\nwallet: ${JSON.stringify(wallet.calls.map((c) => c.method))}\n${logs.join('\n')}`,
        );
      });
    expect(await card().getByTestId('top-up-error').count(), (await settled.first().textContent()) ?? undefined).toBe(
      0,
    );
    expect(await card().getByTestId('top-up-paid').textContent()).toContain('paid to 1 approved participant');
    expect(await offer.count()).toBe(0);
    await screenshot(admin, 'fieldwork-top-up-paid-1440');
    // on the chain: the bonus of 3 and the top-up, once
    await server.services.payouts.drain();
    await server.services.payouts.runDue(server.db.orm.em.fork());
    expect(await chain.balance(wallets['accepted-375'])).toBe(3n + BigInt(each));
    expect(await chain.balance(wallets['failed-checks-375'])).toBe(0n);
    await admin.setViewportSize({ width: 375, height: 812 });
    await screenshot(admin, 'fieldwork-top-up-paid-375');
    await screenshotAsIs(card(), 'fieldwork-top-up-paid-card-375');
  });
});
