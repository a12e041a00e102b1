import { route } from '../../rest/registry';
import { runtimeConfigOut } from './runtime-config.outputs';

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
