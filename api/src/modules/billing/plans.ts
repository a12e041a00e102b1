/** A prepaid-credit plan. Prices live here only: purchases copy them, clients never send them. */
export type Plan = {
  /** the checkout item id: /admin/checkout-page/{item}/{currency} */
  item: string;
  name: string;
  /** price in cents of `currency` */
  priceCents: number;
  currency: 'usd';
  /** IPT credited when the purchase succeeds */
  tokens: number;
};

export const CURRENCIES = ['usd'] as const;

// The pricing page's four plans, in display order.
export const PLANS: readonly Plan[] = [
  { item: '5credits', name: 'Trial', priceCents: 0, currency: 'usd', tokens: 5 },
  { item: '10credits', name: 'Starter', priceCents: 1_000, currency: 'usd', tokens: 10 },
  { item: '55credits', name: 'Bulk discount 1', priceCents: 5_000, currency: 'usd', tokens: 55 },
  { item: '120credits', name: 'Bulk discount 2', priceCents: 10_000, currency: 'usd', tokens: 120 },
];

export const FREE_PLAN = PLANS[0];

/** The plan for a checkout item; an unknown item falls back to the free 5-token plan (spec). */
export function resolvePlan(item: string): Plan {
  return PLANS.find((p) => p.item === item) ?? FREE_PLAN;
}

export const isFree = (plan: Pick<Plan, 'priceCents'>) => plan.priceCents === 0;
