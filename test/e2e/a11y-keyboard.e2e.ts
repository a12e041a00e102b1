import { Wallet } from 'ethers';
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { encryptCollectionResponse } from '../../scripts/simulate/response-crypto';
import { fakePerson, rng } from '../../scripts/simulate/fake-data';
import { PRIVATE_KEY_STORAGE_PREFIX } from '../../web/src/crypto/key-storage';
import { SESSION_COOKIE } from '../../api/src/modules/auth/session-cookie';
import { TestClient } from '../api/support/client';
import {
  buildKey,
  collectionBody,
  createRequest,
  newDevice,
  surveyBody,
  unverifiedEscrow,
  type KeyPair,
} from '../api/support/requests';
import { axeBothWidths, axeSettled } from './support/axe';
import { screenshot, transitionsDone } from './support/browser';
import { Keyboard, focusNow } from './support/keyboard';
import { goInApp, goInAppFromTop, quiet, resizeTo } from './support/navigate';
import { appWithUser } from './support/server';

// One journey per area with the keyboard alone (Tab, Shift+Tab, Enter, Space, the arrows, Escape):
// every focus stop shows where the focus is, dialogs keep the focus inside and give it back, the
// star rating is one radio group with one tab stop. Then 200% zoom and 320 px without sideways
// scrolling, and reduced motion.
const app = appWithUser();
let key: KeyPair;
let surveyId = '';
let collectionId = '';
let widgetsId = '';
const DASHBOARD = '/admin/dashboard';
// the newer question widgets, as the legacy designer sends them
const WIDGETS = [
  { type: 'nps', title: 'How likely are you to recommend us?' },
  { type: 'matrix', title: 'Rate each', options: ['Bad', 'OK', 'Good'], rows: ['Price', 'Speed'] },
  { type: 'ranking', title: 'Order these', options: ['Sleep', 'Food', 'Sport'] },
  { type: 'stars', title: 'Rate the app', options: { scale: 5, shape: 'heart' } },
];

beforeAll(async () => {
  key = await buildKey(app.user, 'Keyboard key');
  surveyId = randomUUID();
  await createRequest(
    app.user,
    surveyBody(key.id, { id: surveyId, title: 'Sleep and screens', ...unverifiedEscrow() }),
  );
  const widgets = await createRequest(
    app.user,
    surveyBody(key.id, { title: 'Widgets', data: WIDGETS, bonus_amount: 10, bonus_each: 1, ...unverifiedEscrow() }),
  );
  widgetsId = widgets.id;
  const collection = await createRequest(
    app.user,
    collectionBody(key.id, { title: 'Commuter steps', pay_after_review: true, review_days: 3, ...unverifiedEscrow() }),
  );
  collectionId = collection.id;
  const options = { profileData: true, locationData: true, personalImages: false, healthData: true };
  const sealed = await encryptCollectionResponse(collectionId, key.publicKeyPem, fakePerson(rng(7), options));
  const sent = await new TestClient(app.server.url).rest('POST', '/v1/requestClient/submitCollection', {
    requestId: collectionId,
    deviceId: newDevice(),
    walletAddress: Wallet.createRandom().address,
    ...sealed,
  });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
});

/**
 * A requester's browser holding the key's private half, signed in with the user's session (its
 * cookie) and opened at `landing`: a load of the screen under test, not of the dashboard first.
 */
async function desk(width = 1440, extra: Parameters<typeof app.browser.newContext>[0] = {}, landing = DASHBOARD) {
  const context = await app.browser.newContext({ viewport: { width, height: 900 }, ...extra });
  const session = app.user.client.cookie(SESSION_COOKIE)!;
  await context.addCookies([{ name: SESSION_COOKIE, value: session, url: app.server.url }]);
  await context.addInitScript(([name, pem]) => localStorage.setItem(name, pem), [
    PRIVATE_KEY_STORAGE_PREFIX + key.id,
    key.privateKeyPem,
  ] as const);
  const page = await context.newPage();
  await page.goto(app.server.url + landing);
  return { context, page, keys: new Keyboard(page) };
}

// One signed-in page for the requester's journeys (each opens its screen inside the app, the
// keyboard's starting point put at the top as a load leaves it), the 320 px pass and the motion
// check: a context costs 0.6 CPU-s of Chromium, a load of the dashboard 2.
let signedIn: ReturnType<typeof desk> | undefined;
async function sharedDesk(width: number, landing?: string): Promise<{ page: Page; keys: Keyboard }> {
  const opening = !signedIn;
  signedIn ??= desk(width, {}, landing);
  const { page } = await signedIn;
  if (page.viewportSize()?.width !== width) await resizeTo(page, width);
  if (landing && !opening) await goInAppFromTop(page, landing);
  return { page, keys: new Keyboard(page) };
}

// A participant's browser (no session, no keys) for the two participant journeys, in turn.
let participant: Promise<Page> | undefined;
const participantPage = () =>
  (participant ??= app.browser.newContext({ viewport: { width: 1440, height: 900 } }).then((c) => c.newPage()));

const focusName = async (page: Page) => (await focusNow(page)).name;

describe('keyboard journeys', () => {
  it('surveys and requests: the wizard, the New Question menu, the question dialog, a draft, the list', async () => {
    const { page, keys } = await sharedDesk(1440, '/admin/request/survey/new');
    await page.getByRole('heading', { level: 1, name: 'Create Survey Request' }).waitFor();
    await keys.tabTo(/^Title/);
    await keys.type('Keyboard survey');
    await keys.tabTo(/^Request Key/);
    await keys.press('ArrowDown');
    await page.getByRole('listbox').waitFor();
    await keys.press('Enter');
    await page.getByRole('listbox').waitFor({ state: 'hidden' });
    expect(await focusName(page)).toMatch(/Request Key/);
    await keys.tabTo(/^Total IPTs/);
    await keys.type('10');
    await keys.tabTo(/^IPTs per Response/);
    await keys.type('1');
    await keys.tabTo('Next');
    await keys.press('Enter');
    await page.getByRole('heading', { level: 2, name: 'Design', exact: true }).waitFor();

    const newQuestion = await keys.tabTo('New Question');
    expect(newQuestion.role).toBe('button');
    await keys.press('Enter');
    const menu = page.getByRole('menu', { name: 'Select Type' });
    await menu.waitFor();
    await expect.poll(async () => (await focusNow(page)).role).toBe('menuitem');
    // the arrows walk the menu; Escape closes it and gives the focus back to its button
    await keys.press('ArrowDown');
    await keys.press('Escape');
    await menu.waitFor({ state: 'hidden' });
    expect(await focusName(page)).toBe('New Question');
    await keys.press('Enter');
    await menu.waitFor();
    await expect.poll(async () => (await focusNow(page)).role).toBe('menuitem');
    await keys.press('Home');
    expect(await focusName(page)).toBe('Dropdown');
    for (let i = 0; i < 3; i++) await keys.press('ArrowDown');
    expect(await focusName(page)).toBe('Star Rating');
    await keys.press('Enter');
    const editor = page.getByRole('dialog', { name: /New question/ });
    await editor.waitFor();
    expect((await focusNow(page)).inDialog).toBe(true);
    expect(await keys.staysIn(editor)).toEqual([]);
    await keys.press('Escape');
    await editor.waitFor({ state: 'hidden' });
    expect(await focusName(page)).toBe('New Question');

    await keys.press('Enter');
    await menu.waitFor();
    await expect.poll(async () => (await focusNow(page)).role).toBe('menuitem');
    await keys.press('Home');
    await keys.press('Enter'); // Dropdown
    await editor.waitFor();
    await keys.tabTo(/^Question/, { back: true });
    await keys.type('Which screen do you use most?');
    await keys.tabTo(/^Choice 1$/);
    await keys.type('Phone');
    await keys.tabTo('Save question');
    await keys.press('Enter');
    await editor.waitFor({ state: 'hidden' });
    await page.getByText('Which screen do you use most?').waitFor();

    await keys.tabTo('Next');
    await keys.press('Enter');
    await page.getByRole('heading', { level: 2, name: 'Preview', exact: true }).waitFor();
    await keys.tabTo(/Publish now|Save as draft/);
    // a radio group: the arrows choose
    const draft = page.getByRole('radio', { name: 'Save as draft' });
    for (let i = 0; i < 3 && !(await draft.isChecked()); i++) await keys.press('ArrowDown');
    expect(await draft.isChecked()).toBe(true);
    await keys.tabTo('Finish');
    await keys.press('Enter');
    const done = page.getByRole('dialog', { name: 'Draft saved' });
    await done.waitFor();
    expect((await focusNow(page)).inDialog).toBe(true);
    expect(await axeBothWidths(page, 'draft saved dialog')).toEqual([]);
    await keys.tabTo('Ok');
    await keys.press('Enter');
    await page.waitForURL(/\/admin\/request\/survey\/list$/);
    // as a user would: wait for the dialog to go and the list to show before tabbing (the closing
    // dialog keeps the focus on its Ok button meanwhile, which ate most of the 40 presses under load)
    await done.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Delete Keyboard survey' }).waitFor();

    // the list's delete asks first; Escape cancels and the focus goes back to the Delete button
    await keys.tabTo('Delete Keyboard survey');
    await keys.press('Enter');
    const confirm = page.getByRole('alertdialog', { name: 'Are you sure?' });
    expect(await keys.staysIn(confirm, 6)).toEqual([]);
    await keys.press('Escape');
    await confirm.waitFor({ state: 'hidden' });
    expect(await focusName(page)).toBe('Delete Keyboard survey');
    expect(keys.unseen).toEqual([]);
  });

  it('keys: the settings tabs with the arrows, a key pair generated and saved, the delete dialog', async () => {
    const { page, keys } = await sharedDesk(1440, '/admin/settings');
    await page.getByRole('table', { name: 'Available Keys' }).getByText('Keyboard key').waitFor();
    const tab = await keys.tabTo(/^(Generate|Load) Key Pair$/);
    expect(tab.role).toBe('tab');
    await keys.press(tab.name === 'Generate Key Pair' ? 'ArrowRight' : 'ArrowLeft');
    await keys.press(tab.name === 'Generate Key Pair' ? 'ArrowLeft' : 'ArrowRight');
    expect(await focusName(page)).toBe(tab.name);
    if (tab.name !== 'Generate Key Pair') {
      await keys.press('ArrowLeft');
      await keys.press('Enter');
    }
    const panel = page.getByRole('form', { name: 'Generate key pair' });
    await panel.waitFor();
    await keys.tabTo(/^Key title/);
    await keys.type('Typed key');
    await keys.tabTo(/^Generate key pair/);
    await keys.press('Enter');
    await panel.getByLabel('Private key (PEM)').waitFor();
    await expect.poll(() => panel.getByLabel('Private key (PEM)').inputValue()).toMatch(/BEGIN PRIVATE KEY/);
    // the encrypted backup's dialog: the focus stays in it, the passphrase's strength is told
    await keys.tabTo('Download backup');
    await keys.press('Enter');
    const backup = page.getByRole('dialog', { name: 'Download an encrypted backup' });
    await backup.waitFor();
    await expect.poll(async () => (await focusNow(page)).inDialog).toBe(true);
    await keys.tabTo(/^Passphrase/);
    await keys.type('results');
    await backup.getByText(/Strength: (Very weak|Weak)/).waitFor();
    expect(await axeBothWidths(page, 'key backup dialog')).toEqual([]);
    expect(await keys.staysIn(backup)).toEqual([]);
    await keys.press('Escape');
    await backup.waitFor({ state: 'hidden' });
    expect(await focusName(page)).toBe('Download backup');
    await keys.tabTo('Save key');
    await keys.press('Enter');
    const table = page.getByRole('table', { name: 'Available Keys' });
    await table.getByText('Typed key').waitFor();
    await page.getByRole('button', { name: 'Delete key Typed key' }).focus();
    await keys.press('Space');
    const dialog = page.getByRole('dialog');
    expect(await keys.staysIn(dialog, 6)).toEqual([]);
    await keys.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await focusName(page)).toBe('Delete key Typed key');
    expect(keys.unseen).toEqual([]);
  });

  it('clean rooms: the tabs, the create form with its errors, then the room', async () => {
    const { page, keys } = await sharedDesk(1440, '/admin/vcr');
    await page.getByRole('tab', { name: 'Available Rooms' }).waitFor();
    await keys.tabTo('Available Rooms');
    await keys.press('ArrowRight');
    expect(await focusName(page)).toBe('Create room');
    await keys.press('Enter');
    const form = page.getByRole('form', { name: 'Create room' });
    await form.waitFor();
    await keys.tabTo('Create');
    await keys.press('Enter');
    await form.getByText('Please fill the name of the room').waitFor();
    // the error is tied to its field: read with it
    const name = form.getByLabel('Room name');
    expect(await name.getAttribute('aria-invalid')).toBe('true');
    const described = (await name.getAttribute('aria-describedby')) ?? '';
    expect(await page.locator(`[id="${described.split(' ')[0]}"]`).textContent()).toBe(
      'Please fill the name of the room',
    );
    await keys.tabTo(/^Room name/, { back: true });
    await keys.type('Keyboard room');
    await keys.tabTo(/^Invite email/);
    await keys.type('guest@example.org');
    await keys.tabTo(/^Choose key/);
    await keys.press('ArrowDown');
    await page.getByRole('listbox').waitFor();
    // the key whose private half this browser holds (the keys journey added another)
    if (!/^Keyboard key/.test(await focusName(page))) await keys.pressUntil('ArrowDown', /^Keyboard key/);
    await keys.press('Enter');
    await keys.tabTo('Create');
    await keys.press('Enter');
    await page.waitForURL(/\/admin\/vcrs\/[0-9a-f-]+$/);
    await page.getByText('Please wait until the guest has setup the room').waitFor();
    expect(await axeSettled(page, 'room page, owner waiting')).toEqual([]);
    expect(keys.unseen).toEqual([]);
  });

  it('payouts and billing: the review dialog, then a plan paid by card', async () => {
    const { page, keys } = await sharedDesk(1440, `/admin/request/collection/detail/${collectionId}`);
    await page.getByRole('button', { name: /^Reject response/ }).waitFor();
    const reject = await keys.tabTo(/^Reject response/);
    await keys.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Reject 1 response?' });
    expect(await keys.staysIn(dialog)).toEqual([]);
    await keys.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await focusName(page)).toBe(reject.name);

    await goInAppFromTop(page, '/auth/pricing-page');
    await page.getByRole('link', { name: 'Choose Starter' }).waitFor();
    await keys.tabTo('Choose Starter');
    await keys.press('Enter');
    await page.waitForURL(/\/admin\/checkout-page\/10credits\/usd$/);
    const card = page.getByRole('form', { name: 'Card details' });
    await card.waitFor();
    await keys.tabTo('Card number');
    await keys.type('4242424242424242');
    await keys.tabTo('Expiry (MM/YY)');
    await keys.type('1239');
    await keys.tabTo('CVC');
    await keys.type('123');
    await keys.tabTo('Pay $10');
    await keys.press('Enter');
    await page.getByText('Payment successful').waitFor();
    expect(keys.unseen).toEqual([]);
  });

  it('the participant app: a survey answered, the star rating a radio group, the withdraw dialog', async () => {
    const page = await participantPage();
    const keys = new Keyboard(page);
    await page.goto(`${app.server.url}/p/r/${surveyId}`);
    await page.getByRole('form', { name: 'Your answer' }).waitFor();
    // the radios: one stop, the arrows choose
    const first = await keys.tabTo('Never');
    expect(first.role).toBe('input:radio');
    await keys.press('ArrowDown');
    expect(await page.getByRole('radio', { name: 'Weekly' }).isChecked()).toBe(true);
    const next = await keys.press('Tab');
    expect(next.name).toBe('Phone');
    await keys.press('Space');
    expect(await page.getByRole('checkbox', { name: 'Phone' }).isChecked()).toBe(true);
    await keys.tabTo(/Age band/);
    await keys.press('ArrowDown');
    await page.getByRole('listbox').waitFor();
    await keys.press('ArrowDown');
    await keys.press('Enter');
    await page.getByRole('listbox').waitFor({ state: 'hidden' });
    expect(await page.getByRole('combobox', { name: /Age band/ }).textContent()).toBe('25-34');

    // the star rating: a radio group named by its question, entered with one Tab, the arrows choose
    const group = page.getByRole('radiogroup', { name: /Rate the app/ });
    await group.waitFor();
    const stop = await keys.press('Tab');
    expect(stop.role).toBe('input:radio');
    for (let i = 0; i < 3; i++) await keys.press('ArrowRight');
    expect(await group.getByRole('radio', { name: '3 of 5' }).isChecked()).toBe(true);
    const out = await keys.press('Tab');
    expect(out.role).not.toBe('input:radio');
    const back = await keys.press('Shift+Tab');
    expect(back.name).toBe('3 of 5');

    // where the bonus goes: the wallet tabs with the arrows, an address typed
    await keys.tabTo('Create');
    await keys.press('ArrowRight');
    expect(await focusName(page)).toBe('Paste');
    await keys.press('Enter');
    await keys.tabTo('Wallet address');
    await keys.type('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed');
    await keys.tabTo('Use this address');
    await keys.press('Enter');
    await keys.tabTo('Send my answers');
    await keys.press('Enter');
    await page.getByText('Thank you: your answer was received').waitFor();

    await goInAppFromTop(page, '/p/answers');
    const withdraw = await keys.tabTo('Withdraw my answer');
    expect(withdraw.role).toBe('button');
    await keys.press('Enter');
    const confirm = page.getByRole('dialog', { name: 'Withdraw your answer?' });
    expect(await keys.staysIn(confirm, 6)).toEqual([]);
    await keys.press('Escape');
    await confirm.waitFor({ state: 'hidden' });
    expect(await focusName(page)).toBe('Withdraw my answer');
    expect(keys.unseen).toEqual([]);
  });
});

describe('the newer question widgets with the keyboard', () => {
  it('NPS and the matrix rows are radio groups, the ranking keeps the focus and says each move', async () => {
    const page = await participantPage();
    // a wallet already chosen (read at the load below): the journey is the questions
    await page.evaluate(
      `localStorage.setItem('parley.participant.wallet', ${JSON.stringify(JSON.stringify({ kind: 'pasted', address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed' }))})`,
    );
    const keys = new Keyboard(page);
    await page.goto(`${app.server.url}/p/r/${widgetsId}`);
    await page.getByRole('form', { name: 'Your answer' }).waitFor();
    const checked = (group: string) =>
      page.getByRole('radiogroup', { name: group }).locator('input:checked').getAttribute('value');

    // NPS, 0 to 10: one Tab stop, the arrows move and choose, Tab leaves the group
    const nps = await keys.tabTo('0');
    expect(nps.role).toBe('input:radio');
    for (let i = 0; i < 9; i++) await keys.press('ArrowRight');
    expect(await checked('1. How likely are you to recommend us?')).toBe('9');
    await keys.press('ArrowLeft');
    expect(await checked('1. How likely are you to recommend us?')).toBe('8');
    // the matrix: a radio group per row, named by the row
    const price = await keys.press('Tab');
    expect(price).toMatchObject({ role: 'input:radio', name: 'Bad' });
    expect((await keys.press('Shift+Tab')).name).toBe('8');
    await keys.press('Tab');
    await keys.press('ArrowRight');
    expect(await checked('Price')).toBe('OK');
    expect((await keys.press('Tab')).name).toBe('Bad');
    await keys.press('ArrowRight');
    await keys.press('ArrowRight');
    expect(await checked('Speed')).toBe('Good');

    // the ranking: the focus follows the moved choice, each move is said in a status message
    await keys.tabTo('Move Sport up');
    await keys.press('Enter');
    const status = page.getByRole('group', { name: /Order these/ }).getByRole('status');
    await expect.poll(() => status.textContent()).toBe('Sport moved to position 2 of 3.');
    expect(await focusName(page)).toBe('Move Sport up');
    await keys.press('Enter');
    await expect.poll(() => status.textContent()).toBe('Sport moved to position 1 of 3.');
    // at the top its Up button is disabled: the focus goes to its Down button
    await expect.poll(() => focusName(page)).toBe('Move Sport down');
    const order = page.getByRole('group', { name: /Order these/ }).getByRole('listitem');
    expect(await order.allTextContents()).toEqual(['1.Sport', '2.Sleep', '3.Food']);
    await keys.press('Space');
    await expect.poll(() => status.textContent()).toBe('Sport moved to position 2 of 3.');
    expect(await focusName(page)).toBe('Move Sport down');
    expect(await order.allTextContents()).toEqual(['1.Sleep', '2.Sport', '3.Food']);

    // the hearts: one radio group, the arrows choose
    const heart = await keys.tabTo(/^(Empty|\d of 5)$/);
    expect(heart.role).toBe('input:radio');
    for (let i = 0; i < 4; i++) await keys.press('ArrowRight');
    expect(await page.getByRole('radio', { name: '4 of 5' }).isChecked()).toBe(true);
    // axe on the widgets answered, at 1440 px and at 375 px (the same page, narrowed)
    expect(await axeSettled(page, 'newer widgets @1440')).toEqual([]);
    await page.setViewportSize({ width: 375, height: 812 });
    expect(await axeSettled(page, 'newer widgets @375')).toEqual([]);
    await page.setViewportSize({ width: 1440, height: 900 });
    await keys.tabTo('Send my answers');
    await keys.press('Enter');
    await page.getByText('Thank you: your answer was received').waitFor();
    expect(keys.unseen).toEqual([]);
  });
});

describe('zoom, narrow screens and motion', () => {
  // how far the page scrolls sideways (a data table may scroll in a box of its own, the page may
  // not), and the first element past the window's right edge
  const wide = (page: Page) =>
    page.evaluate<string>(`(() => {
      const extra = document.documentElement.scrollWidth - document.documentElement.clientWidth;
      if (extra <= 0) return '';
      const edge = document.documentElement.clientWidth + 0.5;
      const culprit = [...document.querySelectorAll('body *')].find((el) => el.getBoundingClientRect().right > edge);
      return extra + ' px wider than the window' + (culprit ? ' (' + culprit.tagName.toLowerCase() + ' "' +
        (culprit.textContent || '').trim().slice(0, 40) + '")' : '');
    })()`);

  // the network quiet and the transitions under way finished (a chart, a card growing in)
  const settled = async (page: Page) => {
    await quiet(page);
    await transitionsDone(page);
  };

  it('works at 200% zoom (1280 px shown at 640 css px) and at 320 px without sideways scrolling', async () => {
    const found: string[] = [];
    // 200% zoom of a 1280 px window: 640 css px wide, everything twice as large
    const zoomed = await desk(640, { deviceScaleFactor: 2 });
    const narrow = (await sharedDesk(320)).page;
    const routes = [
      DASHBOARD,
      `/admin/request/survey/detail/${surveyId}`,
      '/admin/request/collection/new',
      '/admin/settings',
      '/admin/vcr',
      `/p/r/${surveyId}`,
      `/p/r/${widgetsId}`,
      '/auth/pricing-page',
    ];
    // the screens kept as pictures, taken on the walk's own visit
    const shots: Record<string, string> = {
      [`200% /admin/dashboard`]: 'a11y-dashboard-zoom-200',
      [`200% /p/r/${surveyId}`]: 'a11y-participant-zoom-200',
      [`320 px /admin/dashboard`]: 'a11y-dashboard-320',
      [`320 px /p/r/${widgetsId}`]: 'a11y-participant-widgets-320',
    };
    // the 320 px pass walks backwards: it ends on the dashboard, where the motion check starts
    for (const [label, page, order] of [
      ['200%', zoomed.page, routes],
      ['320 px', narrow, [...routes].reverse()],
    ] as const) {
      for (const route of order) {
        // inside the app: the layout at this width is what is measured, not the load
        if (new URL(page.url()).pathname !== route) await goInApp(page, route);
        if (route.startsWith('/p/r/')) await page.getByRole('form', { name: 'Your answer' }).waitFor();
        await settled(page);
        const extra = await wide(page);
        if (extra) found.push(`${route} at ${label}: ${extra}`);
        const shot = shots[`${label} ${route}`];
        if (shot) await screenshot(page, shot);
      }
    }
    await zoomed.context.close();
    expect(found).toEqual([]);
  });

  it('with reduced motion asked for, nothing animates for longer than a blink', async () => {
    const { page } = await sharedDesk(1440);
    // the rule is CSS (a media query in index.html): it follows the emulated setting at once
    await page.emulateMedia({ reducedMotion: 'reduce' });
    if (new URL(page.url()).pathname !== DASHBOARD) await goInApp(page, DASHBOARD);
    await page.getByRole('button', { name: 'Account' }).click();
    await page.getByRole('menu').waitFor();
    const long = await page.evaluate<string[]>(`document.getAnimations()
      .map((a) => ({ name: a.animationName || a.transitionProperty || 'animation', ms: a.effect?.getComputedTiming().duration }))
      .filter((a) => typeof a.ms === 'number' && a.ms > 10)
      .map((a) => a.name + ' ' + a.ms + ' ms')`);
    const css = await page.evaluate<string>(
      `getComputedStyle(document.querySelector('[role="menu"]').closest('.MuiPaper-root')).transitionDuration`,
    );
    expect({ long, css: css.split(',').every((d) => parseFloat(d) <= 0.01) }).toEqual({ long: [], css: true });
    await page.keyboard.press('Escape');
    await page.emulateMedia({ reducedMotion: null });
  });
});
