// Funding a published request: the entry point for the request wizard's publish step.
import { loadRuntimeConfig, type ChainSettings } from '../shared/config/runtime-config';
import type { FundedEscrow, FundRequestEscrowParams, TopUpEscrowParams } from './contracts';
import { escrowAmounts, wholeIpt } from './ipt-amount';
import { connectWallet } from './wallet-connection';
import { WalletError } from './wallet-errors';

export type { FundedEscrow, FundRequestEscrowParams, TopUpEscrowParams } from './contracts';

export type FundRequestEscrowOptions = {
  // The chain settings; read from the server's runtime config when omitted.
  chain?: ChainSettings;
  waitMs?: number;
};

// Creates the request's escrow and moves `amount` IPT into it from the user's wallet:
//   wallet (EIP-6963, else window.ethereum) -> account -> right network (switch/add offered) ->
//   balance >= amount -> approve the factory -> createEscrow.
// Resolves { escrowAddress, signer, txHash } for the caller to save with the request. Throws a
// WalletError (kind no-wallet, no-account, rejected, wrong-network, insufficient-balance,
// not-configured, escrow-exists, failed); on any error nothing should be saved.
export async function fundRequestEscrow(
  params: FundRequestEscrowParams,
  options: FundRequestEscrowOptions = {},
): Promise<FundedEscrow> {
  escrowAmounts(params.amount, params.bonusEach); // bad amounts fail before any wallet prompt
  const chain = options.chain ?? (await configuredChain());
  const wallet = await connectWallet({ chain, waitMs: options.waitMs });
  const { fundEscrow } = await import('./contracts');
  return fundEscrow(wallet.provider, chain, wallet.account, params);
}

// Adds IPT to a published request's escrow (its Total IPTs went up): wallet -> account -> right
// network -> balance >= amount -> transfer. Resolves the transaction hash; throws a WalletError.
export async function topUpRequestEscrow(
  params: TopUpEscrowParams,
  options: FundRequestEscrowOptions = {},
): Promise<string> {
  wholeIpt(params.amount, 'The top-up');
  const chain = options.chain ?? (await configuredChain());
  const wallet = await connectWallet({ chain, waitMs: options.waitMs });
  const { topUpEscrow } = await import('./contracts');
  return topUpEscrow(wallet.provider, chain, wallet.account, params);
}

async function configuredChain(): Promise<ChainSettings> {
  let config;
  try {
    config = await loadRuntimeConfig();
  } catch (error) {
    throw new WalletError('not-configured', 'The chain settings could not be loaded from the server; try again.', {
      cause: error,
    });
  }
  if (!config.chain) throw new WalletError('not-configured', config.chainError ?? 'IPT is not configured.');
  return config.chain;
}
