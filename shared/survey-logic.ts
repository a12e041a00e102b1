// Survey logic (survey format 2, docs/survey-json.md): display conditions, skips and piping. One
// pure module: the designer checks a survey with it, the participant app decides what to show with
// it, and the server checks a submission against it, so the three cannot disagree.

import { PIPE } from './survey-pipes';

export type ConditionOp = 'equals' | 'one_of' | 'range';
/** An earlier closed answer compared: `question` is its 0-based position in the survey. */
export type Condition = { question: number; op: ConditionOp; values?: string[]; min?: number; max?: number };
export type ConditionSet = { match: 'all' | 'any'; conditions: Condition[] };
export type Skip = { when: ConditionSet; to: number | 'end' };
export type QuestionLogic = { showIf?: ConditionSet | null; skip?: Skip | null };

/** What logic needs of a question: its type, its answer options and its logic. */
export type LogicQuestion = { type: string; title: string; options: string[]; logic: QuestionLogic | null };
/** An answer as the participant gave it: a choice, ticked choices, a rating, a matrix or a ranking. */
export type LogicAnswer = string | number | string[] | Record<string, string> | null | undefined;

// the types an earlier answer can be compared on
export const CONDITION_SOURCES = ['dropdown', 'radios', 'checkboxes', 'stars', 'nps'];
export const CONDITION_OPS: ConditionOp[] = ['equals', 'one_of', 'range'];

function holds(c: Condition, answer: LogicAnswer): boolean {
  if (answer === null || answer === undefined) return false;
  if (c.op === 'range') {
    const n = typeof answer === 'number' ? answer : Number(answer);
    return Number.isFinite(n) && n >= (c.min ?? -Infinity) && n <= (c.max ?? Infinity);
  }
  const given = Array.isArray(answer) ? answer : [String(answer)];
  const wanted = c.op === 'equals' ? (c.values ?? []).slice(0, 1) : (c.values ?? []);
  return given.some((g) => wanted.includes(g));
}

export function conditionsHold(set: ConditionSet, answers: readonly LogicAnswer[]): boolean {
  const results = set.conditions.map((c) => holds(c, answers[c.question]));
  return set.match === 'all' ? results.every(Boolean) : results.some(Boolean);
}

/**
 * Which questions a participant is shown, given their answers by position: in order, a question is
 * shown unless an earlier shown question's skip jumped over it or its display condition fails. The
 * answer of a question not shown counts as none.
 */
export function shownQuestions(questions: readonly LogicQuestion[], answers: readonly LogicAnswer[]): boolean[] {
  const shown: boolean[] = [];
  const seen: LogicAnswer[] = [];
  let skipUntil = -1;
  questions.forEach((q, i) => {
    const visible = i >= skipUntil && (!q.logic?.showIf || conditionsHold(q.logic.showIf, seen));
    shown.push(visible);
    seen.push(visible ? answers[i] : undefined);
    const skip = q.logic?.skip;
    if (visible && skip && conditionsHold(skip.when, seen)) {
      skipUntil = Math.max(skipUntil, skip.to === 'end' ? questions.length : skip.to);
    }
  });
  return shown;
}

/** A title with {{qN}} replaced by the participant's answer to question N (blank when none). */
export function pipeTitle(title: string, answers: readonly LogicAnswer[]): string {
  return title.replace(PIPE, (_, n: string) => {
    const answer = answers[Number(n) - 1];
    if (answer === null || answer === undefined) return '…';
    if (Array.isArray(answer)) return answer.join(', ');
    if (typeof answer === 'object') return Object.values(answer).join(', ');
    return String(answer);
  });
}

/**
 * The problems of a survey's logic, each naming its question (1-based): a condition or pipe on a
 * later, missing or unusable question, a value that is not an option, a skip backwards or nowhere.
 * A skip only goes forward and a condition only looks back, so logic can never loop.
 */
export function logicProblems(questions: readonly LogicQuestion[]): { index: number; message: string }[] {
  const problems: { index: number; message: string }[] = [];
  questions.forEach((q, i) => {
    const say = (message: string) => problems.push({ index: i, message: `Question ${i + 1}: ${message}` });
    // a display condition looks at earlier questions; a skip may also look at its own answer
    const checkSet = (set: ConditionSet, what: string, last: number) => {
      if (!set.conditions.length) say(`its ${what} needs at least one condition.`);
      for (const c of set.conditions) {
        const source = questions[c.question];
        if (!source || c.question > last) {
          say(
            `its ${what} must look at ${what === 'skip' ? 'this or an' : 'an'} earlier question (not question ${c.question + 1}).`,
          );
          continue;
        }
        if (!CONDITION_SOURCES.includes(source.type)) {
          say(`its ${what} looks at question ${c.question + 1}, whose answers cannot be compared.`);
          continue;
        }
        if (c.op === 'range') {
          if (c.min === undefined && c.max === undefined) say(`its ${what} needs a range.`);
          else if (c.min !== undefined && c.max !== undefined && c.min > c.max) say(`its ${what} has an empty range.`);
          continue;
        }
        const missing = (c.values ?? []).filter((v) => !source.options.includes(v));
        if (!c.values?.length) say(`its ${what} needs a value.`);
        else if (missing.length) say(`"${missing[0]}" is not an answer of question ${c.question + 1}.`);
      }
    };
    if (q.logic?.showIf) checkSet(q.logic.showIf, 'display condition', i - 1);
    if (q.logic?.skip) {
      checkSet(q.logic.skip.when, 'skip', i);
      const to = q.logic.skip.to;
      if (to !== 'end' && (!Number.isInteger(to) || to <= i + 1 || to >= questions.length)) {
        say('a skip must go to a later question (not the next one) or to the end.');
      }
    }
    for (const [, n] of q.title.matchAll(PIPE)) {
      if (Number(n) < 1 || Number(n) > i) say(`its title pipes question ${n}, which does not come before it.`);
    }
  });
  return problems;
}
