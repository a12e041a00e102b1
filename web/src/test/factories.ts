import { HttpResponse, type GraphQLResponseBody } from 'msw';
import type { ApiTokensCard_TokenFragment } from '../features/settings/api-tokens.generated';
import type { CheckoutResult_PurchaseFragment } from '../features/billing/checkout.generated';
import type {
  CreditHistoryRow_EntryFragment,
  MoveCreditResult_WithdrawalFragment,
} from '../features/billing/credit.generated';
import type { PlanCard_PlanFragment } from '../features/billing/pricing.generated';
import type { RuntimeConfigQuery } from '../shared/config/runtime-config.generated';
import type { SessionUserFragment } from '../shared/session/session.generated';

// Test data builders: sensible defaults, overridable per test.
export function buildProfile(
  overrides: Partial<SessionUserFragment> = {},
): SessionUserFragment & { __typename: 'Profile' } {
  return {
    __typename: 'Profile',
    id: 'b5f0c1de-0000-4000-8000-000000000001',
    username: 'ada',
    email: 'ada@example.com',
    nickname: 'Ada',
    avatarUrl: null,
    credit: 12,
    guest: false,
    emailVerified: true,
    ...overrides,
  };
}

let keySeq = 0;
export function buildKey(overrides: Partial<{ id: string; title: string; createdAt: string }> = {}) {
  keySeq += 1;
  return {
    __typename: 'Key' as const,
    id: keySeq.toString(16).padStart(32, '0'),
    title: `Key ${keySeq}`,
    createdAt: '2026-01-02T10:00:00.000Z',
    ...overrides,
  };
}

let tokenSeq = 0;
export function buildApiToken(overrides: Partial<ApiTokensCard_TokenFragment> = {}) {
  tokenSeq += 1;
  return {
    __typename: 'ApiToken' as const,
    id: `7a0c0000-0000-4000-8000-${tokenSeq.toString().padStart(12, '0')}`,
    name: `Token ${tokenSeq}`,
    prefix: `prl_ab${tokenSeq.toString().padStart(4, '0')}`,
    createdAt: '2026-01-02T10:00:00.000Z',
    lastUsedAt: null,
    revokedAt: null,
    ...overrides,
  };
}

export function buildNotification(id: string, notification: string) {
  return { __typename: 'Notification' as const, id, notification, createdAt: '2026-01-02T10:00:00.000Z' };
}

// A GraphQL error response in the API's shape (code in extensions, field details for bad input).
// Generic so it fits the typed resolver of any operation.
export function graphQLError<Data extends Record<string, unknown> = Record<string, unknown>>(
  code: string,
  message: string,
  details?: { path: string; message: string }[],
) {
  return HttpResponse.json<GraphQLResponseBody<Data>>({
    data: null,
    errors: [{ message, extensions: { code, ...(details ? { details } : {}) } }],
  });
}

export const TEST_TOKEN_ADDRESS = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
export const TEST_FACTORY_ADDRESS = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512';

// The server's sandbox test cards (api/src/modules/billing/sandbox-gateway.ts).
export const TEST_CARDS = [
  { __typename: 'TestCard' as const, number: '4242424242424242', brand: 'Visa', outcome: 'succeeds', message: null },
  {
    __typename: 'TestCard' as const,
    number: '4000000000000002',
    brand: 'Visa',
    outcome: 'declined',
    message: 'Your card was declined.',
  },
];

export function buildRuntimeConfig(
  overrides: Partial<RuntimeConfigQuery['runtimeConfig']> = {},
): RuntimeConfigQuery['runtimeConfig'] & { __typename: 'RuntimeConfig' } {
  return {
    __typename: 'RuntimeConfig',
    chainId: 31337,
    rpcUrl: 'http://127.0.0.1:8545',
    iptTokenAddress: TEST_TOKEN_ADDRESS,
    escrowFactoryAddress: TEST_FACTORY_ADDRESS,
    chainError: null,
    stripePublishableKey: null,
    paymentMode: 'sandbox',
    testCards: TEST_CARDS,
    testFunds: false,
    ...overrides,
  };
}

// The server's plan table (api/src/modules/billing/plans.ts), in display order.
export const PLANS: (PlanCard_PlanFragment & { __typename: 'Plan' })[] = [
  { __typename: 'Plan', item: '5credits', name: 'Trial', priceCents: 0, currency: 'usd', tokens: 5, free: true },
  {
    __typename: 'Plan',
    item: '10credits',
    name: 'Starter',
    priceCents: 1000,
    currency: 'usd',
    tokens: 10,
    free: false,
  },
  {
    __typename: 'Plan',
    item: '55credits',
    name: 'Bulk discount 1',
    priceCents: 5000,
    currency: 'usd',
    tokens: 55,
    free: false,
  },
  {
    __typename: 'Plan',
    item: '120credits',
    name: 'Bulk discount 2',
    priceCents: 10000,
    currency: 'usd',
    tokens: 120,
    free: false,
  },
];

export const planFor = (item: string) => PLANS.find((plan) => plan.item === item) ?? PLANS[0];

export function buildPurchase(
  plan: PlanCard_PlanFragment,
  overrides: Partial<CheckoutResult_PurchaseFragment> = {},
): CheckoutResult_PurchaseFragment & { __typename: 'Purchase' } {
  return {
    __typename: 'Purchase',
    id: 'a0000000-0000-4000-8000-000000000001',
    item: plan.item,
    planName: plan.name,
    amountCents: plan.priceCents,
    currency: plan.currency,
    tokens: plan.tokens,
    gateway: plan.free ? 'free' : 'sandbox',
    status: 'pending',
    failureMessage: null,
    ...overrides,
  };
}

let entrySeq = 0;
export function buildCreditEntry(
  overrides: Partial<CreditHistoryRow_EntryFragment> = {},
): CreditHistoryRow_EntryFragment & { __typename: 'CreditEntry' } {
  entrySeq += 1;
  return {
    __typename: 'CreditEntry',
    id: `c0000000-0000-4000-8000-${String(entrySeq).padStart(12, '0')}`,
    amount: 10,
    kind: 'purchase',
    reference: `purchase:p${entrySeq}`,
    createdAt: '2026-01-02T10:00:00.000Z',
    ...overrides,
  };
}

export function creditHistoryPage(list: CreditHistoryRow_EntryFragment[], page = 1, pages = 1) {
  return {
    __typename: 'CreditHistory' as const,
    list: list.map((entry) => ({ __typename: 'CreditEntry' as const, ...entry })),
    info: { __typename: 'PageInfo' as const, count: list.length, pages, page },
  };
}

export function buildWithdrawal(
  overrides: Partial<MoveCreditResult_WithdrawalFragment> = {},
): MoveCreditResult_WithdrawalFragment & { __typename: 'Withdrawal' } {
  return {
    __typename: 'Withdrawal',
    id: 'w0000000-0000-4000-8000-000000000001',
    amount: 4,
    walletAddress: `0x${'12'.repeat(20)}`,
    status: 'sent',
    txHash: `0x${'ab'.repeat(32)}`,
    failureMessage: null,
    createdAt: '2026-01-02T10:00:00.000Z',
    completedAt: '2026-01-02T10:00:01.000Z',
    ...overrides,
  };
}
