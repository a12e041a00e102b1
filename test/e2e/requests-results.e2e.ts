import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
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
} from '../../scripts/chain/local-chain';
import { fakeAnswers, fakePerson, rng, type PhoneQuestion } from '../../scripts/simulate/fake-data';
import { simulateParticipants } from '../../scripts/simulate/simulate';
import { fundEscrow } from '../../web/src/wallet/contracts';
import type { Eip1193Provider } from '../../web/src/wallet/eip1193';
import { buildUser, type TestUser } from '../api/support/factories';
import type { TestServer } from '../api/support/server';
import { findLeaks, launchBrowser, recordRequests, screenshot, type RecordedRequest } from './support/browser';
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
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  traffic = recordRequests(context);
  await installDevWallet(context, wallet);
  page = await context.newPage();
});
afterAll(async () => {
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

const bodyRows = (table: ReturnType<Page['getByRole']>) =>
  table.getByRole('row').filter({ has: page.getByRole('cell') });
// The text of every cell of every body row (the tests' tsconfig has no DOM types).
type CellsOf = { querySelectorAll(selector: string): ArrayLike<{ textContent: string | null }> };
const cellTexts = (table: ReturnType<Page['getByRole']>) =>
  bodyRows(table).evaluateAll((rows) =>
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
    expect(
      findLeaks(
        traffic,
        sent.map((p) => p.email!),
      ),
    ).toEqual([]);
  });

  it('tells a browser without the private key how to load it, and shows nothing decrypted', async () => {
    const other = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const cookies = await context.cookies();
    await other.addCookies(cookies);
    const bare = await other.newPage();
    await bare.goto(`${server.url}/admin/request/collection/detail/${ids.collection}`);
    await bare.getByText('Your private key for this request is not in this browser').waitFor();
    expect(await bare.getByText('Encrypted', { exact: true }).count()).toBe(PHONES);
    await screenshot(bare, 'results-collection-no-key-1440');
    await bare.getByRole('link', { name: 'Load Key Pair in Settings' }).click();
    await bare.waitForURL(/\/admin\/settings#add-key-pair$/);
    await other.close();
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

    await page.getByRole('link', { name: 'Option counts report' }).click();
    await page.waitForURL(new RegExp(`/request/survey/report/${ids.survey}$`));
    const first = page.getByRole('table', { name: QUESTIONS[0].title });
    await expect
      .poll(async () => (await cellTexts(first)).map((cells) => `${cells[0]} ${cells[1]}`))
      .toEqual([...counts.get(questions[0].id)!].map(([option, n]) => `${option} ${n}`));
    await atWidths('results-survey-report');
  });

  it('never sent the private key anywhere', () => {
    expect(privatePem).toMatch(/BEGIN PRIVATE KEY/);
    expect(findLeaks(traffic, [privatePem])).toEqual([]);
  });
});
