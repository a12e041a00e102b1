import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { getAddress } from 'ethers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { requestIdOf } from '../../../wallet/contracts';
import { announceWallet, FAKE_ACCOUNT, fakeWallet } from '../../../test/fake-wallet';
import { givenSignedInSession, renderApp } from '../../../test/render-app';
import { buildWizardRequest, givenRequestForWizard, givenWizardKeys, recordSaves } from './request-fixtures';
import { enterText } from '../../../test/enter-text';

const cleanups: (() => void)[] = [];
afterEach(() => {
  while (cleanups.length > 0) cleanups.pop()?.();
  vi.restoreAllMocks();
});

async function openWizard(path = '/admin/request/collection/new') {
  givenSignedInSession();
  givenWizardKeys();
  const view = renderApp(path);
  // the first visit transforms the wizard's chunk on the fly: give it time on a busy machine
  await screen.findByRole('heading', { level: 1, name: 'Create Data Access Request' }, { timeout: 20_000 });
  return view;
}

const field = (name: RegExp) => screen.getByRole('textbox', { name });
const next = (user: UserEvent) => user.click(screen.getByRole('button', { name: 'Next' }));
const stepHeading = (name: string) => screen.findByRole('heading', { level: 2, name });

async function chooseKey(user: UserEvent, title = 'Main key') {
  await user.click(screen.getByRole('combobox', { name: /Request Key/ }));
  await user.click(await screen.findByRole('option', { name: title }));
}

async function fillSummary(user: UserEvent, amounts: [string, string] = ['20', '2']) {
  await enterText(user, field(/^Title/), 'Sleep study');
  await enterText(user, field(/^Description/), 'Nightly sleep hours');
  await chooseKey(user);
  await enterText(user, field(/^Total IPTs/), amounts[0]);
  await enterText(user, field(/^IPTs per Response/), amounts[1]);
}

const invalid = (element: HTMLElement) => expect(element).toHaveAttribute('aria-invalid', 'true');
const valid = (element: HTMLElement) => expect(element).not.toHaveAttribute('aria-invalid', 'true');

describe('collection wizard: Summary', () => {
  it('starts with the spec defaults', async () => {
    await openWizard();
    expect(screen.getByRole('combobox', { name: /User Quality/ })).toHaveTextContent('All');
    expect(screen.getByRole('combobox', { name: /Access Type/ })).toHaveTextContent('Single Access');
    expect(screen.getByRole('combobox', { name: /Category/ })).toHaveTextContent('Default');
    expect(screen.getByRole('combobox', { name: /Bonus/ })).toHaveTextContent('IPT Tokens');
    expect(screen.getByRole('combobox', { name: /Category/ })).toHaveAttribute('aria-disabled', 'true');
    const steps = within(screen.getByRole('tablist', { name: 'Wizard steps' }));
    expect(steps.getAllByRole('tab').map((tab) => tab.textContent?.replace(/^\d/, ''))).toEqual([
      'Summary',
      'Options',
      'Preview',
    ]);
    expect(steps.getByRole('tab', { name: 'Summary' })).toHaveAttribute('aria-selected', 'true');
  });

  it('marks every failing field without message text and stays on Summary', async () => {
    const { user } = await openWizard();
    await next(user);
    for (const name of [/^Title/, /^Total IPTs/, /^IPTs per Response/]) invalid(field(name));
    invalid(screen.getByRole('combobox', { name: /Request Key/ }));
    expect(screen.getByRole('heading', { level: 2, name: 'Summary' })).toBeInTheDocument();
    // the alert names every failing field and says how to fix it; Next is described by it
    const alert = screen.getByRole('alert');
    const items = () =>
      within(alert)
        .getAllByRole('listitem')
        .map((item) => item.textContent);
    expect(alert).toHaveTextContent(/^Please check the marked fields:/);
    expect(items()).toEqual([
      'Title: type a title for the request.',
      'Request Key: choose one of your keys (generate a key pair in Settings if you have none).',
      'Total IPTs: type a whole number of IPT tokens, at least 1 (IPT has no decimals).',
      'IPTs per Response: type a whole number from 1 up to Total IPTs.',
    ]);
    expect(screen.getByRole('button', { name: 'Next' })).toHaveAccessibleDescription(
      /^Please check the marked fields: Title: type a title for the request\. Request Key: .* Total IPTs\./,
    );
    // errors clear as the fields are fixed, and the alert drops them
    await enterText(user, field(/^Title/), 'A title');
    valid(field(/^Title/));
    expect(items()).not.toContain('Title: type a title for the request.');
    await enterText(user, field(/^Total IPTs/), '10');
    await enterText(user, field(/^IPTs per Response/), '11');
    expect(items()).toEqual([
      'Request Key: choose one of your keys (generate a key pair in Settings if you have none).',
      'IPTs per Response: type a whole number from 1 up to Total IPTs.',
    ]);
    await chooseKey(user);
    await user.clear(field(/^IPTs per Response/));
    await enterText(user, field(/^IPTs per Response/), '2');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('button', { name: 'Next' })).not.toHaveAttribute('aria-describedby');
  });

  it.each([
    ['-1', '1', 'bonusAmount'],
    ['1e3', '1', 'bonusAmount'],
    ['10.5', '1', 'bonusAmount'],
    ['10', '0', 'bonusEach'],
    ['10', '11', 'bonusEach'],
    ['10', '2.5', 'bonusEach'],
  ])('refuses Total IPTs %s with %s per Response', async (total, each, wrong) => {
    const { user } = await openWizard();
    await fillSummary(user, [total, each]);
    await next(user);
    expect(screen.getByRole('heading', { level: 2, name: 'Summary' })).toBeInTheDocument();
    const [bad, good] =
      wrong === 'bonusAmount' ? [/^Total IPTs/, /^IPTs per Response/] : [/^IPTs per Response/, /^Total IPTs/];
    invalid(field(bad));
    if (!(wrong === 'bonusAmount' && Number(each) > 0 && Number.isNaN(Number(total)))) valid(field(good));
  });

  it('accepts whole amounts in the decimal format ("10.0" is ten) and moves on', async () => {
    const { user } = await openWizard();
    await fillSummary(user, ['10.0', '10']);
    await next(user);
    expect(await stepHeading('Options')).toBeInTheDocument();
  });
});

describe('collection wizard: navigation', () => {
  it('ticks all five options by default and needs at least one', async () => {
    const { user } = await openWizard();
    await fillSummary(user);
    await next(user);
    await stepHeading('Options');
    const boxes = screen.getAllByRole('checkbox');
    expect(boxes.map((b) => (b as HTMLInputElement).checked)).toEqual([true, true, true, true, true]);
    for (const box of boxes) await user.click(box);
    await next(user);
    expect(screen.getByRole('heading', { level: 2, name: 'Options' })).toBeInTheDocument();
    invalid(screen.getByRole('checkbox', { name: 'ID Data' }));
    // going back is always allowed
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await stepHeading('Summary')).toBeInTheDocument();
  });

  it('validates every step passed when jumping ahead, stopping at the first that fails', async () => {
    const { user } = await openWizard();
    await user.click(screen.getByRole('tab', { name: 'Preview' }));
    expect(screen.getByRole('heading', { level: 2, name: 'Summary' })).toBeInTheDocument();
    invalid(field(/^Title/));

    await fillSummary(user);
    await user.click(screen.getByRole('tab', { name: 'Preview' }));
    expect(await stepHeading('Preview')).toBeInTheDocument();
    // and back to Summary by its step button
    await user.click(screen.getByRole('tab', { name: 'Summary' }));
    expect(await stepHeading('Summary')).toBeInTheDocument();
  });

  it('previews the values: Include/Exclude for the data and the bonus as Ethereum', async () => {
    const { user } = await openWizard();
    await fillSummary(user);
    await next(user);
    await stepHeading('Options');
    await user.click(screen.getByRole('checkbox', { name: 'Collect real-time location data' }));
    await next(user);
    await stepHeading('Preview');
    const preview = screen.getByLabelText('Request preview');
    const pairs = [...preview.querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]);
    expect(pairs).toEqual([
      ['Title', 'Sleep study'],
      ['Category', 'Default'],
      ['Description', 'Nightly sleep hours'],
      ['User Quality', 'All'],
      ['Access Type', 'Single Access'],
      ['Request Key', 'Main key'],
      ['Bonus', 'Ethereum'],
      ['Total IPTs', '20 IPT'],
      ['IPTs per Response', '2 IPT'],
      ['Pay participants', 'On submission'],
      ['Health data', 'Include'],
      ['Location data', 'Exclude'],
      ['Profile data', 'Include'],
      ['ID data', 'Include'],
      ['Personal images', 'Include'],
    ]);
  });
});

async function toPreview(user: UserEvent) {
  await fillSummary(user);
  await next(user);
  await stepHeading('Options');
  await next(user);
  await stepHeading('Preview');
}

const keepFor = () => screen.getByRole('radiogroup', { name: /Keep each answer for/ });
const chooseRetention = (user: UserEvent, label = '90 days') =>
  user.click(within(keepFor()).getByRole('radio', { name: label }));

describe('collection wizard: saving', () => {
  it('saves a draft without any wallet, once, with a spinner on Finish', async () => {
    let release = () => {};
    const calls = recordSaves({ hold: new Promise<void>((resolve) => (release = resolve)) });
    const { user, router } = await openWizard();
    await toPreview(user);
    await user.click(screen.getByRole('radio', { name: 'Save as draft' }));
    // a draft asks no keeping period (it is asked when the draft is published)
    expect(screen.queryByRole('radiogroup', { name: /Keep each answer for/ })).not.toBeInTheDocument();
    const finish = screen.getByRole('button', { name: 'Finish' });
    await user.dblClick(finish);
    expect(finish).toBeDisabled();
    expect(within(finish).getByRole('progressbar', { name: 'Saving the request' })).toBeInTheDocument();
    await waitFor(() => expect(calls.create).toHaveLength(1));
    release();
    const done = await screen.findByRole('dialog', { name: 'Draft saved' });
    expect(calls.create).toEqual([
      {
        type: 'collection',
        title: 'Sleep study',
        description: 'Nightly sleep hours',
        category: 'Default',
        keyId: 'aa'.repeat(16),
        bonusAmount: 20,
        bonusEach: 2,
        options: { healthData: true, locationData: true, profileData: true, idData: true, personalImages: true },
        payAfterReview: false,
        reviewDays: 7,
        quality: 'all',
        access: 'Single Access',
        status: 0,
      },
    ]);
    await user.click(within(done).getByRole('button', { name: 'Ok' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/request/collection/list'));
  });

  it('says "Metamask account required" when there is no wallet, and saves nothing', async () => {
    const calls = recordSaves();
    const { user } = await openWizard();
    await toPreview(user);
    await chooseRetention(user);
    await user.click(screen.getByRole('button', { name: 'Finish' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Metamask account required' });
    expect(dialog).toHaveTextContent('Please install meta to continue to recieve IPT tokens!');
    expect(calls.create).toEqual([]);
    // Finish comes back for another try
    await user.click(within(dialog).getByRole('button', { name: 'Ok' }));
    expect(await screen.findByRole('button', { name: 'Finish' })).toBeEnabled();
  });

  it.each([
    {
      case: 'the wallet holds less than Total IPTs',
      wallet: { ipt: 19n },
      title: 'Purchase Tokens to continue',
      text: 'You do not have enough tokens in this account to continue!',
    },
    {
      case: 'the signature is declined in the wallet',
      wallet: { ipt: 100n, rejects: new Set(['eth_sendTransaction']) },
      title: 'Request declined in your wallet',
      text: 'nothing was changed or saved',
    },
    {
      case: 'the wallet is on another network and will not switch',
      wallet: { ipt: 100n, chainId: 1, rejects: new Set(['wallet_switchEthereumChain']) },
      title: 'Wrong network',
      text: 'Switch your wallet to that network',
    },
  ])('says $title when $case, and saves nothing', async ({ wallet: state, title, text }) => {
    const calls = recordSaves();
    const wallet = fakeWallet(state);
    cleanups.push(announceWallet(wallet));
    const { user } = await openWizard();
    await toPreview(user);
    await chooseRetention(user);
    await user.click(screen.getByRole('button', { name: 'Finish' }));
    const dialog = await screen.findByRole('alertdialog', { name: title });
    expect(dialog).toHaveTextContent(text);
    expect(calls.create).toEqual([]);
    if (title === 'Purchase Tokens to continue') expect(wallet.methods()).not.toContain('eth_sendTransaction');
  });

  it('publishes with the escrow funded for the request id, then saves it with escrow and signer', async () => {
    const calls = recordSaves();
    const id = 'c0ffee00-0000-4000-8000-00000000abcd';
    vi.spyOn(crypto, 'randomUUID').mockReturnValue(id);
    const escrow = getAddress(`0x${'e5'.repeat(20)}`);
    // the escrow this account already funded for this id (the fake wallet signs nothing, so the
    // funding itself is covered by the e2e test against a real chain)
    const wallet = fakeWallet({
      ipt: 100n,
      escrows: new Map([[requestIdOf(id), escrow]]),
      requesters: new Map([[escrow, FAKE_ACCOUNT]]),
    });
    cleanups.push(announceWallet(wallet));
    const { user } = await openWizard();
    await toPreview(user);
    // publishing needs a keeping period: Finish first says so and nothing moves
    expect(keepFor()).toBeRequired();
    await user.click(screen.getByRole('button', { name: 'Finish' }));
    expect(await screen.findByText('Choose how long answers are kept before you publish.')).toBeInTheDocument();
    invalid(keepFor());
    expect(
      within(keepFor())
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['30', '90', '180', '365', '730']);
    expect(wallet.methods()).not.toContain('eth_sendTransaction');
    expect(calls.create).toEqual([]);
    await chooseRetention(user, '1 year');
    expect(screen.queryByText('Choose how long answers are kept before you publish.')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Finish' }));
    await screen.findByRole('dialog', { name: 'Request published' });
    expect(calls.retention).toEqual([{ requestId: id, days: 365 }]);
    expect(calls.order).toEqual(['create', 'retention']);
    expect(calls.create).toHaveLength(1);
    expect(calls.create[0]).toMatchObject({
      id,
      status: 1,
      escrowAddress: escrow,
      signerAddress: FAKE_ACCOUNT,
      bonusAmount: 20,
      bonusEach: 2,
    });
  });

  it('shows the server error text when the save is refused', async () => {
    recordSaves({ fail: { code: 'BAD_USER_INPUT', message: 'key: choose one of your own keys' } });
    const { user } = await openWizard();
    await toPreview(user);
    await user.click(screen.getByRole('radio', { name: 'Save as draft' }));
    await user.click(screen.getByRole('button', { name: 'Finish' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'The request was not saved' });
    expect(dialog).toHaveTextContent('key: choose one of your own keys');
  });
});

describe('collection wizard: editing', () => {
  it('loads the request, fixes quality and access, and sends only what may change', async () => {
    const request = buildWizardRequest();
    givenRequestForWizard(request);
    const calls = recordSaves();
    const { user } = await openWizard(`/request/collection/edit/${request.id}`);
    expect(await screen.findByText(/Editing “Sleep study” \(draft\)/)).toBeInTheDocument();
    expect(field(/^Title/)).toHaveValue('Sleep study');
    expect(screen.getByRole('combobox', { name: /User Quality/ })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('combobox', { name: /User Quality/ })).toHaveTextContent('High');
    expect(screen.getByRole('combobox', { name: /Access Type/ })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('combobox', { name: /Access Type/ })).toHaveTextContent('Multiple Access');
    await user.clear(field(/^Title/));
    await enterText(user, field(/^Title/), 'Sleep study 2');
    await next(user);
    await stepHeading('Options');
    expect(
      (screen.getByRole('checkbox', { name: 'Collect real-time location data' }) as HTMLInputElement).checked,
    ).toBe(false);
    await next(user);
    await stepHeading('Preview');
    expect(screen.getByRole('radio', { name: 'Save as draft' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Finish' }));
    await screen.findByRole('dialog', { name: 'Draft saved' });
    expect(calls.create).toEqual([]);
    expect(calls.update).toEqual([
      {
        id: request.id,
        input: {
          title: 'Sleep study 2',
          description: 'Nightly sleep hours',
          category: 'Default',
          keyId: request.keyId,
          bonusAmount: 20,
          bonusEach: 2,
          options: { healthData: true, locationData: false, profileData: true, idData: false, personalImages: false },
          payAfterReview: false,
          reviewDays: 7,
          status: 0,
        },
      },
    ]);
  });

  it('keeps a published request published: per Response and the draft choice are fixed', async () => {
    const request = buildWizardRequest({
      status: 1,
      escrowAddress: `0x${'e5'.repeat(20)}`,
      signerAddress: FAKE_ACCOUNT,
    });
    givenRequestForWizard(request);
    const calls = recordSaves();
    const { user } = await openWizard(`/admin/request/collection/new/${request.id}`);
    expect(await screen.findByText(/\(published\)/)).toBeInTheDocument();
    expect(field(/^IPTs per Response/)).toBeDisabled();
    await next(user);
    await stepHeading('Options');
    await next(user);
    await stepHeading('Preview');
    expect(screen.getByRole('radio', { name: 'Save as draft' })).toBeDisabled();
    // its keeping period is changed on the request's page, not here
    expect(screen.queryByRole('radiogroup', { name: /Keep each answer for/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Finish' }));
    await screen.findByRole('dialog', { name: 'Request saved' });
    expect(calls.retention).toEqual([]);
    // no status, escrow or signer: the server keeps them
    expect(calls.update[0].input).not.toHaveProperty('status');
    expect(calls.update[0].input).not.toHaveProperty('escrowAddress');
    expect(calls.update[0].input).not.toHaveProperty('quality');
  });

  it('shows why a request cannot be loaded', async () => {
    givenRequestForWizard(buildWizardRequest());
    await openWizardError('/request/collection/edit/c0ffee00-0000-4000-8000-000000000fff');
    expect(await screen.findByText(/The request could not be loaded: Request not found/)).toBeInTheDocument();
  });
});

async function openWizardError(path: string) {
  givenSignedInSession();
  givenWizardKeys();
  return renderApp(path);
}
