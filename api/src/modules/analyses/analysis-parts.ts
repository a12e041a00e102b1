// The shapes and helpers every analysis shares (compare, join counts, aggregates, reports): what
// they answer, which set is private or controlled, and the SQL pieces they read data sets with.
import { datasetTables, tokenColumn } from '../datasets/dataset-tables';
import type { Dataset, DatasetColumn } from '../datasets/dataset.entity';
import { partnerRoleOf } from '../datasets/partner-roles';
import { EXACT, noisyFor, type NoiseSummary } from '../privacy/privacy.service';
import type { AggregateFunction } from './analyses.schemas';
import {
  checkColumnUse,
  checkTokenLiteral,
  isPartnerSet,
  reportColumns,
  ruleError,
  type RuledSet,
} from './analysis-rules';
import { listWords, type SetNames } from './condition-words';
import { leaves, type ConditionNode } from './join-condition';

export type Interval = { low: number; high: number };

export type Overlap = {
  domain: string;
  datasetIds: string[];
  onlyA: number | null;
  both: number | null;
  onlyB: number | null;
  suppressed: boolean;
  onlyAInterval: Interval | null;
  bothInterval: Interval | null;
  onlyBInterval: Interval | null;
} & NoiseSummary;

export type ResultColumn = {
  set: number;
  datasetId: string;
  name: string;
  role: DatasetColumn['role'];
  keyVersion: number;
  sealing: DatasetColumn['sealing'];
};

export type JoinPreview = {
  matchCount: number | null;
  suppressed: boolean;
  columns: ResultColumn[];
  matchCountInterval: Interval | null;
} & NoiseSummary;

export type AggregateColumn = {
  kind: 'group' | 'measure';
  name: string;
  fn: AggregateFunction | null;
  set: number | null;
  datasetId: string | null;
  column: string | null;
};
export type AggregateGroup = {
  keys: (string | null)[];
  values: (number | null)[];
  suppressed: boolean;
  /** one per measure: its 95% interval when noisy, null when exact or suppressed */
  intervals: (Interval | null)[];
};
export type AggregateResult = {
  columns: AggregateColumn[];
  groups: AggregateGroup[];
  /** the partner sets whose k applied: groups covering fewer of their rows are not shown */
  thresholds: { datasetId: string; name: string; minGroupSize: number }[];
  description: string;
} & NoiseSummary;

export const EXACT_OVERLAP = { onlyAInterval: null, bothInterval: null, onlyBInterval: null, ...EXACT };

/** Groups one aggregate may return (more: group by fewer or coarser columns). */
export const MAX_GROUPS = 1000;

/** The columns a caller's report of these sets would carry (ResultColumn per column). */
export function resultColumns(userId: string, sets: readonly Dataset[], extra: readonly string[] = []): ResultColumn[] {
  return sets.flatMap((d, i) =>
    reportColumns(d, userId, extra).map((c) => ({
      set: i + 1,
      datasetId: d.id,
      name: c.name,
      role: c.role,
      keyVersion: d.keyVersion,
      sealing: c.sealing,
    })),
  );
}

export const names = (sets: readonly Dataset[]): SetNames => ({ 1: sets[0].name, 2: sets[1]?.name });

/** Refuses what a partner's condition may not do: token literals (unless full), and columns whose role forbids it. */
export function checkCondition(userId: string, sets: readonly RuledSet[], tree: ConditionNode): void {
  for (const l of leaves(tree)) {
    if (l.kind === 'token') checkTokenLiteral(userId, sets[l.ref.set - 1], l.ref.column);
    else if (l.kind === 'value') checkColumnUse(userId, sets[l.ref.set - 1], l.ref.column, 'filter');
    else {
      checkColumnUse(userId, sets[0], l.a, 'join');
      checkColumnUse(userId, sets[1], l.b, 'join');
    }
  }
}

/**
 * The differentially private partner set of a join or aggregate (its index), or null. It must be
 * joined with one of the caller's own sets: with another member's set its rows could not be
 * counted once each on both sides.
 */
export function privateSide(userId: string, sets: readonly Dataset[]): number | null {
  const dp = sets.findIndex((s) => noisyFor(s, userId));
  if (dp < 0) return null;
  const other = sets.find((s, i) => i !== dp && isPartnerSet(s, userId));
  if (other)
    throw ruleError(
      `"${sets[dp].name}" answers with differential privacy: join it with one of your own data sets, not with "${other.name}"`,
    );
  return dp;
}

/**
 * A partner set the query controls without noise apply to: not the caller's, not full, and no
 * differential privacy unless the answer is `exact` anyway (a report).
 */
export const controlled = (userId: string, set: Dataset, exact = false) =>
  isPartnerSet(set, userId) && set.partnerAccess !== 'full' && (exact || !noisyFor(set, userId));

export const metricBounds = (c: DatasetColumn) =>
  partnerRoleOf(c) === 'metric' &&
  c.lower !== null &&
  c.upper !== null &&
  c.lower !== undefined &&
  c.upper !== undefined
    ? { lower: c.lower, upper: c.upper }
    : null;

/** What one row can add to a sum of values within these bounds. */
export const magnitude = (b: { lower: number; upper: number }) => Math.max(Math.abs(b.lower), Math.abs(b.upper));

/** A bound from the metadata as an SQL numeric literal (finite numbers only, checked on upload). */
export const sqlNumber = (n: number, type: 'numeric' | 'float8' = 'numeric') => {
  if (!Number.isFinite(n)) throw new Error('a metric bound is not a finite number');
  return `${n}::${type}`;
};

/**
 * Whether an analysis involves someone else's set. Only then are the distinct rows of every set
 * counted: they decide what the actor receives, and which other members may read the outcome in
 * the audit log. An analysis of one's own sets only records no coverage: its numbers stay with
 * the actor (and the log shows the other members that it happened).
 */
export const involvesPartner = (userId: string, sets: readonly RuledSet[]) => sets.some((s) => isPartnerSet(s, userId));

/** The coverage of an outcome, per set id (the audit log's visibility rule reads it). */
export function coverage(sets: readonly RuledSet[], rows: readonly number[]): Record<string, number> {
  return Object.fromEntries(sets.map((s, i) => [s.id, rows[i]]));
}

const FN_WORDS: Record<AggregateFunction, string> = {
  count: 'count',
  countDistinct: 'distinct count',
  sum: 'sum',
  avg: 'average',
  min: 'minimum',
  max: 'maximum',
};

export function aggregateWords(
  measures: { fn: AggregateFunction; column: string | null; set: string | null }[],
  groupBy: string[],
  over: string,
): string {
  const what = listWords(measures.map((m) => (m.column ? `${FN_WORDS[m.fn]} of ${m.column} of ${m.set}` : 'count')));
  return `${what[0].toUpperCase()}${what.slice(1)}${groupBy.length ? ` by ${listWords(groupBy)}` : ''}, over ${over}`;
}

/**
 * The distinct non-empty tokens of a domain's join columns in a set, as `token`. One column (the
 * usual case) reads its token index in token order, so compare is a merge of two index-only scans;
 * several columns of one domain are a union, which loses that order.
 */
export const distinctTokens = (datasetId: string, cols: number[]) =>
  cols
    .map(
      (k) =>
        `select distinct ${tokenColumn(k)} as token from ${datasetTables(datasetId).rows} where ${tokenColumn(k)} is not null`,
    )
    .join(' union ');
