import { getAddress, ZeroAddress, type Contract, type JsonRpcProvider } from 'ethers';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  attachContract,
  createProvider,
  deployContracts,
  devAccounts,
  startLocalChain,
  toRequestId,
  type Deployment,
  type LocalChain,
} from '../../scripts/chain/anvil';
import { buildUser, type TestUser } from '../api/support/factories';
import { buildKey, createRequest, surveyBody, type KeyPair } from '../api/support/requests';
import type { TestServer } from '../api/support/server';
import { axeBothWidths } from './support/axe';
import { launchBrowser, screenshot } from './support/browser';
import { createDevWallet, installDevWallet, type DevWallet } from './support/dev-wallet';
import { startAppServer } from './support/server';

// The request wizards and lists in Chromium against the real server, a fresh anvil with the real
// contracts and a browser wallet bridged to a dev key holding 100 IPT.
let chain: LocalChain;
let deployment: Deployment;
let rpc: JsonRpcProvider;
let token: Contract;
let factory: Contract;
let server: TestServer;
let user: TestUser;
let key: KeyPair;
let wallet: DevWallet;
let browser: Browser;
let context: BrowserContext;
let page: Page;
const [deployer, , , requester] = devAccounts(4);
const WALLET_IPT = 100n;

beforeAll(async () => {
  chain = await startLocalChain();
  deployment = await deployContracts(chain.rpcUrl, deployer.privateKey, { fundAccounts: 4, fundAmount: WALLET_IPT });
  rpc = createProvider(chain.rpcUrl, chain.chainId);
  token = attachContract('IPTToken', deployment.token, rpc);
  factory = attachContract('EscrowFactory', deployment.factory, rpc);
  server = await startAppServer({
    CHAIN_RPC_URL: chain.rpcUrl,
    CHAIN_ID: String(chain.chainId),
    IPT_TOKEN_ADDRESS: deployment.token,
    ESCROW_FACTORY_ADDRESS: deployment.factory,
    TREASURY_PRIVATE_KEY: deployer.privateKey,
  });
  user = await buildUser(server);
  key = await buildKey(user, 'E2E key');
  wallet = createDevWallet({ rpcUrl: chain.rpcUrl, chainId: chain.chainId, privateKey: requester.privateKey });
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await installDevWallet(context, wallet);
  page = await context.newPage();
  await logIn(page);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  wallet?.close();
  rpc?.destroy();
  await chain?.stop();
});

async function logIn(target: Page) {
  await target.goto(`${server.url}/auth/login-page`);
  await target.getByLabel('Username or e-mail').fill(user.username);
  await target.getByLabel('Password', { exact: true }).fill(user.password);
  await target.getByRole('button', { name: "Let's Go" }).click();
  await target.waitForURL(/\/admin\/dashboard$/);
}

type ApiRequest = {
  id: string;
  type: string;
  title: string;
  status: number;
  bonusAmount: number;
  escrowAddress: string | null;
  signerAddress: string | null;
  escrowVerified: boolean;
  quality: string;
  access: string;
  questions: { type: string; title: string; choices: string[]; scale: number | null; shape: string | null }[] | null;
};

async function retentionOf(requestId: string): Promise<number | null> {
  const res = await user.client.gql<{ requestRetention: { days: number | null } }>(
    'query($id: ID!) { requestRetention(requestId: $id) { days } }',
    { id: requestId },
  );
  expect(res.errors).toBeUndefined();
  return res.data!.requestRetention.days;
}

async function myRequests(type: 'collection' | 'survey'): Promise<ApiRequest[]> {
  const res = await user.client.gql<{ requests: { list: ApiRequest[] } }>(
    `query($type: RequestKind) { requests(type: $type, limit: 100) { list {
      id type title status bonusAmount escrowAddress signerAddress escrowVerified quality access
      questions { type title choices scale shape } } } }`,
    { type },
  );
  expect(res.errors).toBeUndefined();
  return res.data!.requests.list;
}

const iptOf = async (address: string) => (await token.getFunction('balanceOf')(address)) as bigint;
const escrowOf = async (requestId: string) =>
  getAddress((await factory.getFunction('escrowOf')(toRequestId(requestId))) as string);
const textbox = (target: Page | Locator, name: RegExp) => target.getByRole('textbox', { name });
const isInvalid = (locator: Locator) => locator.getAttribute('aria-invalid');
const heading2 = (target: Page, name: string) => target.getByRole('heading', { level: 2, name, exact: true });
const noOverflow = (target: Page) => target.evaluate<number>('document.documentElement.scrollWidth');

async function choose(target: Page, combobox: RegExp, option: string) {
  await target.getByRole('combobox', { name: combobox }).click();
  await target.getByRole('option', { name: option, exact: true }).click();
}

async function fillSummary(target: Page, title: string, total: string, each: string) {
  await textbox(target, /^Title/).fill(title);
  await textbox(target, /^Description/).fill(`${title}: a browser test`);
  await choose(target, /Request Key/, 'E2E key');
  await textbox(target, /^Total IPTs/).fill(total);
  await textbox(target, /^IPTs per Response/).fill(each);
}

async function dialogText(target: Page, name: string): Promise<string> {
  const dialog = target.getByRole('alertdialog', { name });
  await dialog.waitFor();
  const text = (await dialog.textContent()) ?? '';
  await dialog.getByRole('button', { name: 'Ok' }).click();
  await dialog.waitFor({ state: 'hidden' });
  return text;
}

describe('collection wizard in Chromium', () => {
  it('marks the failing Summary fields and moves on once they are fixed', async () => {
    await page.goto(`${server.url}/admin/request/collection/new`);
    await page.getByRole('heading', { level: 1, name: 'Create Data Access Request' }).waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    expect(await isInvalid(textbox(page, /^Title/))).toBe('true');
    expect(await isInvalid(textbox(page, /^Total IPTs/))).toBe('true');
    expect(await page.getByRole('alert').textContent()).toMatch(
      /^Please check the marked fields:Title: type a title for the request\.Request Key: .*Total IPTs: /,
    );
    await screenshot(page, 'requests-collection-summary-errors-1440');

    // IPT has no decimals: 10.5 is refused the same way
    await fillSummary(page, 'Sleep and activity', '10.5', '2');
    await page.getByRole('button', { name: 'Next' }).click();
    expect(await isInvalid(textbox(page, /^Total IPTs/))).toBe('true');
    expect(await isInvalid(textbox(page, /^Title/))).not.toBe('true');
    await textbox(page, /^Total IPTs/).fill('500');
    await page.getByRole('button', { name: 'Next' }).click();
    await heading2(page, 'Options').waitFor();
  });

  it('needs one kind of data, then previews Include/Exclude and the bonus as Ethereum', async () => {
    const boxes = page.getByRole('checkbox');
    expect(await boxes.count()).toBe(5);
    for (let i = 0; i < 5; i += 1) await boxes.nth(i).uncheck();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('alert').waitFor();
    expect(await heading2(page, 'Options').isVisible()).toBe(true);
    await page.getByRole('checkbox', { name: 'Collect health and fitness data' }).check();
    await page.getByRole('checkbox', { name: 'Personal Images' }).check();
    await page.getByRole('button', { name: 'Next' }).click();
    await heading2(page, 'Preview').waitFor();
    const preview = page.getByLabel('Request preview');
    const text = (await preview.textContent()) ?? '';
    expect(text).toContain('BonusEthereum');
    expect(text).toContain('Health dataInclude');
    expect(text).toContain('Location dataExclude');
    expect(text).toContain('Profile dataExclude');
    expect(text).toContain('Personal imagesInclude');
    await screenshot(page, 'requests-collection-preview-1440');
  });

  it('refuses to publish more IPT than the wallet holds, and saves nothing', async () => {
    // publishing asks how long answers are kept first
    await page.getByRole('button', { name: 'Finish' }).click();
    await page.getByText('Choose how long answers are kept before you publish.').waitFor();
    await page.getByRole('radio', { name: '1 year' }).check();
    await page.getByRole('button', { name: 'Finish' }).click();
    expect(await dialogText(page, 'Purchase Tokens to continue')).toContain(
      'You do not have enough tokens in this account to continue!',
    );
    expect(await myRequests('collection')).toEqual([]);
    expect(await iptOf(requester.address)).toBe(WALLET_IPT);
  });

  it('saves nothing when the signature is declined in the wallet', async () => {
    await page.getByRole('tab', { name: 'Summary' }).click();
    await textbox(page, /^Total IPTs/).fill('30');
    await textbox(page, /^IPTs per Response/).fill('3');
    await page.getByRole('tab', { name: 'Preview' }).click();
    await heading2(page, 'Preview').waitFor();
    wallet.rejectNext('eth_sendTransaction');
    await page.getByRole('button', { name: 'Finish' }).click();
    expect(await dialogText(page, 'Request declined in your wallet')).toContain('nothing was changed or saved');
    expect(await myRequests('collection')).toEqual([]);
    expect(await iptOf(requester.address)).toBe(WALLET_IPT);
  });

  it('publishes: the escrow is created and funded on chain, then the request is saved with it', async () => {
    await page.getByRole('button', { name: 'Finish' }).click();
    const done = page.getByRole('dialog', { name: 'Request published' });
    await done.waitFor({ timeout: 30_000 });
    expect(await axeBothWidths(page, 'request published dialog')).toEqual([]);
    const [saved] = await myRequests('collection');
    expect(saved).toMatchObject({ title: 'Sleep and activity', status: 1, bonusAmount: 30, escrowVerified: true });
    expect(saved.signerAddress).toBe(requester.address);
    expect(await retentionOf(saved.id)).toBe(365);
    expect(saved.escrowAddress).toBe(await escrowOf(saved.id));
    expect(await iptOf(saved.escrowAddress!)).toBe(30n);
    expect(await iptOf(requester.address)).toBe(WALLET_IPT - 30n);
    expect(await done.textContent()).toContain(saved.escrowAddress!);
    // the address breaks inside the dialog and has a copy button, on a phone too
    await done.getByRole('button', { name: 'Copy escrow address' }).waitFor();
    await screenshot(page, 'request-published-1440');
    await page.setViewportSize({ width: 375, height: 812 });
    const box = (await done.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
    expect(
      await page.evaluate<number>(
        `Math.max(...[...document.querySelectorAll('[role="dialog"] *')].map((el) => el.getBoundingClientRect().right))`,
      ),
    ).toBeLessThanOrEqual(box.x + box.width);
    await screenshot(page, 'request-published-375');
    await page.setViewportSize({ width: 1440, height: 900 });
    await done.getByRole('button', { name: 'Ok' }).click();
    await page.waitForURL(/\/admin\/request\/collection\/list$/);
    await page.getByRole('cell', { name: /^Sleep and activity/ }).waitFor();
    await screenshot(page, 'requests-collection-list-1440');
  });
});

describe('survey wizard in Chromium', () => {
  it('designs questions with the designer rules and saves a draft without money', async () => {
    await page.getByRole('link', { name: 'Create Survey' }).click();
    await page.getByRole('heading', { level: 1, name: 'Create Survey Request' }).waitFor();
    await fillSummary(page, 'Fitness habits', '20', '2');
    await choose(page, /User Quality/, 'High');
    await choose(page, /Access Type/, 'Multiple Access');
    await page.getByRole('button', { name: 'Next' }).click();
    await heading2(page, 'Design').waitFor();
    // no question yet
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('A survey needs at least one question.').waitFor();

    await page.getByRole('button', { name: 'New Question' }).click();
    await page
      .getByRole('menu', { name: 'Select Type' })
      .getByRole('menuitem', { name: 'Multiple Choice (Radio Button)' })
      .click();
    let editor = page.getByRole('dialog', { name: /New question/ });
    expect(await editor.getByRole('textbox', { name: /^Choice \d+$/ }).count()).toBe(3);
    await textbox(editor, /^Question/).fill('How satisfied are you with your sleep?');
    await editor.getByRole('button', { name: 'Save question' }).click();
    await editor.getByText('You are required to have at least one choice.').waitFor();
    await screenshot(page, 'requests-survey-question-error-1440');
    await editor.getByRole('combobox', { name: /rating template/ }).click();
    await page.getByRole('option', { name: 'Satisfaction', exact: true }).click();
    expect(await textbox(editor, /^Choice 1$/).inputValue()).toBe('Very satisfied');
    await editor.getByRole('button', { name: 'Save question' }).click();
    await editor.waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: 'New Question' }).click();
    await page.getByRole('menuitem', { name: 'Star Rating' }).click();
    editor = page.getByRole('dialog', { name: /New question/ });
    await textbox(editor, /^Question/).fill('Rate your energy');
    await choose(page, /Scale/, '7');
    await choose(page, /Shape/, 'Heart');
    await editor.getByRole('button', { name: 'Save question' }).click();
    await editor.waitFor({ state: 'hidden' });
    await page.getByText('Star Rating: 7 hearts').waitFor();
    await screenshot(page, 'requests-survey-design-1440');

    await page.getByRole('button', { name: 'Next' }).click();
    await heading2(page, 'Preview').waitFor();
    await page.getByRole('radio', { name: 'Save as draft' }).check();
    await page.getByRole('button', { name: 'Finish' }).click();
    const done = page.getByRole('dialog', { name: 'Draft saved' });
    await done.waitFor();
    const [draft] = await myRequests('survey');
    expect(draft).toMatchObject({
      title: 'Fitness habits',
      status: 0,
      escrowAddress: null,
      quality: 'high',
      access: 'Multiple Access',
      questions: [
        {
          type: 'radios',
          title: 'How satisfied are you with your sleep?',
          choices: ['Very satisfied', 'Satisfied', 'Neutral', 'Dissatisfied', 'Very dissatisfied'],
        },
        { type: 'stars', title: 'Rate your energy', scale: 7, shape: 'heart' },
      ],
    });
    expect(await iptOf(requester.address)).toBe(WALLET_IPT - 30n);
    await done.getByRole('button', { name: 'Ok' }).click();
    await page.waitForURL(/\/admin\/request\/survey\/list$/);
  });

  it('edits the draft from the list and publishes it, funding its escrow for the same id', async () => {
    const [draft] = await myRequests('survey');
    await page.getByRole('link', { name: 'Edit Fitness habits' }).click();
    await page.waitForURL(new RegExp(`/request/survey/edit/${draft.id}$`));
    await page.getByText(/Editing “Fitness habits” \(draft\)/).waitFor();
    expect(await page.getByRole('combobox', { name: /User Quality/ }).getAttribute('aria-disabled')).toBe('true');
    expect(await page.getByRole('combobox', { name: /Access Type/ }).getAttribute('aria-disabled')).toBe('true');
    await textbox(page, /^Title/).fill('Fitness habits 2026');
    await page.getByRole('tab', { name: 'Preview' }).click();
    await heading2(page, 'Preview').waitFor();
    await page.getByRole('radio', { name: 'Publish now' }).check();
    await page.getByRole('radio', { name: '30 days' }).check();
    await page.getByRole('button', { name: 'Finish' }).click();
    await page.getByRole('dialog', { name: 'Request published' }).waitFor({ timeout: 30_000 });
    const [published] = await myRequests('survey');
    expect(published).toMatchObject({ id: draft.id, title: 'Fitness habits 2026', status: 1, escrowVerified: true });
    expect(published.escrowAddress).toBe(await escrowOf(draft.id));
    expect(await retentionOf(draft.id)).toBe(30);
    expect(await iptOf(published.escrowAddress!)).toBe(20n);
    expect(await iptOf(requester.address)).toBe(WALLET_IPT - 50n);
  });
});

describe('editing a published request in Chromium', () => {
  it('raises Total IPTs: the wallet tops the escrow up by the difference before the save', async () => {
    const [published] = await myRequests('survey');
    await page.goto(`${server.url}/request/survey/edit/${published.id}`);
    await page.getByText(/\(published\)/).waitFor();
    expect(await textbox(page, /^IPTs per Response/).isDisabled()).toBe(true);
    await textbox(page, /^Total IPTs/).fill('26');
    await page.getByRole('tab', { name: 'Preview' }).click();
    await page.getByText('Total IPTs went up by 6').waitFor();
    expect(await page.getByRole('radio', { name: 'Save as draft' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Finish' }).click();
    await page.getByRole('dialog', { name: 'Request saved' }).waitFor({ timeout: 30_000 });
    const [saved] = await myRequests('survey');
    expect(saved).toMatchObject({
      id: published.id,
      bonusAmount: 26,
      status: 1,
      escrowAddress: published.escrowAddress,
    });
    expect(await iptOf(published.escrowAddress!)).toBe(26n);
    expect(await iptOf(requester.address)).toBe(WALLET_IPT - 56n);
  });
});

describe('request lists in Chromium', () => {
  it('deletes a request after "Are you sure?" / "Yes, delete it!", then says "Deleted!"', async () => {
    const [collection] = await myRequests('collection');
    await page.goto(`${server.url}/admin/request/collection/list`);
    await page.getByRole('button', { name: 'Delete Sleep and activity' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Are you sure?' });
    await confirm.getByRole('button', { name: 'Yes, delete it!' }).click();
    const done = page.getByRole('dialog', { name: 'Deleted!' });
    await done.waitFor();
    expect(await axeBothWidths(page, 'deleted dialog')).toEqual([]);
    await done.getByRole('button', { name: 'Ok' }).click();
    await page.getByText('No collections yet').waitFor();
    expect(await myRequests('collection')).toEqual([]);
    // the escrow stays on chain with its funds (refunds are the escrow's business)
    expect(await escrowOf(collection.id)).not.toBe(ZeroAddress);
  });

  it('pages by 10, keeping the page in ?page=n', async () => {
    for (let i = 1; i <= 11; i += 1) await createRequest(user, surveyBody(key.id, { title: `Bulk survey ${i}` }));
    // 12 surveys: the newest 10 on page 1, the two oldest on page 2
    await page.goto(`${server.url}/admin/request/survey/list?page=2`);
    const table = page.getByRole('table', { name: 'Surveys' });
    await table.getByRole('cell', { name: /^Fitness habits 2026/ }).waitFor();
    expect(await table.getByRole('row').count()).toBe(3);
    await screenshot(page, 'requests-survey-list-page2-1440');
    await page.getByRole('button', { name: 'Go to page 1' }).click();
    await page.waitForURL(/\?page=1$/);
    await table.getByRole('cell', { name: /^Bulk survey 11/ }).waitFor();
    expect(await table.getByRole('row').count()).toBe(11);
    await page.getByRole('button', { name: 'Go to page 2' }).click();
    await page.waitForURL(/\?page=2$/);
    await table.getByRole('cell', { name: /^Bulk survey 1(?!\d)/ }).waitFor();
  });
});

describe('request screens on a phone', () => {
  it('fit 375 px: wizard steps, designer, preview and list', async () => {
    const phone = await browser.newContext({ viewport: { width: 375, height: 812 } });
    try {
      await installDevWallet(phone, wallet);
      const small = await phone.newPage();
      await logIn(small);
      await small.goto(`${server.url}/admin/request/collection/new`);
      await small.getByRole('heading', { level: 1, name: 'Create Data Access Request' }).waitFor();
      await small.getByRole('button', { name: 'Next' }).click();
      await screenshot(small, 'requests-collection-summary-errors-375');
      expect(await noOverflow(small)).toBeLessThanOrEqual(375);
      await fillSummary(small, 'Phone check', '10', '1');
      await small.getByRole('button', { name: 'Next' }).click();
      await heading2(small, 'Options').waitFor();
      await screenshot(small, 'requests-collection-options-375');
      await small.getByRole('button', { name: 'Next' }).click();
      await heading2(small, 'Preview').waitFor();
      await screenshot(small, 'requests-collection-preview-375');
      expect(await noOverflow(small)).toBeLessThanOrEqual(375);

      const survey = (await myRequests('survey')).find((r) => r.status === 1)!;
      await small.goto(`${server.url}/request/survey/edit/${survey.id}`);
      await small.getByText(/\(published\)/).waitFor();
      await small.getByRole('tab', { name: 'Design' }).click();
      await heading2(small, 'Design').waitFor();
      await screenshot(small, 'requests-survey-design-375');
      expect(await noOverflow(small)).toBeLessThanOrEqual(375);
      await small.getByRole('button', { name: /^1\./ }).click();
      await small.getByRole('dialog', { name: 'Edit question 1' }).waitFor();
      await small.waitForTimeout(400); // the dialog's fade-in
      await screenshot(small, 'requests-survey-question-375');
      expect(await noOverflow(small)).toBeLessThanOrEqual(375);
      await small.getByRole('button', { name: 'Cancel' }).click();

      await small.goto(`${server.url}/admin/request/survey/list?page=2`);
      await small.getByRole('cell', { name: /^Fitness habits 2026/ }).waitFor();
      await screenshot(small, 'requests-survey-list-375');
      expect(await noOverflow(small)).toBeLessThanOrEqual(375);
    } finally {
      await phone.close();
    }
  });
});
