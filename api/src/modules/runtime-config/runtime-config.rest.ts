import { routeWith } from '../../rest/registry';
import { runtimeConfigOut } from './runtime-config.outputs';
import type { User } from '../users/user.entity';
import type { RuntimeConfigService } from './runtime-config.service';
import type { RequestContext } from '../../shared/context';

/** The request context of these handlers: the services they use (the root hands them in) and the user type. */
export type Ctx = RequestContext<{ runtimeConfig: RuntimeConfigService }, User>;
const route = routeWith<Ctx>();

export const runtimeConfigRoutes = [
  route({
    method: 'GET',
    path: '/v1/config',
    output: runtimeConfigOut,
    errors: [],
    tag: 'config',
    auth: 'public',
    summary:
      "Public runtime settings for the web app: chainId, rpcUrl, iptTokenAddress, escrowFactoryAddress, chainError, stripePublishableKey, paymentMode (stripe | sandbox), testCards, testFunds (the local chain's POST /v1/chain/testFunds works)",
    handler: async (ctx) => ctx.services.runtimeConfig.get(),
  }),
];
