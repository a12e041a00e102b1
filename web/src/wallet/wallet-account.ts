// The browser wallet's account as every screen sees it: one store, so connecting on one card
// (settings' wallet card) fills the address on another (moving credit to the wallet).
import type { ChainSettings } from '../shared/config/runtime-config';
import type { Eip1193Provider } from './eip1193';
import { readIptBalance } from './ipt-token';
import { connectedAccount, ensureChain, readChainId, requestAccount, wrongNetwork } from './wallet-connection';
import { findWallet } from './wallet-discovery';
import { noWallet, WalletError } from './wallet-errors';

export type WalletAccountState = {
  // unknown: not looked yet; no-wallet: none in this browser; disconnected: a wallet that shares
  // no account with Parley yet.
  status: 'unknown' | 'no-wallet' | 'disconnected' | 'connecting' | 'connected';
  account: string | null;
  walletName: string | null;
  // The account's on-chain IPT, once read (null: not read, or unreadable).
  iptBalance: bigint | null;
  error: WalletError | null;
};

const INITIAL: WalletAccountState = {
  status: 'unknown',
  account: null,
  walletName: null,
  iptBalance: null,
  error: null,
};

let state = INITIAL;
// Bumped by resetWalletAccount: answers from before a reset are dropped.
let generation = 0;
let provider: Eip1193Provider | null = null;
let probing: Promise<void> | null = null;
let unwatch: (() => void) | null = null;
const listeners = new Set<() => void>();

function update(next: Partial<WalletAccountState>, since = generation) {
  if (since !== generation) return;
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

export function subscribeWalletAccount(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getWalletAccount(): WalletAccountState {
  return state;
}

// Follows the wallet when the user switches accounts or networks in it.
function watch(wallet: Eip1193Provider) {
  if (!wallet.on || !wallet.removeListener) return;
  const onAccounts = (accounts: unknown) => {
    const [account] = Array.isArray(accounts) ? accounts : [];
    update(
      typeof account === 'string'
        ? { status: 'connected', account, iptBalance: null }
        : { status: 'disconnected', account: null, iptBalance: null },
    );
  };
  // another network: the balance read before is not this chain's
  const onChain = () => update({ iptBalance: null, error: null });
  wallet.on('accountsChanged', onAccounts);
  wallet.on('chainChanged', onChain);
  unwatch = () => {
    wallet.removeListener?.('accountsChanged', onAccounts);
    wallet.removeListener?.('chainChanged', onChain);
  };
}

async function walletProvider(waitMs?: number): Promise<Eip1193Provider | null> {
  if (provider) return provider;
  const since = generation;
  const wallet = await findWallet(waitMs);
  if (!wallet || since !== generation) return null;
  provider = wallet.provider;
  update({ walletName: wallet.info?.name ?? null });
  watch(wallet.provider);
  return provider;
}

// Looks for a wallet and an account already shared with Parley, without any prompt. Once per page.
export function probeWalletAccount(waitMs?: number): Promise<void> {
  probing ??= (async () => {
    const since = generation;
    const wallet = await walletProvider(waitMs);
    if (!wallet) {
      update({ status: 'no-wallet' }, since);
      return;
    }
    const account = await connectedAccount(wallet);
    // a connect() that finished meanwhile wins
    if (state.status === 'unknown') update({ status: account ? 'connected' : 'disconnected', account }, since);
  })();
  return probing;
}

// The wallet's connect prompt. Resolves the account; failures are also kept in `error`.
export async function connectWalletAccount(waitMs?: number): Promise<string> {
  const since = generation;
  update({ status: 'connecting', error: null });
  try {
    const wallet = await walletProvider(waitMs);
    if (!wallet) throw noWallet();
    const account = await requestAccount(wallet);
    update({ status: 'connected', account, iptBalance: null }, since);
    return account;
  } catch (error) {
    const failure = error instanceof WalletError ? error : new WalletError('failed', String(error), { cause: error });
    update(
      {
        status: failure.kind === 'no-wallet' ? 'no-wallet' : state.account ? 'connected' : 'disconnected',
        error: failure,
      },
      since,
    );
    throw failure;
  }
}

// Reads the connected account's IPT. With `switchChain` the wallet is asked to move to `chain`
// first; without, a wallet on another network leaves a wrong-network error (no prompt).
export async function refreshIptBalance(
  chain: ChainSettings,
  { switchChain = true }: { switchChain?: boolean } = {},
): Promise<bigint | null> {
  const account = state.account;
  const since = generation;
  if (!provider || !account) return null;
  try {
    if (switchChain) await ensureChain(provider, chain);
    else {
      const current = await readChainId(provider);
      if (current !== chain.chainId) throw wrongNetwork(current, chain);
    }
    const balance = await readIptBalance(provider, chain, account);
    if (state.account === account) update({ iptBalance: balance, error: null }, since);
    return balance;
  } catch (error) {
    const failure = error instanceof WalletError ? error : new WalletError('failed', String(error), { cause: error });
    update({ iptBalance: null, error: failure }, since);
    return null;
  }
}

// Tests start every case from a browser nobody has looked at yet.
export function resetWalletAccount(): void {
  generation += 1;
  unwatch?.();
  unwatch = null;
  provider = null;
  probing = null;
  state = INITIAL;
}
