// The pure rules of fieldwork: who qualifies, which quotas an answer falls in, what an answer's
// quality flags are, and what a study pays per hour. The service feeds them rows; tests feed them values.

export type ScreenerRule = { questionId: string; qualifying: string[] };
export type QuotaRule = {
  id: string;
  name: string;
  questionId: string;
  options: string[];
  size: number;
  action: string;
};
// `options`: every option of the check's question, so a choice besides the expected ones fails it
export type CheckRule = { questionId: string; expected: string[]; options: string[] };
/** The option ids an answer chose (option ids are unique across questions). */
export type Chosen = Set<string>;

/** Speeding is judged once a request has this many timed answers. */
export const SPEEDING_MIN_ANSWERS = 10;
/** Faster than this share of the median completion time is speeding. */
export const SPEEDING_SHARE = 1 / 3;
/** A rejection on attention grounds needs at least this many failed checks. */
export const ATTENTION_FAILS_TO_REJECT = 2;
/** Straight-lining: at least this many matrix rows, all answered in the same column. */
export const STRAIGHT_LINE_MIN_ROWS = 3;

/** The first screener this answer does not qualify for (null: qualifies for all). */
export function failedScreener(screeners: ScreenerRule[], chosen: Chosen): ScreenerRule | null {
  return screeners.find((s) => !s.qualifying.some((o) => chosen.has(o))) ?? null;
}

/** The quotas this answer falls in: it chose one of the quota's options on the quota's question. */
export function quotasOf<Q extends QuotaRule>(quotas: Q[], chosen: Chosen): Q[] {
  return quotas.filter((q) => q.options.some((o) => chosen.has(o)));
}

/** How many attention checks the answer failed: one not answered exactly as instructed fails. */
export function failedChecks(checks: CheckRule[], chosen: Chosen): number {
  return checks.filter((c) => {
    const picked = c.options.filter((o) => chosen.has(o));
    return picked.length !== c.expected.length || c.expected.some((o) => !chosen.has(o));
  }).length;
}

/** Under a third of the median completion time, once the request has enough timed answers. */
export function isSpeeding(durationMs: number | null | undefined, median: number | null, timed: number): boolean {
  if (durationMs == null || median == null || timed < SPEEDING_MIN_ANSWERS) return false;
  return durationMs < median * SPEEDING_SHARE;
}

/**
 * Straight-lining on a matrix question: every row answered in the same column, on a matrix of at
 * least STRAIGHT_LINE_MIN_ROWS rows (fewer rows agree by chance too often). `rows` are the columns
 * chosen, one entry per row (the matrix answer's shape). A submission is flagged when any of its
 * matrices is straight-lined.
 */
export function isStraightLined(rows: readonly (string | number)[]): boolean {
  return rows.length >= STRAIGHT_LINE_MIN_ROWS && rows.every((c) => c === rows[0]);
}

/** How many screened-out participants may be paid: a share of the places, rounded down. */
export const screenOutCap = (places: number, share: number): number => Math.floor(places * share + 1e-9);

/** IPT per hour a bonus pays at a median completion time (null until there is one). */
export function hourlyReward(bonusEach: number, medianMs: number | null): number | null {
  if (!medianMs || medianMs <= 0) return null;
  return Math.round(((bonusEach * 3_600_000) / medianMs) * 100) / 100;
}

/**
 * The top-up that brings each approved participant to the minimum hourly rate at the median
 * time: whole IPT, rounded up (0 when the study already pays enough or has no median yet).
 */
export function topUpEach(bonusEach: number, medianMs: number | null, minHourly: number): number {
  if (!medianMs || medianMs <= 0) return 0;
  const fair = (minHourly * medianMs) / 3_600_000;
  return Math.max(0, Math.ceil(fair - bonusEach - 1e-9));
}

/**
 * Whether a requester may reject these responses: attention grounds need two failed checks on
 * each, and past the rejection share each rejection must say why (a reason of its own).
 */
export function rejectionProblem(input: {
  grounds: 'attention' | 'other';
  failedChecks: number[];
  rejectedBefore: number;
  rejecting: number;
  total: number;
  share: number;
  reasonGiven: boolean;
}): string | null {
  const few = input.failedChecks.findIndex((n) => n < ATTENTION_FAILS_TO_REJECT);
  if (input.grounds === 'attention' && few >= 0) {
    return `A rejection on attention grounds needs at least ${ATTENTION_FAILS_TO_REJECT} failed checks; response ${few + 1} failed ${input.failedChecks[few]}`;
  }
  const cap = Math.floor(input.total * input.share + 1e-9);
  if (!input.reasonGiven && input.rejectedBefore + input.rejecting > cap) {
    return `Rejecting more than ${Math.round(input.share * 100)}% of the responses (${cap} of ${input.total}) needs a reason to each participant`;
  }
  return null;
}
