// What a survey's translations cover and what is still untranslated (issue 30): the designer counts
// it per language and marks each untranslated field. Pure: the languages panel and its tests share it.
import { filledChoices, hasChoices, type DesignerQuestion, type QuestionTexts, type SurveyTexts } from './request-form';

/** One text to translate: where it is, its own text and its translation (blank: not yet). */
export type TranslatableText = {
  id: string;
  // the question it belongs to (0-based), or null for the survey's title and description
  question: number | null;
  kind: 'title' | 'description' | 'choice' | 'row' | 'unit';
  source: string;
  value: string;
};

const blankTexts = (): QuestionTexts => ({ title: '', choices: {}, rows: {}, unit: '' });

/** Every text of the survey in one added language, in order: its title and description, then each
 * question's title, choices, rows and unit (only the texts that exist). */
export function translatableTexts(
  survey: { title: string; description: string; translations: Record<string, SurveyTexts> },
  questions: readonly DesignerQuestion[],
  language: string,
): TranslatableText[] {
  const own = survey.translations[language] ?? { title: '', description: '' };
  const texts: TranslatableText[] = [];
  if (survey.title.trim())
    texts.push({ id: 'title', question: null, kind: 'title', source: survey.title.trim(), value: own.title });
  if (survey.description.trim()) {
    texts.push({
      id: 'description',
      question: null,
      kind: 'description',
      source: survey.description.trim(),
      value: own.description,
    });
  }
  questions.forEach((q, i) => {
    const t = q.translations?.[language] ?? blankTexts();
    texts.push({ id: `q${i}.title`, question: i, kind: 'title', source: q.title, value: t.title });
    if (hasChoices(q.type)) {
      for (const c of filledChoices(q.choices)) {
        texts.push({ id: `q${i}.choice.${c}`, question: i, kind: 'choice', source: c, value: t.choices[c] ?? '' });
      }
    }
    if (q.type === 'matrix') {
      for (const r of filledChoices(q.rows)) {
        texts.push({ id: `q${i}.row.${r}`, question: i, kind: 'row', source: r, value: t.rows[r] ?? '' });
      }
    }
    if (q.type === 'number' && q.unit.trim()) {
      texts.push({ id: `q${i}.unit`, question: i, kind: 'unit', source: q.unit.trim(), value: t.unit });
    }
  });
  return texts;
}

/** How many texts of the survey are not translated into `language` yet. */
export const untranslatedCount = (...args: Parameters<typeof translatableTexts>): number =>
  translatableTexts(...args).filter((t) => !t.value.trim()).length;

/** The texts (as edited) back into the survey's and the questions' translations for `language`. */
export function withTexts(
  survey: { translations: Record<string, SurveyTexts> },
  questions: readonly DesignerQuestion[],
  language: string,
  texts: readonly TranslatableText[],
): { translations: Record<string, SurveyTexts>; questions: DesignerQuestion[] } {
  const valueOf = (id: string) => texts.find((t) => t.id === id)?.value ?? '';
  const translations = {
    ...survey.translations,
    [language]: { title: valueOf('title'), description: valueOf('description') },
  };
  const next = questions.map((q, i) => {
    const mine = texts.filter((t) => t.question === i);
    const pick = (kind: TranslatableText['kind']) =>
      Object.fromEntries(mine.filter((t) => t.kind === kind).map((t) => [t.source, t.value]));
    const own: QuestionTexts = {
      title: valueOf(`q${i}.title`),
      choices: pick('choice'),
      rows: pick('row'),
      unit: valueOf(`q${i}.unit`),
    };
    return { ...q, translations: { ...q.translations, [language]: own } };
  });
  return { translations, questions: next };
}

/** The survey without `language`: its texts and every question's translation into it go. */
export function withoutLanguage(
  survey: { translations: Record<string, SurveyTexts> },
  questions: readonly DesignerQuestion[],
  language: string,
): { translations: Record<string, SurveyTexts>; questions: DesignerQuestion[] } {
  const drop = <T>(record: Record<string, T> | undefined) =>
    Object.fromEntries(Object.entries(record ?? {}).filter(([code]) => code !== language));
  return {
    translations: drop(survey.translations),
    questions: questions.map((q) => (q.translations ? { ...q, translations: drop(q.translations) } : q)),
  };
}
