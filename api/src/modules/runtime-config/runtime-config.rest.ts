import { route } from '../../rest/registry';

export const runtimeConfigRoutes = [
  route({
    method: 'GET',
    path: '/v1/config',
    tag: 'config',
    auth: 'public',
    summary:
      "Public runtime settings for the web app: chainId, rpcUrl, iptTokenAddress, escrowFactoryAddress, chainError, stripePublishableKey, paymentMode (stripe | sandbox), testCards, testFunds (the local chain's POST /v1/chain/testFunds works)",
    handler: async (ctx) => ctx.services.runtimeConfig.get(),
  }),
];
