import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { JsonRpcProvider } from 'ethers';
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
import { fakeAnswers, fakePerson, rng, type PhoneQuestion } from '../../scripts/simulate/fake-data';
import { simulateParticipants } from '../../scripts/simulate/simulate';
import { fundEscrow } from '../../web/src/wallet/contracts';
import type { Eip1193Provider } from '../../web/src/wallet/eip1193';
import { buildUser, type TestUser } from '../api/support/factories';
import { runNpmScript } from '../api/support/processes';
import type { TestServer } from '../api/support/server';
import { findLeaks, launchBrowser, logIn, recordRequests, screenshot, type RecordedRequest } from './support/browser';
import { createDevWallet, installDevWallet, type DevWallet } from './support/dev-wallet';
import { startAppServer } from './support/server';

// Results end to end in Chromium: a requester makes a key pair in the browser, publishes a
// collection and a survey (created through GraphQL, escrows funded on a fresh anvil by the browser
// wallet's code), 20 simulated phones answer each, and the dashboard, the responses decrypted in
// the browser and the survey pies show what they sent.
let chain: LocalChain;
let deployment: Deployment;
let rpc: JsonRpcProvider;
let server: TestServer;
let user: TestUser;
let wallet: DevWallet;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let traffic: RecordedRequest[];
// account 0 deploys and is the treasury; account 2 is the requester's browser wallet
const [treasury, , requester] = devAccounts(3);
const SEED_COLLECTION = 4242;
const SEED_SURVEY = 777;
const PHONES = 20;

const ids = { collection: randomUUID(), survey: randomUUID(), draft: randomUUID() };
let keyId = '';
let privatePem = '';
// the files the browser downloaded, loaded again in fresh browsers below
const tmp = mkdtempSync(path.join(os.tmpdir(), 'parley-results-'));
const downloaded = { publicKey: '', privateKey: '', backup: '' };
const PASSPHRASE = 'quartz lantern meadow 1984 tundra';

beforeAll(async () => {
  chain = await startLocalChain();
  deployment = await deployContracts(chain.rpcUrl, treasury.privateKey);
  rpc = createProvider(chain.rpcUrl, chain.chainId);
  server = await startAppServer({
    CHAIN_RPC_URL: chain.rpcUrl,
    CHAIN_ID: String(chain.chainId),
    IPT_TOKEN_ADDRESS: deployment.token,
    ESCROW_FACTORY_ADDRESS: deployment.factory,
    TREASURY_PRIVATE_KEY: treasury.privateKey,
  });
  user = await buildUser(server);
  wallet = createDevWallet({ rpcUrl: chain.rpcUrl, chainId: chain.chainId, privateKey: requester.privateKey });
  // the key backup's scrypt runs at its production cost in this browser
  browser = await launchBrowser({ optimizeJs: true });
  context = await browser.newContext({ viewport: { width: 1440, height: 900 }, acceptDownloads: true });
  traffic = recordRequests(context);
  await installDevWallet(context, wallet);
  page = await context.newPage();
});
afterAll(async () => {
  for (const other of otherContexts) await other.close();
  await browser?.close();
  await server?.close();
  wallet?.close();
  rpc?.destroy();
  await chain?.stop();
});

const COLLECTION_OPTIONS = {
  healthData: false,
  locationData: true,
  profileData: true,
  idData: false,
  personalImages: true,
};
const QUESTIONS = [
  { type: 'radios', title: 'Coffee or tea?', choices: ['Coffee', 'Tea', 'Both', 'Neither'] },
  { type: 'checkboxes', title: 'Which days do you buy a drink out?', choices: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri'] },
  { type: 'dropdown', title: 'Your age band', choices: ['18-24', '25-34', '35-44', '45+'] },
  { type: 'stars', title: 'Rate our menu', scale: 5, shape: 'heart' },
];

// The wallet's part of publishing, with the web app's own code (web/src/wallet/contracts.ts).
async function fundedEscrow(requestId: string, amount: number, bonusEach: number) {
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
  return fundEscrow(provider, settings, requester.address, { requestId, amount, bonusEach });
}

async function createRequest(input: Record<string, unknown>) {
  const res = await user.client.gql<{ createRequest: { id: string; status: number; escrowVerified: boolean } }>(
    'mutation ($input: CreateRequestInput!) { createRequest(input: $input) { id status escrowVerified } }',
    { input },
  );
  expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
  return res.data!.createRequest;
}

async function publish(id: string, input: Record<string, unknown>, amount: number, bonusEach: number) {
  const escrow = await fundedEscrow(id, amount, bonusEach);
  const saved = await createRequest({
    id,
    keyId,
    ...input,
    bonusAmount: amount,
    bonusEach,
    status: 1,
    escrowAddress: escrow.escrowAddress,
    signerAddress: escrow.signer,
  });
  expect(saved).toEqual({ id, status: 1, escrowVerified: true });
}

const bodyRows = (table: ReturnType<Page['getByRole']>, on: Page = page) =>
  table.getByRole('row').filter({ has: on.getByRole('cell') });
// The text of every cell of every body row (the tests' tsconfig has no DOM types).
type CellsOf = { querySelectorAll(selector: string): ArrayLike<{ textContent: string | null }> };
const cellTexts = (table: ReturnType<Page['getByRole']>, on: Page = page) =>
  bodyRows(table, on).evaluateAll((rows) =>
    rows.map((row) => Array.from((row as unknown as CellsOf).querySelectorAll('td'), (cell) => cell.textContent ?? '')),
  );
// Pages load, decrypt and draw in the background: on a busy machine that takes longer than
// expect.poll's default second.
const eventually = <T>(value: () => T | Promise<T>) => expect.poll(value, { timeout: 20_000 });
const scrollWidth = (target: Page) => target.evaluate<number>('document.documentElement.scrollWidth');

async function atWidths(name: string, check?: (width: number) => Promise<void>) {
  for (const width of [1440, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(300); // the charts and the layout follow the new size
    await screenshot(page, `${name}-${width}`);
    expect(await scrollWidth(page), `${name} at ${width}px`).toBeLessThanOrEqual(width);
    await check?.(width);
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

// Fresh browser contexts (signed in as the requester unless told otherwise): their traffic is
// watched too.
const otherContexts: BrowserContext[] = [];
const otherTraffic: RecordedRequest[][] = [];
async function freshBrowser(signedIn = true) {
  const fresh = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  otherContexts.push(fresh);
  const seen = recordRequests(fresh);
  otherTraffic.push(seen);
  if (signedIn) await fresh.addCookies(await context.cookies());
  return { page: await fresh.newPage(), traffic: seen };
}

async function saveDownload(target: Page, click: () => Promise<void>): Promise<string> {
  const [download] = await Promise.all([target.waitForEvent('download'), click()]);
  const file = path.join(tmp, download.suggestedFilename());
  await download.saveAs(file);
  return file;
}

async function pickFile(target: Page, panel: ReturnType<Page['getByRole']>, label: string, file: string) {
  const [chooser] = await Promise.all([
    target.waitForEvent('filechooser'),
    panel.getByRole('button', { name: `Choose file: ${label}` }).click(),
  ]);
  await chooser.setFiles(file);
}

// The collection's responses, decrypted in that browser.
async function expectDecrypted(target: Page) {
  await target.goto(`${server.url}/admin/request/collection/detail/${ids.collection}`);
  const table = target.getByRole('table', { name: 'Responses' });
  await expect
    .poll(async () => (await cellTexts(table, target)).filter((cells) => cells.length === 9).length, {
      timeout: 20_000,
    })
    .toBe(PHONES);
  expect(await target.getByText('Encrypted', { exact: true }).count()).toBe(0);
  expect(await target.getByText('Your private key for this request is not in this browser').count()).toBe(0);
}

describe('request results in Chromium', () => {
  it('logs in and generates the request key pair in the browser', async () => {
    await page.goto(`${server.url}/auth/login-page`);
    await page.getByLabel('Username or e-mail').fill(user.username);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: "Let's Go" }).click();
    await page.waitForURL(/\/admin\/dashboard$/);
    await page.getByText('No requests yet').waitFor();
    await screenshot(page, 'results-dashboard-empty-1440');

    await page.goto(`${server.url}/admin/settings`);
    await page.getByRole('tab', { name: 'Generate Key Pair' }).click();
    const panel = page.getByRole('form', { name: 'Generate key pair' });
    await panel.getByLabel('Key title').fill('Results key');
    await panel.getByRole('button', { name: /Generate key pair/ }).click();
    privatePem = await panel.getByLabel('Private key (PEM)').inputValue();
    // both halves as the app names them, and an encrypted backup
    downloaded.publicKey = await saveDownload(page, () =>
      panel.getByRole('button', { name: 'Download public key' }).click(),
    );
    downloaded.privateKey = await saveDownload(page, () =>
      panel.getByRole('button', { name: 'Download private key' }).click(),
    );
    expect(path.basename(downloaded.publicKey)).toBe('publicKey.txt');
    expect(path.basename(downloaded.privateKey)).toBe('privateKey.txt');
    expect(readFileSync(downloaded.privateKey, 'utf8')).toBe(privatePem);
    await panel.getByRole('button', { name: 'Download backup' }).click();
    const dialog = page.getByRole('dialog', { name: 'Download an encrypted backup' });
    await dialog.getByLabel(/^Passphrase/).fill('results');
    await eventually(() => dialog.getByText(/Strength: (Very weak|Weak)/).isVisible()).toBe(true);
    await dialog.getByLabel(/^Passphrase/).fill(PASSPHRASE);
    await dialog.getByLabel(/^Repeat the passphrase/).fill(PASSPHRASE);
    await eventually(() => dialog.getByText(/Strength: (Strong|Very strong)$/).isVisible()).toBe(true);
    await screenshot(page, 'results-key-backup-dialog-1440');
    downloaded.backup = await saveDownload(page, () => dialog.getByRole('button', { name: 'Download backup' }).click());
    expect(path.basename(downloaded.backup)).toMatch(/^parleyKey-[0-9a-f]{8}\.backup\.json$/);
    const backupText = readFileSync(downloaded.backup, 'utf8');
    expect(backupText).not.toContain('PRIVATE KEY');
    expect(JSON.parse(backupText)).toMatchObject({ format: 'parley-key-backup', version: 1, kdf: { name: 'scrypt' } });
    await dialog.getByRole('button', { name: 'Close' }).click();
    await panel.getByRole('button', { name: 'Save key' }).click();
    const table = page.getByRole('table', { name: 'Available Keys' });
    await table.getByText('Results key').waitFor();
    keyId = (await table.locator('code').first().textContent())!.replace(/:/g, '');
    expect(keyId).toMatch(/^[0-9a-f]{32}$/);
  });

  it('publishes a collection and a survey with funded escrows, and keeps a draft', async () => {
    await publish(
      ids.collection,
      {
        type: 'collection',
        title: 'Commute and profile study',
        description: 'Where people live and work, to plan bus routes.',
        options: COLLECTION_OPTIONS,
      },
      40,
      2,
    );
    await publish(
      ids.survey,
      { type: 'survey', title: 'Coffee and tea', description: 'A short survey for a café.', questions: QUESTIONS },
      25,
      1,
    );
    await createRequest({
      id: ids.draft,
      keyId,
      type: 'survey',
      title: 'Grocery shopping (draft)',
      bonusAmount: 10,
      bonusEach: 1,
      status: 0,
      questions: [QUESTIONS[0]],
    });
  });

  it('takes 20 simulated phones on each published request', async () => {
    for (const [requestId, seed] of [
      [ids.collection, SEED_COLLECTION],
      [ids.survey, SEED_SURVEY],
    ] as const) {
      const summary = await simulateParticipants({ url: server.url, requestId, count: PHONES, seed, concurrency: 4 });
      expect(summary.rejected).toEqual([]);
      expect(summary.accepted).toHaveLength(PHONES);
    }
  });

  it('shows the counts on the dashboard', async () => {
    await page.goto(`${server.url}/admin/dashboard`);
    const card = (label: string) => page.getByRole('region', { name: label, exact: true });
    await eventually(() => card('Request').textContent()).toContain('2Open1Draft');
    expect(await card('Response').textContent()).toContain('40Total40Today');
    // 40 responses of the 20 + 25 paid responses the published requests can take
    expect(await card('Avg completion rate').textContent()).toContain('88.9%');

    const requests = page.getByRole('table', { name: 'Recent Requests' });
    await eventually(async () => (await cellTexts(requests)).length).toBe(3);
    const rows = await cellTexts(requests);
    expect(rows.map((cells) => cells.slice(1, 4))).toEqual([
      ['Survey', '1', '0'],
      ['Survey', '4', '20'],
      ['Collection', '--', '20'],
    ]);
    expect(rows.map((cells) => cells[0])).toEqual([
      expect.stringMatching(/^Grocery shopping \(draft\)/),
      expect.stringMatching(/^Coffee and tea/),
      expect.stringMatching(/^Commute and profile study/),
    ]);
    const contracts = page.getByRole('table', { name: 'Recent Contracts' });
    await eventually(async () => (await cellTexts(contracts)).length).toBe(2);
    for (const cells of await cellTexts(contracts)) {
      expect(cells[0]).toBe(`${requester.address.slice(0, 8)}…${requester.address.slice(-6)}`);
      expect(cells[3]).toBe('Completed');
    }
    expect((await cellTexts(contracts)).map((cells) => [cells[1], cells[2]])).toEqual([
      ['Coffee and tea', '25'],
      ['Commute and profile study', '40'],
    ]);
    await atWidths('results-dashboard');
  });

  it('decrypts the 20 collection responses in the browser, showing the simulated people', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByRole('link', { name: 'Analyse Commute and profile study' }).click();
    await page.waitForURL(new RegExp(`/admin/request/collection/detail/${ids.collection}$`));
    const details = page.getByRole('table', { name: 'High Level Details' });
    await expect
      .poll(async () => (await cellTexts(details))[0]?.slice(0, 3))
      .toEqual(['Commute and profile study', 'Collection', keyId.match(/../g)!.join(':')]);

    // the people the simulator sent, regenerated from its seed
    const random = rng(SEED_COLLECTION);
    const sent = Array.from({ length: PHONES }, () => fakePerson(random, COLLECTION_OPTIONS));
    const table = page.getByRole('table', { name: 'Responses' });
    await eventually(async () => (await cellTexts(table)).filter((cells) => cells.length === 9).length).toBe(PHONES);
    const shown = (await cellTexts(table)).map((cells) => cells.slice(1, 7).join('|')).sort();
    expect(shown).toEqual(
      sent.map((p) => [p.firstName, p.lastName, p.age, p.mobile, p.email, p.gender].join('|')).sort(),
    );
    expect(await page.getByText(/could not be decrypted/).count()).toBe(0);
    await atWidths('results-collection-detail');

    // a reload has no navigation state: the screen loads the request by id
    await page.reload();
    await eventually(async () => (await cellTexts(table)).filter((cells) => cells.length === 9).length).toBe(PHONES);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Commute and profile study');

    // Download CSV: every response decrypted here, one column per field; the file is made in the
    // browser and no plaintext goes back to the server
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^Commute and profile study responses \d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync((await download.path())!, 'utf8');
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines).toHaveLength(PHONES + 1);
    expect(lines[0].split(',').slice(0, 8)).toEqual([
      'Member ID',
      'Submitted',
      'First Name',
      'Last Name',
      'Age',
      'Mobile',
      'Email',
      'Gender',
    ]);
    expect(
      lines
        .slice(1)
        .map((line) => line.split(',').slice(2, 8).join('|'))
        .sort(),
    ).toEqual(sent.map((p) => [p.firstName, p.lastName, p.age, p.mobile, p.email, p.gender].join('|')).sort());
    expect(lines.slice(1).every((line) => line.endsWith(',decrypted'))).toBe(true);

    // npm run export, on this machine with the same key file and an API token, writes the same bytes
    const created = await user.client.gql<{ createApiToken: { token: string } }>(
      `mutation { createApiToken(input: { name: "export" }) { token } }`,
    );
    const keyFile = path.join(tmp, 'export-key.pem');
    writeFileSync(keyFile, privatePem);
    const cli = await runNpmScript('export', ['--request', ids.collection, '--key', keyFile, '--url', server.url], {
      PARLEY_API_TOKEN: created.data!.createApiToken.token,
    });
    expect(cli.code, cli.stderr).toBe(0);
    expect(cli.stdout.equals(readFileSync((await download.path())!))).toBe(true);
    expect(
      findLeaks(
        traffic,
        sent.map((p) => p.email!),
      ),
    ).toEqual([]);
  });

  it('tells a browser without the private key how to load it, and shows nothing decrypted', async () => {
    const { page: bare } = await freshBrowser();
    await bare.goto(`${server.url}/admin/request/collection/detail/${ids.collection}`);
    await bare.getByText('Your private key for this request is not in this browser').waitFor();
    // the banner can show before the table's rows are drawn
    await eventually(() => bare.getByText('Encrypted', { exact: true }).count()).toBe(PHONES);
    await screenshot(bare, 'results-collection-no-key-1440');
    await bare.getByRole('link', { name: 'Load Key Pair in Settings' }).click();
    await bare.waitForURL(/\/admin\/settings#load-key-pair$/);
    // the prompt opens the Load tab itself
    await eventually(() => bare.getByRole('tab', { name: 'Load Key Pair', selected: true }).isVisible()).toBe(true);
  });

  it('loads the downloaded publicKey.txt and privateKey.txt in a fresh browser, sending nothing, and decrypts there', async () => {
    const { page: fresh, traffic: seen } = await freshBrowser();
    await fresh.goto(`${server.url}/admin/settings#load-key-pair`);
    const panel = fresh.getByRole('form', { name: 'Load key pair' });
    await pickFile(fresh, panel, 'Public key file', downloaded.publicKey);
    await pickFile(fresh, panel, 'Private key file', downloaded.privateKey);
    await eventually(() => panel.getByText(/already on your account as “Results key”/).isVisible()).toBe(true);
    await screenshot(fresh, 'results-load-registered-key-1440');
    const before = seen.length;
    await panel.getByRole('button', { name: 'Save in this browser' }).click();
    await panel.getByText(/Key loaded\. It was already on your account/).waitFor();
    // stored here without any request to the server
    expect(seen.slice(before).filter((r) => r.url.startsWith(server.url) && r.method !== 'GET')).toEqual([]);
    expect(await fresh.evaluate((id) => localStorage.getItem(`parley.privateKey.${id}`), keyId)).toBe(privatePem);
    await expectDecrypted(fresh);
  });

  it('loads the encrypted backup in a fresh browser, refusing a wrong passphrase, and decrypts there', async () => {
    const { page: fresh } = await freshBrowser();
    await fresh.goto(`${server.url}/admin/settings#load-key-pair`);
    const panel = fresh.getByRole('form', { name: 'Load key pair' });
    await panel.getByRole('button', { name: 'Backup file' }).click();
    await pickFile(fresh, panel, 'Backup file', downloaded.backup);
    await panel.getByLabel('Backup passphrase').fill('quartz lantern meadow 1985 tundra');
    await panel.getByRole('button', { name: 'Unlock backup' }).click();
    await eventually(() => panel.getByText('The passphrase is wrong, or the backup file is damaged.').isVisible()).toBe(
      true,
    );
    expect(await panel.getByRole('button', { name: /^Save/ }).isDisabled()).toBe(true);
    await screenshot(fresh, 'results-load-backup-wrong-passphrase-1440');
    await panel.getByLabel('Backup passphrase').fill(PASSPHRASE);
    await panel.getByRole('button', { name: 'Unlock backup' }).click();
    await eventually(() => panel.getByText(/The backup opened/).isVisible()).toBe(true);
    await panel.getByRole('button', { name: 'Save in this browser' }).click();
    await panel.getByText(/Key loaded\./).waitFor();
    await expectDecrypted(fresh);
  });

  it('refuses this key pair to another account', async () => {
    const other = await buildUser(server);
    const { page: fresh } = await freshBrowser(false);
    await logIn(fresh, server.url, other);
    await fresh.goto(`${server.url}/admin/settings#load-key-pair`);
    const panel = fresh.getByRole('form', { name: 'Load key pair' });
    await panel.getByLabel('Key title').fill('Not mine');
    await pickFile(fresh, panel, 'Public key file', downloaded.publicKey);
    await pickFile(fresh, panel, 'Private key file', downloaded.privateKey);
    await eventually(() => panel.getByText(/The files belong together/).isVisible()).toBe(true);
    await panel.getByRole('button', { name: 'Save key' }).click();
    await eventually(() => panel.getByText(/registered to another Parley account/).isVisible()).toBe(true);
    await screenshot(fresh, 'results-load-other-account-1440');
    expect(await fresh.evaluate((id) => localStorage.getItem(`parley.privateKey.${id}`), keyId)).toBeNull();
    const keys = await other.client.gql<{ keys: unknown[] }>('{ keys { id } }');
    expect(keys.data?.keys).toEqual([]);
  });

  it('draws one pie per survey question with the answers the phones sent', async () => {
    await page.goto(`${server.url}/admin/dashboard`);
    await page.getByRole('link', { name: 'Analyse Coffee and tea' }).click();
    await page.waitForURL(new RegExp(`/admin/request/survey/detail/${ids.survey}$`));

    // the answers the simulator sent, regenerated from its seed and counted here
    const phoneQuestions = await user.client.rest<PhoneQuestion[]>(
      'GET',
      `/v1/requestClient/getSurveyQuestions?requestId=${ids.survey}`,
    );
    const questions = phoneQuestions.body.result!;
    const random = rng(SEED_SURVEY);
    const counts = new Map(
      questions.map((q) => [
        q.id,
        new Map((Array.isArray(q.options) ? q.options : ['1', '2', '3', '4', '5']).map((option) => [option, 0])),
      ]),
    );
    for (let phone = 0; phone < PHONES; phone++) {
      for (const { questionId, answer } of fakeAnswers(random, questions)) {
        for (const option of Array.isArray(answer) ? answer : [answer]) {
          const perOption = counts.get(questionId)!;
          perOption.set(String(option), perOption.get(String(option))! + 1);
        }
      }
    }
    const expected = questions.map(
      (q) => `${q.title}: ${[...counts.get(q.id)!].map(([option, n]) => `${option} ${n}`).join(', ')}`,
    );

    const pies = page.getByTestId('question-pie');
    await eventually(() => pies.count()).toBe(QUESTIONS.length);
    expect(await pies.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('aria-label')))).toEqual(expected);
    for (let i = 0; i < QUESTIONS.length; i++) {
      const pie = pies.nth(i);
      expect((await pie.boundingBox())!.height).toBe(230);
      // nivo drew a slice for every option that was chosen
      const chosen = [...counts.get(questions[i].id)!.values()].filter((n) => n > 0).length;
      await eventually(() => pie.locator('svg path').count()).toBeGreaterThanOrEqual(chosen);
    }
    await atWidths('results-survey-detail');

    // Responses CSV: one row per phone, one column per question
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Responses CSV' }).click(),
    ]);
    const lines = readFileSync((await download.path())!, 'utf8')
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines).toHaveLength(PHONES + 1);
    expect(lines[0]).toBe(['Member ID', 'Submitted', ...questions.map((q, i) => `${i + 1}. ${q.title}`)].join(','));
    // the export API answers the same file, byte for byte, and the same statistics file
    const api = await user.client.fetch(`/v1/export/surveyResponses?id=${ids.survey}`);
    expect(Buffer.from(await api.arrayBuffer()).equals(readFileSync((await download.path())!))).toBe(true);
    const [statistics] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Statistics CSV' }).click(),
    ]);
    const apiStatistics = await user.client.fetch(`/v1/export/surveyStatistics?id=${ids.survey}`);
    expect(Buffer.from(await apiStatistics.arrayBuffer()).equals(readFileSync((await statistics.path())!))).toBe(true);

    await page.getByRole('link', { name: 'Option counts report' }).click();
    await page.waitForURL(new RegExp(`/request/survey/report/${ids.survey}$`));
    const first = page.getByRole('table', { name: QUESTIONS[0].title });
    await expect
      .poll(async () => (await cellTexts(first)).map((cells) => `${cells[0]} ${cells[1]}`))
      .toEqual([...counts.get(questions[0].id)!].map(([option, n]) => `${option} ${n}`));
    await atWidths('results-survey-report');
  });

  it('never sent the private key or the backup passphrase anywhere, from any of the browsers', () => {
    expect(privatePem).toMatch(/BEGIN PRIVATE KEY/);
    expect(otherTraffic.flat().length).toBeGreaterThan(10);
    expect(findLeaks([...traffic, ...otherTraffic.flat()], [privatePem, PASSPHRASE])).toEqual([]);
  });
});
