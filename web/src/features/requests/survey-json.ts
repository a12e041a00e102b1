// A survey's questions as a JSON file (docs/survey-json.md): exported from the designer, imported
// into another survey's designer. Versioned; an invalid file is refused with a message that names
// the place (`questions[2].choices[1]`), and nothing is imported.
import type { QuestionKind, StarShape } from '../../gql/types';
import {
  blankChoices,
  padChoices,
  STAR_SCALE,
  STAR_SHAPES,
  type DesignerQuestion,
  filledChoices,
} from './request-form';

export const SURVEY_JSON_FORMAT = 'parley-survey';
export const SURVEY_JSON_VERSION = 1;
// the server's limits (api/src/modules/surveys/surveys.schemas.ts)
export const SURVEY_JSON_LIMITS = { questions: 100, choices: 50, title: 500, choice: 200 } as const;
const TYPES: QuestionKind[] = ['dropdown', 'radios', 'checkboxes', 'stars'];

export type SurveyJsonQuestion =
  | { type: Exclude<QuestionKind, 'stars'>; title: string; choices: string[] }
  | { type: 'stars'; title: string; scale: number; shape: StarShape };
export type SurveyJson = {
  format: typeof SURVEY_JSON_FORMAT;
  version: number;
  title?: string;
  questions: SurveyJsonQuestion[];
};

export class SurveyJsonError extends Error {}

export function surveyToJson(questions: readonly DesignerQuestion[], title?: string): string {
  const file: SurveyJson = {
    format: SURVEY_JSON_FORMAT,
    version: SURVEY_JSON_VERSION,
    ...(title?.trim() ? { title: title.trim() } : {}),
    questions: questions.map((q) =>
      q.type === 'stars'
        ? { type: 'stars', title: q.title.trim(), scale: q.scale, shape: q.shape }
        : { type: q.type, title: q.title.trim(), choices: filledChoices(q.choices) },
    ),
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

function question(place: string, value: unknown): DesignerQuestion {
  if (!isObject(value)) throw new SurveyJsonError(`${place}: must be an object.`);
  const type = value.type as QuestionKind;
  if (!TYPES.includes(type)) throw new SurveyJsonError(`${place}.type: must be one of ${list(TYPES)}.`);
  const title = text(`${place}.title`, value.title, SURVEY_JSON_LIMITS.title);
  if (type === 'stars') {
    checkKeys(place, value, ['type', 'title', 'scale', 'shape']);
    const { scale, shape } = value;
    if (!Number.isInteger(scale) || (scale as number) < STAR_SCALE.min || (scale as number) > STAR_SCALE.max) {
      throw new SurveyJsonError(`${place}.scale: must be a whole number from ${STAR_SCALE.min} to ${STAR_SCALE.max}.`);
    }
    if (!STAR_SHAPES.includes(shape as StarShape))
      throw new SurveyJsonError(`${place}.shape: must be one of ${list(STAR_SHAPES)}.`);
    return { type, title, choices: blankChoices(), scale: scale as number, shape: shape as StarShape };
  }
  checkKeys(place, value, ['type', 'title', 'choices']);
  const { choices } = value;
  if (!Array.isArray(choices) || choices.length === 0)
    throw new SurveyJsonError(`${place}.choices: must be a list of at least one choice.`);
  if (choices.length > SURVEY_JSON_LIMITS.choices) {
    throw new SurveyJsonError(`${place}.choices: at most ${SURVEY_JSON_LIMITS.choices} choices.`);
  }
  const texts = choices.map((c, i) => text(`${place}.choices[${i}]`, c, SURVEY_JSON_LIMITS.choice));
  const twice = texts.findIndex((c, i) => texts.indexOf(c) !== i);
  if (twice !== -1) throw new SurveyJsonError(`${place}.choices[${twice}]: "${texts[twice]}" is listed twice.`);
  return { type, title, choices: padChoices(texts), scale: STAR_SCALE.default, shape: 'star' };
}

/** The questions of a survey JSON file, ready for the designer; throws SurveyJsonError. */
export function parseSurveyJson(source: string): DesignerQuestion[] {
  let file: unknown;
  try {
    file = JSON.parse(source);
  } catch (error) {
    throw new SurveyJsonError(`The file is not JSON: ${(error as Error).message}`);
  }
  if (!isObject(file) || file.format !== SURVEY_JSON_FORMAT) {
    throw new SurveyJsonError(`format: must be "${SURVEY_JSON_FORMAT}" (this is not a survey exported from Parley).`);
  }
  if (file.version !== SURVEY_JSON_VERSION) {
    throw new SurveyJsonError(
      `version: ${JSON.stringify(file.version)} is not supported; this app reads version ${SURVEY_JSON_VERSION}.`,
    );
  }
  checkKeys('the file', file, ['format', 'version', 'title', 'questions']);
  const { questions } = file;
  if (!Array.isArray(questions) || questions.length === 0)
    throw new SurveyJsonError('questions: must be a list of at least one question.');
  if (questions.length > SURVEY_JSON_LIMITS.questions) {
    throw new SurveyJsonError(`questions: a survey has at most ${SURVEY_JSON_LIMITS.questions} questions.`);
  }
  return questions.map((q, i) => question(`questions[${i}]`, q));
}
