import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { givenSignedInSession, renderApp } from '../../../test/render-app';
import { buildWizardRequest, givenRequestForWizard, givenWizardKeys, recordSaves } from './request-fixtures';
import { enterText } from '../../../test/enter-text';

// "Pay participants: on submission / after my review" with its deadline, in both wizards' Summary.
async function openWizard(type: 'collection' | 'survey', heading: string) {
  givenSignedInSession();
  givenWizardKeys();
  const view = renderApp(`/admin/request/${type}/new`);
  // the first visit transforms the screen's chunk on the fly: give it time on a busy machine
  await screen.findByRole('heading', { level: 1, name: heading }, { timeout: 20_000 });
  const { user } = view;
  await enterText(user, field(/^Title/), 'Paid after review');
  await user.click(screen.getByRole('combobox', { name: /Request Key/ }));
  await user.click(await screen.findByRole('option', { name: 'Main key' }));
  await enterText(user, field(/^Total IPTs/), '20');
  await enterText(user, field(/^IPTs per Response/), '2');
  return view;
}

const field = (name: RegExp) => screen.getByRole('textbox', { name });
const next = (user: UserEvent) => user.click(screen.getByRole('button', { name: 'Next' }));
const stepHeading = (name: string) => screen.findByRole('heading', { level: 2, name });
const payParticipants = () => screen.getByRole('radiogroup', { name: 'Pay participants' });
const previewValue = (label: string) =>
  [...screen.getByLabelText('Request preview').querySelectorAll('dt')].find((dt) => dt.textContent === label)
    ?.nextElementSibling?.textContent;

async function finishAsDraft(user: UserEvent) {
  await user.click(screen.getByRole('radio', { name: 'Save as draft' }));
  await user.click(screen.getByRole('button', { name: 'Finish' }));
  await screen.findByRole('dialog', { name: 'Draft saved' });
}

describe('the wizards: when participants are paid', () => {
  it(
    'collection: on submission by default; after review asks for a deadline of 1 to 30 days',
    { timeout: 60_000 },
    async () => {
      const calls = recordSaves();
      const { user } = await openWizard('collection', 'Create Data Access Request');
      expect(within(payParticipants()).getByRole('radio', { name: 'On submission' })).toBeChecked();
      expect(screen.queryByRole('textbox', { name: /Review deadline/ })).not.toBeInTheDocument();

      await user.click(within(payParticipants()).getByRole('radio', { name: 'After my review' }));
      const days = field(/Review deadline \(days\)/);
      expect(days).toHaveValue('7');
      for (const bad of ['0', '31']) {
        await user.clear(days);
        await enterText(user, days, bad);
        await next(user);
        expect(screen.getByRole('heading', { level: 2, name: 'Summary' })).toBeInTheDocument();
        expect(days).toHaveAttribute('aria-invalid', 'true');
      }
      await user.clear(days);
      await enterText(user, days, '14');
      expect(days).not.toHaveAttribute('aria-invalid', 'true');
      await next(user);
      await stepHeading('Options');
      await next(user);
      await stepHeading('Preview');
      expect(previewValue('Pay participants')).toBe('After your review (approved by itself after 14 days)');

      await finishAsDraft(user);
      expect(calls.create).toHaveLength(1);
      expect(calls.create[0]).toMatchObject({ type: 'collection', payAfterReview: true, reviewDays: 14, status: 0 });
    },
  );

  it('survey: the same choice on its Summary, shown in Preview and saved', { timeout: 60_000 }, async () => {
    const calls = recordSaves();
    const { user } = await openWizard('survey', 'Create Survey Request');
    await user.click(within(payParticipants()).getByRole('radio', { name: 'After my review' }));
    await user.clear(field(/Review deadline \(days\)/));
    await enterText(user, field(/Review deadline \(days\)/), '3');
    await next(user);
    await stepHeading('Design');
    await user.click(screen.getByRole('button', { name: 'New Question' }));
    const menu = await screen.findByRole('menu', { name: 'Select Type' });
    await user.click(within(menu).getByRole('menuitem', { name: 'Star Rating' }));
    const dialog = await screen.findByRole('dialog', { name: /New question/ });
    await enterText(user, within(dialog).getByRole('textbox', { name: /^Question/ }), 'How was it?');
    await user.click(within(dialog).getByRole('button', { name: 'Save question' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await next(user);
    await stepHeading('Preview');
    expect(previewValue('Pay participants')).toBe('After your review (approved by itself after 3 days)');
    // and back: on submission again
    await user.click(screen.getByRole('tab', { name: 'Summary' }));
    await user.click(within(payParticipants()).getByRole('radio', { name: 'On submission' }));
    await user.click(screen.getByRole('tab', { name: 'Preview' }));
    await stepHeading('Preview');
    expect(previewValue('Pay participants')).toBe('On submission');
    await user.click(screen.getByRole('tab', { name: 'Summary' }));
    await user.click(within(payParticipants()).getByRole('radio', { name: 'After my review' }));
    await user.click(screen.getByRole('tab', { name: 'Preview' }));
    await stepHeading('Preview');
    await finishAsDraft(user);
    expect(calls.create[0]).toMatchObject({ type: 'survey', payAfterReview: true, reviewDays: 3 });
  });

  it('editing after responses arrived: the mode is fixed and not sent, the deadline may change', async () => {
    const request = buildWizardRequest({ responseCount: 2, payAfterReview: true, reviewDays: 5 });
    givenSignedInSession();
    givenWizardKeys();
    givenRequestForWizard(request);
    const calls = recordSaves();
    const { user } = renderApp(`/request/collection/edit/${request.id}`);
    expect(await screen.findByText(/Editing “Sleep study”/, undefined, { timeout: 20_000 })).toBeInTheDocument();
    for (const radio of within(payParticipants()).getAllByRole('radio')) expect(radio).toBeDisabled();
    expect(within(payParticipants()).getByRole('radio', { name: 'After my review' })).toBeChecked();
    expect(screen.getByText('Responses arrived on these terms, so this cannot change.')).toBeInTheDocument();
    await user.clear(field(/Review deadline \(days\)/));
    await enterText(user, field(/Review deadline \(days\)/), '10');
    await user.click(screen.getByRole('tab', { name: 'Preview' }));
    await stepHeading('Preview');
    await user.click(screen.getByRole('button', { name: 'Finish' }));
    await screen.findByRole('dialog', { name: 'Draft saved' });
    expect(calls.update[0].input).toMatchObject({ reviewDays: 10 });
    expect(calls.update[0].input).not.toHaveProperty('payAfterReview');
  });
});
