import { acceptedLanguages, DEFAULT_LANGUAGE, directionOf } from '../../../../shared/languages';
import { localizedTexts, servedLanguage, surveyLanguages, type SurveyTexts } from './survey-translations';
import { choicesOf, type QuestionView } from './surveys.views';

// What the phone paths add for a survey with added languages (docs/api/phone.md, "Languages"): the
// language served, the ones it has, and its texts in the served one beside the default language's
// (answers are still sent as the default language's texts, so an older client keeps working).

type SurveyRecord = { title: string; description: string; language?: string | null; translations?: SurveyTexts | null };

/**
 * The language a phone is served (lang, else its Accept-Language header, else the survey's own)
 * with the survey's title and description in it; null for a survey in English only.
 */
export function localizedRequest(r: SurveyRecord, acceptLanguage: string | undefined, lang?: string) {
  const languages = surveyLanguages(r.language, r.translations);
  // an English survey without translations answers as it always did
  if (languages.length < 2 && languages[0] === DEFAULT_LANGUAGE) return null;
  const language = servedLanguage(languages, lang, acceptedLanguages(acceptLanguage));
  const texts = r.translations?.[language] ?? {};
  return {
    language,
    languages,
    dir: directionOf(language),
    localized: { title: texts.title || r.title, description: texts.description || r.description },
  };
}

/** Each question's texts in `language` (the default language's where a text is untranslated). */
export const localizedQuestions = (questions: QuestionView[], language: string) =>
  questions.map((q) =>
    localizedTexts(
      {
        title: q.title,
        choices: q.type === 'stars' ? [] : choicesOf(q),
        rows: q.settings?.rows ?? [],
        unit: q.settings?.unit ?? null,
      },
      q.translations,
      language,
    ),
  );
