// Where IPT lives, as the server's runtime config describes it (see runtime-config.ts). A file of
// its own, free of browser globals, so the wallet's contract code also runs in Node (test/e2e).
export type ChainSettings = {
  // EIP-155 chain id the contracts are deployed on (31337 for the local anvil).
  chainId: number;
  // JSON-RPC URL offered to wallets that do not know the chain yet (wallet_addEthereumChain).
  rpcUrl: string | null;
  // ERC-20 IPT token (symbol IPT, 0 decimals).
  iptTokenAddress: string;
  // EscrowFactory: one escrow per published request.
  escrowFactoryAddress: string;
};
