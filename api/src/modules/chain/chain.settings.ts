import type { ChainConfig, Secret } from '../../config';

/** Where the chain is and which contracts and key the server uses on it. */
export type ChainSettings = {
  /** JSON-RPC URL the server talks to (may carry a provider key: never sent to browsers or logs) */
  rpcUrl: string;
  /** JSON-RPC URL handed to browsers */
  publicRpcUrl: string;
  /** expected chain id; undefined: whatever the node reports */
  chainId?: number;
  tokenAddress: string;
  factoryAddress: string;
  /** the platform's paying key; undefined turns treasury transfers off */
  treasuryKey?: Secret;
  /** true when the server started this chain itself (local anvil) */
  local: boolean;
};

/** Chain features are either set up, or off for a reason every chain call reports. */
export type ChainSetup = { settings: ChainSettings } | { unavailable: string };

/** Settings for a chain named by the environment (CHAIN_RPC_URL); without one, chain features are off. */
export function chainSetupFromConfig(chain: ChainConfig): ChainSetup {
  if (!chain.rpcUrl || !chain.tokenAddress || !chain.factoryAddress) {
    return { unavailable: 'No chain is configured (set CHAIN_RPC_URL, or let `npm start` run the local chain)' };
  }
  return {
    settings: {
      rpcUrl: chain.rpcUrl,
      publicRpcUrl: chain.publicRpcUrl ?? chain.rpcUrl,
      chainId: chain.chainId,
      tokenAddress: chain.tokenAddress,
      factoryAddress: chain.factoryAddress,
      treasuryKey: chain.treasuryPrivateKey,
      local: false,
    },
  };
}

/** An RPC URL safe for messages and logs: scheme, host and port only (paths often hold API keys). */
export function describeRpcUrl(rpcUrl: string): string {
  try {
    return new URL(rpcUrl).origin;
  } catch {
    return '(invalid URL)';
  }
}
