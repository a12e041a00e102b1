import type {
  DashboardOverviewQuery,
  RecentContractRow_ContractFragment,
  RecentRequestRow_RequestFragment,
} from '../features/dashboard/dashboard.generated';
import type { FieldworkQuery } from '../features/responses/fieldwork/fieldwork.generated';
import type { RequestResults_RequestFragment } from '../features/responses/responses.generated';

// Builders for requests, contracts and the dashboard overview, in the API's shapes.
let requestSeq = 0;
export function buildRequestRow(
  overrides: Partial<RecentRequestRow_RequestFragment> = {},
): RecentRequestRow_RequestFragment & { __typename: 'Request' } {
  requestSeq += 1;
  const type = overrides.type ?? 'survey';
  return {
    __typename: 'Request',
    id: `1e000000-0000-4000-8000-${String(requestSeq).padStart(12, '0')}`,
    type,
    typeName: type === 'survey' ? 'Survey' : 'Collection',
    title: `Request ${requestSeq}`,
    description: `What request ${requestSeq} is about`,
    keyId: '63073e7232ce145b245b7d764ad2e9bc',
    questionCount: type === 'survey' ? 3 : null,
    responseCount: 0,
    createdAt: '2026-03-04T09:30:00.000Z',
    ...overrides,
  };
}

export function buildContractRow(
  overrides: Partial<RecentContractRow_ContractFragment> = {},
): RecentContractRow_ContractFragment & { __typename: 'Contract' } {
  requestSeq += 1;
  return {
    __typename: 'Contract',
    requestId: `2e000000-0000-4000-8000-${String(requestSeq).padStart(12, '0')}`,
    title: `Published ${requestSeq}`,
    address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
    escrowAddress: `0x${String(requestSeq).padStart(40, 'e')}`,
    bonusAmount: 20,
    status: 'Completed',
    ...overrides,
  };
}

export function buildOverview(
  overrides: Partial<DashboardOverviewQuery['requestOverview']> = {},
): DashboardOverviewQuery['requestOverview'] & { __typename: 'RequestOverview' } {
  return {
    __typename: 'RequestOverview',
    open: 0,
    draft: 0,
    responseTotal: 0,
    responseToday: 0,
    avgCompRate: 0,
    ...overrides,
  };
}

// One page of a list as the API answers it (5 a page on the dashboard).
export function pageOf<Row>(all: Row[], page: number, limit: number) {
  const pages = Math.ceil(all.length / limit);
  return {
    list: all.slice((page - 1) * limit, page * limit),
    info: { __typename: 'PageInfo' as const, count: all.length, pages, page },
  };
}

// A request as the detail and report screens load it.
export function buildRequestResults(
  overrides: Partial<RequestResults_RequestFragment> = {},
): RequestResults_RequestFragment & { __typename: 'Request' } {
  const row = buildRequestRow({ type: overrides.type ?? 'collection' });
  const collection = row.type === 'collection';
  return {
    __typename: 'Request',
    id: row.id,
    type: row.type,
    typeName: row.typeName,
    title: row.title,
    description: row.description,
    keyId: row.keyId,
    createdAt: row.createdAt,
    status: 1,
    bonusAmount: 40,
    bonusEach: 2,
    capacity: 20,
    responseCount: 0,
    quality: 'all',
    access: 'Single Access',
    escrowAddress: '0x5FC8d32690cc91D4c39d9d3abcBD16989F875707',
    publishedAt: '2026-03-04T10:00:00.000Z',
    payAfterReview: false,
    reviewDays: 7,
    options: collection
      ? {
          __typename: 'CollectionOptions',
          healthData: false,
          locationData: true,
          profileData: true,
          idData: false,
          personalImages: true,
        }
      : null,
    ...overrides,
  } as RequestResults_RequestFragment & { __typename: 'Request' };
}

// A survey's fieldwork as the API shows one nobody has set up: no screeners, quotas or checks, the
// default pay rules (api/src/modules/fieldwork/fieldwork.entity.ts), no answers timed yet.
export function buildFieldwork(requestId: string): FieldworkQuery['fieldwork'] & { __typename: 'Fieldwork' } {
  return {
    __typename: 'Fieldwork',
    requestId,
    payScreenOut: false,
    screenOutShare: 0.1,
    minHourly: 12,
    rejectionShare: 0.1,
    screeners: [],
    quotas: [],
    attentionChecks: [],
    screenedOut: 0,
    screenedOutPaid: 0,
    quotaFull: 0,
    medianMs: null,
    hourlyReward: null,
    topUpEach: 0,
    topUpPaidAt: null,
    topUpsPaid: 0,
    topUpOwed: 0,
    topUpWalletId: `${requestId}/top-up/0`,
  };
}
