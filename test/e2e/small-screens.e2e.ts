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
import { launchBrowser, logIn, screenshot } from './support/browser';
import { ADMIN_ROUTES, OPEN_ROUTES, PARTICIPANT_ROUTES } from './support/routes';
import { startAppServer } from './support/server';

// Every route the browser suites visit, with real data in it (a collection and a survey, both
// published, funded and paid after review, each with answers waiting): at 375 px nothing is wider
// than the phone and each row's actions are in reach; at 1440 px the wide tables show every column.
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
  key = await buildKey(requester, 'Small screens key');
  const collection = await publishFundedCollection(chain, requester, key, 20, 2, {
    title: LONG_TITLE,
    pay_after_review: true,
    review_days: 3,
  });
  collectionId = collection.id;
  const random = rng(28);
  const options = { profileData: true, locationData: true, personalImages: true, healthData: true };
  for (let i = 0; i < 2; i++) {
    const sealed = await encryptCollectionResponse(collectionId, key.publicKeyPem, fakePerson(random, options));
    const res = await new TestClient(server.url).rest('POST', '/v1/requestClient/submitCollection', {
      requestId: collectionId,
      deviceId: newDevice(),
      walletAddress: Wallet.createRandom().address,
      ...sealed,
    });
    expect(res.status).toBe(200);
  }
  surveyId = randomUUID();
  const escrow = await fundEscrow(chain, surveyId, 30n, 3n);
  await createRequest(
    requester,
    surveyBody(key.id, {
      id: surveyId,
      title: 'Exercise, devices and how people rate their fitness app in a week',
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
    const res = await new TestClient(server.url).rest('POST', '/v1/requestClient/submitSurvey', {
      requestId: surveyId,
      deviceId: newDevice(),
      walletAddress: Wallet.createRandom().address,
      answers: answers.map((answer, index) => ({ index, answer })),
    });
    expect(res.status).toBe(200);
  }
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await chain?.stop();
});

async function desk(width: number): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  // the request key's private half, as the browser that made it keeps it
  await context.addInitScript(([name, pem]) => localStorage.setItem(name, pem), [
    PRIVATE_KEY_STORAGE_PREFIX + key.id,
    key.privateKeyPem,
  ] as const);
  const page = await context.newPage();
  await logIn(page, server.url, requester);
  return { context, page };
}

const slug = (route: string) => route.replace(/^\//, '').replace(/[^a-z0-9]+/gi, '-');
const overflow = (page: Page) =>
  page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth');

/** The element's box lies inside the viewport's width. */
async function inReach(page: Page, name: string, locator: ReturnType<Page['getByRole']>) {
  await locator.scrollIntoViewIfNeeded();
  const box = await locator.boundingBox();
  const width = page.viewportSize()!.width;
  expect(box, name).not.toBeNull();
  expect(box!.x, name).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, name).toBeLessThanOrEqual(width);
}

describe('at 375 px', () => {
  it('no route is wider than the phone', async () => {
    const { context, page } = await desk(375);
    const routes = [
      ...ADMIN_ROUTES.map((route) =>
        route.replace(':id', route.includes('survey') ? surveyId : route.includes('vcrs') ? '123' : collectionId),
      ),
      ...PARTICIPANT_ROUTES.map((route) => route.replace(':id', collectionId)),
      `/p/r/${surveyId}`,
      ...OPEN_ROUTES,
    ];
    const wide: string[] = [];
    for (const route of routes) {
      await page.goto(server.url + route);
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(300);
      await screenshot(page, `small-${slug(route)}-375`);
      const extra = await overflow(page);
      if (extra > 0) wide.push(`${route}: ${extra} px too wide`);
      // nor does a table hide columns in a scroll of its own: on a phone tables stack their rows
      for (const hidden of await page.evaluate<string[]>(`[...document.querySelectorAll('.MuiTableContainer-root')]
        .filter((box) => box.scrollWidth > box.clientWidth + 1)
        .map((box) => (box.querySelector('table')?.getAttribute('aria-label') ?? 'a table') + ': ' +
          (box.scrollWidth - box.clientWidth) + ' px scrolled out of view')`))
        wide.push(`${route}: ${hidden}`);
    }
    expect(wide).toEqual([]);
    await context.close();
  });

  it("the survey's review shows each response's answers, payout, Approve and Reject in reach", async () => {
    const { context, page } = await desk(375);
    await page.goto(`${server.url}/admin/request/survey/detail/${surveyId}`);
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
    await context.close();
  });

  it("the collection's review keeps Approve and Reject in reach", async () => {
    const { context, page } = await desk(375);
    await page.goto(`${server.url}/admin/request/collection/detail/${collectionId}`);
    const first = page.getByRole('list', { name: 'Responses' }).getByRole('listitem').first();
    await first.waitFor();
    await inReach(page, 'Approve', first.getByRole('button', { name: /^Approve/ }));
    await inReach(page, 'Reject', first.getByRole('button', { name: /^Reject/ }));
    expect(await overflow(page)).toBe(0);
    await context.close();
  });
});

describe('at 1440 px', () => {
  it('the collection responses table shows every column, Location and Images included', async () => {
    const { context, page } = await desk(1440);
    await page.goto(`${server.url}/admin/request/collection/detail/${collectionId}`);
    const table = page.getByRole('table', { name: 'Responses' });
    await table.getByRole('row').nth(1).waitFor();
    await expect.poll(() => table.getByText('Decrypting').count()).toBe(0);
    const frame = await page.locator('.MuiTableContainer-root', { has: table }).boundingBox();
    await screenshot(page, 'wide-collection-detail-1440');
    for (const column of ['Member ID', 'Payout', 'Email', 'Location', 'Images']) {
      const head = await table.getByRole('columnheader', { name: column }).boundingBox();
      expect(head, column).not.toBeNull();
      expect(head!.x + head!.width, column).toBeLessThanOrEqual(frame!.x + frame!.width + 1);
    }
    expect(await overflow(page)).toBe(0);
    await screenshot(page, 'wide-collection-detail-1440');
    await context.close();
  });

  it("the dashboard's Recent Contracts keeps a title to two lines at most", async () => {
    const { context, page } = await desk(1440);
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
    await context.close();
  });
});
