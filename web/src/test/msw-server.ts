import { graphql, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { CheckoutPlanDocument, CreditHistoryDocument, PlansDocument, RuntimeConfigDocument } from '../gql/graphql';
import { buildRuntimeConfig, creditHistoryPage, planFor, PLANS } from './factories';

// One msw server for the web tests; each test adds the handlers it needs (reset after each test).
// The defaults answer what many screens read on the side: the runtime config (a local chain, test
// mode), the public plan table and an empty credit history; `server.use` in a test overrides them.
export const server = setupServer(
  graphql.query(RuntimeConfigDocument, () => HttpResponse.json({ data: { runtimeConfig: buildRuntimeConfig() } })),
  graphql.query(PlansDocument, () => HttpResponse.json({ data: { plans: PLANS } })),
  graphql.query(CheckoutPlanDocument, ({ variables }) =>
    HttpResponse.json({ data: { plan: planFor(variables.item) } }),
  ),
  graphql.query(CreditHistoryDocument, () => HttpResponse.json({ data: { creditHistory: creditHistoryPage([]) } })),
);
