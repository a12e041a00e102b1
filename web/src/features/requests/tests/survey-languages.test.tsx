import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { SurveyDesigner } from '../components/survey-designer';
import type { SurveyLanguages } from '../components/languages-panel';
import { newQuestion, type DesignerQuestion } from '../request-form';
import { translationInputs } from '../request-inputs';
import { parseSurveyFile, surveyToJson } from '../survey-json';
import { enterText } from '../../../test/enter-text';

// The designer's languages: a language added, what is untranslated counted and marked, the
// translations sent as lists parallel to each question's own, and carried by survey JSON v2.
const QUESTIONS: DesignerQuestion[] = [
  { ...newQuestion('radios'), title: 'Do you exercise?', choices: ['Yes', 'No', ''] },
  { ...newQuestion('matrix'), title: 'Rate each', choices: ['Bad', 'Good', ''], rows: ['Price', 'Speed', ''] },
];

const latest: { survey?: SurveyLanguages; questions: DesignerQuestion[] } = { questions: [] };
function Designer() {
  const [survey, setSurvey] = useState<SurveyLanguages>({
    title: 'Habits',
    description: 'Two questions',
    language: 'en',
    translations: {},
  });
  const [questions, setQuestions] = useState(QUESTIONS);
  // what the wizard would save, read by the test after the dialog closes
  useEffect(() => void Object.assign(latest, { survey, questions }), [survey, questions]);
  return (
    <SurveyDesigner
      questions={questions}
      onChange={setQuestions}
      invalid={false}
      locked={false}
      survey={survey}
      onSurvey={({ questions: next, ...changes }) => {
        setSurvey((s) => ({ ...s, ...changes }));
        if (next) setQuestions(next);
      }}
    />
  );
}

describe('survey languages in the designer', () => {
  it('adds a language, counts and marks what is untranslated, and keeps the translation', async () => {
    render(<Designer />);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Add a language' }));
    fireEvent.click(await screen.findByRole('option', { name: 'العربية · Arabic' }));
    const dialog = await screen.findByRole('dialog', { name: /Translate into العربية · Arabic/ });
    // the survey's title and description, two titles, four choices (columns) and two rows
    expect(within(dialog).getByText(/10 untranslated/)).toBeInTheDocument();
    expect(dialog.querySelectorAll('[data-untranslated="true"]')).toHaveLength(10);
    await enterText(userEvent, within(dialog).getByLabelText('Title: Do you exercise?'), 'هل تمارس الرياضة؟');
    await enterText(userEvent, within(dialog).getByLabelText('Choice: Yes'), 'نعم');
    await enterText(userEvent, within(dialog).getByLabelText('Row: Price'), 'السعر');
    expect(within(dialog).getByText(/7 untranslated/)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Choice: No')).toHaveAttribute('data-untranslated', 'true');
    expect(within(dialog).getByLabelText('Choice: Yes')).not.toHaveAttribute('data-untranslated');
    expect(within(dialog).getByLabelText('Choice: Yes')).toHaveAttribute('dir', 'rtl');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save translation' }));

    expect(screen.getByTestId('untranslated-ar')).toHaveTextContent('7 untranslated');
    expect(latest.survey?.translations).toEqual({ ar: { title: '', description: '' } });
    // sent as lists as long as the question's own, blank where not translated yet
    expect(translationInputs(latest.questions[0])).toEqual([
      { language: 'ar', title: 'هل تمارس الرياضة؟', choices: ['نعم', ''] },
    ]);
    expect(translationInputs(latest.questions[1])).toEqual([
      { language: 'ar', choices: ['', ''], rows: ['السعر', ''] },
    ]);

    // survey JSON version 2 carries the languages and the translations, and reads them back
    const json = surveyToJson(latest.questions, undefined, { language: 'en', added: ['ar'] });
    const file = JSON.parse(json) as { version: number; languages: string[] };
    expect(file).toMatchObject({ version: 2, language: 'en', languages: ['ar'] });
    const back = parseSurveyFile(json);
    expect(back.languages).toEqual(['ar']);
    expect(back.questions[0].translations?.ar).toEqual({
      title: 'هل تمارس الرياضة؟',
      choices: { Yes: 'نعم', No: '' },
      rows: {},
      unit: '',
    });
    expect(() => parseSurveyFile(json.replace('"نعم",', '"نعم", "ربما",'))).toThrow(
      "questions[0].translations[0].choices: must list 2 texts, one for each of the question's own.",
    );
  });
});
