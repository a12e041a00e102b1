// Settings the web app learns from its server at run time (GraphQL `runtimeConfig`, the same as
// GET /v1/config), parsed once per Apollo cache and exported typed. Nothing here is baked into the
// build, so one build serves the embedded local chain, a test network and production alike.
//
// A value that does not parse counts as missing, and the feature that needs it says so to the user
// (the wallet card, the checkout), rather than sending a wallet or a card to the wrong place.
import { RuntimeConfigDocument, type RuntimeConfigQuery } from './runtime-config.generated';
import { getApolloClient } from '../apollo/apollo-client';
import type { ChainSettings } from './chain-settings';

export type { ChainSettings } from './chain-settings';

export type TestCard = { number: string; brand: string; outcome: 'succeeds' | 'declined'; message: string | null };

export type PaymentSettings =
  // The server's built-in test mode: only the listed test cards work, and the UI must say so.
  | { mode: 'sandbox'; testCards: TestCard[] }
  // Real card payments through Stripe.js; a null key means the server is misconfigured.
  | { mode: 'stripe'; publishableKey: string | null };

export type RuntimeConfig = {
  // Where IPT lives; present only when the server's chain features work.
  chain: ChainSettings | null;
  // Why `chain` is null, in the server's words (or ours when an address is malformed).
  chainError: string | null;
  payments: PaymentSettings;
  // The server runs its own local chain and gives test funds (POST /v1/chain/testFunds).
  testFunds: boolean;
};

type RawRuntimeConfig = RuntimeConfigQuery['runtimeConfig'];

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const NOT_CONFIGURED = 'The IPT token is not configured on this Parley server yet.';

function address(value: string | null): string | null {
  const trimmed = value?.trim();
  return trimmed && ADDRESS.test(trimmed) ? trimmed : null;
}

function httpUrl(value: string | null): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : null;
  } catch {
    return null;
  }
}

export function parseRuntimeConfig(raw: RawRuntimeConfig): RuntimeConfig {
  const chainId = raw.chainId !== null && Number.isSafeInteger(raw.chainId) && raw.chainId > 0 ? raw.chainId : null;
  const iptTokenAddress = address(raw.iptTokenAddress);
  const escrowFactoryAddress = address(raw.escrowFactoryAddress);
  const chain =
    !raw.chainError && chainId !== null && iptTokenAddress && escrowFactoryAddress
      ? { chainId, rpcUrl: httpUrl(raw.rpcUrl), iptTokenAddress, escrowFactoryAddress }
      : null;
  const payments: PaymentSettings =
    raw.paymentMode === 'stripe'
      ? {
          mode: 'stripe',
          publishableKey: raw.stripePublishableKey?.startsWith('pk_') ? raw.stripePublishableKey : null,
        }
      : {
          mode: 'sandbox',
          testCards: raw.testCards.map((card) => ({
            number: card.number,
            brand: card.brand,
            outcome: card.outcome === 'succeeds' ? 'succeeds' : 'declined',
            message: card.message,
          })),
        };
  return {
    chain,
    chainError: chain ? null : (raw.chainError ?? NOT_CONFIGURED),
    payments,
    testFunds: chain !== null && raw.testFunds === true,
  };
}

// The settings for code outside React (the wallet module); answered from Apollo's cache after the
// first call, so asking again costs nothing.
export async function loadRuntimeConfig(): Promise<RuntimeConfig> {
  const client = await getApolloClient();
  const { data } = await client.query({ query: RuntimeConfigDocument, fetchPolicy: 'cache-first' });
  if (!data) throw new Error('The server sent no runtime configuration.');
  return parseRuntimeConfig(data.runtimeConfig);
}
