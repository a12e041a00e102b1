import { z } from 'zod';
import { CONDITION_OPS, logicProblems, type QuestionLogic } from '../../../../shared/survey-logic';
import { randomisationProblems } from '../../../../shared/survey-order';
import { logicQuestion } from './surveys.views';
import { trimmed } from '../../shared/validation';
import {
  isPersonal,
  isV1Type,
  QUESTION_TYPES,
  STAR_SCALE,
  STAR_SHAPES,
  type QuestionSettings,
  type QuestionType,
  type StarShape,
} from './survey-question.entity';
import { questionTranslations, questionTranslationsSchema, type QuestionTranslations } from './survey-translations';

export const NO_CHOICE_MESSAGE = 'You are required to have at least one choice.';
const MAX_QUESTIONS = 100;
const MAX_CHOICES = 50;

/** A validated question: choices for the choice types; scale and shape for a star rating;
 * settings (required, range and unit, matrix rows) for the newer types, null for the four old ones. */
export type QuestionInput = {
  type: QuestionType;
  title: string;
  choices: string[];
  scale: number | null;
  shape: StarShape | null;
  settings: QuestionSettings | null;
  // its texts in the survey's other languages (issue 30); null: none
  translations?: QuestionTranslations | null;
};

const choiceList = z.array(z.string().max(200, 'A choice must be at most 200 characters')).max(MAX_CHOICES);
const MAX_ROWS = 30;
// a matrix cell's option label is "<row index>:<column>": a column leaves room for the prefix
const MATRIX_COLUMN_MAX = 100;

const cleanList = (list: string[] | undefined) => (list ?? []).map((c) => c.trim()).filter((c) => c.length > 0);

/** Choices (or matrix columns) of a question: at least one, all different. */
function checkedChoices(list: string[] | undefined, ctx: z.RefinementCtx, path = 'choices'): string[] {
  const choices = cleanList(list);
  if (!choices.length) ctx.addIssue({ code: 'custom', path: [path], message: NO_CHOICE_MESSAGE });
  if (new Set(choices).size !== choices.length) {
    ctx.addIssue({ code: 'custom', path: [path], message: 'Choices of a question must all be different' });
  }
  return choices;
}

const conditionSet = z.strictObject({
  match: z.enum(['all', 'any']).describe('all: every condition holds; any: one does'),
  conditions: z
    .array(
      z.strictObject({
        question: z.number().int().min(0).max(MAX_QUESTIONS).describe('an earlier question, by 0-based position'),
        op: z.enum(CONDITION_OPS).describe('equals (values[0]), one_of (values), range (min..max, stars and nps)'),
        values: z.array(z.string().max(200)).max(MAX_CHOICES).optional().describe('equals, one_of: answers'),
        min: z.number().finite().optional().describe('range: the lowest rating'),
        max: z.number().finite().optional().describe('range: the highest rating'),
      }),
    )
    .max(10)
    .describe('the conditions, at most 10'),
});
const logicSchema = z
  .strictObject({
    showIf: conditionSet.nullable().optional().describe('shown only when these conditions on earlier answers hold'),
    skip: z
      .strictObject({
        when: conditionSet.describe('when these conditions on earlier answers hold'),
        to: z
          .union([
            z.literal('end'),
            z.coerce.number().int().min(0).max(MAX_QUESTIONS).describe('a later question, by 0-based position'),
          ])
          .describe('a later position (0-based), or end'),
      })
      .nullable()
      .optional()
      .describe('after this question, jump to a later one (or the end) when the conditions hold'),
  })
  .describe('survey format 2: display condition and skip');

const newerSettings = {
  logic: logicSchema
    .nullable()
    .optional()
    .describe('survey format 2: display condition and skip (null or absent: always shown, no skip)'),
  block: z
    .strictObject({ shuffle: z.boolean().describe('whether its questions are shown in a random order') })
    .nullable()
    .optional()
    .describe('survey format 2: a block of questions starts here and runs to the next block start'),
  shuffleOptions: z
    .boolean()
    .optional()
    .describe('survey format 2: dropdown, radios, checkboxes and ranking show their choices in a random order'),
  required: z.boolean().optional().describe('the newer types: whether it must be answered (default true)'),
  min: z.number().finite().nullable().optional().describe('number: the smallest answer allowed'),
  max: z.number().finite().nullable().optional().describe('number: the largest answer allowed'),
  unit: z.string().trim().max(20, 'A unit is at most 20 characters').nullable().optional().describe('number: e.g. kg'),
  rows: z
    .array(z.string().max(200, 'A row must be at most 200 characters'))
    .max(MAX_ROWS)
    .optional()
    .describe('matrix: the rows, each answered on the shared scale of choices'),
  translations: questionTranslationsSchema
    .nullable()
    .optional()
    .describe(
      "the question's texts in the survey's added languages, one entry a language (choices and rows as many as its own)",
    ),
};

/** The settings of one of the newer types, checked; null for the four version-1 types. */
function settingsOf(
  q: { type: QuestionType } & Partial<Record<keyof typeof newerSettings, unknown>>,
  ctx: z.RefinementCtx,
) {
  const logic = (q.logic as QuestionLogic | null | undefined) ?? null;
  const hasLogic = Boolean(logic?.showIf || logic?.skip);
  // randomisation: kept only when switched on, so a survey without it stores what it did before
  const order = {
    ...(q.block ? { block: { shuffle: (q.block as { shuffle: boolean }).shuffle } } : {}),
    ...(q.shuffleOptions ? { shuffleOptions: true } : {}),
  };
  // the four old types carry settings only for their logic and randomisation
  if (isV1Type(q.type))
    return hasLogic || Object.keys(order).length ? { ...(hasLogic ? { logic } : {}), ...order } : null;
  const settings: QuestionSettings = { required: q.required !== false, ...(hasLogic ? { logic } : {}), ...order };
  if (q.type === 'number') {
    const min = typeof q.min === 'number' ? q.min : null;
    const max = typeof q.max === 'number' ? q.max : null;
    if (min !== null && max !== null && min > max) {
      ctx.addIssue({ code: 'custom', path: ['max'], message: 'The largest answer must not be below the smallest' });
    }
    Object.assign(settings, { min, max, unit: typeof q.unit === 'string' && q.unit ? q.unit : null });
  }
  if (q.type === 'matrix') {
    const rows = cleanList(q.rows as string[] | undefined);
    if (!rows.length) ctx.addIssue({ code: 'custom', path: ['rows'], message: 'A matrix needs at least one row' });
    if (new Set(rows).size !== rows.length) {
      ctx.addIssue({ code: 'custom', path: ['rows'], message: 'Rows of a matrix must all be different' });
    }
    settings.rows = rows;
  }
  return settings;
}

const questionFields = z.strictObject({
  type: z.enum(QUESTION_TYPES, { error: `type must be one of ${QUESTION_TYPES.join(', ')}` }),
  title: trimmed(500, 'Question title'),
  choices: choiceList.optional(),
  scale: z.coerce
    .number()
    .int('scale must be a whole number')
    .min(STAR_SCALE.min, `scale must be ${STAR_SCALE.min} to ${STAR_SCALE.max}`)
    .max(STAR_SCALE.max, `scale must be ${STAR_SCALE.min} to ${STAR_SCALE.max}`)
    .optional(),
  shape: z.enum(STAR_SHAPES, { error: `shape must be one of ${STAR_SHAPES.join(', ')}` }).optional(),
  ...newerSettings,
});

/**
 * A survey question as every client sends it after normalising: the designer's blank rows are
 * dropped here (trimmed empty choices), so "at least one choice" counts real ones.
 */
export const questionSchema = questionFields.transform((q, ctx): QuestionInput => {
  const question = typedQuestion(q, ctx);
  const translations = questionTranslations(
    q.translations ?? undefined,
    { choices: question.choices, rows: question.settings?.rows ?? [] },
    (issue) => ctx.addIssue({ code: 'custom', ...issue }),
  );
  return translations ? { ...question, translations } : question;
});

/** A question's type-specific part: choices, scale and shape, settings. */
function typedQuestion(q: z.output<typeof questionFields>, ctx: z.RefinementCtx): QuestionInput {
  const base = { type: q.type, title: q.title, choices: [] as string[], scale: null, shape: null };
  if (q.type === 'stars') {
    // a star rating's options are 1..scale; any leftover designer rows are ignored
    return {
      ...base,
      scale: q.scale ?? STAR_SCALE.default,
      shape: q.shape ?? 'star',
      settings: settingsOf(q, ctx),
    };
  }
  const settings = settingsOf(q, ctx);
  if (q.type === 'nps' || isPersonal(q.type)) return { ...base, settings };
  const choices = checkedChoices(q.choices, ctx);
  if (q.type === 'matrix' && choices.some((c) => c.length > MATRIX_COLUMN_MAX)) {
    ctx.addIssue({
      code: 'custom',
      path: ['choices'],
      message: `A matrix column is at most ${MATRIX_COLUMN_MAX} characters`,
    });
  }
  return { ...base, choices, settings };
}

export const questionsSchema = z
  .array(questionSchema)
  .min(1, 'A survey needs at least one question')
  .max(MAX_QUESTIONS, `A survey has at most ${MAX_QUESTIONS} questions`)
  .superRefine((questions, ctx) => {
    // no condition on a later or missing question, no skip backwards: checked as the designer does
    for (const problem of logicProblems(questions.map(logicQuestion))) {
      ctx.addIssue({ code: 'custom', path: [problem.index, 'logic'], message: problem.message });
    }
    // and no logic a shuffled block could break (shared/survey-order.ts, docs/survey-json.md)
    const ordered = questions.map((q) => ({ ...logicQuestion(q), ...q.settings, type: q.type, title: q.title }));
    for (const problem of randomisationProblems(ordered)) {
      ctx.addIssue({ code: 'custom', path: [problem.index, 'block'], message: problem.message });
    }
  });

/**
 * The legacy designer's shape: `options` is the list of choices, or `{ scale, shape }` for a star
 * rating. Mapped to questionSchema's input; `id` and `index` from a read-back are accepted and
 * ignored (the order of the list is the order of the questions).
 */
export const legacyQuestionSchema = z
  .strictObject({
    id: z.string().max(64).optional().describe('a read-back question id: accepted and ignored'),
    index: z
      .number()
      .int()
      .min(0)
      .optional()
      .describe('a read-back position: accepted and ignored (the list order counts)'),
    type: z
      .string()
      .max(20)
      .describe(`the question type: ${QUESTION_TYPES.join(', ')}`),
    title: z.string().max(1000).describe('the question, 1 to 200 characters (trimmed)'),
    options: z
      .union([
        choiceList.describe(
          `${QUESTION_TYPES.filter((t) => t !== 'stars').join(', ')}: the choices, in order (empty ones are dropped)`,
        ),
        z
          .strictObject({
            scale: z
              .union([z.number().describe('a whole number'), z.string().max(5).describe('the same as text, e.g. "5"')])
              .optional()
              .describe(`how many stars: ${STAR_SCALE.min} to ${STAR_SCALE.max} (default ${STAR_SCALE.default})`),
            shape: z
              .string()
              .max(10)
              .optional()
              .describe(`the symbol shown: ${STAR_SHAPES.join(', ')}`),
          })
          .describe('stars: the rating scale'),
      ])
      .optional()
      .describe('the choices (a list), or for stars { scale, shape }'),
    ...newerSettings,
  })
  .transform(({ type, title, options, id: _id, index: _index, ...settings }) =>
    Array.isArray(options) || options === undefined
      ? { type, title, choices: options, ...settings }
      : { type, title, scale: options.scale, shape: options.shape, ...settings },
  );

/** One answer as the phone sends it: the question (id or 0-based index) and the choice(s). */
export const answerSchema = z
  .strictObject({
    questionId: z
      .uuid('questionId must be a question id')
      .optional()
      .describe('the question (from getSurveyQuestions); send it or index, not both'),
    index: z
      .number()
      .int()
      .min(0)
      .max(1000)
      .optional()
      .describe("the question's position in the survey, from 0; send it or questionId, not both"),
    // dropdown/radios: one choice; checkboxes: a list of choices; stars: 1..scale
    answer: z
      .union([
        z
          .string()
          .max(200)
          .describe(
            'dropdown and radios: the chosen option\'s text; checkboxes: one ticked box\'s text; stars: the rating as digits ("4")',
          ),
        z
          .array(z.string().max(200))
          .min(1, 'Tick at least one box')
          .max(50)
          .describe('checkboxes only: the texts of the ticked boxes, each once (1 to 50)'),
        z
          .number()
          .int()
          .describe(
            'stars: the rating, a whole number from 1 to the question\'s scale (the usual form); nps: 0 to 10; for another type it is read as its digits (an option whose text is "3")',
          ),
        z
          .record(z.string().max(200), z.string().max(200))
          .describe("matrix (survey version 2): each row's text to the chosen column's text"),
      ])
      .describe(
        'the answer by question type: a string, a list of strings (checkboxes; ranking: every choice once, first place first), an integer (stars, nps) or an object (matrix)',
      ),
  })
  .refine((a) => (a.questionId === undefined) !== (a.index === undefined), {
    message: 'Name the question by questionId or by index',
  });
export type AnswerInput = z.output<typeof answerSchema>;

/** How many answers chose one option: the phone's getCount. */
export const countCommand = z.strictObject({
  questionId: z.uuid('questionId must be a question id').describe('the question'),
  responseAnswer: z.string().max(200).describe("one option's text (for stars, the rating as digits)"),
});
export type CountCommand = z.infer<typeof countCommand>;
