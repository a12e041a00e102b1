import { graphql, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { ApiTokensDocument } from '../features/settings/api-tokens.generated';
import { WebhookEndpointsDocument } from '../features/settings/integrations.generated';
import { CheckoutPlanDocument, PlansDocument } from '../features/billing/pricing.generated';
import { CreditHistoryDocument } from '../features/billing/credit.generated';
import {
  DashboardContractsDocument,
  DashboardOverviewDocument,
  DashboardRequestsDocument,
} from '../features/dashboard/dashboard.generated';
import { RequestListPageDocument } from '../features/requests/requests.generated';
import { FieldworkDocument } from '../features/responses/fieldwork/fieldwork.generated';
import { RequestRetentionDocument } from '../features/responses/retention.generated';
import { RuntimeConfigDocument } from '../shared/config/runtime-config.generated';
import { buildRuntimeConfig, creditHistoryPage, planFor, PLANS } from './factories';
import { buildFieldwork, buildOverview, pageOf } from './request-factories';

// One msw server for the web tests; each test adds the handlers it needs (reset after each test).
// The defaults answer what many screens read on the side: the runtime config (a local chain, test
// mode), the public plan table, an empty credit history, an empty dashboard and request lists (where
// a saved wizard goes), no API tokens, no retention period and no fieldwork set up (a survey's detail
// screen reads it);
// `server.use` in a test overrides them.
export const server = setupServer(
  graphql.query(RuntimeConfigDocument, () => HttpResponse.json({ data: { runtimeConfig: buildRuntimeConfig() } })),
  graphql.query(PlansDocument, () => HttpResponse.json({ data: { plans: PLANS } })),
  graphql.query(CheckoutPlanDocument, ({ variables }) =>
    HttpResponse.json({ data: { plan: planFor(variables.item) } }),
  ),
  graphql.query(CreditHistoryDocument, () => HttpResponse.json({ data: { creditHistory: creditHistoryPage([]) } })),
  graphql.query(DashboardOverviewDocument, () => HttpResponse.json({ data: { requestOverview: buildOverview() } })),
  graphql.query(DashboardRequestsDocument, () => HttpResponse.json({ data: { requests: pageOf([], 1, 5) } })),
  graphql.query(DashboardContractsDocument, () => HttpResponse.json({ data: { contracts: pageOf([], 1, 5) } })),
  graphql.query(RequestListPageDocument, ({ variables }) =>
    HttpResponse.json({ data: { requests: pageOf([], variables.page, variables.limit) } }),
  ),
  graphql.query(ApiTokensDocument, () => HttpResponse.json({ data: { apiTokens: [] } })),
  graphql.query(WebhookEndpointsDocument, () => HttpResponse.json({ data: { webhookEndpoints: [] } })),
  graphql.query(RequestRetentionDocument, ({ variables }) =>
    HttpResponse.json({
      data: {
        requestRetention: {
          requestId: variables.requestId,
          days: null,
          choices: [30, 90, 180, 365, 730],
          expiringSoon: 0,
          withdrawn: 0,
          deleted: 0,
        },
      },
    }),
  ),
  graphql.query(FieldworkDocument, ({ variables }) =>
    HttpResponse.json({ data: { fieldwork: buildFieldwork(variables.requestId), responseFlags: [] } }),
  ),
);
