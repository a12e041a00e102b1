import { AppError, badInput } from '../../shared/errors';
import { isPersonal, isV1Type } from './survey-question.entity';
import type { AnswerInput } from './surveys.schemas';
import { asInput, choicesOf, logicQuestion, matrixLabel, type QuestionView } from './surveys.views';
import { shownQuestions, type LogicAnswer } from '../../../../shared/survey-logic';
import { isRandomised, orderProblem, type OrderQuestion, type Presented } from '../../../../shared/survey-order';

/** One option a submission chooses; a ranking answer gives each option its place. */
export type Chosen = { optionId: string; rank: number | null };

export type SurveySubmission = {
  answers: AnswerInput[];
  // the personal questions (text, number, date) answered inside the encrypted data
  personal: string[];
  // the survey format the client knows: 1 (the four old types only) or 2
  version: 1 | 2;
  // the order the participant saw (survey format 2, randomised surveys)
  presented?: Presented | null;
};

const orderQuestion = (q: QuestionView): OrderQuestion => ({
  id: q.id,
  title: q.title,
  type: q.type,
  options: choicesOf(q),
  block: q.settings?.block ?? null,
  shuffleOptions: q.settings?.shuffleOptions ?? false,
});

/**
 * Checks the order a participant saw: a version 2 client answering a randomised survey sends it,
 * and it must be one the survey can show (shared/survey-order.ts); a version 1 client shows the
 * designed order and sends none. A problem is a 400 naming the question.
 */
export function checkPresented(questions: QuestionView[], input: SurveySubmission): void {
  const ordered = questions.map(orderQuestion);
  if (!input.presented) {
    if (input.version === 2 && isRandomised(ordered)) {
      throw badInput('presented: this survey shows its questions or choices in a random order: send the order shown');
    }
    return;
  }
  const problem = orderProblem(ordered, input.presented);
  if (problem) throw badInput(problem);
}

export const updateRequired = (types: string[]) =>
  new AppError(
    'CLIENT_UPDATE_REQUIRED',
    `This survey uses question types this app does not know (${types.join(', ')}): update the app (clients that know them send surveyVersion=2)`,
  );

/** Refuses a version-1 client a survey with any of the newer types (a 409 telling it to update). */
export function assertClientKnows(questions: QuestionView[], version: 1 | 2): void {
  if (version === 2) return;
  const newer: string[] = [...new Set(questions.filter((q) => !isV1Type(q.type)).map((q) => q.type))];
  if (questions.some((q) => q.settings?.logic)) newer.push('logic');
  if (newer.length) throw updateRequired(newer);
}

/** Whether a question must be answered: the old types always (stars may come later), the newer
 * ones unless the designer made them optional. */
export const isRequired = (q: QuestionView): boolean =>
  isV1Type(q.type) ? q.type !== 'stars' : q.settings?.required !== false;

/**
 * Checks a device's answers against the survey and returns the options they choose; nothing is
 * written. A problem is a 400 naming the question.
 */
export function checkSurveyAnswers(questions: QuestionView[], input: SurveySubmission): Chosen[] {
  assertClientKnows(questions, input.version);
  checkPresented(questions, input);
  const chosen: Chosen[] = [];
  const answered = new Set<string>();
  // the answers by position, as the logic reads them (a personal answer only counts as given)
  const given: LogicAnswer[] = questions.map(() => undefined);
  input.answers.forEach((a, i) => {
    const q = a.questionId ? questions.find((x) => x.id === a.questionId) : questions[a.index ?? -1];
    if (!q) throw badInput(`answers.${i}: no such question in this survey`);
    if (answered.has(q.id)) throw badInput(`answers.${i}: the question "${q.title}" is answered twice`);
    if (isPersonal(q.type)) {
      throw badInput(
        `answers.${i}: "${q.title}" is personal: encrypt its answer in encryptedData and list it in personal`,
      );
    }
    answered.add(q.id);
    given[q.position] = a.answer;
    chosen.push(...optionsChosen(q, a.answer, `answers.${i}`));
  });
  input.personal.forEach((id, i) => {
    const q = questions.find((x) => x.id === id);
    if (!q || !isPersonal(q.type)) throw badInput(`personal.${i}: not a personal question of this survey`);
    if (answered.has(q.id)) throw badInput(`personal.${i}: the question "${q.title}" is answered twice`);
    answered.add(q.id);
    given[q.position] = '';
  });
  const shown = shownQuestions(
    questions.map((q) => logicQuestion(asInput(q))),
    given,
  );
  const hidden = questions.find((q, i) => !shown[i] && answered.has(q.id));
  if (hidden) {
    throw badInput(`"${hidden.title}" is not shown to this participant by the survey's logic: leave it unanswered`);
  }
  const missing = questions.filter((q, i) => shown[i] && isRequired(q) && !answered.has(q.id));
  if (missing.length) throw badInput(`Answer every question; missing: ${missing.map((q) => q.title).join(', ')}`);
  return chosen;
}

/** The options one answer chooses, by the question's type. */
export function optionsChosen(q: QuestionView, answer: AnswerInput['answer'], path: string): Chosen[] {
  const byLabel = (label: string, shown = label): string => {
    const option = q.options.find((o) => o.label === label.trim());
    if (!option) throw badInput(`${path}: "${shown}" is not an option of "${q.title}"`);
    return option.id;
  };
  const one = (label: string, shown?: string): Chosen[] => [{ optionId: byLabel(label, shown), rank: null }];
  if (q.type === 'matrix') {
    if (typeof answer !== 'object' || Array.isArray(answer)) {
      throw badInput(`${path}: "${q.title}" takes one column per row ({ row: column })`);
    }
    const rows = q.settings?.rows ?? [];
    const extra = Object.keys(answer).find((row) => !rows.includes(row));
    if (extra !== undefined) throw badInput(`${path}: "${extra}" is not a row of "${q.title}"`);
    const unanswered = rows.filter((row) => answer[row] === undefined);
    if (unanswered.length)
      throw badInput(`${path}: answer every row of "${q.title}"; missing: ${unanswered.join(', ')}`);
    return rows.map((row, r) => ({ optionId: byLabel(matrixLabel(r, answer[row]), answer[row]), rank: null }));
  }
  if (typeof answer === 'object' && !Array.isArray(answer)) throw badInput(`${path}: "${q.title}" is not a matrix`);
  if (q.type === 'ranking') {
    const order = Array.isArray(answer) ? answer : [String(answer)];
    const ids = order.map((label) => byLabel(label));
    if (new Set(ids).size !== ids.length || ids.length !== q.options.length) {
      throw badInput(`${path}: rank every choice of "${q.title}" once`);
    }
    return ids.map((optionId, i) => ({ optionId, rank: i + 1 }));
  }
  if (q.type === 'checkboxes') {
    const list = Array.isArray(answer) ? answer : [String(answer)];
    const ids = list.map((label) => byLabel(label));
    if (new Set(ids).size !== ids.length) throw badInput(`${path}: a box is ticked twice`);
    return ids.map((optionId) => ({ optionId, rank: null }));
  }
  if (Array.isArray(answer)) throw badInput(`${path}: "${q.title}" takes one answer`);
  if (q.type === 'stars' || q.type === 'nps') {
    const [low, high] = q.type === 'nps' ? [0, 10] : [1, q.scale ?? 0];
    const n = typeof answer === 'number' ? answer : /^\d+$/.test(answer.trim()) ? Number(answer) : NaN;
    if (!Number.isInteger(n) || n < low || n > high)
      throw badInput(`${path}: a rating of "${q.title}" is ${low} to ${high}`);
    return one(String(n));
  }
  return one(String(answer));
}
