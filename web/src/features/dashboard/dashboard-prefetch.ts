import type { ApolloClient } from '@apollo/client';
import { DASHBOARD_PAGE_SIZE } from './dashboard-constants';
import {
  DashboardContractsDocument,
  DashboardOverviewDocument,
  DashboardRequestsDocument,
  DashboardSummaryDocument,
} from './dashboard.generated';

// The dashboard's queries, as its cards ask for them, sent by the route's loader once the session
// is confirmed: they travel while the screen's chunks load and its first render runs, instead of
// after it (on a busy machine that render alone kept the skeletons up for seconds). The cards read
// them cache-first, so a query still in flight is joined, not sent twice; each visit fetches anew.
export function prefetchDashboard(client: ApolloClient): void {
  const queries = [
    client.query({ query: DashboardSummaryDocument, fetchPolicy: 'network-only' }),
    client.query({
      query: DashboardOverviewDocument,
      variables: { tzOffset: new Date().getTimezoneOffset() },
      fetchPolicy: 'network-only',
    }),
    client.query({
      query: DashboardRequestsDocument,
      variables: { page: 1, limit: DASHBOARD_PAGE_SIZE },
      fetchPolicy: 'network-only',
    }),
    client.query({
      query: DashboardContractsDocument,
      variables: { page: 1, limit: DASHBOARD_PAGE_SIZE },
      fetchPolicy: 'network-only',
    }),
  ];
  // a failure shows where the card asks again (its own error state and Retry)
  for (const query of queries) query.catch(() => undefined);
}
