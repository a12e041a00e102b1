// The designer's rules for one question and the survey's logic, apart from request-form.ts so the
// wizard's first screen does not carry them: validation, the type labels and one-line summaries,
// and what logic refers to (the same check the server makes, shared/survey-logic.ts).
import type { QuestionKind } from '../../gql/types';
import { logicProblems, type ConditionSet } from '../../../../shared/survey-logic';
import { randomisationProblems } from '../../../../shared/survey-order';
import {
  blankChoices,
  boundOf,
  filledChoices,
  hasChoices,
  NO_CHOICE_MESSAGE,
  padChoices,
  STAR_SCALE,
  V2_TYPES,
  type DesignerQuestion,
} from './request-form';

export type QuestionErrors = { title?: string; choices?: string; scale?: string; range?: string; rows?: string };

export function validateQuestion(question: DesignerQuestion): QuestionErrors {
  const errors: QuestionErrors = {};
  if (!question.title.trim()) errors.title = 'The question needs a title.';
  if (question.type === 'stars') {
    if (!Number.isInteger(question.scale) || question.scale < STAR_SCALE.min || question.scale > STAR_SCALE.max) {
      errors.scale = `The scale is ${STAR_SCALE.min} to ${STAR_SCALE.max}.`;
    }
    return errors;
  }
  if (question.type === 'number') {
    const [min, max] = [boundOf(question.min), boundOf(question.max)];
    if (Number.isNaN(min) || Number.isNaN(max)) errors.range = 'The smallest and largest answers are numbers.';
    else if (min !== null && max !== null && min > max)
      errors.range = 'The largest answer must not be below the smallest.';
  }
  if (question.type === 'matrix') {
    const rows = filledChoices(question.rows);
    if (rows.length === 0) errors.rows = 'A matrix needs at least one row.';
    else if (new Set(rows).size !== rows.length) errors.rows = 'Each row must be different.';
  }
  if (!hasChoices(question.type)) return errors;
  const choices = filledChoices(question.choices);
  if (choices.length === 0) errors.choices = NO_CHOICE_MESSAGE;
  else if (new Set(choices).size !== choices.length) errors.choices = 'Each choice must be different.';
  return errors;
}

// What the designer stores after a valid save: title trimmed, blank choices dropped (rows padded
// back to the minimum for the next edit).
export function normaliseQuestion(question: DesignerQuestion): DesignerQuestion {
  const title = question.title.trim();
  if (!hasChoices(question.type)) return { ...question, title, choices: blankChoices(), unit: question.unit.trim() };
  return {
    ...question,
    title,
    choices: padChoices(filledChoices(question.choices)),
    rows: padChoices(filledChoices(question.rows)),
  };
}

export const QUESTION_TYPE_LABELS: Record<QuestionKind, string> = {
  dropdown: 'Dropdown',
  radios: 'Multiple Choice (Radio Button)',
  checkboxes: 'Checkboxes',
  stars: 'Star Rating',
  short_text: 'Short text',
  long_text: 'Long text',
  number: 'Number',
  date: 'Date',
  nps: 'Net Promoter Score (0 to 10)',
  matrix: 'Matrix (rows on one scale)',
  ranking: 'Ranking',
};

/** One line about a question's type and settings: the designer's list and the Preview step. */
export function describeQuestion(q: DesignerQuestion): string {
  const skip = q.logic?.skip;
  const logic =
    (q.logic?.showIf ? ' · shown only if…' : '') +
    (skip ? ` · may skip to ${skip.to === 'end' ? 'the end' : `question ${skip.to + 1}`}` : '');
  const order =
    (q.block ? (q.block.shuffle ? ' · starts a shuffled block' : ' · starts a block') : '') +
    (q.shuffleOptions ? ' · choices shuffled' : '');
  return describeType(q) + logic + order;
}

function describeType(q: DesignerQuestion): string {
  const label = QUESTION_TYPE_LABELS[q.type];
  const optional = V2_TYPES.includes(q.type) && !q.required ? ' (optional)' : '';
  if (q.type === 'stars') return `${QUESTION_TYPE_LABELS.stars}: ${q.scale} ${q.shape}s`;
  if (q.type === 'matrix') {
    return `${label}: ${filledChoices(q.rows).join(', ')} × ${filledChoices(q.choices).join(', ')}${optional}`;
  }
  if (q.type === 'number') {
    const range = [q.min.trim() || '…', q.max.trim() || '…'].join(' to ');
    return `${label}: ${range}${q.unit.trim() ? ` ${q.unit.trim()}` : ''}${optional}`;
  }
  if (!hasChoices(q.type)) return `${label}${optional}`;
  return `${label}: ${filledChoices(q.choices).join(', ')}${optional}`;
}

/** The answers a question offers to logic: its choices, ratings as digits. */
export function logicOptions(q: DesignerQuestion): string[] {
  if (q.type === 'stars') return Array.from({ length: q.scale }, (_, i) => String(i + 1));
  if (q.type === 'nps') return Array.from({ length: 11 }, (_, i) => String(i));
  return filledChoices(q.choices);
}

/** The survey's logic problems, each naming its question (the same check the server makes), and
 * where logic and a shuffled block do not go together (shared/survey-order.ts). */
export const surveyLogicProblems = (questions: readonly DesignerQuestion[]) => [
  ...logicProblems(questions.map((q) => ({ type: q.type, title: q.title, options: logicOptions(q), logic: q.logic }))),
  ...randomisationProblems(questions),
];

/** After question `removed` is deleted: references to later questions move up one; references to
 * it stay pointing at a question that no longer fits, so the designer flags them. */
export function withoutQuestion(questions: readonly DesignerQuestion[], removed: number): DesignerQuestion[] {
  const shift = (n: number) => (n > removed ? n - 1 : n === removed ? Number.MAX_SAFE_INTEGER : n);
  const moveSet = (set: ConditionSet): ConditionSet => ({
    ...set,
    conditions: set.conditions.map((c) => ({ ...c, question: shift(c.question) })),
  });
  return questions
    .filter((_, i) => i !== removed)
    .map((q) =>
      q.logic
        ? {
            ...q,
            logic: {
              showIf: q.logic.showIf ? moveSet(q.logic.showIf) : null,
              skip: q.logic.skip
                ? { when: moveSet(q.logic.skip.when), to: q.logic.skip.to === 'end' ? 'end' : shift(q.logic.skip.to) }
                : null,
            },
          }
        : q,
    );
}

/** Questions imported after `by` others: their logic's positions and {{qN}} pipes move along. */
export function movedBy(questions: readonly DesignerQuestion[], by: number): DesignerQuestion[] {
  if (!by) return [...questions];
  const piped = questions.map((q) => ({
    ...q,
    title: q.title.replace(/\{\{\s*q(\d+)\s*\}\}/g, (_, n: string) => `{{q${Number(n) + by}}}`),
  }));
  return shifted(piped, by);
}

function shifted(questions: readonly DesignerQuestion[], by: number): DesignerQuestion[] {
  const moveSet = (set: ConditionSet): ConditionSet => ({
    ...set,
    conditions: set.conditions.map((c) => ({ ...c, question: c.question + by })),
  });
  return questions.map((q) =>
    q.logic
      ? {
          ...q,
          logic: {
            showIf: q.logic.showIf ? moveSet(q.logic.showIf) : null,
            skip: q.logic.skip
              ? { when: moveSet(q.logic.skip.when), to: q.logic.skip.to === 'end' ? 'end' : q.logic.skip.to + by }
              : null,
          },
        }
      : q,
  );
}
