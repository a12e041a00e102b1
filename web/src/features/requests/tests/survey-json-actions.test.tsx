import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SurveyDesigner } from '../components/survey-designer';
import { newQuestion, type DesignerQuestion } from '../request-form';

function Designer({ initial }: { initial: DesignerQuestion[] }) {
  const [questions, setQuestions] = useState(initial);
  return <SurveyDesigner questions={questions} onChange={setQuestions} invalid={false} locked={false} />;
}
const existing = [{ ...newQuestion('radios'), title: 'How often?', choices: ['Daily', 'Weekly', ''] }];
const jsonFile = (body: unknown, name = 'survey.json') =>
  new File([typeof body === 'string' ? body : JSON.stringify(body)], name, { type: 'application/json' });

afterEach(() => vi.restoreAllMocks());

describe('survey designer JSON', () => {
  it('imports questions after the ones already there', async () => {
    render(<Designer initial={existing} />);
    const file = jsonFile({
      format: 'parley-survey',
      version: 1,
      questions: [
        { type: 'checkboxes', title: 'Which devices?', choices: ['Phone', 'Laptop'] },
        { type: 'stars', title: 'Rate us', scale: 5, shape: 'thumb' },
      ],
    });
    await userEvent.upload(screen.getByLabelText('Survey JSON file'), file);
    expect(screen.getByRole('status')).toHaveTextContent('Imported 2 questions from survey.json.');
    const items = within(screen.getByRole('list', { name: 'Questions' })).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('1. How often?'),
      expect.stringContaining('2. Which devices?Checkboxes: Phone, Laptop'),
      expect.stringContaining('3. Rate usStar Rating: 5 thumbs'),
    ]);
  });

  it('keeps imported questions out of a shuffled block the survey ends with', async () => {
    render(<Designer initial={[{ ...existing[0], block: { shuffle: true } }]} />);
    const file = jsonFile({
      format: 'parley-survey',
      version: 1,
      questions: [{ type: 'checkboxes', title: 'Which devices?', choices: ['Phone', 'Laptop'] }],
    });
    await userEvent.upload(screen.getByLabelText('Survey JSON file'), file);
    const items = within(screen.getByRole('list', { name: 'Questions' })).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('1. How often?Multiple Choice (Radio Button): Daily, Weekly · starts a shuffled block'),
      expect.stringContaining('2. Which devices?Checkboxes: Phone, Laptop · starts a block'),
    ]);
  });

  it('refuses an invalid file with the place of the problem, and changes nothing', async () => {
    render(<Designer initial={existing} />);
    const bad = jsonFile(
      { format: 'parley-survey', version: 1, questions: [{ type: 'radios', title: 'x', choices: [] }] },
      'bad.json',
    );
    await userEvent.upload(screen.getByLabelText('Survey JSON file'), bad);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'bad.json was not imported. questions[0].choices: must be a list of at least one choice.',
    );
    expect(within(screen.getByRole('list', { name: 'Questions' })).getAllByRole('listitem')).toHaveLength(1);
  });

  it('exports the questions as a JSON file', async () => {
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:survey';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    render(<Designer initial={existing} />);
    await userEvent.click(screen.getByRole('button', { name: 'Export JSON' }));
    expect(blobs).toHaveLength(1);
    expect(JSON.parse(await blobs[0].text())).toEqual({
      format: 'parley-survey',
      version: 1,
      questions: [{ type: 'radios', title: 'How often?', choices: ['Daily', 'Weekly'] }],
    });
  });

  it('offers no export without questions', () => {
    render(<Designer initial={[]} />);
    expect(screen.getByRole('button', { name: 'Export JSON' })).toBeDisabled();
  });
});
