import { compactVerify, createLocalJWKSet, type JSONWebKeySet } from 'jose';
import { readFileSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReceiptFile } from '../../shared/consent-receipt';
import { buildKey, createRequest, randomAddress, surveyBody, unverifiedEscrow } from '../api/support/requests';
import { axeBothWidths } from './support/axe';
import { logIn, screenshot } from './support/browser';
import { appWithUser } from './support/server';

// A participant's rights in the participant app on a 375 px phone (issue 33): the terms shown
// before sending, the signed receipt downloaded and checked on the verify page, the requester's
// download in the access log, then an access request and a deletion request.
const app = appWithUser();
const PHONE = { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
const WALLET = randomAddress();
let phone: BrowserContext;
let page: Page;
let requestId: string;
let receiptPath: string;

beforeAll(async () => {
  const key = await buildKey(app.user);
  const request = await createRequest(
    app.user,
    surveyBody(key.id, {
      ...unverifiedEscrow(),
      title: 'Commuting habits',
      description: 'How people get to work, to plan new bike lanes.',
      data: [{ type: 'radios', title: 'How do you get to work?', options: ['Bicycle', 'Bus', 'Car'] }],
    }),
  );
  requestId = request.id;
  phone = await app.browser.newContext(PHONE);
  // a pasted wallet, as the wallet step stores it: this suite is about the answer, not the wallet
  await phone.addInitScript(
    (address) => localStorage.setItem('parley.participant.wallet', JSON.stringify({ kind: 'pasted', address })),
    WALLET,
  );
  page = await phone.newPage();
});
afterAll(async () => {
  await phone?.close();
});

const scrollWidth = () => page.evaluate<number>('document.documentElement.scrollWidth');

async function download(click: () => Promise<void>): Promise<string> {
  const [file] = await Promise.all([page.waitForEvent('download'), click()]);
  return (await file.path())!;
}

describe('a participant in control of their answer', () => {
  it('lets the requester choose how long answers are kept, and says participants see their use', async () => {
    const desk = await app.browser.newContext({ viewport: { width: 1440, height: 900 } });
    const admin = await desk.newPage();
    await logIn(admin, app.server.url, app.user);
    await admin.goto(`${app.server.url}/admin/request/survey/detail/${requestId}`);
    const card = admin.getByRole('region', { name: 'Retention' });
    await card.getByText('No period chosen').waitFor();
    expect(await admin.getByRole('note').filter({ hasText: 'Participants see in their access log' }).count()).toBe(1);
    await card.getByRole('combobox', { name: 'Keep answers for' }).click();
    await admin.getByRole('option', { name: '90 days' }).click();
    await card.getByText(/Each answer is deleted 90 days after it is sent/).waitFor();
    await screenshot(admin, 'rights-requester-retention-1440');
    await desk.close();
  });

  it('sees what sending shares before sending, then sends', async () => {
    await page.goto(`${app.server.url}/p/r/${requestId}`);
    const terms = page.getByRole('region', { name: 'What you agree to' });
    await terms.waitFor();
    const text = await terms.textContent();
    // the requester's words isolated in their own direction (U+2068 ... U+2069)
    expect(text).toContain('Question: \u2068How do you get to work?\u2069');
    // who receives it: the requester's name
    expect(text).toContain(`\u2068${app.user.username}\u2069, who made this request`);
    expect(text).toContain('How people get to work, to plan new bike lanes.');
    expect(text).toContain('3 IPT');
    expect(text).toContain('Deleted 90 days after you send it');
    // the same terms in the participant's language: French, then Arabic right to left
    await page.getByRole('combobox', { name: 'Language' }).selectOption('fr');
    const french = page.getByRole('region', { name: 'Ce que vous acceptez' });
    await french.waitFor();
    expect(await french.textContent()).toContain('Question : \u2068How do you get to work?\u2069');
    expect(await french.textContent()).toMatch(/Supprimée 90 jours après votre envoi \(le \d+ \S+ \d{4}\)/);
    await french.scrollIntoViewIfNeeded();
    await screenshot(page, 'rights-consent-fr-375');
    await page.getByRole('combobox', { name: 'Langue' }).selectOption('ar');
    const arabic = page.getByRole('region', { name: 'ما توافق عليه' });
    await arabic.waitFor();
    expect(await arabic.textContent()).toContain('تُحذف بعد 90 يومًا من إرسالها');
    expect(await page.getByTestId('survey-container').getAttribute('dir')).toBe('rtl');
    await screenshot(page, 'rights-consent-ar-375');
    await page.setViewportSize({ width: 1440, height: 900 });
    await screenshot(page, 'rights-consent-ar-1440');
    await page.setViewportSize(PHONE.viewport);
    await page.getByRole('combobox', { name: 'اللغة' }).selectOption('en');
    await terms.waitFor();
    await page.getByRole('radio', { name: 'Bicycle' }).check();
    await terms.scrollIntoViewIfNeeded();
    await screenshot(page, 'rights-consent-375');
    await page.getByRole('button', { name: 'Send my answers' }).click();
    await page.getByText('Thank you: your answer was received').waitFor();
    expect(await scrollWidth()).toBeLessThanOrEqual(375);
  });

  it('downloads the receipt, which verifies offline and on the verify page; a changed one does not', async () => {
    await page.goto(`${app.server.url}/p/answers`);
    await page.getByRole('list', { name: 'My answers' }).getByRole('listitem').first().waitFor();
    receiptPath = await download(() => page.getByRole('button', { name: 'Download receipt' }).click());
    const file = JSON.parse(readFileSync(receiptPath, 'utf8')) as ReceiptFile;
    const jwks = (await (await fetch(`${app.server.url}/.well-known/jwks.json`)).json()) as JSONWebKeySet;
    const { payload } = await compactVerify(file.receipt, createLocalJWKSet(jwks));
    expect(JSON.parse(new TextDecoder().decode(payload))).toMatchObject({
      services: [{ requestId, service: 'Commuting habits' }],
      reward: { amount: 3 },
    });

    await page.goto(`${app.server.url}/p/verify`);
    await page.locator('input[type=file]').setInputFiles(receiptPath);
    await page.getByText('Genuine: signed by Parley and unchanged since.').waitFor();
    expect(await page.getByRole('status').textContent()).toContain('Commuting habits');
    await screenshot(page, 'rights-verify-375');
    const [h, p, s] = file.receipt.split('.');
    const claims = JSON.parse(Buffer.from(p, 'base64url').toString()) as { reward: { amount: number } };
    const raised = Buffer.from(JSON.stringify({ ...claims, reward: { ...claims.reward, amount: 300 } })).toString(
      'base64url',
    );
    // pasted this time: the other way in
    await page.getByLabel('Or paste the receipt').fill(JSON.stringify({ ...file, receipt: `${h}.${raised}.${s}` }));
    await page.getByRole('button', { name: 'Check', exact: true }).click();
    await page.getByText(/Not genuine\. The signature does not match/).waitFor();
    await screenshot(page, 'rights-verify-changed-375');
  });

  it("shows the requester's downloads in the access log: from the request's screen and the export API", async () => {
    // the requester downloads the responses from the request's screen, as a person does
    const desk = await app.browser.newContext({ viewport: { width: 1440, height: 900 }, acceptDownloads: true });
    const admin = await desk.newPage();
    await logIn(admin, app.server.url, app.user);
    await admin.goto(`${app.server.url}/admin/request/survey/detail/${requestId}`);
    const [csv] = await Promise.all([
      admin.waitForEvent('download'),
      admin.getByRole('button', { name: 'Responses CSV' }).click(),
    ]);
    expect(readFileSync((await csv.path())!, 'utf8')).toContain('Bicycle');
    await desk.close();
    // and through the API, as `npm run export` does
    const exported = await app.user.client.fetch(`/v1/export/surveyResponses?id=${requestId}`);
    expect(exported.status).toBe(200);
    await exported.text();

    await page.goto(`${app.server.url}/p/answers`);
    const events = page.getByRole('list', { name: 'Access events' });
    await events.getByText('The requester exported your answers to a file').waitFor();
    const lines = await events.getByRole('listitem').allTextContents();
    expect(lines[0]).toContain('The requester exported your answers to a file');
    expect(lines.at(-1)).toContain('You sent your answer');
    // the screen's table and its CSV: each a listing of the answers, at least one each
    const looked = lines.slice(1, -1);
    expect(looked.length).toBeGreaterThanOrEqual(1);
    for (const line of looked) expect(line).toContain('The requester looked at your answers');
    await page.getByRole('region', { name: 'Access log' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'rights-access-log-375');
    expect(await scrollWidth()).toBeLessThanOrEqual(375);
  });

  it('downloads everything held about it, then deletes it', async () => {
    const copy = JSON.parse(
      readFileSync(await download(() => page.getByRole('button', { name: 'Download my data' }).click()), 'utf8'),
    ) as {
      submissions: { answers: { option: string }[] }[];
      receipts: string[];
      participant: { walletAddress: string };
    };
    expect(copy.participant.walletAddress).toBe(WALLET);
    expect(copy.submissions).toHaveLength(1);
    expect(copy.submissions[0].answers).toEqual([expect.objectContaining({ option: 'Bicycle' })]);
    expect(copy.receipts).toEqual([JSON.parse(readFileSync(receiptPath, 'utf8')).receipt]);

    await page.getByRole('button', { name: 'Delete my data' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your data?' });
    await dialog.waitFor();
    expect(await axeBothWidths(page, 'delete your data dialog')).toEqual([]);
    await dialog.getByRole('button', { name: 'Delete my data' }).click();
    await page.getByText(/^1 answer deleted\. Kept: /).waitFor();
    const events = page.getByRole('list', { name: 'Access events' });
    await events.getByText('You asked Parley to delete your data: it was deleted').waitFor();
    await page.getByRole('list', { name: 'My answers' }).getByText('Withdrawn').waitFor();
    await screenshot(page, 'rights-deleted-375');
    const left = await app.user.client.rest<{ list: unknown[] }>('GET', '/request.api/response', undefined, {
      id: requestId,
      type: 'survey',
    });
    expect(left.body.result!.list).toEqual([]);

    // the requester's screen counts the deletion beside the keeping period
    const desk = await app.browser.newContext({ viewport: { width: 1440, height: 900 } });
    const admin = await desk.newPage();
    await logIn(admin, app.server.url, app.user);
    await admin.goto(`${app.server.url}/admin/request/survey/detail/${requestId}`);
    await admin
      .getByRole('region', { name: 'Retention' })
      .getByText(/Withdrawn or deleted by their participants: 1\./)
      .waitFor();
    await screenshot(admin, 'rights-requester-deletions-1440');
    await desk.close();
  });
});
