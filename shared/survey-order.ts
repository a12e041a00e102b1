// Survey randomisation (survey format 2, docs/survey-json.md): blocks of questions shown in a
// random order, and choices shown in a random order. One pure module: the designer checks a survey
// with it, the participant app orders the questions with it, and the server checks the order a
// participant says they saw, so the three cannot disagree.
import type { ConditionSet, QuestionLogic } from './survey-logic';

/** A question that starts a block: the block runs until the next question that starts one. */
export type QuestionBlock = { shuffle: boolean };
/** What randomisation needs of a question: its id, title, type, choices and switches. */
export type OrderQuestion = {
  id: string;
  title: string;
  type: string;
  options: string[];
  block?: QuestionBlock | null;
  shuffleOptions?: boolean | null;
};
/** The order one participant saw: every question id, and the choices of the questions that shuffle them. */
export type Presented = { questions: string[]; options: Record<string, string[]> };
export type Block = { start: number; end: number; shuffle: boolean };

// closed questions whose choices have no order of their own (a rating scale, NPS or a matrix's
// columns keep theirs)
export const SHUFFLE_OPTION_TYPES = ['dropdown', 'radios', 'checkboxes', 'ranking'];

/** The survey's blocks in order, [start, end) by position; questions before the first block
 * start form a block of their own, never shuffled. */
export function blocksOf(questions: readonly Pick<OrderQuestion, 'block'>[]): Block[] {
  const blocks: Block[] = [];
  questions.forEach((q, i) => {
    if (i === 0 || q.block) blocks.push({ start: i, end: i + 1, shuffle: Boolean(q.block?.shuffle) });
    else blocks[blocks.length - 1].end = i + 1;
  });
  return blocks;
}

export const shufflesOptions = (q: Pick<OrderQuestion, 'type' | 'shuffleOptions'>): boolean =>
  Boolean(q.shuffleOptions) && SHUFFLE_OPTION_TYPES.includes(q.type);

/** Whether anything in the survey is shown in a random order. */
export const isRandomised = (questions: readonly Pick<OrderQuestion, 'type' | 'block' | 'shuffleOptions'>[]) =>
  questions.some((q) => q.block?.shuffle || shufflesOptions(q));

// A small seeded generator (FNV-1a of the seed, then mulberry32): the same participant and survey
// always get the same order, different participants different ones. Not cryptographic: an order
// is no secret, and the seed is hashed before it is used.
function generator(seed: string): () => number {
  let h = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) h = Math.imul(h ^ seed.charCodeAt(i), 0x01000193);
  let state = h >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffled<T>(list: readonly T[], next: () => number): T[] {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** The order a participant sees, from a seed of their own (the participant app: device and request). */
export function presentedOrder(questions: readonly OrderQuestion[], seed: string): Presented {
  const next = generator(seed);
  const order = blocksOf(questions).flatMap((b) => {
    const ids = questions.slice(b.start, b.end).map((q) => q.id);
    return b.shuffle ? shuffled(ids, next) : ids;
  });
  const options: Record<string, string[]> = {};
  for (const q of questions) if (shufflesOptions(q)) options[q.id] = shuffled(q.options, next);
  return { questions: order, options };
}

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && new Set(a).size === a.length && a.every((x) => b.includes(x));

/**
 * What is wrong with an order a participant says they saw, naming the question: every question
 * once, each within its block (in the designed order unless the block shuffles), and the choices of
 * exactly the questions that shuffle them, each a permutation of its choices. Null: it is sound.
 */
export function orderProblem(questions: readonly OrderQuestion[], presented: Presented): string | null {
  const name = (id: string) => {
    const q = questions.find((x) => x.id === id);
    return q ? `"${q.title}"` : `question ${id}, which is not in this survey,`;
  };
  for (const b of blocksOf(questions)) {
    const ids = questions.slice(b.start, b.end).map((q) => q.id);
    const shown = presented.questions.slice(b.start, b.end);
    const stray = shown.find((id) => !ids.includes(id)) ?? ids.find((id) => !shown.includes(id));
    if (stray !== undefined) return `presented.questions: ${name(stray)} is not where its block is shown`;
    const twice = shown.find((id, i) => shown.indexOf(id) !== i);
    if (twice !== undefined) return `presented.questions: ${name(twice)} is shown twice`;
    const moved = ids.find((id, i) => !b.shuffle && shown[i] !== id);
    if (moved !== undefined) return `presented.questions: ${name(moved)} is in a block that is not shuffled`;
  }
  if (presented.questions.length !== questions.length) {
    return `presented.questions: the survey has ${questions.length} questions, not ${presented.questions.length}`;
  }
  for (const id of Object.keys(presented.options)) {
    const q = questions.find((x) => x.id === id);
    if (!q || !shufflesOptions(q)) return `presented.options: ${name(id)} does not shuffle its choices`;
    if (!sameSet(presented.options[id], q.options)) {
      return `presented.options: the choices of "${q.title}" shown are not its choices, each once`;
    }
  }
  const missing = questions.find((q) => shufflesOptions(q) && !presented.options[q.id]);
  return missing ? `presented.options: "${missing.title}" shuffles its choices: send the order shown` : null;
}

const PIPE = /\{\{\s*q(\d+)\s*\}\}/g;
const looksAt = (set: ConditionSet | null | undefined) => (set?.conditions ?? []).map((c) => c.question);

/**
 * Where randomisation and logic cannot go together, each naming its question (1-based). A shuffled
 * block's questions may come in any order, so none of them may depend on another of the same block
 * (display condition, skip condition, piped title); only a block's last question may skip (a skip
 * jumps over the questions after it by position, which a shuffle could show before it); and a skip
 * may not land inside a shuffled block (only on its first question). Blocks themselves keep their
 * order, so logic across blocks holds in every order a participant can see.
 */
export function randomisationProblems(
  questions: readonly (Omit<OrderQuestion, 'id' | 'options'> & { logic?: QuestionLogic | null })[],
): { index: number; message: string }[] {
  const problems: { index: number; message: string }[] = [];
  const blocks = blocksOf(questions);
  const blockAt = (i: number) => blocks.find((b) => i >= b.start && i < b.end)!;
  questions.forEach((q, i) => {
    const say = (message: string) => problems.push({ index: i, message: `Question ${i + 1}: ${message}` });
    if (q.shuffleOptions && !SHUFFLE_OPTION_TYPES.includes(q.type)) {
      say('only dropdown, radio, checkbox and ranking questions can shuffle their choices.');
    }
    const skip = q.logic?.skip;
    if (skip && skip.to !== 'end' && blockAt(skip.to)?.shuffle && blockAt(skip.to).start !== skip.to) {
      say(`its skip lands inside a shuffled block: go to its first question (${blockAt(skip.to).start + 1}).`);
    }
    const block = blockAt(i);
    if (!block.shuffle) return;
    const inBlock = (j: number) => j !== i && j >= block.start && j < block.end;
    const refs = [...looksAt(q.logic?.showIf), ...looksAt(skip?.when)];
    for (const [, n] of q.title.matchAll(PIPE)) refs.push(Number(n) - 1);
    const same = refs.find(inBlock);
    if (same !== undefined) {
      say(`its logic uses question ${same + 1} of the same shuffled block, which may be shown after it.`);
    }
    if (skip && i !== block.end - 1) say('in a shuffled block only the last question may skip.');
  });
  return problems;
}
