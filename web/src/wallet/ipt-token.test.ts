import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Eip1193Provider } from './eip1193';
import { watchIptToken } from './ipt-token';
import { findWallet } from './wallet-discovery';

const ADDRESS = `0x${'12'.repeat(20)}`;

function provider(result: unknown = true): Eip1193Provider & { request: ReturnType<typeof vi.fn> } {
  return { request: vi.fn(async () => result) };
}

// Answers EIP-6963 discovery requests the way an installed wallet extension does.
function announceOnRequest(name: string, rdns: string, wallet: Eip1193Provider) {
  const answer = () =>
    window.dispatchEvent(
      new CustomEvent('eip6963:announceProvider', {
        detail: { info: { uuid: `${rdns}-uuid`, name, icon: '', rdns }, provider: wallet },
      }),
    );
  window.addEventListener('eip6963:requestProvider', answer);
  return () => window.removeEventListener('eip6963:requestProvider', answer);
}

const cleanups: (() => void)[] = [];
afterEach(() => {
  while (cleanups.length > 0) cleanups.pop()?.();
  delete (window as Window & { ethereum?: unknown }).ethereum;
  delete window.__PARLEY_CONFIG__;
});

describe('wallet discovery', () => {
  it('prefers MetaMask among EIP-6963 announcements over window.ethereum', async () => {
    const other = provider();
    const metamask = provider();
    (window as Window & { ethereum?: unknown }).ethereum = provider();
    cleanups.push(
      announceOnRequest('Rabby', 'io.rabby', other),
      announceOnRequest('MetaMask', 'io.metamask', metamask),
    );
    const wallet = await findWallet(10);
    expect(wallet?.provider).toBe(metamask);
    expect(wallet?.info?.name).toBe('MetaMask');
  });

  it('falls back to window.ethereum, and finds nothing without it', async () => {
    expect(await findWallet(10)).toBeNull();
    const legacy = provider();
    (window as Window & { ethereum?: unknown }).ethereum = legacy;
    expect((await findWallet(10))?.provider).toBe(legacy);
  });
});

describe('watchIptToken', () => {
  it('asks for an ERC-20 with symbol IPT and 0 decimals at the configured address', async () => {
    const wallet = provider(true);
    cleanups.push(announceOnRequest('MetaMask', 'io.metamask', wallet));
    window.__PARLEY_CONFIG__ = { iptTokenAddress: ADDRESS };
    expect(await watchIptToken({ waitMs: 10 })).toEqual({ status: 'added', walletName: 'MetaMask' });
    expect(wallet.request).toHaveBeenCalledWith({
      method: 'wallet_watchAsset',
      params: { type: 'ERC20', options: { address: ADDRESS, symbol: 'IPT', decimals: 0 } },
    });
  });

  it('reports the missing wallet, a missing address, a refusal and a failure', async () => {
    expect(await watchIptToken({ waitMs: 10, tokenAddress: ADDRESS })).toEqual({ status: 'no-wallet' });

    const rejecting = {
      request: vi.fn(async () => Promise.reject(Object.assign(new Error('User rejected'), { code: 4001 }))),
    };
    (window as Window & { ethereum?: unknown }).ethereum = rejecting;
    expect(await watchIptToken({ waitMs: 10, tokenAddress: null })).toEqual({ status: 'not-configured' });
    expect(rejecting.request).not.toHaveBeenCalled();
    expect(await watchIptToken({ waitMs: 10, tokenAddress: ADDRESS })).toEqual({
      status: 'declined',
      walletName: null,
    });

    (window as Window & { ethereum?: unknown }).ethereum = {
      request: vi.fn(async () => Promise.reject(new Error('Unsupported method'))),
    };
    expect(await watchIptToken({ waitMs: 10, tokenAddress: ADDRESS })).toEqual({
      status: 'failed',
      walletName: null,
      message: 'Unsupported method',
    });
  });
});
