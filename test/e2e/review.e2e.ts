import { Wallet } from 'ethers';
import { generateKeyPairSync } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devAccounts } from '../../scripts/chain/anvil';
import { encryptCollectionResponse } from '../../scripts/simulate/response-crypto';
import { PRIVATE_KEY_STORAGE_PREFIX } from '../../web/src/crypto/key-storage';
import { startChainServer, type ChainServer } from '../api/support/chain';
import { TestClient } from '../api/support/client';
import { buildUser, type TestUser } from '../api/support/factories';
import { buildKey, type KeyPair } from '../api/support/requests';
import type { TestServer } from '../api/support/server';
import { launchBrowser, logIn, screenshot } from './support/browser';
import { createDevWallet, installDevWallet, type DevWallet } from './support/dev-wallet';
import { startAppServer } from './support/server';

// Payout after review in Chromium: the requester publishes a collection paid after review from the
// wizard (browser wallet bridged to a dev key), participants answer through the /p/ app on phones,
// the requester rejects one with a reason and approves another, which is paid on the local chain;
// the rejected participant reads the reason under My answers.
let env: ChainServer;
let server: TestServer;
let requester: TestUser;
let key: KeyPair;
let wallet: DevWallet;
let browser: Browser;
let desk: BrowserContext;
let admin: Page;
let requestId = '';
// dev account 0 is the treasury; the requester's browser wallet holds account 3's 100 IPT
const funder = devAccounts(4)[3];
const PHONE = { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
const REASON = 'The e-mail address does not work, so we cannot reach you.';

type Participant = { context: BrowserContext; page: Page; wallet: string; memberId: string };
const people: Record<'rejected' | 'approved', Participant> = {} as never;
let broken = { wallet: '', memberId: '' };

beforeAll(async () => {
  env = await startChainServer(4, 100n, startAppServer);
  server = env.server;
  requester = await buildUser(server);
  key = await buildKey(requester, 'Review key');
  wallet = createDevWallet({ rpcUrl: env.chain.rpcUrl, chainId: env.chain.chainId, privateKey: funder.privateKey });
  browser = await launchBrowser();
  desk = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await installDevWallet(desk, wallet);
  // the request key's private half, as the browser that made it keeps it
  await desk.addInitScript(([name, pem]) => localStorage.setItem(name, pem), [
    PRIVATE_KEY_STORAGE_PREFIX + key.id,
    key.privateKeyPem,
  ] as const);
  admin = await desk.newPage();
  await logIn(admin, server.url, requester);
});
afterAll(async () => {
  await browser?.close();
  wallet?.close();
  await env?.close();
});

const ipt = (address: string) => env.onChain(address);
const eventually = <T>(value: () => T | Promise<T>, timeout = 30_000) => expect.poll(value, { timeout });
const phoneApi = () => new TestClient(server.url);
const checkSubmitted = async (deviceId: string) =>
  (
    await phoneApi().rest<{ memberId: string; payout: { status: string; rejectionReason: string | null } | null }>(
      'GET',
      '/v1/requestClient/checkSubmitted',
      undefined,
      { requestId, deviceId },
    )
  ).body.result!;
const remaining = async () =>
  (
    await phoneApi().rest<{ remaining: number }>('GET', '/v1/requestClient/getEndUserData', undefined, {
      requestID: requestId,
    })
  ).body.result!.remaining;

/** A participant on a phone answers the collection through /p/, paying to a pasted wallet. */
async function answerOnPhone(firstName: string): Promise<Participant> {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  await page.goto(`${server.url}/p/r/${requestId}`);
  await page.getByRole('heading', { name: 'Review study' }).waitFor();
  await page.getByText(/Paid after the requester reviews your answer: within 3 days/).waitFor();
  await page.getByRole('form', { name: 'Your answer' }).waitFor();
  await page.getByLabel('First name').fill(firstName);
  await page.getByLabel('Last name').fill('Mensah');
  await page.getByLabel('Age', { exact: true }).fill('29');
  await page.getByLabel('Mobile').fill('+233 20 123 4567');
  await page.getByLabel('E-mail').fill(`${firstName.toLowerCase()}@example.org`);
  await page.getByRole('combobox', { name: 'Gender' }).click();
  await page.getByRole('option', { name: 'female', exact: true }).click();
  const address = Wallet.createRandom().address;
  await page.getByRole('tab', { name: 'Paste' }).click();
  await page.getByLabel('Wallet address').fill(address);
  await page.getByRole('button', { name: 'Use this address' }).click();
  await page.getByRole('button', { name: 'Encrypt and send' }).click();
  await page.getByText('Thank you: your answer was received').waitFor();
  const deviceId = await page.evaluate<string>("JSON.parse(localStorage.getItem('parley.participant.device'))");
  const state = await checkSubmitted(deviceId);
  expect(state.payout?.status).toBe('awaiting_review');
  return { context, page, wallet: address, memberId: state.memberId };
}

const responses = () => admin.getByRole('table', { name: 'Responses' });
const rowOf = (memberId: string) => responses().getByRole('row').filter({ hasText: memberId });

describe('payout after review in the browser', () => {
  it('publishes a collection paid after review from the wizard', async () => {
    await admin.goto(`${server.url}/admin/request/collection/new`);
    await admin.getByRole('heading', { level: 1, name: 'Create Data Access Request' }).waitFor();
    await admin.getByRole('textbox', { name: /^Title/ }).fill('Review study');
    await admin.getByRole('textbox', { name: /^Description/ }).fill('Your profile, checked before we pay.');
    await admin.getByRole('combobox', { name: /Request Key/ }).click();
    await admin.getByRole('option', { name: 'Review key', exact: true }).click();
    await admin.getByRole('textbox', { name: /^Total IPTs/ }).fill('6');
    await admin.getByRole('textbox', { name: /^IPTs per Response/ }).fill('2');
    await admin.getByRole('radio', { name: 'After my review' }).check();
    await admin.getByRole('textbox', { name: /Review deadline/ }).fill('3');
    await screenshot(admin, 'review-wizard-summary-1440');
    await admin.getByRole('button', { name: 'Next' }).click();
    await admin.getByRole('heading', { level: 2, name: 'Options', exact: true }).waitFor();
    for (const option of [
      'Collect health and fitness data',
      'Collect real-time location data',
      'ID Data',
      'Personal Images',
    ]) {
      await admin.getByRole('checkbox', { name: option }).uncheck();
    }
    await admin.getByRole('button', { name: 'Next' }).click();
    await admin.getByRole('heading', { level: 2, name: 'Preview', exact: true }).waitFor();
    const preview = admin.getByLabel('Request preview');
    expect(await preview.textContent()).toContain(
      'Pay participantsAfter your review (approved by itself after 3 days)',
    );
    await admin.getByRole('radio', { name: '180 days' }).check();
    await admin.getByRole('button', { name: 'Finish' }).click();
    await admin.getByRole('dialog', { name: 'Request published' }).waitFor({ timeout: 30_000 });

    const list = await requester.client.gql<{
      requests: { list: { id: string; status: number; payAfterReview: boolean; reviewDays: number }[] };
    }>(`{ requests(type: collection) { list { id status payAfterReview reviewDays } } }`);
    const [published] = list.data!.requests.list;
    expect(published).toMatchObject({ status: 1, payAfterReview: true, reviewDays: 3 });
    requestId = published.id;
    expect(await remaining()).toBe(3);
  });

  it('takes answers from phones; their payouts wait for the review', async () => {
    people.rejected = await answerOnPhone('Abena');
    people.approved = await answerOnPhone('Kwame');
    // a broken phone client: sealed to some other key, so no browser can ever open it
    const stray = generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey.export({ type: 'spki', format: 'pem' });
    broken = { wallet: Wallet.createRandom().address, memberId: '' };
    const sealed = await encryptCollectionResponse(requestId, stray.toString(), { firstName: 'Nobody' });
    const res = await phoneApi().rest<{ memberId: string }>('POST', '/v1/requestClient/submitCollection', {
      requestId,
      deviceId: `device-broken-${Date.now()}`,
      walletAddress: broken.wallet,
      ...sealed,
    });
    expect(res.status).toBe(200);
    broken.memberId = res.body.result!.memberId;
    expect(await remaining()).toBe(0);

    const page = people.rejected.page;
    await page.goto(`${server.url}/p/answers`);
    const item = page
      .getByRole('list', { name: 'My answers' })
      .getByRole('listitem')
      .filter({ hasText: 'Review study' });
    await item.getByText('Awaiting review').waitFor();
    await item.getByText(/The requester reviews your answer before paying; if not decided by/).waitFor();
    await screenshot(page, 'review-participant-awaiting-375');
    // nothing moves on-chain while the payouts wait
    await server.services.payouts.drain();
    expect(await ipt(people.approved.wallet)).toBe(0n);
  });

  it('shows the requester the review controls, with the undecryptable answer flagged', async () => {
    await admin.goto(`${server.url}/admin/request/collection/detail/${requestId}`);
    await rowOf(people.rejected.memberId).getByText('Abena', { exact: true }).waitFor();
    await admin.getByText('3 responses awaiting your decision').waitFor();
    await rowOf(broken.memberId).getByText('Flagged: cannot be decrypted').waitFor();
    expect(
      await rowOf(people.approved.memberId)
        .getByText(/Flagged/)
        .count(),
    ).toBe(0);
    expect(await admin.getByText(/1 response on this page cannot be decrypted here/).count()).toBe(1);
    for (const p of [people.rejected, people.approved, { memberId: broken.memberId }]) {
      expect(await rowOf(p.memberId).getByText('Awaiting review').count()).toBe(1);
    }
    await screenshot(admin, 'review-responses-1440');
    await admin.setViewportSize({ width: 375, height: 812 });
    const cards = admin.getByRole('list', { name: 'Responses' });
    await cards.getByRole('button', { name: `Approve response ${people.approved.memberId}` }).waitFor();
    // the cards replace the table once the resized layout settles; no page-wide sideways scroll then
    await expect.poll(() => admin.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
    await screenshot(admin, 'review-responses-375');
    await admin.setViewportSize({ width: 1440, height: 900 });
    await responses().waitFor();
  });

  it('rejects one answer with a reason, approves another, and rejects the flagged one', async () => {
    await rowOf(people.rejected.memberId)
      .getByRole('button', { name: `Reject response ${people.rejected.memberId}` })
      .click();
    const dialog = admin.getByRole('dialog', { name: 'Reject 1 response?' });
    await dialog.getByRole('textbox', { name: /Reason/ }).fill(REASON);
    await screenshot(admin, 'review-reject-dialog-1440');
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await rowOf(people.rejected.memberId).getByText(REASON).waitFor();

    await rowOf(people.approved.memberId)
      .getByRole('button', { name: `Approve response ${people.approved.memberId}` })
      .click();
    await rowOf(people.approved.memberId)
      .getByText(/Approved, paying|Paid/)
      .waitFor();

    await admin.getByRole('button', { name: 'Select flagged' }).click();
    await admin
      .getByRole('toolbar', { name: 'Selected responses' })
      .getByRole('button', { name: 'Reject selected' })
      .click();
    const flagged = admin.getByRole('dialog', { name: 'Reject 1 response?' });
    expect(await flagged.getByRole('textbox', { name: /Reason/ }).inputValue()).toBe(
      'Your answer could not be decrypted with this request’s key, so it cannot be used.',
    );
    await flagged.getByRole('button', { name: 'Reject' }).click();
    await flagged.waitFor({ state: 'hidden' });
    await rowOf(broken.memberId).getByText('Rejected').waitFor();
    await admin.getByText(/no response awaits your decision/).waitFor();

    // the approved one is paid on the local chain, once; the rejected ones get nothing
    await eventually(() => ipt(people.approved.wallet), 60_000).toBe(2n);
    await server.services.payouts.drain();
    expect(await ipt(people.rejected.wallet)).toBe(0n);
    expect(await ipt(broken.wallet)).toBe(0n);
    await admin.reload();
    await rowOf(people.approved.memberId).getByText('Paid', { exact: true }).waitFor();
    await screenshot(admin, 'review-responses-decided-1440');
    // the rejections freed their places
    expect(await remaining()).toBe(2);
  });

  it('shows the rejected participant the reason under My answers, and the approved one the payment', async () => {
    const page = people.rejected.page;
    await page.goto(`${server.url}/p/answers`);
    const item = page
      .getByRole('list', { name: 'My answers' })
      .getByRole('listitem')
      .filter({ hasText: 'Review study' });
    await item.getByText('Rejected', { exact: true }).waitFor();
    expect(await item.textContent()).toContain(
      `The requester rejected your answer, so no bonus is paid. Reason: ${REASON}`,
    );
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
    await screenshot(page, 'review-participant-rejected-375');

    const paid = people.approved.page;
    await paid.goto(`${server.url}/p/answers`);
    const answer = paid
      .getByRole('list', { name: 'My answers' })
      .getByRole('listitem')
      .filter({ hasText: 'Review study' });
    await answer.getByText('Payout sent').waitFor({ timeout: 30_000 });
    const hash = (await answer.getByLabel('Payout transaction').textContent())!;
    expect((await env.provider.getTransactionReceipt(hash))?.status).toBe(1);
    await screenshot(paid, 'review-participant-paid-375');
    for (const p of Object.values(people)) await p.context.close();
  });
});
