// Talking to the wallet without ethers: accounts, the chain it is on, and switching it to ours.
// Cheap to load, so screens can use it before they need any contract call.
import type { ChainSettings } from '../shared/config/runtime-config';
import {
  isUserRejection,
  providerErrorCode,
  providerErrorMessage,
  REQUEST_PENDING,
  UNRECOGNIZED_CHAIN,
  type Eip1193Provider,
} from './eip1193';
import { findWallet } from './wallet-discovery';
import { noAccount, noWallet, rejected, WalletError } from './wallet-errors';

export type ConnectedWallet = {
  provider: Eip1193Provider;
  walletName: string | null;
  // The account the user chose (EIP-55 casing as the wallet sends it).
  account: string;
  chainId: number;
};

const ACCOUNT = /^0x[0-9a-fA-F]{40}$/;

function firstAccount(accounts: unknown): string | null {
  if (!Array.isArray(accounts)) return null;
  const [first] = accounts;
  return typeof first === 'string' && ACCOUNT.test(first) ? first : null;
}

function walletFailure(error: unknown): WalletError {
  if (error instanceof WalletError) return error;
  if (isUserRejection(error)) return rejected(error);
  if (providerErrorCode(error) === REQUEST_PENDING) {
    return new WalletError('failed', 'Your wallet is already showing a request: open it and answer that one first.', {
      cause: error,
    });
  }
  return new WalletError('failed', providerErrorMessage(error), { cause: error });
}

// Asks the user to share an account (the wallet's connect prompt, if it has not been granted).
export async function requestAccount(provider: Eip1193Provider): Promise<string> {
  let accounts: unknown;
  try {
    accounts = await provider.request({ method: 'eth_requestAccounts' });
  } catch (error) {
    throw walletFailure(error);
  }
  const account = firstAccount(accounts);
  if (!account) throw noAccount();
  return account;
}

// The account already shared with this site, without prompting; null when there is none.
export async function connectedAccount(provider: Eip1193Provider): Promise<string | null> {
  try {
    return firstAccount(await provider.request({ method: 'eth_accounts' }));
  } catch {
    return null;
  }
}

export async function readChainId(provider: Eip1193Provider): Promise<number> {
  let raw: unknown;
  try {
    raw = await provider.request({ method: 'eth_chainId' });
  } catch (error) {
    throw walletFailure(error);
  }
  const chainId = typeof raw === 'string' ? Number.parseInt(raw, raw.startsWith('0x') ? 16 : 10) : Number(raw);
  if (!Number.isSafeInteger(chainId) || chainId <= 0) {
    throw new WalletError('failed', `The wallet reported an unreadable chain id (${String(raw)}).`);
  }
  return chainId;
}

const toHexChainId = (chainId: number) => `0x${chainId.toString(16)}`;

export function chainLabel(chainId: number): string {
  return chainId === 31337 ? `the local Parley chain (id ${chainId})` : `chain id ${chainId}`;
}

export function wrongNetwork(current: number, chain: ChainSettings, cause?: unknown): WalletError {
  return new WalletError(
    'wrong-network',
    `Your wallet is on ${chainLabel(current)}, but IPT lives on ${chainLabel(chain.chainId)}. ` +
      'Switch your wallet to that network and try again.',
    { cause },
  );
}

// Puts the wallet on the configured chain: wallet_switchEthereumChain, and when the wallet does
// not know the chain, wallet_addEthereumChain with the server's public RPC URL first. The wallet
// asks the user in both cases; declining leaves a wrong-network error.
export async function ensureChain(provider: Eip1193Provider, chain: ChainSettings): Promise<void> {
  const current = await readChainId(provider);
  if (current === chain.chainId) return;
  const chainId = toHexChainId(chain.chainId);
  try {
    await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId }] });
  } catch (error) {
    if (providerErrorCode(error) !== UNRECOGNIZED_CHAIN) throw wrongNetwork(current, chain, error);
    if (!chain.rpcUrl) throw wrongNetwork(current, chain, error);
    try {
      await provider.request({
        method: 'wallet_addEthereumChain',
        params: [
          {
            chainId,
            chainName: chain.chainId === 31337 ? 'Parley local chain' : `Parley chain ${chain.chainId}`,
            rpcUrls: [chain.rpcUrl],
            nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
          },
        ],
      });
      // Most wallets switch once the chain is added; ask again for those that do not.
      if ((await readChainId(provider)) !== chain.chainId) {
        await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId }] });
      }
    } catch (addError) {
      throw wrongNetwork(current, chain, addError);
    }
  }
  const now = await readChainId(provider);
  if (now !== chain.chainId) throw wrongNetwork(now, chain);
}

export type ConnectOptions = {
  // Also put the wallet on this chain (switching or adding it).
  chain?: ChainSettings;
  // How long EIP-6963 discovery waits for announcements.
  waitMs?: number;
};

// Finds the wallet, asks for an account and (with `chain`) the right network.
// Throws WalletError: no-wallet, no-account, rejected, wrong-network, failed.
export async function connectWallet(options: ConnectOptions = {}): Promise<ConnectedWallet> {
  const wallet = await findWallet(options.waitMs);
  if (!wallet) throw noWallet();
  const account = await requestAccount(wallet.provider);
  if (options.chain) await ensureChain(wallet.provider, options.chain);
  const chainId = await readChainId(wallet.provider);
  return { provider: wallet.provider, walletName: wallet.info?.name ?? null, account, chainId };
}
