import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { givenSignedInSession, renderApp } from '../../../test/render-app';
import {
  buildWizardRequest,
  givenCreditBalance,
  givenRequestForWizard,
  givenWizardKeys,
  recordSaves,
} from './request-fixtures';
import { enterText } from '../../../test/enter-text';

// The Preview step's "Pay with prepaid credit": no browser wallet is announced in these tests, so
// anything that reached for one would fail with "Metamask account required".
afterEach(() => vi.restoreAllMocks());

async function toPreview(credit: number, total = '20') {
  givenSignedInSession();
  givenWizardKeys();
  givenCreditBalance(credit);
  const { user } = renderApp('/admin/request/collection/new');
  await screen.findByRole('heading', { level: 1, name: 'Create Data Access Request' });
  await enterText(user, screen.getByRole('textbox', { name: /^Title/ }), 'Sleep study');
  await user.click(screen.getByRole('combobox', { name: /Request Key/ }));
  await user.click(await screen.findByRole('option', { name: 'Main key' }));
  await enterText(user, screen.getByRole('textbox', { name: /^Total IPTs/ }), total);
  await enterText(user, screen.getByRole('textbox', { name: /^IPTs per Response/ }), '2');
  await next(user);
  await screen.findByRole('heading', { level: 2, name: 'Options' });
  await next(user);
  await screen.findByRole('heading', { level: 2, name: 'Preview' });
  return user;
}

const next = (user: UserEvent) => user.click(screen.getByRole('button', { name: 'Next' }));
const chooseRetention = async (user: UserEvent, label = '90 days') =>
  user.click(
    within(screen.getByRole('radiogroup', { name: /Keep each answer for/ })).getByRole('radio', { name: label }),
  );

describe('request wizard: paying with prepaid credit', () => {
  it('offers the credit beside the browser wallet and publishes with it, no wallet involved', async () => {
    const calls = recordSaves();
    const id = 'c0ffee00-0000-4000-8000-00000000c0de';
    vi.spyOn(crypto, 'randomUUID').mockReturnValue(id);
    const user = await toPreview(25);
    const payWith = within(screen.getByRole('radiogroup', { name: 'Pay with' }));
    expect(payWith.getByRole('radio', { name: 'Browser wallet' })).toBeChecked();
    const credit = await payWith.findByRole('radio', { name: 'Pay with prepaid credit (25 IPT available)' });
    await user.click(credit);
    expect(screen.getByText(/Your prepaid credit pays 20 IPT/)).toBeInTheDocument();
    expect(screen.queryByText('Purchase Tokens to continue')).not.toBeInTheDocument();
    await chooseRetention(user);
    await user.click(screen.getByRole('button', { name: 'Finish' }));
    await screen.findByRole('dialog', { name: 'Request published' });
    expect(calls.create).toHaveLength(1);
    expect(calls.create[0]).toMatchObject({ id, status: 1, payWith: 'CREDIT', bonusAmount: 20, bonusEach: 2 });
    expect(calls.create[0]).not.toHaveProperty('escrowAddress');
    expect(calls.create[0]).not.toHaveProperty('signerAddress');
  });

  it('too little credit: "Purchase Tokens to continue" with a link to the pricing page', async () => {
    recordSaves({
      fail: {
        code: 'INSUFFICIENT_CREDIT',
        message: 'Purchase Tokens to continue: You do not have enough tokens in this account to continue!',
      },
    });
    const user = await toPreview(5);
    await user.click(await screen.findByRole('radio', { name: 'Pay with prepaid credit (5 IPT available)' }));
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Purchase Tokens to continue');
    expect(alert).toHaveTextContent('You do not have enough tokens in this account to continue!');
    expect(within(alert).getByRole('link', { name: 'Purchase IPT Tokens' })).toHaveAttribute(
      'href',
      '/auth/pricing-page',
    );
    // the server has the last word (credit may have been bought meanwhile): its refusal says the same
    await chooseRetention(user);
    await user.click(screen.getByRole('button', { name: 'Finish' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Purchase Tokens to continue' });
    expect(dialog).toHaveTextContent('You do not have enough tokens in this account to continue!');
    expect(within(dialog).getByRole('link', { name: 'Purchase IPT Tokens' })).toHaveAttribute(
      'href',
      '/auth/pricing-page',
    );
  });

  it('a draft needs no payment choice', async () => {
    const user = await toPreview(25);
    await user.click(screen.getByRole('radio', { name: 'Save as draft' }));
    expect(screen.queryByRole('radiogroup', { name: 'Pay with' })).not.toBeInTheDocument();
  });

  it('raising Total IPTs of a request paid with credit tops it up from credit, not the wallet', async () => {
    const request = buildWizardRequest({
      status: 1,
      funding: 'CREDIT',
      escrowAddress: `0x${'e5'.repeat(20)}`,
      signerAddress: `0x${'f3'.repeat(20)}`,
    });
    givenSignedInSession();
    givenWizardKeys();
    givenRequestForWizard(request);
    const calls = recordSaves();
    const { user } = renderApp(`/request/collection/edit/${request.id}`);
    expect(await screen.findByText(/\(published\)/)).toBeInTheDocument();
    const total = screen.getByRole('textbox', { name: /^Total IPTs/ });
    await user.clear(total);
    await enterText(user, total, '30');
    await next(user);
    await screen.findByRole('heading', { level: 2, name: 'Options' });
    await next(user);
    await screen.findByRole('heading', { level: 2, name: 'Preview' });
    expect(screen.getByText(/up to 10 IPT of your prepaid credit go/)).toBeInTheDocument();
    expect(screen.queryByRole('radiogroup', { name: 'Pay with' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Finish' }));
    await screen.findByRole('dialog', { name: 'Request saved' });
    expect(calls.update).toHaveLength(1);
    expect(calls.update[0].input).toMatchObject({ bonusAmount: 30 });
  });

  it('publishing a saved draft saves its keeping period first, then publishes it', async () => {
    const request = buildWizardRequest({ status: 0 });
    givenSignedInSession();
    givenWizardKeys();
    givenCreditBalance(100);
    givenRequestForWizard(request);
    const calls = recordSaves();
    const { user } = renderApp(`/request/collection/edit/${request.id}`);
    expect(await screen.findByText(/\(draft\)/)).toBeInTheDocument();
    await next(user);
    await screen.findByRole('heading', { level: 2, name: 'Options' });
    await next(user);
    await screen.findByRole('heading', { level: 2, name: 'Preview' });
    await user.click(screen.getByRole('radio', { name: 'Publish now' }));
    await user.click(await screen.findByRole('radio', { name: /Pay with prepaid credit/ }));
    await chooseRetention(user, '30 days');
    await user.click(screen.getByRole('button', { name: 'Finish' }));
    await screen.findByRole('dialog', { name: 'Request published' });
    expect(calls.retention).toEqual([{ requestId: request.id, days: 30 }]);
    // a refused period would publish nothing
    expect(calls.order).toEqual(['retention', 'update']);
  });

  it('says so when a new request is published but its keeping period is refused', async () => {
    const calls = recordSaves({ failRetention: { code: 'INTERNAL', message: 'The server is busy' } });
    const user = await toPreview(25);
    await user.click(await screen.findByRole('radio', { name: /Pay with prepaid credit/ }));
    await chooseRetention(user, '2 years');
    await user.click(screen.getByRole('button', { name: 'Finish' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request published' });
    expect(dialog).toHaveTextContent(
      /keeping period was not saved \(The server is busy\): choose it on the request's page/,
    );
    expect(calls.retention).toHaveLength(1);
    expect(calls.retention[0].days).toBe(730);
  });
});
