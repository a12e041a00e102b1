// A data set's analysis rule in the web app's words: the choices the uploader makes in the column
// set-up step (and later), and what a partner will and will not learn under them (CRYPTO.md s.5b).
import { MIN_GROUP_SIZE, type ColumnRole, type PartnerAccess } from '../../../../shared/wire-format';

export { MIN_GROUP_SIZE };
export type { PartnerAccess };

export const PARTNER_ACCESS_OPTIONS: { value: PartnerAccess; label: string; help: string }[] = [
  {
    value: 'matches',
    label: 'Matches (recommended)',
    help: 'Partners can compare and join with this set; their reports hold their own rows that match yours, with only the columns you share.',
  },
  {
    value: 'aggregates',
    label: 'Counts and aggregates only',
    help: 'Partners see counts, sums and averages of groups large enough, never a row.',
  },
  {
    value: 'full',
    label: 'Everything',
    help: 'Partners can get a report of this whole set with every column.',
  },
];

export type RuleColumn = { name: string; role: ColumnRole; shared: boolean; partnerRole?: string };

/** What partners in the room will and will not learn from a set under a rule, in plain words. */
export function partnerLearns(
  access: PartnerAccess,
  k: number,
  columns: readonly RuleColumn[],
): { will: string[]; wont: string[] } {
  const rows = `${k} of your rows`;
  if (access === 'full')
    return {
      will: [
        'Every row and every column of this data set, in a report of it alone.',
        `Counts and aggregates, as long as each covers at least ${rows}.`,
      ],
      wont: ['Anything from your other data sets.'],
    };
  const shared = columns.filter((c) => c.shared);
  const withheld = columns.filter((c) => !c.shared);
  // clear columns partners may group by or measure: shared ones, dimensions and metrics
  const values = columns
    .filter((c) => c.role === 'clear' && (c.shared || c.partnerRole === 'dimension' || c.partnerRole === 'metric'))
    .map((c) => c.name);
  const will = [
    `How many of their own rows match yours, as counts of at least ${rows}.`,
    values.length
      ? `Counts, sums and averages over groups of at least ${rows}, grouped by or measuring ${list(values)}.`
      : `Counts over groups of at least ${rows} (let them filter and group by, or sum, a clear column to allow more).`,
  ];
  if (access === 'matches')
    will.push(
      shared.length
        ? `For their rows that match yours: ${list(shared.map((c) => c.name))}.`
        : 'Which of their own rows match yours, and nothing of yours row by row (no column is shared).',
    );
  const wont = [
    access === 'matches'
      ? 'This data set alone, or any row of it that does not match theirs.'
      : 'Any row of this data set.',
    `Any count or aggregate covering fewer than ${rows} (it is suppressed), or whether one chosen person is in it.`,
  ];
  const sealed = withheld.filter((c) => c.role !== 'clear').map((c) => c.name);
  const clear = withheld
    .filter((c) => c.role === 'clear' && c.partnerRole !== 'dimension' && c.partnerRole !== 'metric')
    .map((c) => c.name);
  if (sealed.length)
    wont.push(`The values of ${list(sealed)}: sealed with a key only you hold, unless you approve a request for them.`);
  if (clear.length)
    wont.push(
      `The values of ${list(clear)}: stored in clear but never shown to partners, unless you approve a request for them.`,
    );
  return { will, wont };
}

/** The rule as a short label: `Partners: matches · k = 10`. */
export function ruleLabel(access: PartnerAccess | string, k: number): string {
  const words: Record<string, string> = { matches: 'matches', aggregates: 'counts only', full: 'everything' };
  return `Partners: ${words[access] ?? access} · k = ${k}`;
}

/** A k entered as text: an error message, or null when it is a whole number in range. */
export function minGroupSizeProblem(text: string): string | null {
  const k = Number(text);
  if (!/^\d+$/.test(text.trim()) || !Number.isSafeInteger(k) || k < MIN_GROUP_SIZE.min || k > MIN_GROUP_SIZE.max)
    return `A whole number from ${MIN_GROUP_SIZE.min} to ${MIN_GROUP_SIZE.max.toLocaleString('en-US')}`;
  return null;
}

const list = (items: readonly string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
