// Differential privacy and column roles in the web app's words: what a partner may do with a
// column, how many answers a budget buys, and how a noisy value reads (docs/api/clean-rooms.md).
import {
  PRIVACY_BUDGET,
  QUERY_COST,
  ROLES_BY_STORAGE,
  type ColumnRole,
  type PartnerRole,
} from '../../../../shared/wire-format';

export { PRIVACY_BUDGET, QUERY_COST, ROLES_BY_STORAGE };
export type { PartnerRole };

export const PARTNER_ROLE_OPTIONS: Record<PartnerRole, { label: string; help: string }> = {
  joinOnly: {
    label: 'Join only',
    help: 'Partners can match their rows against it, but never see, filter or group by its values.',
  },
  dimension: {
    label: 'Filter and group by',
    help: 'Partners can filter on it and count groups of it, but never see a row.',
  },
  metric: {
    label: 'Sum and average',
    help: 'Partners can sum and average it; values outside the bounds count as the nearest bound.',
  },
  shared: {
    label: 'Shared',
    help: 'Partners receive its values in reports of their rows that match yours.',
  },
  private: {
    label: 'Private',
    help: 'Partners can do nothing with it: not see, filter, group, sum or join on it.',
  },
};

/** A column's role when its uploader chose none (the server's default: reveal the least). */
export const defaultPartnerRole = (storage: ColumnRole): PartnerRole => (storage === 'join' ? 'joinOnly' : 'private');

/** How many answers a budget buys at a cost per answer (rounded down, as the server counts). */
export function answersFor(budget: number, cost: number): number {
  if (!(budget > 0) || !(cost > 0)) return 0;
  // a small tolerance: 3 / 0.2 is 14.999... in floating point
  return Math.floor(budget / cost + 1e-9);
}

/** The budget in plain words, for the uploader choosing it. */
export function budgetInWords(budget: number, cost: number): string {
  const n = answersFor(budget, cost);
  return `Your partner can run about ${n.toLocaleString('en-US')} count${n === 1 ? '' : 's'} before the budget is spent.`;
}

const num = (v: number) => v.toLocaleString('en-US', { maximumFractionDigits: 2 });

/** A noisy value and its 95% interval as two parts: `about 30` and `(26-34, 95% interval)`. */
export function noisyParts(
  value: number,
  interval: { low: number; high: number } | null | undefined,
): { value: string; range: string | null } {
  if (!interval) return { value: `about ${num(value)}`, range: null };
  const range =
    interval.low < 0 ? `${num(interval.low)} to ${num(interval.high)}` : `${num(interval.low)}-${num(interval.high)}`;
  return { value: `about ${num(value)}`, range: `(${range}, 95% interval)` };
}

/** A noisy value with its 95% interval: `about 30 (26-34, 95% interval)`. */
export function noisyValue(value: number, interval: { low: number; high: number } | null | undefined): string {
  const parts = noisyParts(value, interval);
  return parts.range ? `${parts.value} ${parts.range}` : parts.value;
}

/** What is left of a partner's budget after an answer, one line a set. */
export function queriesRemaining(charge: { name: string; queriesRemaining: number }): string {
  const n = charge.queriesRemaining;
  if (n === 0) return `${charge.name}: no queries remaining; its privacy budget is spent.`;
  return `${charge.name}: ${n.toLocaleString('en-US')} quer${n === 1 ? 'y' : 'ies'} remaining before its privacy budget is spent.`;
}
