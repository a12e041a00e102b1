// A survey's questions as a JSON file (docs/survey-json.md): exported from the designer, imported
// into another survey's designer. Versioned; an invalid file is refused with a message that names
// the place (`questions[2].choices[1]`), and nothing is imported.
import type { QuestionKind, StarShape } from '../../gql/types';
import { isKnownLanguage } from '../../../../shared/languages';
import {
  filledChoices,
  hasChoices,
  newQuestion,
  padChoices,
  STAR_SCALE,
  STAR_SHAPES,
  V1_TYPES,
  V2_TYPES,
  type DesignerQuestion,
  type QuestionTexts,
} from './request-form';
import { questionInput } from './request-inputs';
import { surveyLogicProblems } from './question-form';

import {
  CONDITION_OPS,
  type ConditionOp,
  type ConditionSet,
  type QuestionLogic,
} from '../../../../shared/survey-logic';

export const SURVEY_JSON_FORMAT = 'parley-survey';
// version 2 adds the newer question types and their settings; version 1 files still import
export const SURVEY_JSON_VERSION = 2;
const READS = [1, 2];
// the server's limits (api/src/modules/surveys/surveys.schemas.ts)
export const SURVEY_JSON_LIMITS = { questions: 100, choices: 50, title: 500, choice: 200 } as const;

export type SurveyJsonQuestion = ReturnType<typeof questionInput>;
export type SurveyJson = {
  format: typeof SURVEY_JSON_FORMAT;
  version: number;
  title?: string;
  // version 2: the language the texts are written in, and the languages the questions are translated into
  language?: string;
  languages?: string[];
  questions: SurveyJsonQuestion[];
};
/** What a file holds: its questions, the language they are written in and the languages added. */
export type SurveyJsonContent = { questions: DesignerQuestion[]; language: string; languages: string[] };

export class SurveyJsonError extends Error {}

export function surveyToJson(
  questions: readonly DesignerQuestion[],
  title?: string,
  languages: { language: string; added: string[] } = { language: 'en', added: [] },
): string {
  const translated = languages.added.length > 0 || languages.language !== 'en';
  const file: SurveyJson = {
    format: SURVEY_JSON_FORMAT,
    // a survey of the four old types in English only, without randomisation, stays version 1,
    // which every Parley reads
    version:
      questions.every((q) => V1_TYPES.includes(q.type) && !q.logic && !q.block && !q.shuffleOptions) && !translated
        ? 1
        : SURVEY_JSON_VERSION,
    ...(title?.trim() ? { title: title.trim() } : {}),
    ...(translated ? { language: languages.language, languages: languages.added } : {}),
    questions: questions.map(questionInput),
  };
  return JSON.stringify(file, null, 2) + '\n';
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const list = (values: readonly string[]) => values.map((v) => `"${v}"`).join(', ');

function checkKeys(place: string, value: Record<string, unknown>, allowed: readonly string[]) {
  const extra = Object.keys(value).find((key) => !allowed.includes(key));
  if (extra !== undefined) throw new SurveyJsonError(`${place}: unknown field "${extra}" (allowed: ${list(allowed)}).`);
}

function text(place: string, value: unknown, max: number): string {
  if (typeof value !== 'string' || !value.trim()) throw new SurveyJsonError(`${place}: must be a non-empty text.`);
  if (value.trim().length > max) throw new SurveyJsonError(`${place}: must be at most ${max} characters.`);
  return value.trim();
}

function textList(place: string, value: unknown, what: string): string[] {
  if (!Array.isArray(value) || value.length === 0)
    throw new SurveyJsonError(`${place}: must be a list of at least one ${what}.`);
  if (value.length > SURVEY_JSON_LIMITS.choices) {
    throw new SurveyJsonError(`${place}: at most ${SURVEY_JSON_LIMITS.choices} ${what}s.`);
  }
  const texts = value.map((c, i) => text(`${place}[${i}]`, c, SURVEY_JSON_LIMITS.choice));
  const twice = texts.findIndex((c, i) => texts.indexOf(c) !== i);
  if (twice !== -1) throw new SurveyJsonError(`${place}[${twice}]: "${texts[twice]}" is listed twice.`);
  return texts;
}

function bound(place: string, value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new SurveyJsonError(`${place}: must be a number.`);
  return String(value);
}

/** The settings of a version 2 type: required, a number's range and unit, a matrix's rows. */
function newerSettings(place: string, type: QuestionKind, value: Record<string, unknown>): Partial<DesignerQuestion> {
  const allowed = ['type', 'title', 'required'];
  if (hasChoices(type)) allowed.push('choices');
  if (type === 'number') allowed.push('min', 'max', 'unit');
  if (type === 'matrix') allowed.push('rows');
  checkKeys(place, value, allowed);
  if (value.required !== undefined && typeof value.required !== 'boolean') {
    throw new SurveyJsonError(`${place}.required: must be true or false.`);
  }
  const settings: Partial<DesignerQuestion> = { required: value.required !== false };
  if (type === 'number') {
    const [min, max] = [bound(`${place}.min`, value.min), bound(`${place}.max`, value.max)];
    if (min && max && Number(min) > Number(max)) throw new SurveyJsonError(`${place}.max: must not be below min.`);
    if (value.unit !== undefined && (typeof value.unit !== 'string' || value.unit.length > 20)) {
      throw new SurveyJsonError(`${place}.unit: must be a text of at most 20 characters.`);
    }
    Object.assign(settings, { min, max, unit: (value.unit as string | undefined) ?? '' });
  }
  if (type === 'matrix') settings.rows = padChoices(textList(`${place}.rows`, value.rows, 'row'));
  return settings;
}

function conditionSet(place: string, value: unknown): ConditionSet {
  if (!isObject(value) || (value.match !== 'all' && value.match !== 'any') || !Array.isArray(value.conditions)) {
    throw new SurveyJsonError(`${place}: must be { "match": "all" or "any", "conditions": [...] }.`);
  }
  checkKeys(place, value, ['match', 'conditions']);
  const conditions = value.conditions.map((c: unknown, i) => {
    const at = `${place}.conditions[${i}]`;
    if (!isObject(c) || !Number.isInteger(c.question) || !CONDITION_OPS.includes(c.op as ConditionOp)) {
      throw new SurveyJsonError(
        `${at}: must name a question (its 0-based position) and an op (${list(CONDITION_OPS)}).`,
      );
    }
    checkKeys(at, c, ['question', 'op', 'values', 'min', 'max']);
    if (c.values !== undefined && (!Array.isArray(c.values) || c.values.some((v) => typeof v !== 'string'))) {
      throw new SurveyJsonError(`${at}.values: must be a list of texts.`);
    }
    for (const key of ['min', 'max'] as const) {
      if (c[key] !== undefined && typeof c[key] !== 'number')
        throw new SurveyJsonError(`${at}.${key}: must be a number.`);
    }
    return c as unknown as ConditionSet['conditions'][number];
  });
  return { match: value.match, conditions };
}

/** A question's logic (version 2): its display condition and skip; checked against the survey later. */
function logicOf(place: string, value: unknown): QuestionLogic | null {
  if (value === undefined || value === null) return null;
  if (!isObject(value)) throw new SurveyJsonError(`${place}: must be an object.`);
  checkKeys(place, value, ['showIf', 'skip']);
  const skip = value.skip;
  if (skip !== undefined && skip !== null) {
    if (!isObject(skip) || (skip.to !== 'end' && !Number.isInteger(skip.to))) {
      throw new SurveyJsonError(
        `${place}.skip: must be { "when": {...}, "to": a question's 0-based position or "end" }.`,
      );
    }
    checkKeys(`${place}.skip`, skip, ['when', 'to']);
  }
  return {
    showIf: value.showIf ? conditionSet(`${place}.showIf`, value.showIf) : null,
    skip: isObject(skip)
      ? { when: conditionSet(`${place}.skip.when`, skip.when), to: skip.to as number | 'end' }
      : null,
  };
}

// version 2 adds logic, randomisation and translations to any question: read apart from the type's own fields
const ANY_QUESTION_V2 = ['logic', 'block', 'shuffleOptions', 'translations'];

function question(place: string, value: unknown, version: number, languages: string[]): DesignerQuestion {
  const q = plainQuestion(
    place,
    isObject(value) && version === 2 ? withoutKeys(value, ANY_QUESTION_V2) : value,
    version,
  );
  if (!isObject(value) || version !== 2) return q;
  const translations = translationsOf(`${place}.translations`, value.translations, q, languages);
  return {
    ...q,
    logic: logicOf(`${place}.logic`, value.logic),
    ...orderOf(place, value),
    ...(translations ? { translations } : {}),
  };
}

const optionalText = (place: string, value: unknown, max: number): string => {
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string' || value.trim().length > max) {
    throw new SurveyJsonError(`${place}: must be a text of at most ${max} characters.`);
  }
  return value.trim();
};

/** A list parallel to the question's own choices or rows, as a map from each to its translation. */
function parallel(place: string, value: unknown, own: string[]): Record<string, string> {
  if (value === undefined || value === null) return {};
  if (!Array.isArray(value) || value.length !== own.length) {
    throw new SurveyJsonError(`${place}: must list ${own.length} texts, one for each of the question's own.`);
  }
  return Object.fromEntries(
    own.map((o, i) => [o, optionalText(`${place}[${i}]`, value[i], SURVEY_JSON_LIMITS.choice)]),
  );
}

/** A question's translations (version 2): one entry for each of the file's languages at most. */
function translationsOf(place: string, value: unknown, q: DesignerQuestion, languages: string[]) {
  if (value === undefined || value === null) return null;
  if (!Array.isArray(value)) throw new SurveyJsonError(`${place}: must be a list.`);
  const out: Record<string, QuestionTexts> = {};
  value.forEach((t: unknown, i) => {
    const at = `${place}[${i}]`;
    if (!isObject(t) || typeof t.language !== 'string' || !languages.includes(t.language) || out[t.language]) {
      throw new SurveyJsonError(`${at}.language: must be one of the file's languages (${list(languages)}), once.`);
    }
    checkKeys(at, t, ['language', 'title', 'choices', 'rows', 'unit']);
    out[t.language] = {
      title: optionalText(`${at}.title`, t.title, SURVEY_JSON_LIMITS.title),
      choices: parallel(`${at}.choices`, t.choices, hasChoices(q.type) ? filledChoices(q.choices) : []),
      rows: parallel(`${at}.rows`, t.rows, q.type === 'matrix' ? filledChoices(q.rows) : []),
      unit: optionalText(`${at}.unit`, t.unit, 20),
    };
  });
  return out;
}

/** The file's language and added languages (version 2; a file without them is in English). */
function languagesOf(file: Record<string, unknown>): { language: string; languages: string[] } {
  const language = file.language ?? 'en';
  const languages = file.languages ?? [];
  if (typeof language !== 'string' || !isKnownLanguage(language)) {
    throw new SurveyJsonError(`language: must be a known BCP 47 code such as en or ar.`);
  }
  if (
    !Array.isArray(languages) ||
    languages.some((l) => typeof l !== 'string' || !isKnownLanguage(l) || l === language) ||
    new Set(languages).size !== languages.length
  ) {
    throw new SurveyJsonError(`languages: must list known BCP 47 codes other than ${language}, each once.`);
  }
  return { language, languages: languages as string[] };
}

/** A question's randomisation (version 2): a block starting at it, its choices shuffled. */
function orderOf(place: string, value: Record<string, unknown>): Pick<DesignerQuestion, 'block' | 'shuffleOptions'> {
  const { block, shuffleOptions } = value;
  if (block !== undefined && block !== null) {
    if (!isObject(block) || typeof block.shuffle !== 'boolean') {
      throw new SurveyJsonError(`${place}.block: must be { "shuffle": true or false }.`);
    }
    checkKeys(`${place}.block`, block, ['shuffle']);
  }
  if (shuffleOptions !== undefined && typeof shuffleOptions !== 'boolean') {
    throw new SurveyJsonError(`${place}.shuffleOptions: must be true or false.`);
  }
  return {
    block: isObject(block) ? { shuffle: block.shuffle as boolean } : null,
    shuffleOptions: shuffleOptions === true,
  };
}

const withoutKeys = (value: Record<string, unknown>, keys: readonly string[]) =>
  Object.fromEntries(Object.entries(value).filter(([k]) => !keys.includes(k)));

function plainQuestion(place: string, value: unknown, version: number): DesignerQuestion {
  if (!isObject(value)) throw new SurveyJsonError(`${place}: must be an object.`);
  const type = value.type as QuestionKind;
  const types = version === 1 ? V1_TYPES : [...V1_TYPES, ...V2_TYPES];
  if (!types.includes(type)) throw new SurveyJsonError(`${place}.type: must be one of ${list(types)}.`);
  const title = text(`${place}.title`, value.title, SURVEY_JSON_LIMITS.title);
  if (type === 'stars') {
    checkKeys(place, value, ['type', 'title', 'scale', 'shape']);
    const { scale, shape } = value;
    if (!Number.isInteger(scale) || (scale as number) < STAR_SCALE.min || (scale as number) > STAR_SCALE.max) {
      throw new SurveyJsonError(`${place}.scale: must be a whole number from ${STAR_SCALE.min} to ${STAR_SCALE.max}.`);
    }
    if (!STAR_SHAPES.includes(shape as StarShape))
      throw new SurveyJsonError(`${place}.shape: must be one of ${list(STAR_SHAPES)}.`);
    return { ...newQuestion(type), title, scale: scale as number, shape: shape as StarShape };
  }
  const settings = V1_TYPES.includes(type)
    ? (checkKeys(place, value, ['type', 'title', 'choices']), {})
    : newerSettings(place, type, value);
  const choices = hasChoices(type) ? padChoices(textList(`${place}.choices`, value.choices, 'choice')) : undefined;
  return { ...newQuestion(type), title, ...settings, ...(choices ? { choices } : {}) };
}

/** The questions of a survey JSON file, ready for the designer; throws SurveyJsonError. */
export function parseSurveyJson(source: string): DesignerQuestion[] {
  return parseSurveyFile(source).questions;
}

/** A survey JSON file's questions and languages, ready for the designer; throws SurveyJsonError. */
export function parseSurveyFile(source: string): SurveyJsonContent {
  let file: unknown;
  try {
    file = JSON.parse(source);
  } catch (error) {
    throw new SurveyJsonError(`The file is not JSON: ${(error as Error).message}`);
  }
  if (!isObject(file) || file.format !== SURVEY_JSON_FORMAT) {
    throw new SurveyJsonError(`format: must be "${SURVEY_JSON_FORMAT}" (this is not a survey exported from Parley).`);
  }
  if (!READS.includes(file.version as number)) {
    throw new SurveyJsonError(
      `version: ${JSON.stringify(file.version)} is not supported; this app reads versions ${READS.join(' and ')}.`,
    );
  }
  checkKeys('the file', file, [
    'format',
    'version',
    'title',
    'questions',
    ...(file.version === 2 ? ['language', 'languages'] : []),
  ]);
  const { language, languages } = languagesOf(file);
  const { questions } = file;
  if (!Array.isArray(questions) || questions.length === 0)
    throw new SurveyJsonError('questions: must be a list of at least one question.');
  if (questions.length > SURVEY_JSON_LIMITS.questions) {
    throw new SurveyJsonError(`questions: a survey has at most ${SURVEY_JSON_LIMITS.questions} questions.`);
  }
  const parsed = questions.map((q, i) => question(`questions[${i}]`, q, file.version as number, languages));
  const [problem] = surveyLogicProblems(parsed);
  if (problem) throw new SurveyJsonError(`questions[${problem.index}].logic: ${problem.message}`);
  return { questions: parsed, language, languages };
}
