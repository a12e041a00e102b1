import { Wallet } from 'ethers';
import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encryptCollectionResponse } from '../../scripts/simulate/response-crypto';
import { fakePerson, rng } from '../../scripts/simulate/fake-data';
import { PRIVATE_KEY_STORAGE_PREFIX } from '../../web/src/crypto/key-storage';
import { TestClient } from '../api/support/client';
import { fundEscrow, publishFundedCollection, startTestChain, type TestChain } from '../api/support/escrow';
import { buildUser, type TestUser } from '../api/support/factories';
import { buildKey, createRequest, newDevice, surveyBody, type KeyPair } from '../api/support/requests';
import type { TestServer } from '../api/support/server';
import { axeBothWidths, axeFindings, axeSettled } from './support/axe';
import { launchBrowser, signIn, screenshot } from './support/browser';
import { goInApp, resizeTo } from './support/navigate';
import { ADMIN_ROUTES, OPEN_ROUTES, PARTICIPANT_ROUTES } from './support/routes';
import { startAppServer } from './support/server';

// WCAG 2.1 A and AA (axe-core, impact serious or critical) on every route of the spec's table, the
// participant app's screens and the dialogs and menus the suites open, at 1440 and 375 px, with
// real data in them: a collection and a survey, both published, funded and paid after review, each
// with answers waiting. The same walk checks the layout: each route resolves, nothing is wider than
// the screen, and at 375 px no table hides columns in a scroll of its own (tables stack their rows);
// the reviews keep their actions in reach on a phone and show every column at 1440 px.
let chain: TestChain;
let server: TestServer;
let requester: TestUser;
let key: KeyPair;
let browser: Browser;
let collectionId = '';
let surveyId = '';
const LONG_TITLE = 'Sleep, steps and resting heart rate of commuters in three cities';

beforeAll(async () => {
  chain = await startTestChain();
  server = await startAppServer(chain.env);
  requester = await buildUser(server);
  key = await buildKey(requester, 'Accessibility key');
  const collection = await publishFundedCollection(chain, requester, key, 20, 2, {
    title: LONG_TITLE,
    pay_after_review: true,
    review_days: 3,
  });
  collectionId = collection.id;
  const random = rng(32);
  const options = { profileData: true, locationData: true, personalImages: true, healthData: true };
  for (let i = 0; i < 2; i++) {
    const sealed = await encryptCollectionResponse(collectionId, key.publicKeyPem, fakePerson(random, options));
    const sent = await new TestClient(server.url).rest('POST', '/v1/requestClient/submitCollection', {
      requestId: collectionId,
      deviceId: newDevice(),
      walletAddress: Wallet.createRandom().address,
      ...sealed,
    });
    expect(sent.status).toBe(200);
  }
  surveyId = randomUUID();
  const escrow = await fundEscrow(chain, surveyId, 30n, 3n);
  await createRequest(
    requester,
    surveyBody(key.id, {
      id: surveyId,
      title: 'How people rate their fitness app',
      status: 1,
      newchild: escrow,
      address: chain.requester.address,
      pay_after_review: 1,
      review_days: 3,
    }),
  );
  for (const answers of [
    ['Weekly', ['Phone', 'Watch'], '25-34', 4],
    ['Daily', ['Tablet'], '45+', 2],
  ]) {
    const answered = await new TestClient(server.url).rest('POST', '/v1/requestClient/submitSurvey', {
      requestId: surveyId,
      deviceId: newDevice(),
      walletAddress: Wallet.createRandom().address,
      answers: answers.map((answer, index) => ({ index, answer })),
    });
    expect(answered.status).toBe(200);
  }
  browser = await launchBrowser();
});
afterAll(async () => {
  await (await signedIn)?.context.close();
  await browser?.close();
  await server?.close();
  await chain?.stop();
});

async function desk(width: number): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  await context.addInitScript(([name, pem]) => localStorage.setItem(name, pem), [
    PRIVATE_KEY_STORAGE_PREFIX + key.id,
    key.privateKeyPem,
  ] as const);
  const page = await context.newPage();
  await signIn(page, server.url, requester);
  return { context, page };
}

// One signed-in page for the requester's screens, walked inside the app and resized between the
// widths: a context, a sign-in or a page load costs a CPU-second or so of Chromium each.
let signedIn: Promise<{ context: BrowserContext; page: Page }> | undefined;
async function deskAt(width: number): Promise<Page> {
  signedIn ??= desk(width);
  const { page } = await signedIn;
  if (page.viewportSize()?.width !== width) await resizeTo(page, width);
  return page;
}

/** axe on the state the page is in, at 1440 px then at 375 px (900 px high), then 1440 px again. */
async function scanBothWidths(page: Page, found: string[], label: string) {
  for (const width of [1440, 375]) {
    await resizeTo(page, width);
    await scan(page, found, `${label} @${width}`);
  }
  await resizeTo(page, 1440);
}

const slug = (route: string) => route.replace(/^\//, '').replace(/[^a-z0-9]+/gi, '-');
const overflow = (page: Page) =>
  page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth');

/**
 * Nothing wider than the viewport; on a phone, no table hides columns in a scroll of its own
 * (tables stack their rows there). The one exception, a region that scrolls on purpose, is named
 * and focusable (the clean room's aggregate table), and not on a route of the table.
 */
async function layoutFindings(page: Page, label: string): Promise<string[]> {
  const found: string[] = [];
  const extra = await overflow(page);
  if (extra > 0) found.push(`${label}: ${extra} px too wide`);
  if (page.viewportSize()!.width < 600) {
    for (const hidden of await page.evaluate<string[]>(`[...document.querySelectorAll('.MuiTableContainer-root')]
      .filter((box) => box.scrollWidth > box.clientWidth + 1)
      .map((box) => (box.querySelector('table')?.getAttribute('aria-label') ?? 'a table') + ': ' +
        (box.scrollWidth - box.clientWidth) + ' px scrolled out of view')`))
      found.push(`${label}: ${hidden}`);
  }
  return found;
}

/** The element's box lies inside the viewport's width. */
async function inReach(page: Page, name: string, locator: ReturnType<Page['getByRole']>) {
  await locator.scrollIntoViewIfNeeded();
  const box = await locator.boundingBox();
  const width = page.viewportSize()!.width;
  expect(box, name).not.toBeNull();
  expect(box!.x, name).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, name).toBeLessThanOrEqual(width);
}

/** Runs axe now and adds its findings to `found`. */
async function scan(page: Page, found: string[], label: string) {
  found.push(...(await axeSettled(page, label)));
}

const withIds = (route: string) =>
  route
    .replace(':survey', surveyId)
    .replace(':id', route.includes('survey') ? surveyId : route.includes('vcrs') ? '123' : collectionId);

// the route table in three parts, each in the test time of a busy machine
const ROUTE_GROUPS: [string, string[]][] = [
  ['the dashboard, the wizards and the lists', ADMIN_ROUTES.slice(0, 6)],
  ['the details, the report, the rooms, checkout and settings', ADMIN_ROUTES.slice(6)],
  ['the participant app', [...PARTICIPANT_ROUTES, '/p/r/:survey']],
];

/**
 * The checks of one route at one width: axe, where it went, the layout, and its screenshot.
 * `route` is the path asked for: a redirect elsewhere is a finding.
 */
async function checkRoute(page: Page, route: string, width: number, found: string[], signedOut = false) {
  const label = `${route} @${width}`;
  found.push(...(await axeSettled(page, label)));
  if (!signedOut && new URL(page.url()).pathname !== route) found.push(`${label}: went to ${page.url()}`);
  found.push(...(await layoutFindings(page, label)));
  await screenshot(page, `route-${slug(route)}-${width}`);
}

// Each route is opened once, inside the app, and checked at one width, then the page is resized for
// the other; the next route starts at the width the last one ended at.
describe('every route at 1440 and 375 px', () => {
  it.each(ROUTE_GROUPS)('%s', async (_, routes) => {
    const found: string[] = [];
    const page = await deskAt(1440);
    let widths = [1440, 375];
    for (const route of routes.map(withIds)) {
      await goInApp(page, route);
      for (const [i, width] of widths.entries()) {
        if (i > 0) await resizeTo(page, width);
        await checkRoute(page, route, width, found);
      }
      widths = widths.reverse();
    }
    expect(found).toEqual([]);
  });

  it('the open pages, logged out', async () => {
    const found: string[] = [];
    const open = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const anonymous = await open.newPage();
    await anonymous.goto(server.url + OPEN_ROUTES[0]);
    let widths = [1440, 375];
    for (const route of OPEN_ROUTES) {
      await goInApp(anonymous, route);
      // the lock screen's card appears after 700 ms (hidden from the accessibility tree until then)
      if (route.includes('lock')) await anonymous.getByRole('heading', { name: 'Session locked' }).waitFor();
      for (const [i, width] of widths.entries()) {
        if (i > 0) await resizeTo(anonymous, width);
        await checkRoute(anonymous, route, width, found, true);
      }
      widths = widths.reverse();
    }
    await open.close();
    expect(found).toEqual([]);
  });
});

describe('the reviews', () => {
  it("at 375 px the survey's review shows each response's answers, payout, Approve and Reject in reach", async () => {
    const page = await deskAt(375);
    await goInApp(page, `/admin/request/survey/detail/${surveyId}`);
    const responses = page.getByRole('list', { name: 'Survey responses' });
    await responses.getByRole('listitem').first().waitFor();
    expect(await responses.getByRole('listitem').count()).toBe(2);
    const first = responses.getByRole('listitem').first();
    for (const text of ['How often do you exercise?', 'Awaiting review']) {
      await expect.poll(() => first.getByText(text, { exact: false }).first().isVisible()).toBe(true);
    }
    await inReach(page, 'Approve', first.getByRole('button', { name: /^Approve/ }));
    await inReach(page, 'Reject', first.getByRole('button', { name: /^Reject/ }));
    expect(await overflow(page)).toBe(0);
    await screenshot(page, 'small-survey-review-375');
  });

  it("at 375 px the collection's review keeps Approve and Reject in reach", async () => {
    const page = await deskAt(375);
    await goInApp(page, `/admin/request/collection/detail/${collectionId}`);
    const first = page.getByRole('list', { name: 'Responses' }).getByRole('listitem').first();
    await first.waitFor();
    await inReach(page, 'Approve', first.getByRole('button', { name: /^Approve/ }));
    await inReach(page, 'Reject', first.getByRole('button', { name: /^Reject/ }));
    expect(await overflow(page)).toBe(0);
  });

  it('at 1440 px the collection responses table shows every column, Location and Images included', async () => {
    const page = await deskAt(1440);
    await goInApp(page, `/admin/request/collection/detail/${collectionId}`);
    const table = page.getByRole('table', { name: 'Responses' });
    await table.getByRole('row').nth(1).waitFor();
    await expect.poll(() => table.getByText('Decrypting').count()).toBe(0);
    const frame = await page.locator('.MuiTableContainer-root', { has: table }).boundingBox();
    for (const column of ['Member ID', 'Payout', 'Email', 'Location', 'Images']) {
      const head = await table.getByRole('columnheader', { name: column }).boundingBox();
      expect(head, column).not.toBeNull();
      expect(head!.x + head!.width, column).toBeLessThanOrEqual(frame!.x + frame!.width + 1);
    }
    expect(await overflow(page)).toBe(0);
    await screenshot(page, 'wide-collection-detail-1440');
  });

  it("at 1440 px the dashboard's Recent Contracts keeps a title to two lines at most", async () => {
    const page = await deskAt(1440);
    await goInApp(page, '/admin/dashboard');
    const contracts = page.getByRole('table', { name: 'Recent Contracts' });
    const cell = contracts.getByRole('cell', { name: LONG_TITLE });
    await cell.waitFor();
    // the title's height in lines of its own line height (an expression: the test's own code runs
    // in Node, without the DOM's types)
    const lines = await page.evaluate<number>(`(() => {
      const cell = [...document.querySelectorAll('table[aria-label="Recent Contracts"] td')]
        .find((td) => td.textContent === ${JSON.stringify(LONG_TITLE)});
      const range = document.createRange();
      range.selectNodeContents(cell);
      return range.getBoundingClientRect().height / parseFloat(getComputedStyle(cell).lineHeight);
    })()`);
    expect(lines).toBeLessThanOrEqual(2.1);
    await screenshot(page, 'wide-dashboard-1440');
  });
});

// Each state is opened once and scanned at both widths (the page resized under it); the phone's own
// menus at 375 px. The sidebar's other themes come last: they stay in the shared page's storage.
describe('dialogs and menus at 1440 and 375 px', () => {
  it('the header menus, the appearance panel and the phone drawer', async () => {
    const found: string[] = [];
    const page = await deskAt(1440);
    await goInApp(page, '/admin/dashboard');
    for (const menu of ['Notifications', 'IPT credit', 'Account']) {
      await page.getByRole('button', { name: menu, exact: menu !== 'Notifications' }).click();
      await page.getByRole('menu').waitFor();
      await scanBothWidths(page, found, `${menu} menu`);
      await page.keyboard.press('Escape');
      await page.getByRole('menu').waitFor({ state: 'hidden' });
    }
    await page.getByRole('button', { name: 'Appearance settings' }).click();
    await page.getByRole('dialog', { name: 'Appearance settings' }).waitFor();
    await scanBothWidths(page, found, 'appearance panel');
    await page.keyboard.press('Escape');
    await resizeTo(page, 375);
    await page.getByRole('button', { name: 'Open sidebar' }).click();
    await page.getByRole('link', { name: 'Virtual Clean Room' }).waitFor();
    await scan(page, found, 'sidebar drawer @375');
    await page.keyboard.press('Escape');
    await resizeTo(page, 1440);
    expect(found).toEqual([]);
  });

  it('the survey designer, its menus and dialogs, and the delete confirmation', async () => {
    const found: string[] = [];
    const page = await deskAt(1440);
    await goInApp(page, '/admin/request/survey/new');
    await page.getByRole('combobox', { name: /Request Key/ }).click();
    await page.getByRole('listbox').waitFor();
    await scanBothWidths(page, found, 'select listbox');
    await page.getByRole('option', { name: 'Accessibility key' }).click();
    // the summary's errors, shown
    await page.getByRole('button', { name: 'Next' }).click();
    await page.locator('[aria-invalid="true"]').first().waitFor();
    await scanBothWidths(page, found, 'wizard errors');
    await page.getByRole('textbox', { name: /^Title/ }).fill('Sleep survey');
    await page.getByRole('textbox', { name: /^Total IPTs/ }).fill('10');
    await page.getByRole('textbox', { name: /^IPTs per Response/ }).fill('1');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'New Question' }).click();
    await page.getByRole('menu', { name: 'Select Type' }).waitFor();
    await scanBothWidths(page, found, 'Select Type menu');
    await page.getByRole('menuitem', { name: 'Multiple Choice (Radio Button)' }).click();
    const editor = page.getByRole('dialog', { name: /New question/ });
    await editor.getByRole('button', { name: 'Save question' }).click();
    await editor.getByText('You are required to have at least one choice.').waitFor();
    await scanBothWidths(page, found, 'question editor with errors');
    await page.keyboard.press('Escape');
    await editor.waitFor({ state: 'hidden' });
    await goInApp(page, '/admin/request/survey/list');
    await page.getByRole('button', { name: /^Delete How people rate/ }).click();
    await page.getByRole('alertdialog', { name: 'Are you sure?' }).waitFor();
    await scanBothWidths(page, found, 'delete confirmation');
    await page.keyboard.press('Escape');
    await page.getByRole('alertdialog').waitFor({ state: 'hidden' });
    expect(found).toEqual([]);
  });

  it('the review dialog, the key backup and delete dialogs and the settings tabs', async () => {
    const found: string[] = [];
    const page = await deskAt(1440);
    await goInApp(page, `/admin/request/collection/detail/${collectionId}`);
    await page
      .getByRole('button', { name: /^Reject response/ })
      .first()
      .click();
    await page.getByRole('dialog', { name: 'Reject 1 response?' }).waitFor();
    await scanBothWidths(page, found, 'reject dialog');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    await goInApp(page, '/admin/settings');
    await page.getByRole('tab', { name: 'Generate Key Pair' }).click();
    await scanBothWidths(page, found, 'generate key pair');
    await page.getByRole('tab', { name: 'Load Key Pair' }).click();
    await scanBothWidths(page, found, 'load key pair');
    await page
      .getByRole('table', { name: 'Available Keys' })
      .getByRole('button', { name: /^Delete key/ })
      .first()
      .click();
    await page.getByRole('dialog').waitFor();
    await scanBothWidths(page, found, 'delete key dialog');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    await goInApp(page, '/admin/vcr');
    await page.getByRole('tab', { name: 'Create room' }).click();
    await page.getByRole('button', { name: 'Create' }).click();
    await scanBothWidths(page, found, 'create room with errors');
    expect(found).toEqual([]);
  });

  it('the sidebar in its other themes: the light one and the blue one', async () => {
    const found: string[] = [];
    const page = await deskAt(1440);
    // the default (black with purple) is in every route's scan above
    for (const look of [
      { color: 'orange', background: 'white', showImage: false },
      { color: 'rose', background: 'blue', showImage: true },
    ]) {
      await page.evaluate(
        `localStorage.setItem('parley.appearance', ${JSON.stringify(JSON.stringify({ mini: false, image: 1, ...look }))})`,
      );
      await page.goto(`${server.url}/admin/vcr`);
      await scanBothWidths(page, found, `sidebar ${look.color} on ${look.background}`);
    }
    await page.evaluate(`localStorage.removeItem('parley.appearance')`);
    expect(found).toEqual([]);
  });

  it('the login and registration failures', async () => {
    const found: string[] = [];
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${server.url}/auth/login-page`);
    await page.getByRole('button', { name: "Let's Go" }).click();
    await scanBothWidths(page, found, 'login errors');
    await page.getByLabel('Username or e-mail').fill('nobody-here');
    await page.getByLabel('Password', { exact: true }).fill('wrongPass99');
    await page.getByRole('button', { name: "Let's Go" }).click();
    await page.getByRole('alertdialog').waitFor();
    await scanBothWidths(page, found, 'login failed dialog');
    await page.keyboard.press('Escape');
    await page.getByRole('alertdialog').waitFor({ state: 'hidden' });
    await goInApp(page, '/auth/register-page');
    await page.getByRole('button', { name: 'Get started' }).click();
    await scanBothWidths(page, found, 'register errors');
    // a name already taken: the danger dialog (account.e2e.ts scans the Congratulations one)
    await page.getByLabel('Username').fill(requester.username);
    await page.getByLabel('Email').fill(requester.email);
    await page.getByLabel('Password', { exact: true }).fill('takenName99');
    await page.getByLabel('Confirm Password').fill('takenName99');
    await page.getByLabel(/I agree to the terms/).check();
    await page.getByRole('button', { name: 'Get started' }).click();
    await page.getByRole('alertdialog', { name: 'Register failed' }).waitFor();
    await scanBothWidths(page, found, 'register failed dialog');
    await page.keyboard.press('Escape');
    // the open pages' menu on a phone
    await resizeTo(page, 375);
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await page.getByRole('button', { name: 'Close navigation' }).waitFor();
    await scan(page, found, "open pages' navigation drawer @375");
    await context.close();
    expect(found).toEqual([]);
  });
});

describe('the participant app on a phone, each outcome', () => {
  it('validation, wallet backup, sent, my answers, withdraw, not found', async () => {
    const found: string[] = [];
    const context = await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await page.goto(`${server.url}/p/r/${surveyId}`);
    await page.getByRole('button', { name: 'Send my answers' }).click();
    await page.getByText('Some answers need a look').waitFor();
    await scan(page, found, 'survey with errors');
    await page.getByRole('tab', { name: 'Paste' }).click();
    await page.getByLabel('Wallet address').fill('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD');
    await page.getByRole('button', { name: 'Use this address' }).click();
    await page.getByText('This address has a wrong checksum: check it for a typo.').waitFor();
    await scan(page, found, 'pasted address with error');
    await page.getByRole('tab', { name: 'Create' }).click();
    await page.getByRole('button', { name: 'Create a wallet in this browser' }).click();
    const backup = page.getByRole('dialog', { name: 'Back up your new wallet' });
    await backup.waitFor();
    found.push(...(await axeBothWidths(page, 'wallet backup dialog')));
    await backup.getByLabel('I have saved my recovery phrase').check();
    await backup.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('radio', { name: 'Daily' }).check();
    await page.getByRole('checkbox', { name: 'Phone' }).check();
    await page.getByRole('combobox', { name: /Age band/ }).click();
    await page.getByRole('listbox').waitFor();
    await scan(page, found, 'survey dropdown open');
    await page.getByRole('option').first().click();
    // MUI's Rating hides its radios; the star is the radio's label
    const star = await page.getByRole('radio', { name: '3 of 5' }).getAttribute('id');
    await page.locator(`label[for="${star}"]`).click();
    await page.getByRole('button', { name: 'Send my answers' }).click();
    await page.getByText('Thank you: your answer was received').waitFor();
    await scan(page, found, 'survey sent');
    await goInApp(page, `/p/r/${collectionId}`);
    await page.getByRole('button', { name: 'Encrypt and send' }).click();
    await page.getByText('Add 1 to 5 images.').waitFor();
    await scan(page, found, 'collection with errors');
    await goInApp(page, '/p/answers');
    await page.getByRole('button', { name: 'Withdraw my answer' }).click();
    await page.getByRole('dialog', { name: 'Withdraw your answer?' }).waitFor();
    found.push(...(await axeBothWidths(page, 'withdraw dialog')));
    await page.keyboard.press('Escape');
    await goInApp(page, '/p/wallet');
    await scan(page, found, 'wallet with an address');
    await goInApp(page, `/p/r/${randomUUID()}`);
    await page.getByText('This request does not exist or is no longer open.').waitFor();
    await scan(page, found, 'request not found');
    await context.close();
    expect(found).toEqual([]);
  });
});

describe('the scan itself', () => {
  it('finds what it looks for, and a later scan of the same document sees the page as it is then', async () => {
    const page = await browser.newPage();
    await page.setContent('<html lang="en"><title>t</title><main><h1>Form</h1><input id="name"></main></html>');
    const first = await axeFindings(page, 'unlabelled input');
    expect(first).toEqual([expect.stringMatching(/^unlabelled input: label \(critical\) #name/)]);
    // axe is put into a document once: the second scan runs the same copy on the changed page
    await page.evaluate(`window.axe.scannedBefore = true;
      document.querySelector('main').insertAdjacentHTML('beforeend', '<img id="photo" src="data:,">')`);
    const second = await axeFindings(page, 'and an image');
    expect(await page.evaluate('window.axe.scannedBefore')).toBe(true);
    expect(second).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^and an image: label \(critical\) #name/),
        expect.stringMatching(/^and an image: image-alt \(critical\) #photo/),
      ]),
    );
    await page.setContent('<html lang="en"><title>t</title><main><h1>Fixed</h1></main></html>');
    expect(await axeFindings(page, 'a new document')).toEqual([]);
    await page.close();
  });
});
