import { z } from 'zod';
import {
  DEFAULT_LANGUAGE,
  isKnownLanguage,
  LANGUAGE_CODES,
  MAX_TRANSLATIONS,
  pickLanguage,
} from '../../../../shared/languages';

// A survey's languages (issue 30): the survey is written in its default language; each translation
// gives the same texts in another one. A translated text may be blank (not translated yet: the
// default language's text is shown), but a translation never adds or removes a choice or a row,
// so answers (sent as the default language's texts) mean the same in every language.

/** One question's texts in another language; a list runs parallel to the question's own. */
export type QuestionTranslation = { title?: string; choices?: string[]; rows?: string[]; unit?: string };
export type QuestionTranslations = Record<string, QuestionTranslation>;
/** The survey's own texts (its title and description) per added language. */
export type SurveyTexts = Record<string, { title?: string; description?: string }>;

export const languageCode = z
  .string()
  .max(16, 'A language is a BCP 47 code such as ar or pt-BR')
  .refine(isKnownLanguage, { message: `A language must be one of ${LANGUAGE_CODES.join(', ')}` })
  .describe(`a BCP 47 code from the fixed list: ${LANGUAGE_CODES.join(', ')}`);

const text = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullable()
    .optional()
    .describe(`${label} in this language (blank: not translated yet)`);
const textList = (max: number, label: string) =>
  z
    .array(z.string().trim().max(max, `${label} must be at most ${max} characters`))
    .max(50)
    .nullable()
    .optional();

export const questionTranslationSchema = z.strictObject({
  language: languageCode,
  title: text(500, 'A translated title'),
  choices: textList(200, 'A translated choice').describe(
    'the choices (a matrix: its columns; ranking: its items) in this language, in the same order and as many',
  ),
  rows: textList(200, 'A translated row').describe("matrix: its rows in this language, as many as the question's"),
  unit: text(20, 'A translated unit'),
});
export const questionTranslationsSchema = z
  .array(questionTranslationSchema)
  .max(MAX_TRANSLATIONS, `At most ${MAX_TRANSLATIONS} translations`)
  .describe("the question's texts in the survey's other languages, one entry a language");

export const surveyTextSchema = z.strictObject({
  language: languageCode,
  title: text(200, 'A translated title'),
  description: text(5000, 'A translated description'),
});
export const surveyTextsSchema = z
  .array(surveyTextSchema)
  .max(MAX_TRANSLATIONS, `At most ${MAX_TRANSLATIONS} translations`)
  .describe("surveys: the languages added besides the default one, with the survey's title and description in each");

type Issue = { path: (string | number)[]; message: string };
const filled = (list: string[] | null | undefined) => (list ?? []).map((s) => s.trim());

/**
 * A question's translations, checked against its own choices and rows (same count); blank texts
 * are left out. Problems go to `issue` with their path under `translations`.
 */
export function questionTranslations(
  list: z.output<typeof questionTranslationsSchema> | undefined,
  own: { choices: string[]; rows: string[] },
  issue: (i: Issue) => void,
): QuestionTranslations | null {
  if (!list?.length) return null;
  const out: QuestionTranslations = {};
  list.forEach((t, i) => {
    if (out[t.language]) issue({ path: ['translations', i, 'language'], message: `${t.language} is translated twice` });
    const entry: QuestionTranslation = {};
    if (t.title) entry.title = t.title;
    if (t.unit) entry.unit = t.unit;
    for (const key of ['choices', 'rows'] as const) {
      const given = t[key];
      if (given === null || given === undefined || !given.length) continue;
      if (given.length !== own[key].length) {
        issue({
          path: ['translations', i, key],
          message: `A translation has as many ${key} as the question (${own[key].length}), not ${given.length}: it cannot add or remove one`,
        });
      }
      if (filled(given).some(Boolean)) entry[key] = filled(given);
    }
    out[t.language] = entry;
  });
  return out;
}

/** The survey's texts per language; blank ones left out, a language added once. */
export function surveyTexts(list: z.output<typeof surveyTextsSchema>, issue: (i: Issue) => void): SurveyTexts {
  const out: SurveyTexts = {};
  list.forEach((t, i) => {
    if (out[t.language]) issue({ path: [i, 'language'], message: `${t.language} is added twice` });
    out[t.language] = {
      ...(t.title ? { title: t.title } : {}),
      ...(t.description ? { description: t.description } : {}),
    };
  });
  return out;
}

/** The survey's languages: its default one first, then the added ones. */
export const surveyLanguages = (language: string | null | undefined, texts: SurveyTexts | null | undefined) => [
  language ?? DEFAULT_LANGUAGE,
  ...Object.keys(texts ?? {}),
];

/**
 * The problems of a survey's languages as a whole: an added language that is the default one, and
 * a question translated into a language the survey does not have (add it first).
 */
export function languageProblems(
  language: string,
  texts: SurveyTexts | null | undefined,
  questions: { translations?: QuestionTranslations | null }[],
): { path: string; message: string }[] {
  const problems: { path: string; message: string }[] = [];
  const languages = surveyLanguages(language, texts);
  if (texts?.[language]) {
    problems.push({ path: 'translations', message: `${language} is the survey's own language, not a translation` });
  }
  questions.forEach((q, i) => {
    for (const code of Object.keys(q.translations ?? {})) {
      if (!languages.includes(code) || code === language) {
        problems.push({
          path: `questions.${i}.translations`,
          message: `Question ${i + 1} is translated into ${code}, which is not one of the survey's added languages (${languages.slice(1).join(', ') || 'none'})`,
        });
      }
    }
  });
  return problems;
}

/** The language to serve: the first of those asked for (lang) the survey has, else the best of Accept-Language, else the default. */
export function servedLanguage(languages: string[], asked: string | undefined, accepted: string[]): string {
  return pickLanguage(languages, asked ? asked.split(',') : accepted) ?? languages[0] ?? DEFAULT_LANGUAGE;
}

/** A question's texts to show in `language`: each untranslated one falls back to the default's. */
export function localizedTexts(
  own: { title: string; choices: string[]; rows: string[]; unit: string | null },
  translations: QuestionTranslations | null | undefined,
  language: string,
) {
  const t = translations?.[language] ?? {};
  const each = (mine: string[], theirs: string[] | undefined) => mine.map((text, i) => theirs?.[i] || text);
  return {
    language,
    title: t.title || own.title,
    choices: each(own.choices, t.choices),
    rows: each(own.rows, t.rows),
    unit: t.unit || own.unit,
  };
}
