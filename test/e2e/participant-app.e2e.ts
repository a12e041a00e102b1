import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { deflateSync, crc32 } from 'node:zlib';
import { Contract, type JsonRpcProvider } from 'ethers';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createProvider,
  deployContracts,
  devAccounts,
  startLocalChain,
  type Deployment,
  type LocalChain,
} from '../../scripts/chain/anvil';
import { SESSION_COOKIE } from '../../api/src/modules/auth/session-cookie';
import { PRIVATE_KEY_STORAGE_PREFIX } from '../../web/src/crypto/key-storage';
import { fundEscrow } from '../../web/src/wallet/contracts';
import type { Eip1193Provider } from '../../web/src/wallet/eip1193';
import { axeBothWidths } from './support/axe';
import { buildUser, type TestUser } from '../api/support/factories';
import { buildKey, type KeyPair } from '../api/support/requests';
import { startTestServer, type TestServer } from '../api/support/server';
import {
  findLeaks,
  launchBrowser,
  recordRequests,
  screenshot,
  screenshotAsIs,
  type RecordedRequest,
} from './support/browser';
import { createDevWallet, type DevWallet } from './support/dev-wallet';

// The participant web app (issue 15.1) in Chromium emulating a 375x812 phone: a participant opens
// the shared link, answers a survey, creates a wallet in the browser, submits a collection with two
// images and sees the payouts sent on the local chain; the requester sees the decrypted row with
// both images; a second participant withdraws and the counts drop. The canary part: the
// participant's collection answer and image never appear in clear in the database, the logs, the
// stored files or what the browser sent.
let chain: LocalChain;
let deployment: Deployment;
let rpc: JsonRpcProvider;
let server: TestServer;
let logs = '';
let requester: TestUser;
let key: KeyPair;
let wallet: DevWallet;
let browser: Browser;
let phone: BrowserContext;
let page: Page;
let phoneTraffic: RecordedRequest[];
const [treasury, , funder] = devAccounts(3);
const ids = { collection: randomUUID(), survey: randomUUID() };

const CANARY_NAME = 'Zebulonqx';
const CANARY_EMAIL = 'zebulon.canary93@example.org';
const IMAGE_CANARY = 'CanaryPixelZ93q';
const PHONE = { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

// A real 8x8 PNG of one colour with a text chunk holding the image canary.
function png(rgb: [number, number, number], note: string): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(8, 0);
  header.writeUInt32BE(8, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.from([0, ...Array.from({ length: 8 }, () => rgb).flat()]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('tEXt', Buffer.from(`Comment\0${note}`, 'latin1')),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: 8 }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
const IMAGES = [png([200, 30, 60], `${IMAGE_CANARY} one`), png([20, 120, 220], `${IMAGE_CANARY} two`)];

beforeAll(async () => {
  chain = await startLocalChain();
  deployment = await deployContracts(chain.rpcUrl, treasury.privateKey);
  rpc = createProvider(chain.rpcUrl, chain.chainId);
  const stream = new PassThrough();
  stream.on('data', (d) => (logs += String(d)));
  server = await startTestServer(
    {
      WEB_DIST: path.resolve('web/dist'),
      LOG_LEVEL: 'trace',
      CHAIN_RPC_URL: chain.rpcUrl,
      CHAIN_ID: String(chain.chainId),
      IPT_TOKEN_ADDRESS: deployment.token,
      ESCROW_FACTORY_ADDRESS: deployment.factory,
      TREASURY_PRIVATE_KEY: treasury.privateKey,
    },
    stream,
  );
  requester = await buildUser(server);
  key = await buildKey(requester);
  wallet = createDevWallet({ rpcUrl: chain.rpcUrl, chainId: chain.chainId, privateKey: funder.privateKey });
  browser = await launchBrowser();
  phone = await browser.newContext(PHONE);
  phoneTraffic = recordRequests(phone);
  page = await phone.newPage();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  wallet?.close();
  rpc?.destroy();
  await chain?.stop();
});

async function publish(id: string, input: Record<string, unknown>, amount: number, bonusEach: number) {
  const provider: Eip1193Provider = {
    request: async ({ method, params }) => {
      const answer = await wallet.handle(method, params);
      if ('error' in answer) throw Object.assign(new Error(answer.error.message), answer.error);
      return answer.result;
    },
  };
  const settings = {
    chainId: chain.chainId,
    rpcUrl: chain.rpcUrl,
    iptTokenAddress: deployment.token,
    escrowFactoryAddress: deployment.factory,
  };
  const escrow = await fundEscrow(provider, settings, funder.address, { requestId: id, amount, bonusEach });
  const res = await requester.client.gql<{ createRequest: { id: string; status: number; escrowVerified: boolean } }>(
    'mutation ($input: CreateRequestInput!) { createRequest(input: $input) { id status escrowVerified } }',
    {
      input: {
        id,
        keyId: key.id,
        ...input,
        bonusAmount: amount,
        bonusEach,
        status: 1,
        escrowAddress: escrow.escrowAddress,
        signerAddress: escrow.signer,
      },
    },
  );
  expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
  expect(res.data!.createRequest).toEqual({ id, status: 1, escrowVerified: true });
}

// MUI's Rating hides its radios; a participant taps the star (the radio's label).
async function rate(target: Page, name: string) {
  const id = await target.getByRole('radio', { name }).getAttribute('id');
  await target.locator(`label[for="${id}"]`).click();
  expect(await target.getByRole('radio', { name }).isChecked()).toBe(true);
}
const eventually = <T>(value: () => T | Promise<T>, timeout = 30_000) => expect.poll(value, { timeout });
const scrollWidth = (target: Page) => target.evaluate<number>('document.documentElement.scrollWidth');
const surveyCounts = async () =>
  (
    await requester.client.rest<{ title: string; data: { option: string; counter: number }[] }[]>(
      'GET',
      '/request.api/statistic',
      undefined,
      { id: ids.survey },
    )
  ).body.result!.map((q) => `${q.title}: ${q.data.map((d) => `${d.option} ${d.counter}`).join(', ')}`);
const responseCount = async (id: string) =>
  (
    await requester.client.gql<{ request: { responseCount: number } }>(
      'query ($id: ID!) { request(id: $id) { responseCount } }',
      { id },
    )
  ).data!.request.responseCount;

describe('the participant web app on a phone', () => {
  it('publishes a survey and a collection asking for images', async () => {
    await publish(
      ids.survey,
      {
        type: 'survey',
        title: 'Coffee habits',
        description: 'Three quick questions for a café.',
        questions: [
          { type: 'radios', title: 'Coffee or tea?', choices: ['Coffee', 'Tea', 'Neither'] },
          { type: 'checkboxes', title: 'Which days do you buy a drink out?', choices: ['Mon', 'Wed', 'Fri'] },
          { type: 'dropdown', title: 'Your age band', choices: ['18-24', '25-34', '35+'] },
          { type: 'stars', title: 'Rate our menu', scale: 5, shape: 'heart' },
        ],
      },
      5,
      1,
    );
    await publish(
      ids.collection,
      {
        type: 'collection',
        title: 'Street photo study',
        description: 'Your profile and two photos of your street.',
        options: { profileData: true, personalImages: true, locationData: false, healthData: false, idData: false },
      },
      10,
      2,
    );
  });

  it('lists the open requests with their bonus and places left', async () => {
    await page.goto(`${server.url}/p`);
    const list = page.getByRole('list', { name: 'Open requests' });
    await list.getByText('Street photo study').waitFor();
    expect(await list.getByRole('listitem').count()).toBe(2);
    const survey = list.getByRole('listitem').filter({ hasText: 'Coffee habits' });
    expect(await survey.textContent()).toContain('1 IPT per answer');
    expect(await survey.textContent()).toContain('5 places left');
    expect(await scrollWidth(page)).toBeLessThanOrEqual(375);
    await screenshot(page, 'participant-open-requests-375');
  });

  it('answers the survey from its shared link, validated before submit, and creates a wallet in the browser', async () => {
    await page.goto(`${server.url}/p/r/${ids.survey}`);
    await page.getByRole('heading', { name: 'Coffee habits' }).waitFor();
    expect(await page.getByRole('note', { name: 'Privacy' }).textContent()).toContain('Survey answers are counted');
    await page.getByRole('form', { name: 'Your answer' }).waitFor();
    // nothing answered: every question is flagged and nothing is sent
    const before = phoneTraffic.length;
    await page.getByRole('button', { name: 'Send my answers' }).click();
    await page.getByText('Some answers need a look').waitFor();
    expect(await page.getByText('Pick one.').count()).toBe(1);
    expect(await page.getByText('Tick at least one.').count()).toBe(1);
    expect(await page.getByText('Choose one.').count()).toBe(1);
    expect(await page.getByText('Give 1 to 5.').count()).toBe(1);
    expect(phoneTraffic.slice(before).filter((r) => r.method === 'POST')).toEqual([]);

    await page.getByRole('radio', { name: 'Tea' }).check();
    await page.getByRole('checkbox', { name: 'Mon' }).check();
    await page.getByRole('checkbox', { name: 'Fri' }).check();
    await page.getByRole('combobox', { name: /Your age band/ }).click();
    await page.getByRole('option', { name: '25-34' }).click();
    await rate(page, '4 of 5');
    expect(await page.getByText('Pick one.').count()).toBe(0);

    // the wallet: made here, with a backup prompt
    await page.getByRole('button', { name: 'Create a wallet in this browser' }).click();
    const backup = page.getByRole('dialog', { name: 'Back up your new wallet' });
    await backup.waitFor();
    const words = await backup.getByLabel('Recovery phrase').locator('span').count();
    expect(words).toBe(12);
    // each word fits its column, with a clear gap to the next ("7. guitar8. box" before)
    expect(
      await page.evaluate<string>(`(() => {
        const grid = document.querySelector('[aria-label="Recovery phrase"]');
        const spans = [...grid.querySelectorAll('span')];
        return spans.filter((s) => s.scrollWidth > s.clientWidth).length + ' cut, gap ' + getComputedStyle(grid).columnGap;
      })()`),
    ).toBe('0 cut, gap 16px');
    await screenshot(page, 'participant-wallet-backup-375');
    expect(await backup.getByRole('button', { name: 'Done' }).isDisabled()).toBe(true);
    await backup.getByLabel('I have saved my recovery phrase').check();
    await backup.getByRole('button', { name: 'Done' }).click();
    await backup.waitFor({ state: 'hidden' });
    const address = (await page.getByLabel('Wallet address').textContent())!;
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    await screenshot(page, 'participant-survey-filled-375');

    expect(await page.getByText('5 places left').count()).toBe(1);
    await page.getByRole('button', { name: 'Send my answers' }).click();
    await page.getByText('Thank you: your answer was received').waitFor();
    // the header follows the answer: one place fewer; and the bonus in the singular
    await page.getByText('4 places left').waitFor();
    expect(await page.getByText('1 IPT goes to your wallet.').count()).toBe(1);
    expect(await surveyCounts()).toEqual([
      'Coffee or tea?: Coffee 0, Tea 1, Neither 0',
      'Which days do you buy a drink out?: Mon 1, Wed 0, Fri 1',
      'Your age band: 18-24 0, 25-34 1, 35+ 0',
      'Rate our menu: 1 0, 2 0, 3 0, 4 1, 5 0',
    ]);
    expect(await scrollWidth(page)).toBeLessThanOrEqual(375);
  });

  it('submits a collection with two images, validated and encrypted in the browser', async () => {
    await page.goto(`${server.url}/p/r/${ids.collection}`);
    await page.getByRole('heading', { name: 'Street photo study' }).waitFor();
    expect(await page.getByRole('note', { name: 'Privacy' }).textContent()).toBe(
      "What you share is encrypted in this browser to the requester's key; the server cannot read it.",
    );
    await page.getByRole('form', { name: 'Your answer' }).waitFor();
    await page.getByLabel('First name').fill(CANARY_NAME);
    await page.getByLabel('Last name').fill('Okafor');
    await page.getByLabel('Age', { exact: true }).fill('12');
    await page.getByLabel('Mobile').fill('0044 20');
    await page.getByLabel('E-mail').fill(CANARY_EMAIL);
    await page.getByRole('combobox', { name: 'Gender' }).click();
    await page.getByRole('option', { name: 'non-binary' }).click();
    // a file that is not an image is refused before anything is encrypted
    await page.getByLabel('Add images').setInputFiles({
      name: 'notes.png',
      mimeType: 'image/png',
      buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
    });
    await page.getByText('notes.png is not a JPEG, PNG, WebP or GIF image.').waitFor();
    await page.getByRole('button', { name: 'Encrypt and send' }).click();
    await page.getByText('Age must be a whole number from 13 to 120.').waitFor();
    await page.getByText(/^Mobile must be in international form/).waitFor();
    await page.getByText('Add 1 to 5 images.').waitFor();
    expect(phoneTraffic.filter((r) => r.url.includes('uploadImage'))).toEqual([]);

    await page.getByLabel('Age', { exact: true }).fill('34');
    await page.getByLabel('Mobile').fill('+44 20 7946 0018');
    await page.getByLabel('Add images').setInputFiles([
      { name: 'street-1.png', mimeType: 'image/png', buffer: IMAGES[0] },
      { name: 'street-2.png', mimeType: 'image/png', buffer: IMAGES[1] },
    ]);
    await page.getByRole('img', { name: 'Image 2: street-2.png' }).waitFor();
    await screenshot(page, 'participant-collection-filled-375');
    await page.getByRole('button', { name: 'Encrypt and send' }).click();
    await page.getByText('Thank you: your answer was received').waitFor();
    const uploads = phoneTraffic.filter((r) => r.url.endsWith('/v1/requestClient/uploadImage'));
    expect(uploads).toHaveLength(2);
    expect(await responseCount(ids.collection)).toBe(1);
  });

  it('shows both payouts sent on the local chain under My answers', async () => {
    await page.goto(`${server.url}/p/answers`);
    const answers = page.getByRole('list', { name: 'My answers' });
    await answers.getByRole('listitem').nth(1).waitFor();
    await eventually(() => answers.getByText('Payout sent').count(), 60_000).toBe(2);
    const hashes = await answers.getByLabel('Payout transaction').allTextContents();
    expect(hashes).toHaveLength(2);
    const address = await page.evaluate<string>(
      "JSON.parse(localStorage.getItem('parley.participant.wallet')).address",
    );
    for (const hash of hashes) {
      const receipt = await rpc.getTransactionReceipt(hash);
      expect(receipt?.status).toBe(1);
    }
    const token = new Contract(deployment.token, ['function balanceOf(address) view returns (uint256)'], rpc);
    expect(await token.balanceOf(address)).toBe(3n);
    expect(await scrollWidth(page)).toBeLessThanOrEqual(375);
    await screenshot(page, 'participant-my-answers-375');
  });

  it('shows the requester the decrypted row with both images, and the participant link with its QR code', async () => {
    const desk = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await desk.addCookies([{ name: SESSION_COOKIE, value: requester.client.cookie(SESSION_COOKIE)!, url: server.url }]);
    await desk.addInitScript(([name, pem]) => localStorage.setItem(name, pem), [
      PRIVATE_KEY_STORAGE_PREFIX + key.id,
      key.privateKeyPem,
    ] as const);
    const admin = await desk.newPage();
    await admin.goto(`${server.url}/admin/request/collection/detail/${ids.collection}`);
    const table = admin.getByRole('table', { name: 'Responses' });
    const row = table.getByRole('row').filter({ hasText: CANARY_NAME });
    await row.waitFor();
    expect(await row.textContent()).toContain(CANARY_EMAIL);
    const thumbs = row.getByRole('img', { name: /^Image \d of / });
    await eventually(() => thumbs.count()).toBe(2);
    // both decrypted into real images the browser could draw
    await eventually(() =>
      thumbs.evaluateAll((nodes) => nodes.map((n) => (n as unknown as { naturalWidth: number }).naturalWidth)),
    ).toEqual([8, 8]);
    await row.getByRole('button', { name: /^Enlarge Image 2 of / }).click();
    const large = admin.getByRole('dialog', { name: /^Image 2 of / });
    await large.waitFor();
    const enlarged = large.getByRole('img', { name: /^Image 2 of / });
    await eventually(() => enlarged.evaluate((n) => (n as unknown as { naturalWidth: number }).naturalWidth)).toBe(8);
    await screenshotAsIs(admin, 'participant-requester-image-1440');
    expect(await axeBothWidths(admin, 'enlarged image dialog')).toEqual([]);
    await admin.keyboard.press('Escape');
    await large.waitFor({ state: 'hidden' });

    const card = admin.getByRole('region', { name: 'Participant link' });
    const link = `${server.url}/p/r/${ids.collection}`;
    expect(await card.getByLabel('Participant link').inputValue()).toBe(link);
    const qr = card.getByRole('img', { name: /^QR code of the participant link/ });
    await qr.waitFor();
    expect(await qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    await screenshot(admin, 'participant-requester-detail-1440');
    await admin.setViewportSize({ width: 375, height: 812 });
    await admin.waitForTimeout(300);
    await screenshot(admin, 'participant-requester-detail-375');
    await desk.close();
  });

  it('lets a second participant withdraw, and the counts drop', async () => {
    const second = await browser.newContext(PHONE);
    const other = await second.newPage();
    await other.goto(`${server.url}/p/r/${ids.survey}`);
    await other.getByRole('form', { name: 'Your answer' }).waitFor();
    await other.getByRole('radio', { name: 'Coffee' }).check();
    await other.getByRole('checkbox', { name: 'Wed' }).check();
    await other.getByRole('combobox', { name: /Your age band/ }).click();
    await other.getByRole('option', { name: '35+' }).click();
    await rate(other, '2 of 5');
    await other.getByRole('tab', { name: 'Paste' }).click();
    await other.getByLabel('Wallet address').fill('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD');
    await other.getByRole('button', { name: 'Use this address' }).click();
    await other.getByText('This address has a wrong checksum: check it for a typo.').waitFor();
    await other.getByLabel('Wallet address').fill('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed');
    await other.getByRole('button', { name: 'Use this address' }).click();
    await other.getByRole('button', { name: 'Send my answers' }).click();
    await other.getByText('Thank you: your answer was received').waitFor();
    expect(await responseCount(ids.survey)).toBe(2);
    expect((await surveyCounts())[0]).toBe('Coffee or tea?: Coffee 1, Tea 1, Neither 0');

    await other.goto(`${server.url}/p/answers`);
    const item = other.getByRole('listitem').filter({ hasText: 'Coffee habits' });
    await item.getByRole('button', { name: 'Withdraw my answer' }).click();
    const confirm = other.getByRole('dialog', { name: 'Withdraw your answer?' });
    await screenshot(other, 'participant-withdraw-375');
    await confirm.getByRole('button', { name: 'Keep it' }).click();
    expect(await responseCount(ids.survey)).toBe(2);
    await item.getByRole('button', { name: 'Withdraw my answer' }).click();
    await confirm.getByRole('button', { name: 'Withdraw my answer' }).click();
    await item.getByText('Withdrawn').waitFor();
    expect(await responseCount(ids.survey)).toBe(1);
    expect(await surveyCounts()).toEqual([
      'Coffee or tea?: Coffee 0, Tea 1, Neither 0',
      'Which days do you buy a drink out?: Mon 1, Wed 0, Fri 1',
      'Your age band: 18-24 0, 25-34 1, 35+ 0',
      'Rate our menu: 1 0, 2 0, 3 0, 4 1, 5 0',
    ]);
    await second.close();
  });

  it('looks right at 1440 px too', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${server.url}/p`);
    await page.getByRole('list', { name: 'Open requests' }).waitFor();
    await screenshot(page, 'participant-open-requests-1440');
    await page.goto(`${server.url}/p/r/${ids.collection}`);
    await page.getByText('Thank you: your answer was received').waitFor();
    await screenshot(page, 'participant-request-done-1440');
    await page.setViewportSize(PHONE.viewport);
  });

  it('switches to Arabic and French: the navigation, My answers and the wallet, right to left in Arabic', async () => {
    const dirOfApp = (target: Page) =>
      target.evaluate<string>("document.querySelector('header').parentElement.getAttribute('dir')");
    const navTexts = (target: Page, name: string) =>
      target.getByRole('navigation', { name }).getByRole('link').allTextContents();
    const language = page.getByRole('combobox', { name: /Language|اللغة|Langue/ });
    await page.goto(`${server.url}/p/answers`);
    await page.getByRole('list', { name: 'My answers' }).getByRole('listitem').nth(1).waitFor();
    await language.selectOption('ar');
    const answers = page.getByRole('list', { name: 'إجاباتي' });
    await eventually(() => answers.getByText('أُرسلت الدفعة').count()).toBe(2);
    expect(await dirOfApp(page)).toBe('rtl');
    expect(await navTexts(page, 'أقسام المشارك')).toEqual(['الطلبات', 'إجاباتي', 'المحفظة']);
    const log = page.getByRole('list', { name: 'أحداث الوصول' });
    expect(await log.getByText('أرسلت إجابتك').count()).toBe(2);
    expect(await scrollWidth(page)).toBeLessThanOrEqual(375);
    await screenshot(page, 'participant-my-answers-ar-375');
    await page.getByRole('navigation', { name: 'أقسام المشارك' }).getByRole('link', { name: 'المحفظة' }).click();
    await page.getByRole('heading', { name: 'المحفظة' }).waitFor();
    expect(await page.getByRole('button', { name: 'تغيير' }).count()).toBe(1);
    await screenshot(page, 'participant-wallet-ar-375');
    await page.setViewportSize({ width: 1440, height: 900 });
    expect(await navTexts(page, 'المشارك')).toEqual(['الطلبات', 'إجاباتي', 'المحفظة']);
    await screenshot(page, 'participant-wallet-ar-1440');
    await page.goto(`${server.url}/p/answers`);
    await page.getByRole('list', { name: 'أحداث الوصول' }).getByRole('listitem').first().waitFor();
    await screenshot(page, 'participant-my-answers-ar-1440');

    // French: kept in this browser, left to right again
    await language.selectOption('fr');
    await page.getByRole('heading', { name: 'Mes réponses', level: 1 }).waitFor();
    expect(await dirOfApp(page)).toBe('ltr');
    expect(await navTexts(page, 'Participant')).toEqual(['Demandes', 'Mes réponses', 'Portefeuille']);
    expect(
      await page.getByRole('list', { name: "Événements d'accès" }).getByText('Vous avez envoyé votre réponse').count(),
    ).toBe(2);
    await screenshot(page, 'participant-my-answers-fr-1440');
    await page.setViewportSize(PHONE.viewport);
    await page.reload();
    await page.getByRole('heading', { name: 'Mes réponses', level: 1 }).waitFor();
    expect(await scrollWidth(page)).toBeLessThanOrEqual(375);
    await screenshot(page, 'participant-my-answers-fr-375');
    await language.selectOption('en');
    await page.getByRole('heading', { name: 'My answers', level: 1 }).waitFor();
  });

  it('fits the wallet tabs on a 320 px phone in every language', async () => {
    const narrow = await browser.newContext({ ...PHONE, viewport: { width: 320, height: 640 } });
    const fresh = await narrow.newPage();
    await fresh.goto(`${server.url}/p/wallet`);
    const names: Record<string, string> = { en: 'How to receive bonuses', fr: 'Comment recevoir les primes' };
    for (const [code, labels] of [
      ['en', ['Create', 'Paste', 'Connect']],
      ['ar', ['إنشاء', 'لصق', 'ربط']],
      ['fr', ['Créer', 'Coller', 'Connecter']],
      ['de', ['Erstellen', 'Einfügen', 'Verbinden']],
    ] as const) {
      await fresh.getByRole('combobox').selectOption(code);
      const tabs = fresh.getByRole('tab');
      await eventually(() => tabs.allTextContents()).toEqual(labels);
      // every label whole: nothing cut at the tab's edge, nothing wider than the screen
      const cut = await tabs.evaluateAll(
        (all) =>
          all.filter((tab) => {
            const box = tab.getBoundingClientRect();
            const list = tab.parentElement?.getBoundingClientRect();
            const label = [...tab.childNodes].find((n) => n.nodeType === 3);
            const range = tab.ownerDocument.createRange();
            if (label) range.selectNodeContents(label);
            const text = range.getBoundingClientRect();
            return (
              !list ||
              box.left < list.left - 0.5 ||
              box.right > list.right + 0.5 ||
              text.left < box.left - 0.5 ||
              text.right > box.right + 0.5
            );
          }).length,
      );
      expect(cut).toBe(0);
      expect(await scrollWidth(fresh)).toBeLessThanOrEqual(320);
      if (code === 'ar' || code === 'fr' || code === 'en')
        await screenshot(fresh, `participant-wallet-tabs-${code}-320`);
      if (names[code]) expect(await fresh.getByRole('tablist', { name: names[code] }).count()).toBe(1);
    }
    await narrow.close();
  });

  it('never let the collection answer or an image reach the server in clear (database, logs, files, traffic)', async () => {
    const secrets = [CANARY_NAME, CANARY_EMAIL, IMAGE_CANARY];
    const imageForms = IMAGES.flatMap((image) => [
      image.toString('base64').slice(0, 40),
      image.toString('hex').slice(0, 60),
    ]);
    // the database: every table, as text
    const conn = server.db.orm.em.fork().getConnection();
    const tables = await conn.execute<{ name: string }[]>(
      `select tablename as name from pg_tables where schemaname = 'public'`,
    );
    let dump = '';
    for (const { name } of tables) {
      const rows = await conn.execute<{ x: string }[]>(`select (to_jsonb(r))::text as x from "${name}" r`);
      dump += rows.map((r) => r.x).join('\n');
    }
    expect(dump).toContain(ids.collection); // the dump does hold the data...
    for (const needle of [...secrets, ...imageForms]) {
      expect(dump).not.toContain(needle); // ...but never the answer or the images in clear
      expect(logs).not.toContain(needle);
    }
    expect(logs).toContain('uploadImage'); // the uploads were logged, just not their content
    // the stored image files: opaque bytes
    const folder = path.join(server.config.dataDir, 'uploads', 'response-images');
    const files = readdirSync(folder);
    expect(files).toHaveLength(2);
    for (const file of files) {
      const stored = readFileSync(path.join(folder, file));
      expect(stored.includes(Buffer.from(IMAGE_CANARY))).toBe(false);
      for (const image of IMAGES) expect(stored.includes(image.subarray(0, 64))).toBe(false);
    }
    // what the participant's browser sent
    expect(phoneTraffic.some((r) => r.url.endsWith('/v1/requestClient/submitCollection'))).toBe(true);
    expect(findLeaks(phoneTraffic, imageForms)).toEqual([]);
    for (const r of phoneTraffic) for (const needle of secrets) expect(r.body + r.url).not.toContain(needle);
    // the created wallet's key stayed in the browser
    const privateKey = await page.evaluate<string>(
      "JSON.parse(localStorage.getItem('parley.participant.wallet')).privateKey",
    );
    expect(privateKey).toMatch(/^0x[0-9a-f]{64}$/);
    for (const r of phoneTraffic) expect(r.body + r.url).not.toContain(privateKey.slice(2));
    expect(logs).not.toContain(privateKey.slice(2));
  });
});
