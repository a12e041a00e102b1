import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toBase64, toHex } from '../../web/src/crypto/bytes';
import { openRoomKey } from '../../web/src/crypto/room-key';
import { balanceOf, buyCredit } from '../api/support/billing';
import { buildUser, type TestUser } from '../api/support/factories';
import { seeded } from '../api/support/seeded-noise';
import type { TestServer } from '../api/support/server';
import {
  findLeaks,
  launchBrowser,
  recordRequests,
  recordResponses,
  screenshot,
  type RecordedRequest,
} from './support/browser';
import { axeBothWidths } from './support/axe';
import { startAppServer } from './support/server';

// The clean room end to end in Chromium: an owner and a guest in two browser contexts (separate
// local storage), every request of both recorded to prove no private key or room key is sent,
// and every answer the guest's browser got, to prove a column its owner withheld never reached it.
// The owner's set keeps the rule matches with k = 5, shares two columns, City and Plan, and keeps
// differential privacy on with a small budget (10 epsilon at 2 an answer, the most one may cost:
// 5 answers, noise of a few rows), which the guest spends; the guest's set turns it off, so the
// owner's Compare is exact.
let server: TestServer;
let browser: Browser;
let owner: TestUser;
let guest: TestUser;
let ownerContext: BrowserContext;
let guestContext: BrowserContext;
let ownerPage: Page;
let guestPage: Page;
let roomUrl = '';
let requests: RecordedRequest[][] = [];
let guestSaw: ReturnType<typeof recordResponses>;
const privateKeys: string[] = [];
// axe's WCAG 2.1 A/AA findings (serious, critical) on the room's panels and dialogs, at 1440 and 375 px
const a11y: string[] = [];
const downloads: string[] = [];

// the owner's withheld Notes column holds it; it must never reach the guest's browser
const CANARY = 'CanaryNotesXq81';
const names: Record<number, string> = { 0: 'Alice Liddell', 11: '"Builder, Bob"', 12: 'Zoë Ångström' };
// persons 0-29; the guest's persons 10-39: 20 in both
const OWNER_CSV = [
  'E-mail,Full Name,Age,City,Plan,Notes',
  ...Array.from({ length: 30 }, (_, i) =>
    [
      i === 0 ? 'alice@example.com' : `person${i}@example.com`,
      names[i] ?? `Name ${i}`,
      String(20 + i),
      i % 2 ? 'Rome' : 'Paris',
      ['basic', 'gold', 'pro'][i % 3],
      `${CANARY} ${i}`,
    ].join(','),
  ),
].join('\r\n');
const GUEST_CSV = [
  '\uFEFFmail,Score,Phone #',
  ...Array.from({ length: 30 }, (_, k) => {
    const j = k + 10;
    return [j === 10 ? 'PERSON10@Example.com ' : `person${j}@example.com`, String(j), `+33 1 ${j}`].join(',');
  }),
].join('\n');

beforeAll(async () => {
  // seeded noise, the same draws every run: the aggregate's groups of 10 are not dropped under
  // k = 5 by chance (a third of 2 epsilon each: about 1 run in 40); discrete-laplace.test.ts tests the sampler
  server = await startAppServer({}, seeded('clean room'));
  [owner, guest] = await Promise.all([buildUser(server), buildUser(server)]);
  browser = await launchBrowser();
  ownerContext = await browser.newContext({ viewport: { width: 1440, height: 900 }, acceptDownloads: true });
  guestContext = await browser.newContext({ viewport: { width: 1440, height: 900 }, acceptDownloads: true });
  requests = [recordRequests(ownerContext), recordRequests(guestContext)];
  guestSaw = recordResponses(guestContext, server.url);
  ownerPage = await ownerContext.newPage();
  guestPage = await guestContext.newPage();
  await Promise.all([logIn(ownerPage, owner), logIn(guestPage, guest)]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const recorded = () => requests.flat();

async function logIn(page: Page, user: TestUser) {
  await page.goto(`${server.url}/auth/login-page`);
  await page.getByLabel('Username or e-mail').fill(user.username);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: "Let's Go" }).click();
  await page.waitForURL(/\/admin\/dashboard$/);
}

// Generates a key pair in Settings and saves it; the private half stays in local storage.
async function generateKey(page: Page, title: string) {
  await page.goto(`${server.url}/admin/settings`);
  await page.getByRole('tab', { name: 'Generate Key Pair' }).click();
  const panel = page.getByRole('form', { name: 'Generate key pair' });
  await panel.getByLabel('Key title').fill(title);
  await panel.getByRole('button', { name: /Generate key pair/ }).click();
  privateKeys.push(await panel.getByLabel('Private key (PEM)').inputValue());
  await panel.getByRole('button', { name: 'Save key' }).click();
  await page.getByRole('table', { name: 'Available Keys' }).getByText(title).waitFor();
}

async function choose(page: Page, label: string | RegExp, option: string | RegExp, within = page.locator('body')) {
  await within.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: typeof option === 'string' }).click();
}

const status = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

async function upload(page: Page, fileName: string, csv: string, setup: (page: Page) => Promise<void>) {
  await page.getByLabel('CSV file').setInputFiles({ name: fileName, mimeType: 'text/csv', buffer: Buffer.from(csv) });
  const form = page.getByRole('form', { name: 'Set up the columns' });
  await form.waitFor();
  await setup(page);
  await form.getByRole('button', { name: 'Encrypt and upload' }).click();
  await page.getByText(/rows encrypted and uploaded\.$/).waitFor({ timeout: 60_000 });
}

// a noisy value as the web app shows it: "about 18 (12-24, 95% interval)" ("-3 to 9" below zero)
const NOISY = String.raw`about (-?[\d.]+) \((-?[\d.]+)(?:-| to )(-?[\d.]+), 95% interval\)`;
const NOISY_ROWS = new RegExp(`^${NOISY} matching rows$`);

/** The value and interval of a noisy cell. */
function noisyParts(text: string) {
  const m = new RegExp(`^${NOISY}$`).exec(text);
  if (!m) throw new Error(`not a noisy value: ${text}`);
  return { value: Number(m[1]), low: Number(m[2]), high: Number(m[3]) };
}

const noOverflow = (page: Page) => page.evaluate<number>('document.documentElement.scrollWidth');

const LONG_NAME = 'Subscribers of the spring campaign in Paris and Rome, merged with the autumn newsletter';

// How a text shows in the page's "Data sets" list: on how many lines, which of its words are split
// across two lines, and whether it stays within the viewport (a page script: the e2e types have no DOM).
const wrappedWords = (page: Page, text: string) =>
  page.evaluate<{ lines: number; broken: string[]; right: boolean }>(`(() => {
    const text = ${JSON.stringify(text)};
    const list = document.querySelector('[aria-label="Data sets"]');
    const walker = document.createTreeWalker(list, NodeFilter.SHOW_TEXT);
    let node = null;
    while (walker.nextNode()) if (walker.currentNode.nodeValue === text) { node = walker.currentNode; break; }
    if (!node) return { lines: 0, broken: ['(not found)'], right: false };
    const range = document.createRange();
    const broken = [];
    const tops = new Set();
    let at = 0;
    for (const word of text.split(' ')) {
      range.setStart(node, at);
      range.setEnd(node, at + word.length);
      const rows = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
      rows.forEach((t) => tops.add(t));
      if (rows.size > 1) broken.push(word);
      at += word.length + 1;
    }
    range.selectNodeContents(node);
    return { lines: tops.size, broken, right: range.getBoundingClientRect().right <= window.innerWidth };
  })()`);

describe('a clean room in Chromium, owner and guest', () => {
  it('validates the create form, creates the room and waits for the guest', async () => {
    await generateKey(ownerPage, 'Owner laptop');
    await ownerPage.goto(`${server.url}/admin/vcr`);
    await ownerPage.getByText('No rooms yet').waitFor();
    await ownerPage.getByRole('tab', { name: 'Create room' }).click();
    const form = ownerPage.getByRole('form', { name: 'Create room' });
    await form.getByRole('button', { name: 'Create' }).click();
    await form.getByText('Please fill the name of the room').waitFor();
    await form.getByText('Please fill the appropriate email').waitFor();
    await form.getByLabel('Room name').fill('Customer overlap');
    await form.getByLabel('Invite email').fill('not-an-email');
    await choose(ownerPage, 'Choose key', /^Owner laptop/, form);
    await form.getByRole('button', { name: 'Create' }).click();
    await form.getByText('Please fill the appropriate email').waitFor();
    await form.getByLabel('Invite email').fill(guest.email);
    await screenshot(ownerPage, 'clean-room-create-1440');
    await form.getByRole('button', { name: 'Create' }).click();
    await ownerPage.waitForURL(/\/admin\/vcrs\/[0-9a-f-]+$/);
    roomUrl = ownerPage.url();
    await status(ownerPage, 'Please wait until the guest has setup the room').waitFor();
    await screenshot(ownerPage, 'clean-room-owner-waiting-1440');

    await ownerPage.goto(`${server.url}/admin/vcr`);
    const table = ownerPage.getByRole('table', { name: 'Available Rooms' });
    await table.getByRole('link', { name: 'Customer overlap' }).waitFor();
    const row = table.getByRole('row').nth(1);
    await expect.poll(() => row.textContent(), { timeout: 15_000 }).toMatch(/^1Customer overlap.*Owner$/);
    expect(await row.getByRole('button', { name: 'Delete room Customer overlap' }).isVisible()).toBe(true);
    await screenshot(ownerPage, 'clean-room-list-1440');
  });

  it('asks the guest first: accepting the invitation opens the room, which asks for a key', async () => {
    await guestPage.goto(`${server.url}/admin/vcr`);
    const invitations = guestPage.getByRole('list', { name: 'Room invitations' });
    await invitations.getByText(/invited you to the clean room “Customer overlap”/).waitFor();
    // not a member yet
    await guestPage.getByText('No rooms yet').waitFor();
    await screenshot(guestPage, 'clean-room-invitation-1440');
    await invitations.getByRole('button', { name: 'Accept the invitation to Customer overlap' }).click();
    await guestPage.waitForURL(roomUrl);
    await status(guestPage, 'Go to the settings page and generate new key').waitFor();
    await guestPage.goto(`${server.url}/admin/vcr`);
    const row = guestPage.getByRole('table', { name: 'Available Rooms' }).getByRole('row').nth(1);
    await expect.poll(() => row.textContent()).toMatch(/^1Customer overlap.*guest$/);
    expect(await row.getByRole('button').count()).toBe(0);
    expect(await guestPage.getByRole('list', { name: 'Room invitations' }).count()).toBe(0);
  });

  it('has the guest choose a key and wait for the owner, who seals the room key on opening the room', async () => {
    // the owner's room page is closed: nobody seals yet
    await ownerPage.goto(`${server.url}/admin/dashboard`);
    await generateKey(guestPage, 'Guest desktop');
    await guestPage.goto(roomUrl);
    const form = guestPage.getByRole('form', { name: 'Choose your key' });
    await choose(guestPage, 'Choose key', /^Guest desktop/, form);
    await form.getByRole('button', { name: 'Enter room' }).click();
    await status(guestPage, 'Wait for owner to approve you').waitFor();
    await screenshot(guestPage, 'clean-room-guest-waiting-1440');

    // another browser of the guest, without the private key in its storage
    const other = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    requests.push(recordRequests(other));
    const otherPage = await other.newPage();
    await logIn(otherPage, guest);
    await otherPage.goto(roomUrl);
    await status(otherPage, 'Wait for owner to approve you').waitFor();

    // the owner opens the room: the first guest is sealed automatically
    await ownerPage.goto(roomUrl);
    await ownerPage.getByRole('list', { name: 'Room members' }).getByText('Active').nth(1).waitFor({ timeout: 20_000 });
    expect(await status(ownerPage, 'Please wait until the guest has setup the room').count()).toBe(0);
    // the guest's page notices on its next poll
    await guestPage.getByRole('heading', { name: 'Upload a data set' }).waitFor({ timeout: 20_000 });
    expect(await status(guestPage, 'Wait for owner to approve you').count()).toBe(0);

    await otherPage.reload();
    await status(otherPage, 'Please upload your private keys to continue.').waitFor();
    await screenshot(otherPage, 'clean-room-missing-private-1440');
    await other.close();
  });

  it('sets up the columns with the analysis rule, and explains it; a phone gets one card a column', async () => {
    await upload(ownerPage, 'owner customers.csv', OWNER_CSV, async (page) => {
      const form = page.getByRole('form', { name: 'Set up the columns' });
      expect(await form.getByLabel('Name of column 1').inputValue()).toBe('Email');
      expect(await form.getByLabel('Name of column 2').inputValue()).toBe('FullName');
      // a clash is refused
      await form.getByLabel('Name of column 3').fill('Email');
      await form.getByRole('button', { name: 'Encrypt and upload' }).click();
      await expect.poll(() => form.getByText('Column names must be unique').count()).toBe(2);
      await form.getByLabel('Name of column 3').fill('Age');
      await choose(page, 'Role of Age', /^Clear/, form);
      await choose(page, 'Role of City', /^Clear/, form);
      // the default rule: matches, k = 10, nothing shared; the owner shares City and Plan
      await form.getByText('Which of their own rows match yours, and nothing of yours row by row').waitFor();
      // each column's partner role, the least revealing first: the join key joins, the rest private
      expect(await form.getByRole('combobox', { name: 'What partners may do with Email' }).textContent()).toBe(
        'Join only',
      );
      expect(await form.getByRole('combobox', { name: 'What partners may do with Age' }).textContent()).toBe('Private');
      await choose(page, 'What partners may do with City', 'Shared', form);
      await choose(page, 'What partners may do with Plan', 'Shared', form);
      await form.getByText('Partners receive its values in reports of their rows that match yours.').first().waitFor();
      // noise on by default, the budget in plain words; a small one, for the guest to spend
      expect(
        await form
          .getByRole('switch', { name: 'Add noise to what partners receive (differential privacy)' })
          .isChecked(),
      ).toBe(true);
      const words = form.getByRole('note', { name: 'Privacy budget in words' });
      expect(await words.textContent()).toMatch(/^Your partner can run about 15 counts before the budget is spent\./);
      await form.getByLabel('Privacy budget per partner (epsilon)').fill('10');
      await form.getByLabel('Cost of one answer (epsilon)').fill('2');
      expect(await words.textContent()).toMatch(/^Your partner can run about 5 counts before the budget is spent\./);
      await form.getByText('For their rows that match yours: City and Plan.').waitFor();
      await form
        .getByText(
          'The values of Email, FullName and Notes: sealed with a key only you hold, unless you approve a request for them.',
        )
        .waitFor();
      await form.getByText(/^The values of Age: stored in clear but never shown to partners/).waitFor();
      expect(await form.getByLabel('Minimum group size (k)').inputValue()).toBe('10');
      await form.getByLabel('Minimum group size (k)').fill('5');
      await form.getByLabel('Data set name').fill('owner customers');
      await screenshot(page, 'clean-room-setup-1440');
      a11y.push(...(await axeBothWidths(page, 'column set-up form')));
    });
    // the guest sets up on a phone: a card a column, nothing cut off
    await guestPage.setViewportSize({ width: 375, height: 812 });
    await upload(guestPage, 'guest.csv', GUEST_CSV, async (page) => {
      const form = page.getByRole('form', { name: 'Set up the columns' });
      // header cleaned of non-alphanumeric characters ("Phone #" -> "Phone"); BOM dropped
      expect(await form.getByLabel('Name of column 1').inputValue()).toBe('mail');
      expect(await form.getByLabel('Name of column 3').inputValue()).toBe('Phone');
      expect(await form.getByRole('list', { name: 'Columns' }).getByRole('listitem').count()).toBe(3);
      await choose(page, 'Role of Score', /^Clear/, form);
      // Score may be summed and averaged between 0 and 100; the guest's set is exact for partners
      await choose(page, 'What partners may do with Score', 'Sum and average', form);
      await form.getByLabel('Lower bound of Score').fill('0');
      await form.getByLabel('Upper bound of Score').fill('100');
      await form.getByRole('switch', { name: 'Add noise to what partners receive (differential privacy)' }).uncheck();
      await form.getByText(/^Without noise, partners get exact counts/).waitFor();
      await form.getByLabel('Data set name').fill('guest customers');
      expect(await noOverflow(page)).toBeLessThanOrEqual(375);
      await screenshot(page, 'clean-room-setup-375');
    });
    await guestPage.setViewportSize({ width: 1440, height: 900 });
    for (const page of [ownerPage, guestPage]) {
      await page.reload();
      const sets = page.getByRole('table', { name: 'Data sets' });
      await expect.poll(() => sets.getByRole('row').count(), { timeout: 15_000 }).toBe(3);
    }
    const theirs = guestPage.getByRole('table', { name: 'Data sets' }).getByRole('row', { name: /owner customers/ });
    await theirs.getByText('Partners: matches · k = 5').waitFor();
    await theirs.getByText('FullName (sealed, withheld)').waitFor();
    await theirs.getByText('City (clear)').waitFor();
    await theirs.getByText('Email (join: email, join only)').waitFor();
    // the owner sees the guest's metric with its bounds, and every role of their own set
    const sets = ownerPage.getByRole('table', { name: 'Data sets' });
    await sets
      .getByRole('row', { name: /guest customers/ })
      .getByText('Score (clear, sum and average 0-100)')
      .waitFor();
    await sets
      .getByRole('row', { name: /owner customers/ })
      .getByText('Age (clear, private)')
      .waitFor();
  });

  it('compares the two sets: 20 e-mail addresses in both, 10 only in each', async () => {
    await ownerPage.reload();
    await ownerPage.getByRole('checkbox', { name: 'Select owner customers' }).check();
    await ownerPage.getByRole('checkbox', { name: 'Select guest customers' }).check();
    await ownerPage.getByRole('button', { name: 'Compare' }).click();
    const counts = ownerPage.getByRole('list', { name: 'Counts for email: owner customers and guest customers' });
    await counts.waitFor();
    expect(await counts.getByRole('listitem').allTextContents()).toEqual([
      'Only in owner customers: 10',
      'In both: 20',
      'Only in guest customers: 10',
    ]);
    await screenshot(ownerPage, 'clean-room-compare-1440');
    a11y.push(...(await axeBothWidths(ownerPage, 'compare result')));
  });

  it('refuses the guest a report of the owner’s set alone, says why, and charges nothing', async () => {
    const page = guestPage;
    await page.reload();
    await page.getByRole('checkbox', { name: 'Select owner customers' }).check();
    await page.getByRole('button', { name: 'Report', exact: true }).click();
    // the rule is checked before the 1 IPT charge is put to the guest, not after
    const refused = page.getByRole('alertdialog', { name: 'Not allowed by the data set’s rule' });
    await refused.getByText(/"owner customers" is shared for matches only \(rule "matches"\)/).waitFor();
    expect(await page.getByRole('dialog', { name: 'To Continue 1 IPT Token will be deducted' }).count()).toBe(0);
    await screenshot(page, 'clean-room-refused-1440');
    a11y.push(...(await axeBothWidths(page, 'rule refusal dialog')));
    await refused.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('checkbox', { name: 'Select owner customers' }).uncheck();
  });

  it('joins the guest’s set with the owner’s on a nested condition and gets a report of the shared columns', async () => {
    const page = guestPage;
    await page.getByRole('checkbox', { name: 'Select guest customers' }).check();
    await page.getByRole('checkbox', { name: 'Select owner customers' }).check();
    await page.getByRole('button', { name: 'Join', exact: true }).click();
    const root = page.getByRole('group', { name: 'Join condition', exact: true });
    await root.waitFor();
    // mail = Email AND (Score > 14 OR City = Paris)
    await root.getByRole('button', { name: 'Add group' }).first().click();
    const inner = page.getByRole('group', { name: 'Group at level 2', exact: true });
    const leaf = inner.getByRole('group', { name: 'Condition', exact: true }).first();
    await choose(page, 'Condition type', 'Clear column compared with a value', leaf);
    await choose(page, 'Operator', '>', leaf);
    await leaf.getByLabel('Value').fill('14');
    await inner.getByRole('button', { name: 'Add condition' }).click();
    const second = inner.getByRole('group', { name: 'Condition', exact: true }).nth(1);
    await choose(page, 'Condition type', 'Clear column compared with a value', second);
    await choose(page, 'Data set', 'owner customers', second);
    await choose(page, 'Clear column', 'City', second);
    await second.getByLabel('Value').fill('Paris');
    expect(await inner.getByRole('button', { name: 'OR' }).getAttribute('aria-pressed')).toBe('true');
    // before it runs: what is left of the guest's budget on the owner's set
    await page.getByText('owner customers: 5 queries remaining before its privacy budget is spent.').waitFor();
    await page.getByRole('button', { name: 'Count matches' }).click();
    // persons 15-29, and 10, 12 and 14 (Paris): 18, with noise, and its 95% interval
    const count = status(page, 'matching rows');
    await count.waitFor();
    expect(await count.textContent()).toMatch(NOISY_ROWS);
    await page.getByRole('note', { name: 'Noisy answer' }).getByText('owner customers: 4 queries remaining').waitFor();
    await screenshot(page, 'clean-room-join-1440');

    // no credit yet: asked, then told to buy some
    expect(await balanceOf(guest.client)).toBe(0);
    a11y.push(...(await axeBothWidths(page, 'join builder with a count')));
    await page.getByRole('button', { name: 'Get report (1 IPT)' }).click();
    await page.getByRole('dialog', { name: 'To Continue 1 IPT Token will be deducted' }).waitFor();
    a11y.push(...(await axeBothWidths(page, 'charge confirmation dialog')));
    await page.getByRole('button', { name: 'Continue' }).click();
    const short = page.getByRole('alertdialog', { name: 'Purchase IPT Tokens to continue' });
    await short.waitFor();
    expect(await short.getByRole('link', { name: 'Purchase IPT Tokens' }).getAttribute('href')).toBe(
      '/auth/pricing-page',
    );
    await screenshot(page, 'clean-room-purchase-1440');
    a11y.push(...(await axeBothWidths(page, 'purchase dialog')));
    await short.getByRole('button', { name: 'Cancel' }).click();

    await buyCredit(guest.client);
    expect(await balanceOf(guest.client)).toBe(10);
    await page.getByRole('button', { name: 'Get report (1 IPT)' }).click();
    await page
      .getByRole('dialog', { name: 'To Continue 1 IPT Token will be deducted' })
      .getByRole('button', { name: 'Continue' })
      .click();
    const reports = page.getByRole('list', { name: 'Reports' });
    await reports.getByRole('listitem').first().waitFor();
    expect(await reports.getByRole('listitem').count()).toBe(1);
    // named after its condition, in words
    await reports
      .getByText(
        'guest customers joined with owner customers where mail of guest customers matches Email of owner customers and (Score of guest customers is over 14 or City of owner customers is "Paris")',
      )
      .waitFor();
    expect(await balanceOf(guest.client)).toBe(9);

    const { name, text } = await download(page, reports.getByRole('listitem').first());
    expect(name).toMatch(/^guest customers \+ owner customers \d{4}-\d{2}-\d{2}\.csv$/);
    expect(text.startsWith('\uFEFF')).toBe(true);
    const [header, ...rows] = text.slice(1).trimEnd().split('\r\n');
    expect(header).toBe(
      'guest customers.mail,guest customers.Score,guest customers.Phone,owner customers.City,owner customers.Plan',
    );
    expect(rows).toHaveLength(18);
    expect(rows).toContain('PERSON10@Example.com ,10,+33 1 10,Paris,gold');
    expect(text).not.toMatch(/Name \d|Zoë|Builder/);
  });

  it('asks the owner for the withheld FullName of that join; the owner approves in the browser', async () => {
    await guestPage.getByRole('button', { name: 'Ask for withheld columns' }).click();
    const dialog = guestPage.getByRole('dialog', { name: 'Request access' });
    await dialog.getByRole('checkbox', { name: 'FullName' }).check();
    await dialog.getByLabel('Why you need it').fill('To greet our shared customers by name');
    await screenshot(guestPage, 'clean-room-request-1440');
    a11y.push(...(await axeBothWidths(guestPage, 'access request dialog')));
    await dialog.getByRole('button', { name: 'Send request' }).click();
    await dialog.getByText(/^Sent\./).waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();

    await ownerPage.reload();
    const requests = ownerPage.getByRole('list', { name: 'Access requests' });
    const item = requests.getByRole('listitem').first();
    await item.getByText(/with the withheld column FullName$/).waitFor({ timeout: 20_000 });
    await item.getByText(/To greet our shared customers by name/).waitFor();
    await screenshot(ownerPage, 'clean-room-approve-1440');
    await item.getByRole('button', { name: /^Approve:/ }).click();
    await item.getByText('Approved: one report').waitFor();
  });

  it('the guest gets exactly that report, with FullName decrypted in the guest’s browser', async () => {
    const page = guestPage;
    await page.reload();
    const item = page.getByRole('list', { name: 'Access requests' }).getByRole('listitem').first();
    await item.getByText('Approved: one report').waitFor({ timeout: 20_000 });
    await item.getByRole('button', { name: 'Get report (1 IPT)' }).click();
    await page
      .getByRole('dialog', { name: 'To Continue 1 IPT Token will be deducted' })
      .getByRole('button', { name: 'Continue' })
      .click();
    await item.getByText('Report made').waitFor();
    const reports = page.getByRole('list', { name: 'Reports' });
    await expect.poll(() => reports.getByRole('listitem').count()).toBe(2);
    expect(await balanceOf(guest.client)).toBe(8);
    const { text } = await download(page, reports.getByRole('listitem').first());
    const [header, ...rows] = text.slice(1).trimEnd().split('\r\n');
    expect(header).toBe(
      'guest customers.mail,guest customers.Score,guest customers.Phone,owner customers.FullName,owner customers.City,owner customers.Plan',
    );
    expect(rows).toHaveLength(18);
    // UTF-8 accents, and a name with a comma quoted
    expect(rows).toContain('person12@example.com,12,+33 1 12,Zoë Ångström,Paris,basic');
    expect(rows).toContain('person15@example.com,15,+33 1 15,Name 15,Rome,basic');
    expect(text).not.toContain('Builder'); // person 11: Rome and a score under 15
  });

  it('aggregates the join by the owner’s shared City, as a table and a bar chart', async () => {
    const page = guestPage;
    await page.getByRole('checkbox', { name: 'Select guest customers' }).check();
    await page.getByRole('checkbox', { name: 'Select owner customers' }).check();
    await page.getByRole('button', { name: 'Aggregate' }).click();
    const panel = page.getByRole('region', { name: 'Aggregate', exact: true });
    await panel.waitFor();
    await panel.getByRole('combobox', { name: 'Group by (up to 3 clear columns)' }).click();
    await page.getByRole('option', { name: 'City (owner customers)' }).click();
    await page.keyboard.press('Escape');
    await panel.getByRole('button', { name: 'Add a measure' }).click();
    await choose(page, 'Measure 2', 'Average', panel);
    await choose(page, 'Column of measure 2', 'Score (guest customers)', panel);
    await panel.getByRole('button', { name: 'Run aggregate' }).click();
    const table = page.getByRole('table', { name: 'Aggregate groups' });
    await table.waitFor();
    // persons 10-29 matched: 10 in Paris (scores 10, 12, ..., 28), 10 in Rome (11, ..., 29); the
    // owner's set is differentially private, so every value comes with noise and its interval
    const rows = await table.getByRole('row').all();
    expect(await rows[0].textContent()).toBe('Citycountavg(Score)');
    expect(rows).toHaveLength(3);
    for (const [i, city] of ['Paris', 'Rome'].entries()) {
      const cells = await rows[i + 1].getByRole('cell').allTextContents();
      expect(cells[0]).toBe(city);
      for (const cell of cells.slice(1)) {
        const { value, low, high } = noisyParts(cell);
        expect(low).toBeLessThanOrEqual(value);
        expect(high).toBeGreaterThanOrEqual(value);
      }
    }
    const note = panel.getByRole('note', { name: 'Noisy answer' });
    await note.getByText(/^Noisy: random noise was added to protect the people in owner customers/).waitFor();
    await note.getByText('owner customers: 3 queries remaining before its privacy budget is spent.').waitFor();
    await page.getByRole('img', { name: /^count by group: Paris -?\d+, Rome -?\d+$/ }).waitFor();
    await screenshot(page, 'clean-room-aggregate-1440');
    a11y.push(...(await axeBothWidths(page, 'aggregate table and chart')));
    await page.setViewportSize({ width: 375, height: 812 });
    await table.scrollIntoViewIfNeeded();
    expect(await noOverflow(page)).toBeLessThanOrEqual(375);
    await screenshot(page, 'clean-room-dp-result-375');
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it('shows every member the audit log, newest first, with the conditions in words', async () => {
    await ownerPage.reload();
    const log = ownerPage.getByRole('list', { name: 'Audit log' });
    await log.getByText('Aggregate').first().waitFor({ timeout: 20_000 });
    const entries = await log.getByRole('listitem').allTextContents();
    expect(entries[0]).toMatch(/^Aggregate.*Count and average of Score of guest customers by City of owner customers/);
    expect(entries.some((e) => /^Access approved/.test(e))).toBe(true);
    expect(entries.some((e) => /^Access requested.*Reason: To greet our shared customers by name/.test(e))).toBe(true);
    expect(entries.some((e) => /^Report.*Result: 18 rows/.test(e))).toBe(true);
    expect(
      entries.some((e) => /^Report.*with the withheld column FullName \(an approved access request\)/.test(e)),
    ).toBe(true);
    expect(entries.some((e) => /^Join count.*\(noisy\)/.test(e))).toBe(true);
    await screenshot(ownerPage, 'clean-room-audit-1440');
  });

  it('refuses the guest a filter on the owner’s private Age, names the column and offers to ask for it', async () => {
    const page = guestPage;
    await page.reload();
    await page.getByRole('checkbox', { name: 'Select guest customers' }).check();
    await page.getByRole('checkbox', { name: 'Select owner customers' }).check();
    await page.getByRole('button', { name: 'Join', exact: true }).click();
    const root = page.getByRole('group', { name: 'Join condition', exact: true });
    await root.waitFor();
    // mail = Email AND Age > 30: Age is stored in clear, but its role for partners is private
    await root.getByRole('button', { name: 'Add condition' }).first().click();
    const leaf = root.getByRole('group', { name: 'Condition', exact: true }).nth(1);
    await choose(page, 'Condition type', 'Clear column compared with a value', leaf);
    await choose(page, 'Data set', 'owner customers', leaf);
    await choose(page, 'Clear column', 'Age', leaf);
    await choose(page, 'Operator', '>', leaf);
    await leaf.getByLabel('Value').fill('30');
    await page.getByRole('button', { name: 'Count matches' }).click();
    const refused = page
      .getByRole('alert')
      .filter({ hasText: 'Stopped by the column Age of owner customers (private)' });
    await refused.waitFor();
    await refused.getByText(/Partners can do nothing with it/).waitFor();
    // nothing spent on a refusal
    await page.getByText('owner customers: 3 queries remaining before its privacy budget is spent.').waitFor();
    await screenshot(page, 'clean-room-refused-filter-1440');
    await page.setViewportSize({ width: 375, height: 812 });
    await refused.scrollIntoViewIfNeeded();
    expect(await noOverflow(page)).toBeLessThanOrEqual(375);
    await screenshot(page, 'clean-room-refused-filter-375');
    await page.setViewportSize({ width: 1440, height: 900 });
    await refused.getByRole('button', { name: 'Request access' }).click();
    const dialog = page.getByRole('dialog', { name: 'Request access' });
    expect(await dialog.getByRole('checkbox', { name: 'Age' }).isChecked()).toBe(true);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });

  it('counts the guest’s queries down to the end of the budget, then refuses; the owner raises it', async () => {
    const page = guestPage;
    await page.reload();
    await page.getByRole('checkbox', { name: 'Select guest customers' }).check();
    await page.getByRole('checkbox', { name: 'Select owner customers' }).check();
    await page.getByRole('button', { name: 'Aggregate' }).click();
    const panel = page.getByRole('region', { name: 'Aggregate', exact: true });
    for (const left of ['2 queries remaining', '1 query remaining', 'no queries remaining']) {
      await panel.getByRole('button', { name: 'Run aggregate' }).click();
      await panel.getByRole('note', { name: 'Noisy answer' }).getByText(`owner customers: ${left}`).waitFor();
    }
    await panel
      .getByRole('status', { name: 'Queries remaining' })
      .getByText('owner customers: no queries remaining; its privacy budget is spent.')
      .waitFor();
    await panel.getByRole('button', { name: 'Run aggregate' }).click();
    const spent = panel.getByRole('alert').filter({ hasText: 'Privacy budget spent' });
    await spent.getByText(/You have spent your privacy budget on "owner customers"/).waitFor();
    expect(await spent.getByRole('button', { name: 'Request access' }).count()).toBe(0);
    expect(await page.getByRole('table', { name: 'Aggregate groups' }).count()).toBe(0);
    await screenshot(page, 'clean-room-budget-spent-1440');
    await page.setViewportSize({ width: 375, height: 812 });
    await spent.scrollIntoViewIfNeeded();
    expect(await noOverflow(page)).toBeLessThanOrEqual(375);
    await screenshot(page, 'clean-room-budget-spent-375');
    await page.setViewportSize({ width: 1440, height: 900 });

    // the owner sees what the guest spent, and gives 5 answers more
    await ownerPage.reload();
    await ownerPage.getByRole('button', { name: 'Change the rule of owner customers' }).click();
    const dialog = ownerPage.getByRole('dialog', { name: 'Analysis rule of owner customers' });
    const spend = dialog.getByText(/: spent 10 of 10 epsilon, no queries remaining$/);
    await spend.waitFor();
    await spend.scrollIntoViewIfNeeded();
    await screenshot(ownerPage, 'clean-room-rule-spend-1440');
    a11y.push(...(await axeBothWidths(ownerPage, 'analysis rule dialog')));
    await dialog.getByLabel('Privacy budget per partner (epsilon)').fill('20');
    await dialog.getByRole('button', { name: 'Save the rule' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.reload();
    await page.getByRole('checkbox', { name: 'Select owner customers' }).check();
    await page.getByText('owner customers: 5 queries remaining before its privacy budget is spent.').waitFor();
  });

  it('fits a phone: the room list and the room page at 375 px, data sets as cards, long names wrapped between words', async () => {
    await ownerPage.goto(roomUrl);
    await upload(ownerPage, 'long.csv', 'City\r\nParis\r\nRome', async (page) => {
      await page.getByRole('form', { name: 'Set up the columns' }).getByLabel('Data set name').fill(LONG_NAME);
    });
    for (const [page, name] of [
      [ownerPage, 'owner'],
      [guestPage, 'guest'],
    ] as const) {
      await page.setViewportSize({ width: 375, height: 812 });
      await page.goto(`${server.url}/admin/vcr`);
      await page.getByRole('table', { name: 'Available Rooms' }).waitFor();
      await screenshot(page, `clean-room-list-375-${name}`);
      await page.goto(roomUrl);
      const sets = page.getByRole('list', { name: 'Data sets' });
      await sets.waitFor();
      await expect.poll(() => sets.getByRole('listitem').count(), { timeout: 15_000 }).toBe(3);
      await page.getByRole('list', { name: 'Audit log' }).waitFor();
      await screenshot(page, `clean-room-room-375-${name}`);
      expect(await noOverflow(page)).toBeLessThanOrEqual(375);
      // the long name takes several lines, each word whole and within the screen
      expect(await wrappedWords(page, LONG_NAME)).toEqual({ lines: expect.any(Number), broken: [], right: true });
      expect((await wrappedWords(page, LONG_NAME)).lines).toBeGreaterThan(1);
    }
  });

  it('has no serious or critical WCAG 2.1 AA finding in the panels and dialogs above', () => {
    expect(a11y).toEqual([]);
  });

  it('never let the owner’s withheld Notes reach the guest’s browser', async () => {
    const seen = await guestSaw.settled();
    expect(seen.length).toBeGreaterThan(20);
    expect(seen.some((r) => r.body.includes('owner customers'))).toBe(true);
    for (const r of seen) {
      expect(r.body).not.toContain(CANARY);
      // no report result the guest received carried the Notes column, not even sealed
      expect(r.body).not.toMatch(/"name":"Notes","role":"sealed","keyVersion"/);
    }
    for (const file of downloads) expect(readFileSync(file, 'utf8')).not.toContain(CANARY);
    const storage = await guestPage.evaluate<string>('JSON.stringify(Object.entries(localStorage))');
    expect(storage).not.toContain(CANARY);
  });

  it('never sent a private key or the room key, raw or encoded, in any request', async () => {
    const all = recorded();
    expect(all.length).toBeGreaterThan(30);
    // the room key, opened here from the owner's sealed record with the owner's private key
    const room = await owner.client.gql<{
      room: { id: string; aesKeys: { userId: string; keyVersion: number; aesKey: string }[] };
    }>('query($id: ID!) { room(id: $id) { id aesKeys { userId keyVersion aesKey } } }', {
      id: roomUrl.split('/').pop(),
    });
    const record = room.data!.room.aesKeys.find((k) => k.userId === owner.id)!;
    const roomKey = await openRoomKey(privateKeys[0], record.aesKey, {
      roomId: room.data!.room.id,
      userId: owner.id,
      keyVersion: record.keyVersion,
    });
    const secrets = [...privateKeys, toHex(roomKey), toBase64(roomKey), toBase64(roomKey).replace(/=+$/, '')];
    expect(findLeaks(all, secrets)).toEqual([]);
    // and the uploads really went out encrypted: no plaintext sealed value in any body
    expect(all.some((r) => r.url.endsWith('/v1/vcr/uploadEncrypted'))).toBe(true);
    expect(
      all.filter(
        (r) => r.body.includes('Alice Liddell') || r.body.includes('alice@example.com') || r.body.includes(CANARY),
      ),
    ).toEqual([]);
  });
});

// Clicks a report's download button; the file's name and text.
async function download(page: Page, item: Locator) {
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    item.getByRole('button', { name: /^Decrypt and download CSV: / }).click(),
  ]);
  const saved = await file.path();
  downloads.push(saved);
  return { name: file.suggestedFilename(), text: readFileSync(saved, 'utf8') };
}
