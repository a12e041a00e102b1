// The IPT token as wallets see it: ERC-20, symbol IPT, 0 decimals (product spec s.9).
import { readRuntimeConfig } from '../shared/config/runtime-config';
import { providerErrorCode, USER_REJECTED_REQUEST } from './eip1193';
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
  // The deployment has not configured the token address yet.
  | { status: 'not-configured' }
  // The wallet refused for another reason; `message` is the wallet's own text.
  | { status: 'failed'; walletName: string | null; message: string };

export type WatchIptTokenOptions = { tokenAddress?: string | null; waitMs?: number };

// Asks the wallet to show IPT in its asset list (EIP-747 wallet_watchAsset).
export async function watchIptToken(options: WatchIptTokenOptions = {}): Promise<WatchIptTokenResult> {
  const wallet = await findWallet(options.waitMs);
  if (!wallet) return { status: 'no-wallet' };
  const tokenAddress = options.tokenAddress === undefined ? readRuntimeConfig().iptTokenAddress : options.tokenAddress;
  if (!tokenAddress) return { status: 'not-configured' };
  const walletName = wallet.info?.name ?? null;
  try {
    const accepted = await wallet.provider.request({
      method: 'wallet_watchAsset',
      params: { type: 'ERC20', options: { address: tokenAddress, symbol: IPT_SYMBOL, decimals: IPT_DECIMALS } },
    });
    return accepted === false ? { status: 'declined', walletName } : { status: 'added', walletName };
  } catch (error) {
    if (providerErrorCode(error) === USER_REJECTED_REQUEST) return { status: 'declined', walletName };
    const message = error instanceof Error ? error.message : String((error as { message?: unknown })?.message ?? error);
    return { status: 'failed', walletName, message };
  }
}
