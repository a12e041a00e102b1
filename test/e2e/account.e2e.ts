import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../api/support/client';
import { buildUser, buildUserInput, verificationToken } from '../api/support/factories';
import type { TestServer } from '../api/support/server';
import { axeBothWidths } from './support/axe';
import { findLeaks, launchBrowser, recordRequests, screenshot, type RecordedRequest } from './support/browser';
import { startAppServer } from './support/server';

let server: TestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let requests: RecordedRequest[];
const privateKeys: string[] = [];
const tmp = mkdtempSync(path.join(os.tmpdir(), 'parley-e2e-'));

beforeAll(async () => {
  server = await startAppServer();
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1440, height: 900 }, acceptDownloads: true });
  requests = recordRequests(context);
  page = await context.newPage();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const input = buildUserInput({ password: 'e2ePass123' });

describe('a requester in Chromium', () => {
  it('registers and sees the Congratulations dialog asking to verify the e-mail', async () => {
    await page.goto(`${server.url}/auth/register-page`);
    await page.getByLabel('Username').fill(input.username);
    await page.getByLabel('Email').fill(input.email);
    await page.getByLabel('Password', { exact: true }).fill(input.password);
    await page.getByLabel('Confirm Password').fill(input.password);
    // unticked terms: the submit silently stops, nothing is sent
    const before = requests.length;
    await page.getByRole('button', { name: 'Get started' }).click();
    await page.waitForTimeout(300);
    expect(requests.slice(before).filter((r) => r.url.endsWith('/graphql'))).toHaveLength(0);
    await page.getByLabel(/I agree to the terms/).check();
    await screenshot(page, '01-register-1440');
    await page.getByRole('button', { name: 'Get started' }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByText('Congratulations!').isVisible()).toBe(true);
    expect(await dialog.textContent()).toMatch(/verif/i);
    await screenshot(page, '02-register-congratulations');
    expect(await axeBothWidths(page, 'Congratulations dialog')).toEqual([]);
    await dialog.getByRole('button', { name: 'Ok' }).click();
    await page.waitForURL(/\/auth\/login-page$/);
  });

  it('is refused login before verifying, verifies through the mailed link, then logs in', async () => {
    await page.getByLabel('Username or e-mail').fill(input.username);
    await page.getByLabel('Password', { exact: true }).fill('wrongPass99');
    await page.getByRole('button', { name: "Let's Go" }).click();
    await expect.poll(() => page.getByText('Login failed').isVisible()).toBe(true);
    await expect.poll(() => page.getByText('Please enter the correct login information').isVisible()).toBe(true);
    await screenshot(page, '03-login-failed');
    await page.keyboard.press('Escape');

    const token = await verificationToken(server, input.email);
    await page.goto(`${server.url}/auth/verify-email?token=${token}`);
    await expect
      .poll(() =>
        page
          .getByText(/verified/i)
          .first()
          .isVisible(),
      )
      .toBe(true);
    await screenshot(page, '04-verified');

    await page.goto(`${server.url}/auth/login-page`);
    await page.getByLabel('Username or e-mail').fill(input.username);
    await page.getByLabel('Password', { exact: true }).fill(input.password);
    await page.getByRole('button', { name: "Let's Go" }).click();
    await page.waitForURL(/\/admin\/dashboard$/);
    await expect
      .poll(() =>
        page
          .getByRole('heading', { name: new RegExp(input.username) })
          .first()
          .isVisible(),
      )
      .toBe(true);
    await screenshot(page, '05-dashboard-1440');
  });

  it('generates a key pair in the browser, downloads both halves and saves only the public key', async () => {
    await page.goto(`${server.url}/admin/settings`);
    await page.getByRole('tab', { name: 'Generate Key Pair' }).click();
    const panel = page.getByRole('form', { name: 'Generate key pair' });
    await panel.getByLabel('Key title').fill('Laptop key');
    await panel.getByRole('button', { name: /Generate key pair/ }).click();
    const privatePem = await panel.getByLabel('Private key (PEM)').inputValue();
    expect(privatePem).toMatch(/BEGIN PRIVATE KEY/);
    privateKeys.push(privatePem);
    expect(await panel.getByLabel('Public key file name').inputValue()).toBe('publicKey.txt');
    expect(await panel.getByLabel('Private key file name').inputValue()).toBe('privateKey.txt');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      panel.getByRole('button', { name: 'Download private key' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('privateKey.txt');
    const saved = path.join(tmp, 'downloaded-private.txt');
    await download.saveAs(saved);
    expect(readFileSync(saved, 'utf8').trim()).toBe(privatePem.trim());
    await screenshot(page, '06-settings-generate');

    await panel.getByRole('button', { name: 'Save key' }).click();
    const table = page.getByRole('table', { name: 'Available Keys' });
    await expect.poll(() => table.getByText('Laptop key').isVisible()).toBe(true);
    // the id is shown as colon-separated hex pairs, and the private half is in local storage under it
    const idText = await table.locator('code').first().textContent();
    expect(idText).toMatch(/^([0-9a-f]{2}:){15}[0-9a-f]{2}$/);
    const stored = await page.evaluate(
      (id) => localStorage.getItem(`parley.privateKey.${id}`),
      idText!.replace(/:/g, ''),
    );
    expect(stored?.trim()).toBe(privatePem.trim());
  });

  it('loads a key pair from .pem files, refusing halves that do not match', async () => {
    const pair = (): { pub: string; priv: string } => {
      const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
      return {
        pub: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
        priv: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      };
    };
    const a = pair();
    const b = pair();
    privateKeys.push(a.priv, b.priv);
    const file = (name: string, text: string) => {
      const p = path.join(tmp, name);
      writeFileSync(p, text);
      return p;
    };
    await page.getByRole('tab', { name: 'Load Key Pair' }).click();
    const panel = page.getByRole('form', { name: 'Load key pair' });
    await panel.getByLabel('Key title').fill('Loaded key');
    const pick = async (label: string, filePath: string) => {
      const [chooser] = await Promise.all([
        page.waitForEvent('filechooser'),
        panel.getByRole('button', { name: `Choose file: ${label}` }).click(),
      ]);
      await chooser.setFiles(filePath);
    };
    await pick('Public key file', file('a-public.pem', a.pub));
    await pick('Private key file', file('b-private.pem', b.priv));
    await expect
      .poll(() =>
        panel
          .getByText(/do not match|don't match|does not match/i)
          .first()
          .isVisible(),
      )
      .toBe(true);
    expect(await panel.getByRole('button', { name: /Save/ }).isDisabled()).toBe(true);
    await screenshot(page, '07-settings-load-mismatch');

    await pick('Private key file', file('a-private.pem', a.priv));
    await expect.poll(() => panel.getByRole('button', { name: /Save/ }).isEnabled()).toBe(true);
    await panel.getByRole('button', { name: /Save/ }).click();
    const table = page.getByRole('table', { name: 'Available Keys' });
    await expect.poll(() => table.getByText('Loaded key').isVisible()).toBe(true);
  });

  it('deletes a key', async () => {
    const table = page.getByRole('table', { name: 'Available Keys' });
    await table.getByRole('button', { name: 'Delete key Loaded key' }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /Delete/ })
      .click();
    await expect.poll(() => table.getByText('Loaded key').count()).toBe(0);
    await expect.poll(() => table.getByText('Laptop key').count()).toBe(1);
    await screenshot(page, '08-settings-keys');
  });

  it('shows notifications with a count badge and deletes one on click', async () => {
    const sender = await buildUser(server);
    const me = await new TestClient(server.url).rest<{ id: string }>('POST', '/v1/auth/login', {
      username: input.username,
      password: input.password,
    });
    const myId = me.body.result!.id;
    await sender.client.rest('POST', '/v1/auth/user/createNotification', {
      notification: 'Your room is ready',
      to_id: myId,
    });
    await page.reload();
    const bell = page.getByRole('button', { name: 'Notifications, 1 unread' });
    await bell.waitFor();
    await bell.click();
    await screenshot(page, '09-notifications');
    await page.getByRole('menuitem', { name: /Your room is ready/ }).click();
    // the last one dismissed: the menu closes and the badge is gone
    await page.getByRole('button', { name: 'Notifications', exact: true }).waitFor();
    expect(await page.locator('.MuiBadge-badge').count()).toBe(0);
    const mine = new TestClient(server.url);
    await mine.rest('POST', '/v1/auth/login', { username: input.username, password: input.password });
    expect((await mine.rest<unknown[]>('GET', '/v1/auth/user/getNotifications')).body.result).toEqual([]);
  });

  it('logs out from the profile menu and is bounced from guarded routes to the login page', async () => {
    await page.getByRole('button', { name: 'Account' }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.waitForURL(/\/auth\/login-page$/);
    await page.goto(`${server.url}/admin/settings`);
    // the login page remembers where to return to
    await page.waitForURL(/\/auth\/login-page\?next=%2Fadmin%2Fsettings$/);
    await screenshot(page, '10-logged-out');
  });

  it('never sent private key material to any server', () => {
    expect(requests.length).toBeGreaterThan(10);
    expect(findLeaks(requests, privateKeys)).toEqual([]);
  });
});
