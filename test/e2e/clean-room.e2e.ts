import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toBase64, toHex } from '../../web/src/crypto/bytes';
import { openRoomKey } from '../../web/src/crypto/room-key';
import { balanceOf, buyCredit } from '../api/support/billing';
import { buildUser, type TestUser } from '../api/support/factories';
import type { TestServer } from '../api/support/server';
import { findLeaks, launchBrowser, recordRequests, screenshot, type RecordedRequest } from './support/browser';
import { startAppServer } from './support/server';

// The clean room end to end in Chromium: an owner and a guest in two browser contexts (separate
// local storage), every request of both recorded to prove no private key or room key is sent.
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
const privateKeys: string[] = [];

const OWNER_CSV = [
  'E-mail,Full Name,Age',
  'alice@example.com,Alice Liddell,34',
  'bob@example.com,"Builder, Bob",28',
  'carol@example.com,Carol,25',
  'dave@example.com,Dave,31',
].join('\r\n');
const GUEST_CSV = [
  '\uFEFFmail,City,Phone #',
  'ALICE@example.com ,Paris,+33 1 11',
  'bob@example.com,Paris,+33 1 22',
  'carol@example.com,Berlin,+49 30 33',
  'erin@example.com,Rome,+39 06 44',
].join('\n');

beforeAll(async () => {
  server = await startAppServer();
  [owner, guest] = await Promise.all([buildUser(server), buildUser(server)]);
  browser = await launchBrowser();
  ownerContext = await browser.newContext({ viewport: { width: 1440, height: 900 }, acceptDownloads: true });
  guestContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  requests = [recordRequests(ownerContext), recordRequests(guestContext)];
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

const noOverflow = (page: Page) => page.evaluate<number>('document.documentElement.scrollWidth');

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

  it('shows the guest the room, without a delete icon, and asks for a key first', async () => {
    await guestPage.goto(`${server.url}/admin/vcr`);
    const row = guestPage.getByRole('table', { name: 'Available Rooms' }).getByRole('row').nth(1);
    await expect.poll(() => row.textContent()).toMatch(/^1Customer overlap.*guest$/);
    expect(await row.getByRole('button').count()).toBe(0);
    await row.getByRole('link', { name: 'Customer overlap' }).click();
    await status(guestPage, 'Go to the settings page and generate new key').waitFor();
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

  it('encrypts and uploads a CSV in each browser, with its own column set-up', async () => {
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
      await form.getByLabel('Data set name').fill('owner customers');
      await screenshot(page, 'clean-room-setup-1440');
    });
    await upload(guestPage, 'guest.csv', GUEST_CSV, async (page) => {
      const form = page.getByRole('form', { name: 'Set up the columns' });
      // header cleaned of non-alphanumeric characters ("Phone #" -> "Phone"); BOM dropped
      expect(await form.getByLabel('Name of column 1').inputValue()).toBe('mail');
      expect(await form.getByLabel('Name of column 3').inputValue()).toBe('Phone');
      await choose(page, 'Role of City', /^Clear/, form);
      await form.getByLabel('Data set name').fill('guest customers');
    });
    for (const page of [ownerPage, guestPage]) {
      await page.reload();
      const sets = page.getByRole('table', { name: 'Data sets' });
      await expect.poll(() => sets.getByRole('row').count(), { timeout: 15_000 }).toBe(3);
    }
  });

  it('compares the two sets: 3 e-mail addresses in both, 1 only in each', async () => {
    await ownerPage.reload();
    await ownerPage.getByRole('checkbox', { name: 'Select owner customers' }).check();
    await ownerPage.getByRole('checkbox', { name: 'Select guest customers' }).check();
    await ownerPage.getByRole('button', { name: 'Compare' }).click();
    const counts = ownerPage.getByRole('list', { name: 'Counts for email: owner customers and guest customers' });
    await counts.waitFor();
    expect(await counts.getByRole('listitem').allTextContents()).toEqual([
      'Only in owner customers: 1',
      'In both: 3',
      'Only in guest customers: 1',
    ]);
    await screenshot(ownerPage, 'clean-room-compare-1440');
  });

  it('joins with a nested condition and charges 1 IPT for the report, after asking', async () => {
    const page = ownerPage;
    await page.getByRole('button', { name: 'Join' }).click();
    const root = page.getByRole('group', { name: 'Join condition', exact: true });
    await root.waitFor();
    // email = mail AND (Age > 30 OR City = Paris)
    await root.getByRole('button', { name: 'Add group' }).first().click();
    const inner = page.getByRole('group', { name: 'Group at level 2', exact: true });
    const leaf = inner.getByRole('group', { name: 'Condition', exact: true }).first();
    await choose(page, 'Condition type', 'Clear column compared with a value', leaf);
    await choose(page, 'Operator', '>', leaf);
    await leaf.getByLabel('Value').fill('30');
    await inner.getByRole('button', { name: 'Add condition' }).click();
    const second = inner.getByRole('group', { name: 'Condition', exact: true }).nth(1);
    await choose(page, 'Condition type', 'Clear column compared with a value', second);
    await choose(page, 'Data set', 'guest customers', second);
    await second.getByLabel('Value').fill('Paris');
    expect(await inner.getByRole('button', { name: 'OR' }).getAttribute('aria-pressed')).toBe('true');
    await page.getByRole('button', { name: 'Count matches' }).click();
    await status(page, '2 matching row pairs').waitFor();
    await screenshot(page, 'clean-room-join-1440');

    // no credit yet: asked, then told to buy some
    expect(await balanceOf(owner.client)).toBe(0);
    await page.getByRole('button', { name: 'Get report (1 IPT)' }).click();
    await page.getByRole('dialog', { name: 'To Continue 1 IPT Token will be deducted' }).waitFor();
    await page.getByRole('button', { name: 'Continue' }).click();
    const short = page.getByRole('alertdialog', { name: 'Purchase IPT Tokens to continue' });
    await short.waitFor();
    expect(await short.getByRole('link', { name: 'Purchase IPT Tokens' }).getAttribute('href')).toBe(
      '/auth/pricing-page',
    );
    await screenshot(page, 'clean-room-purchase-1440');
    await short.getByRole('button', { name: 'Cancel' }).click();

    await buyCredit(owner.client);
    expect(await balanceOf(owner.client)).toBe(10);
    await page.getByRole('button', { name: 'Get report (1 IPT)' }).click();
    await page
      .getByRole('dialog', { name: 'To Continue 1 IPT Token will be deducted' })
      .getByRole('button', { name: 'Continue' })
      .click();
    const reports = page.getByRole('list', { name: 'Reports' });
    await reports.getByRole('listitem').first().waitFor();
    expect(await reports.getByRole('listitem').count()).toBe(1);
    expect(await balanceOf(owner.client)).toBe(9);
  });

  it('decrypts the report in the browser and downloads it as CSV', async () => {
    const [download] = await Promise.all([
      ownerPage.waitForEvent('download'),
      ownerPage.getByRole('button', { name: /^Decrypt and download .* as CSV$/ }).click(),
    ]);
    const csv = readFileSync(await download.path(), 'utf8');
    const [header, ...rows] = csv.trimEnd().split('\r\n');
    expect(header).toBe(
      'owner customers.Email,owner customers.FullName,owner customers.Age,guest customers.mail,guest customers.City,guest customers.Phone',
    );
    expect(rows.sort()).toEqual([
      'alice@example.com,Alice Liddell,34,ALICE@example.com ,Paris,+33 1 11',
      'bob@example.com,"Builder, Bob",28,bob@example.com,Paris,+33 1 22',
    ]);
  });

  it('fits a phone: the room list and the room page at 375 px', async () => {
    for (const [page, name] of [
      [ownerPage, 'owner'],
      [guestPage, 'guest'],
    ] as const) {
      await page.setViewportSize({ width: 375, height: 812 });
      await page.goto(`${server.url}/admin/vcr`);
      await page.getByRole('table', { name: 'Available Rooms' }).waitFor();
      await screenshot(page, `clean-room-list-375-${name}`);
      await page.goto(roomUrl);
      await page.getByRole('table', { name: 'Data sets' }).waitFor();
      await screenshot(page, `clean-room-room-375-${name}`);
      expect(await noOverflow(page)).toBeLessThanOrEqual(375);
    }
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
    expect(all.filter((r) => r.body.includes('Alice Liddell') || r.body.includes('alice@example.com'))).toEqual([]);
  });
});
