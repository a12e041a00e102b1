// The IPT token as wallets see it: ERC-20, symbol IPT, 0 decimals (product spec s.9).
import type { ChainSettings } from '../shared/config/runtime-config';
import { isUserRejection, providerErrorMessage, type Eip1193Provider } from './eip1193';
import { findWallet } from './wallet-discovery';

export const IPT_SYMBOL = 'IPT';
export const IPT_DECIMALS = 0;

export type WatchIptTokenResult =
  // The wallet accepted (or already tracks) the token.
  | { status: 'added'; walletName: string | null }
  // The user closed or declined the wallet prompt.
  | { status: 'declined'; walletName: string | null }
  // No EIP-6963 or window.ethereum wallet in this browser.
  | { status: 'no-wallet' }
  // The server has no token address (chain features off); `reason` is the server's.
  | { status: 'not-configured'; reason: string | null }
  // The wallet refused for another reason; `message` is the wallet's own text.
  | { status: 'failed'; walletName: string | null; message: string };

export type WatchIptTokenOptions = {
  // From the runtime config; null when the server's chain features are off.
  tokenAddress: string | null;
  // Why there is no address, shown to the user.
  reason?: string | null;
  waitMs?: number;
};

// Asks the wallet to show IPT in its asset list (EIP-747 wallet_watchAsset).
export async function watchIptToken({
  tokenAddress,
  reason = null,
  waitMs,
}: WatchIptTokenOptions): Promise<WatchIptTokenResult> {
  const wallet = await findWallet(waitMs);
  if (!wallet) return { status: 'no-wallet' };
  if (!tokenAddress) return { status: 'not-configured', reason };
  const walletName = wallet.info?.name ?? null;
  try {
    const accepted = await wallet.provider.request({
      method: 'wallet_watchAsset',
      params: { type: 'ERC20', options: { address: tokenAddress, symbol: IPT_SYMBOL, decimals: IPT_DECIMALS } },
    });
    return accepted === false ? { status: 'declined', walletName } : { status: 'added', walletName };
  } catch (error) {
    if (isUserRejection(error)) return { status: 'declined', walletName };
    return { status: 'failed', walletName, message: providerErrorMessage(error) };
  }
}

// The account's on-chain IPT balance. Loads ethers on first use. The wallet must be on `chain`.
export async function readIptBalance(
  provider: Eip1193Provider,
  chain: ChainSettings,
  account: string,
): Promise<bigint> {
  const { iptBalanceOf } = await import('./contracts');
  return iptBalanceOf(provider, chain, account);
}
