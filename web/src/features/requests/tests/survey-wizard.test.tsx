import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { givenSignedInSession, renderApp } from '../../../test/render-app';
import { RATING_TEMPLATES } from '../rating-templates';
import { graphql, HttpResponse } from 'msw';
import type { UpdateRequestInput } from '../../../gql/types';
import { server } from '../../../test/msw-server';
import { UpdateRequestFromWizardDocument } from '../requests.generated';
import {
  buildWizardQuestion,
  buildWizardRequest,
  givenRequestForWizard,
  givenWizardKeys,
  recordSaves,
} from './request-fixtures';
import { enterText } from '../../../test/enter-text';

async function openDesigner() {
  givenSignedInSession();
  givenWizardKeys();
  const view = renderApp('/admin/request/survey/new');
  // the first visit transforms the wizard's chunk on the fly: give it time on a busy machine
  await screen.findByRole('heading', { level: 1, name: 'Create Survey Request' }, { timeout: 20_000 });
  const { user } = view;
  await enterText(user, screen.getByRole('textbox', { name: /^Title/ }), 'Fitness habits');
  await user.click(screen.getByRole('combobox', { name: /Request Key/ }));
  await user.click(await screen.findByRole('option', { name: 'Main key' }));
  await enterText(user, screen.getByRole('textbox', { name: /^Total IPTs/ }), '30');
  await enterText(user, screen.getByRole('textbox', { name: /^IPTs per Response/ }), '3');
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await screen.findByRole('heading', { level: 2, name: 'Design' });
  // the designer's controls can follow its heading by a render on a busy machine
  await screen.findByRole('button', { name: 'New Question' });
  return view;
}

async function newQuestion(user: UserEvent, type: string) {
  await user.click(screen.getByRole('button', { name: 'New Question' }));
  const menu = await screen.findByRole('menu', { name: 'Select Type' });
  await user.click(within(menu).getByRole('menuitem', { name: type }));
  return screen.findByRole('dialog', { name: /New question/ });
}

const choiceFields = (dialog: HTMLElement) => within(dialog).getAllByRole('textbox', { name: /^Choice \d+$/ });

describe('survey designer', () => {
  it('offers the four question types, then the newer ones, under "Select Type"', async () => {
    const { user } = await openDesigner();
    await user.click(screen.getByRole('button', { name: 'New Question' }));
    const menu = await screen.findByRole('menu', { name: 'Select Type' });
    expect(within(menu).getByText('Select Type')).toBeInTheDocument();
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Dropdown',
      'Multiple Choice (Radio Button)',
      'Checkboxes',
      'Star Rating',
      'Short text',
      'Long text',
      'Number',
      'Date',
      'Net Promoter Score (0 to 10)',
      'Matrix (rows on one scale)',
      'Ranking',
    ]);
  });

  it('needs at least one question before moving on', async () => {
    const { user } = await openDesigner();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('heading', { level: 2, name: 'Design' })).toBeInTheDocument();
    expect(screen.getByText('A survey needs at least one question.')).toBeInTheDocument();
  });

  it('starts a question with 3 blank choices and asks for a title and at least one choice', async () => {
    const { user } = await openDesigner();
    const dialog = await newQuestion(user, 'Multiple Choice (Radio Button)');
    expect(choiceFields(dialog).map((input) => (input as HTMLInputElement).value)).toEqual(['', '', '']);
    await user.click(within(dialog).getByRole('button', { name: 'Save question' }));
    expect(within(dialog).getByRole('textbox', { name: /^Question/ })).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByText('You are required to have at least one choice.')).toBeInTheDocument();
    // a blank title (spaces only) is still missing
    await enterText(user, within(dialog).getByRole('textbox', { name: /^Question/ }), '   ');
    await enterText(user, choiceFields(dialog)[1], 'Weekly');
    await user.click(within(dialog).getByRole('button', { name: 'Save question' }));
    expect(within(dialog).getByRole('textbox', { name: /^Question/ })).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).queryByText('You are required to have at least one choice.')).not.toBeInTheDocument();
  });

  it('keeps at least 3 rows, drops empty choices on save, and opens a question again with a click', async () => {
    const { user } = await openDesigner();
    const dialog = await newQuestion(user, 'Checkboxes');
    await enterText(user, within(dialog).getByRole('textbox', { name: /^Question/ }), 'Which devices do you own?');
    await user.click(within(dialog).getByRole('button', { name: 'Add choice' }));
    expect(choiceFields(dialog)).toHaveLength(4);
    await enterText(user, choiceFields(dialog)[0], 'Phone');
    await enterText(user, choiceFields(dialog)[2], 'Watch');
    await user.click(within(dialog).getByRole('button', { name: 'Remove choice 2' }));
    expect(choiceFields(dialog).map((input) => (input as HTMLInputElement).value)).toEqual(['Phone', 'Watch', '']);
    // never fewer than 3 rows
    expect(within(dialog).getByRole('button', { name: 'Remove choice 3' })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Remove choice 1' }));
    expect(choiceFields(dialog).map((input) => (input as HTMLInputElement).value)).toEqual(['Watch', '', '']);
    await user.clear(choiceFields(dialog)[0]);
    await enterText(user, choiceFields(dialog)[0], 'Phone');
    await enterText(user, choiceFields(dialog)[2], 'Watch');
    await user.click(within(dialog).getByRole('button', { name: 'Save question' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const list = screen.getByRole('list', { name: 'Questions' });
    expect(within(list).getByText('1. Which devices do you own?')).toBeInTheDocument();
    expect(within(list).getByText('Checkboxes: Phone, Watch')).toBeInTheDocument();
    await user.click(within(list).getByText('1. Which devices do you own?'));
    const again = await screen.findByRole('dialog', { name: /Edit question 1/ });
    expect(choiceFields(again).map((input) => (input as HTMLInputElement).value)).toEqual(['Phone', 'Watch', '']);
  });

  it('fills the choices from a rating template', async () => {
    const { user } = await openDesigner();
    const dialog = await newQuestion(user, 'Dropdown');
    const templates = within(dialog).getByRole('combobox', { name: /Fill from a rating template/ });
    await user.click(templates);
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(RATING_TEMPLATES.map((t) => t.label));
    for (const label of ['Agree scale (5 points)', 'Satisfaction', 'Yes / No', 'Likelihood', 'Frequency']) {
      expect(options.map((o) => o.textContent)).toContain(label);
    }
    await user.click(screen.getByRole('option', { name: 'Months' }));
    expect(choiceFields(dialog).map((input) => (input as HTMLInputElement).value)).toEqual([
      'January',
      'February',
      'March',
      'April',
      'May',
      'June',
      'July',
      'August',
      'September',
      'October',
      'November',
      'December',
    ]);
    // a two-choice template still shows 3 rows
    await user.click(within(dialog).getByRole('combobox', { name: /Fill from a rating template/ }));
    await user.click(await screen.findByRole('option', { name: 'Yes / No' }));
    expect(choiceFields(dialog).map((input) => (input as HTMLInputElement).value)).toEqual(['Yes', 'No', '']);
  });

  it('rates on a scale of 3 to 10 (default 5) with a star, heart or thumb', async () => {
    const { user } = await openDesigner();
    const dialog = await newQuestion(user, 'Star Rating');
    expect(within(dialog).queryByRole('textbox', { name: /^Choice/ })).not.toBeInTheDocument();
    const scale = within(dialog).getByRole('combobox', { name: /Scale/ });
    expect(scale).toHaveTextContent('5');
    await user.click(scale);
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      '3',
      '4',
      '5',
      '6',
      '7',
      '8',
      '9',
      '10',
    ]);
    await user.click(screen.getByRole('option', { name: '10' }));
    await user.click(within(dialog).getByRole('combobox', { name: /Shape/ }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['Star', 'Heart', 'Thumb']);
    await user.click(screen.getByRole('option', { name: 'Heart' }));
    await enterText(user, within(dialog).getByRole('textbox', { name: /^Question/ }), 'Rate the app');
    await user.click(within(dialog).getByRole('button', { name: 'Save question' }));
    expect(await screen.findByText('Star Rating: 10 hearts')).toBeInTheDocument();
  });

  it('asks before deleting a question', async () => {
    const { user } = await openDesigner();
    const dialog = await newQuestion(user, 'Dropdown');
    await enterText(user, within(dialog).getByRole('textbox', { name: /^Question/ }), 'Age band');
    await enterText(user, choiceFields(dialog)[0], '18-24');
    await user.click(within(dialog).getByRole('button', { name: 'Save question' }));
    await screen.findByText('1. Age band');

    await user.click(await screen.findByRole('button', { name: 'Delete question 1' }));
    let confirm = await screen.findByRole('alertdialog', { name: 'Are you sure?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    // the designer's chunk may still be loading on a busy machine
    expect(await screen.findByText('1. Age band', undefined, { timeout: 20_000 })).toBeInTheDocument();

    await user.click(await screen.findByRole('button', { name: 'Delete question 1' }));
    confirm = await screen.findByRole('alertdialog', { name: 'Are you sure?' });
    await user.click(within(confirm).getByRole('button', { name: 'Yes, delete it!' }));
    await waitFor(() => expect(screen.queryByText('1. Age band')).not.toBeInTheDocument());
    expect(screen.getByText('No questions yet')).toBeInTheDocument();
  });

  it('saves a survey draft with its questions as the API takes them', async () => {
    const calls = recordSaves();
    const { user } = await openDesigner();
    let dialog = await newQuestion(user, 'Multiple Choice (Radio Button)');
    await enterText(user, within(dialog).getByRole('textbox', { name: /^Question/ }), ' How often? ');
    await enterText(user, choiceFields(dialog)[0], 'Never');
    await enterText(user, choiceFields(dialog)[2], 'Daily');
    await user.click(within(dialog).getByRole('button', { name: 'Save question' }));
    await screen.findByText('1. How often?');
    dialog = await newQuestion(user, 'Star Rating');
    await enterText(user, within(dialog).getByRole('textbox', { name: /^Question/ }), 'Rate us');
    await user.click(within(dialog).getByRole('button', { name: 'Save question' }));
    await screen.findByText('2. Rate us');

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { level: 2, name: 'Preview' });
    expect(screen.getByRole('heading', { name: 'Questions (2)' })).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Save as draft' }));
    await user.click(screen.getByRole('button', { name: 'Finish' }));
    await screen.findByRole('dialog', { name: 'Draft saved' });
    expect(calls.create).toHaveLength(1);
    expect(calls.create[0]).toMatchObject({
      type: 'survey',
      status: 0,
      quality: 'all',
      access: 'Single Access',
      bonusAmount: 30,
      bonusEach: 3,
      questions: [
        { type: 'radios', title: 'How often?', choices: ['Never', 'Daily'] },
        { type: 'stars', title: 'Rate us', scale: 5, shape: 'star' },
      ],
    });
    expect(calls.create[0]).not.toHaveProperty('options');
  });

  it('locks the questions of a survey that has responses, not their translations', async () => {
    const request = buildWizardRequest({
      type: 'survey',
      options: null,
      responseCount: 4,
      status: 1,
      language: 'en',
      translations: [{ __typename: 'SurveyTranslation', language: 'ar', title: 'عمر', description: '' }] as never,
      questionTranslations: [
        {
          __typename: 'QuestionTranslation',
          question: 0,
          language: 'ar',
          title: 'الفئة',
          choices: ['', ''],
          rows: null,
          unit: null,
        },
      ] as never,
      questions: [buildWizardQuestion({ type: 'dropdown', title: 'Age band', choices: ['18-24', '25-34'] })],
    });
    givenSignedInSession();
    givenWizardKeys();
    givenRequestForWizard(request);
    // the saved request answered whole: a survey with its languages
    const updates: UpdateRequestInput[] = [];
    server.use(
      graphql.mutation(UpdateRequestFromWizardDocument, ({ variables }) => {
        updates.push(variables.input);
        return HttpResponse.json({ data: { updateRequest: request } });
      }),
    );
    const { user } = renderApp(`/request/survey/edit/${request.id}`);
    await screen.findByText(/Editing “Sleep study”/);
    expect(screen.getByRole('combobox', { name: /Request Key/ })).toHaveAttribute('aria-disabled', 'true');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { level: 2, name: 'Design' });
    // the designer's chunk may still be loading on a busy machine
    expect(await screen.findByText('1. Age band', undefined, { timeout: 20_000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New Question' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Delete question 1' })).toBeDisabled();
    expect(
      screen.getByText(
        'Responses arrived: the questions cannot change any more. Their translations still can (Languages, below).',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Written in' })).toHaveAttribute('aria-disabled', 'true');

    // a translation corrected after answers arrived goes with the questions as they were
    await user.click(screen.getByRole('button', { name: 'Translate' }));
    const dialog = await screen.findByRole('dialog', { name: /Translate into العربية/ });
    await enterText(user, within(dialog).getByLabelText('Choice: 18-24'), '١٨-٢٤');
    await user.click(within(dialog).getByRole('button', { name: 'Save translation' }));
    await user.click(screen.getByRole('tab', { name: 'Preview' }));
    await screen.findByRole('heading', { level: 2, name: 'Preview' });
    await user.click(screen.getByRole('button', { name: 'Finish' }));
    await screen.findByRole('dialog', { name: 'Request saved' });
    expect(updates[0].questions).toEqual([
      {
        type: 'dropdown',
        title: 'Age band',
        choices: ['18-24', '25-34'],
        translations: [{ language: 'ar', title: 'الفئة', choices: ['١٨-٢٤', ''] }],
      },
    ]);
    expect(updates[0]).not.toHaveProperty('keyId');
  });

  it('sends no questions from a survey with responses when their translations did not change', async () => {
    const request = buildWizardRequest({
      type: 'survey',
      options: null,
      responseCount: 4,
      status: 1,
      questions: [buildWizardQuestion()],
    });
    givenSignedInSession();
    givenWizardKeys();
    givenRequestForWizard(request);
    const calls = recordSaves();
    const { user } = renderApp(`/request/survey/edit/${request.id}`);
    await screen.findByText(/Editing “Sleep study”/, undefined, { timeout: 20_000 });
    await enterText(user, screen.getByRole('textbox', { name: /^Title/ }), ' 2');
    await user.click(screen.getByRole('tab', { name: 'Preview' }));
    await screen.findByRole('heading', { level: 2, name: 'Preview' });
    await user.click(screen.getByRole('button', { name: 'Finish' }));
    await screen.findByRole('dialog', { name: 'Request saved' });
    expect(calls.update[0].input).toMatchObject({ title: 'Sleep study 2' });
    expect(calls.update[0].input).not.toHaveProperty('questions');
  });
});
