// The analysis rules of clean-room data sets (CRYPTO.md s.5b): what a member may learn from a set
// someone else uploaded (a "partner's" set). Pure functions over the sets' metadata: the services
// ask them before running anything and apply them to what comes out.
//
//   matches     Compare, Join counts and aggregates; a row-level report must join the set with one of
//               the caller's own sets and carries only the columns shared with partners
//   aggregates  Compare, Join counts and aggregates only: no row-level report involving the set
//   full        everything: the set alone, every column
// Under every rule, any count or aggregate covering fewer than k (minGroupSize) distinct rows of
// a partner's set is suppressed, and a row-level report covering fewer than k is refused. The
// uploader always has full access to their own set; being the room's owner gives no other right.
// An approved access request allows exactly one report beyond the rule.
//
// Column roles (wire-format.ts PARTNER_ROLES) narrow this further for partners: a comparison with a
// value, a grouping, an aggregate or a join on a column whose role does not allow it is refused
// with ANALYSIS_RULE naming the column. Under `full` the roles do not apply.
import { AppError } from '../../shared/errors';
import type { Dataset, DatasetColumn } from '../datasets/dataset.entity';
import { partnerRoleOf } from '../datasets/partner-roles';
import type { PartnerRole } from '../../../../shared/wire-format';

export type RuledSet = Pick<Dataset, 'id' | 'name' | 'partnerAccess' | 'minGroupSize' | 'columns'> & {
  uploadedBy: { id: string };
};

export const ruleError = (message: string, column?: { set: RuledSet; column: DatasetColumn }) =>
  new AppError(
    'ANALYSIS_RULE',
    message,
    column ? [{ path: column.column.name, message: `${column.set.name}: ${partnerRoleOf(column.column)}` }] : undefined,
  );

export const isPartnerSet = (set: RuledSet, userId: string) => set.uploadedBy.id !== userId;

/** Whether partners may see the values of a column (in their reports, as groups and measures). */
export const sharedWithPartners = (set: RuledSet, column: DatasetColumn) =>
  set.partnerAccess === 'full' || column.shared;

const quoted = (set: RuledSet) => `"${set.name}"`;

/**
 * The columns of `set` that `userId` receives in a row-level report: all of them for its uploader;
 * for a partner, the shared ones plus `extra` (the columns an approved access request named).
 */
export function reportColumns(set: RuledSet, userId: string, extra: readonly string[] = []): DatasetColumn[] {
  if (!isPartnerSet(set, userId)) return set.columns;
  return set.columns.filter((c) => sharedWithPartners(set, c) || extra.includes(c.name));
}

/** The columns a partner does not receive without asking. */
export const withheldColumns = (set: RuledSet, userId: string) =>
  isPartnerSet(set, userId) ? set.columns.filter((c) => !sharedWithPartners(set, c)) : [];

/**
 * Refuses a row-level report the rules do not allow (`approved`: an access request of the set's
 * uploader allows it). `sets` are the report's sets: one, or the two of a join.
 */
export function checkRowLevelReport(userId: string, sets: readonly RuledSet[], approved = false): void {
  if (approved) return;
  for (const set of sets) {
    if (!isPartnerSet(set, userId) || set.partnerAccess === 'full') continue;
    if (set.partnerAccess === 'aggregates')
      throw ruleError(
        `${quoted(set)} is shared for counts and aggregates only (rule "aggregates"): no row-level report of it. Request access to ask its uploader for one`,
      );
    const other = sets.find((s) => s !== set);
    if (!other)
      throw ruleError(
        `${quoted(set)} is shared for matches only (rule "matches"): a report must join it with one of your own data sets. Request access to report it alone`,
      );
    if (isPartnerSet(other, userId))
      throw ruleError(
        `${quoted(set)} is shared for matches only (rule "matches"): a report must join it with one of your own data sets, and ${quoted(other)} is not yours`,
      );
  }
}

/** A join-key leaf compared with a token literal tests one value: only under `full` for a partner. */
export function checkTokenLiteral(userId: string, set: RuledSet, column: DatasetColumn): void {
  if (!isPartnerSet(set, userId) || set.partnerAccess === 'full') return;
  throw ruleError(
    `${quoted(set)} allows no comparison of its column ${column.name} with a given value (rule "${set.partnerAccess}"): join it with a column of your own data set instead`,
  );
}

/** What a partner does with a column, and the roles that allow it. */
const USES = {
  filter: { roles: ['dimension', 'shared'], words: 'compared with a value (filtered on)' },
  group: { roles: ['dimension', 'shared'], words: 'grouped by' },
  aggregate: { roles: ['metric'], words: 'aggregated (sum, average, minimum, maximum)' },
  join: { roles: ['joinOnly', 'shared'], words: 'joined on' },
  countDistinct: { roles: ['joinOnly', 'shared'], words: 'counted distinct' },
} as const satisfies Record<string, { roles: readonly PartnerRole[]; words: string }>;
export type ColumnUse = keyof typeof USES;

const ROLE_WORDS: Record<PartnerRole, string> = {
  joinOnly: 'join only',
  dimension: 'a dimension',
  metric: 'a metric',
  shared: 'shared',
  private: 'private',
};

/**
 * Refuses a partner's use of a column its role does not allow (403 ANALYSIS_RULE naming the
 * column). The uploader may do anything with their own set; under `full`, so may partners.
 */
export function checkColumnUse(userId: string, set: RuledSet, column: DatasetColumn, use: ColumnUse): void {
  if (!isPartnerSet(set, userId) || set.partnerAccess === 'full') return;
  const role = partnerRoleOf(column);
  if ((USES[use].roles as readonly PartnerRole[]).includes(role)) return;
  throw ruleError(
    `The column ${column.name} of ${quoted(set)} is ${ROLE_WORDS[role]} for partners: it cannot be ${USES[use].words}. Request access to ask its uploader`,
    { set, column },
  );
}

/** Whether a partner's set lets `userId` join on a column (Compare uses its join keys the same way). */
export const joinable = (userId: string, set: RuledSet, column: DatasetColumn) =>
  !isPartnerSet(set, userId) ||
  set.partnerAccess === 'full' ||
  (USES.join.roles as readonly PartnerRole[]).includes(partnerRoleOf(column));

/**
 * Whether a count covering `rows` distinct rows of each set may go to `userId`: at least k rows of
 * every partner's set (`rows[i]` belongs to `sets[i]`).
 */
export function coversEnough(userId: string, sets: readonly RuledSet[], rows: readonly number[]): boolean {
  return sets.every((set, i) => !isPartnerSet(set, userId) || rows[i] >= set.minGroupSize);
}

export type OverlapCounts = { onlyA: number; both: number; onlyB: number };
export type SuppressedOverlap = {
  onlyA: number | null;
  both: number | null;
  onlyB: number | null;
  suppressed: boolean;
};

/**
 * Compare's counts (distinct tokens only in A, in both, only in B) as `userId` may receive them.
 * The three go together: a set's distinct count can be learnt (comparing it alone) and every
 * member knows their own, so any one of them would give the others away by subtraction. They are
 * suppressed together when a partner's set is covered by fewer than k in "both" or in its own
 * "only" count. One set alone (`b` null): its distinct count (onlyA), k of its own.
 */
export function suppressOverlap(
  userId: string,
  a: RuledSet,
  b: RuledSet | null,
  counts: OverlapCounts,
): SuppressedOverlap {
  const low =
    b === null
      ? isPartnerSet(a, userId) && counts.onlyA < a.minGroupSize
      : (isPartnerSet(a, userId) && Math.min(counts.both, counts.onlyA) < a.minGroupSize) ||
        (isPartnerSet(b, userId) && Math.min(counts.both, counts.onlyB) < b.minGroupSize);
  return low ? { onlyA: null, both: null, onlyB: null, suppressed: true } : { ...counts, suppressed: false };
}

export type Group<T> = { rows: readonly number[]; value: T };

/**
 * The groups of an aggregate `userId` may see. A group covering fewer than k distinct rows of a
 * partner's set is left out (not even its key shows: that a rare group exists is itself news).
 * What is left out must not be recoverable by subtraction either: a partner can learn the total
 * (another aggregate without grouping, or a whole set's row count), and total minus the groups
 * shown is what the hidden groups hold together. So the hidden groups together must cover at
 * least k rows of every partner's set; while that is not certain, the smallest group shown is
 * hidden too. `totalRows[i]`: the distinct rows of `sets[i]` the whole aggregate covers. The rows
 * the hidden groups cover together are at least the most any one of them covers, and at least the
 * total less what the shown groups cover (exact when no row falls in two groups).
 */
export function visibleGroups<G extends Group<unknown>>(
  userId: string,
  sets: readonly RuledSet[],
  groups: readonly G[],
  totalRows: readonly number[],
): G[] {
  const shown = groups.filter((g) => coversEnough(userId, sets, g.rows));
  const hidden = groups.filter((g) => !shown.includes(g));
  const partners = sets.map((s, i) => [s, i] as const).filter(([s]) => isPartnerSet(s, userId));
  const hiddenCovers = () =>
    partners.every(([set, i]) => {
      const inShown = shown.reduce((sum, g) => sum + g.rows[i], 0);
      const lowerBound = Math.max(totalRows[i] - inShown, ...hidden.map((g) => g.rows[i]));
      return lowerBound >= set.minGroupSize;
    });
  // the group with the fewest rows relative to its set's k
  const margin = (g: G) => Math.min(...partners.map(([s, i]) => g.rows[i] / s.minGroupSize));
  while (hidden.length && shown.length && !hiddenCovers()) {
    const smallest = shown.reduce((min, g) => (margin(g) < margin(min) ? g : min));
    shown.splice(shown.indexOf(smallest), 1);
    hidden.push(smallest);
  }
  return shown;
}
