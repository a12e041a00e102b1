import { routeWith } from '../../rest/registry';
import { testFundsOut } from './chain.outputs';
import { requireUser, type RequestContext } from '../../shared/context';
import { TEST_FUNDS_PATH } from './test-funds';
import { grantTestFundsCommand } from './test-funds.schemas';
import type { User } from '../users/user.entity';
import type { TestFundsService } from './test-funds';

/** The request context of these handlers: the services they use (the root hands them in) and the user type. */
export type Ctx = RequestContext<{ testFunds: TestFundsService }, User>;
const route = routeWith<Ctx>();

export const chainRoutes = [
  route({
    method: 'POST',
    path: TEST_FUNDS_PATH,
    output: testFundsOut,
    errors: ['NOT_FOUND', 'CHAIN_UNAVAILABLE'],
    tag: 'chain',
    auth: 'user',
    summary:
      'Local chain only (the one `npm start` runs): sends 1 ETH and 1,000 IPT to { address } from dev account 9. At most 5 grants an hour per user and 3 per address (429 RATE_LIMITED). On any other chain: 404',
    input: grantTestFundsCommand,
    handler: async (ctx, input) => ctx.services.testFunds.grant(ctx.em, requireUser(ctx), input),
  }),
];
