import { getAddress, makeError } from 'ethers';
import { graphql, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RuntimeConfigDocument } from '../shared/config/runtime-config.generated';
import type { ChainSettings } from '../shared/config/runtime-config';
import { buildRuntimeConfig, TEST_FACTORY_ADDRESS, TEST_TOKEN_ADDRESS } from '../test/factories';
import { announceWallet, FAKE_ACCOUNT, fakeWallet } from '../test/fake-wallet';
import { server } from '../test/msw-server';
import type { Eip1193Provider } from './eip1193';
import { fundRequestEscrow } from './escrow';
import { watchIptToken } from './ipt-token';
import { requestIdOf, toWalletError } from './contracts';
import { findWallet } from './wallet-discovery';
import {
  INSUFFICIENT_TOKENS_TEXT,
  INSUFFICIENT_TOKENS_TITLE,
  METAMASK_REQUIRED_TEXT,
  METAMASK_REQUIRED_TITLE,
  NO_GAS_TEXT,
  WalletError,
} from './wallet-errors';

const ADDRESS = `0x${'12'.repeat(20)}`;
const CHAIN: ChainSettings = {
  chainId: 31337,
  rpcUrl: 'http://127.0.0.1:8545/',
  iptTokenAddress: TEST_TOKEN_ADDRESS,
  escrowFactoryAddress: TEST_FACTORY_ADDRESS,
};
const REQUEST = { requestId: 'b5f0c1de-0000-4000-8000-0000000000aa', amount: 10, bonusEach: 2 };

function provider(result: unknown = true): Eip1193Provider & { request: ReturnType<typeof vi.fn> } {
  return { request: vi.fn(async () => result) };
}

const cleanups: (() => void)[] = [];
afterEach(() => {
  while (cleanups.length > 0) cleanups.pop()?.();
});

function install(wallet: Eip1193Provider, name?: string, rdns?: string) {
  cleanups.push(announceWallet(wallet, name, rdns));
}

// Runs the promise to its WalletError (the test fails if it resolves or throws something else).
async function walletError(promise: Promise<unknown>): Promise<WalletError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(WalletError);
  return error as WalletError;
}

describe('wallet discovery', () => {
  it('prefers MetaMask among EIP-6963 announcements over window.ethereum', async () => {
    const other = provider();
    const metamask = provider();
    (window as Window & { ethereum?: unknown }).ethereum = provider();
    install(other, 'Rabby', 'io.rabby');
    install(metamask, 'MetaMask', 'io.metamask');
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
  it('asks for an ERC-20 with symbol IPT and 0 decimals at the given address', async () => {
    const wallet = provider(true);
    install(wallet);
    expect(await watchIptToken({ tokenAddress: ADDRESS, waitMs: 10 })).toEqual({
      status: 'added',
      walletName: 'MetaMask',
    });
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
    expect(await watchIptToken({ waitMs: 10, tokenAddress: null, reason: 'anvil is down' })).toEqual({
      status: 'not-configured',
      reason: 'anvil is down',
    });
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

describe('fundRequestEscrow', () => {
  it('asks for Metamask when the browser has no wallet', async () => {
    const error = await walletError(fundRequestEscrow(REQUEST, { chain: CHAIN, waitMs: 10 }));
    expect(error.kind).toBe('no-wallet');
    expect(error.title).toBe(METAMASK_REQUIRED_TITLE);
    expect(error.message).toBe(METAMASK_REQUIRED_TEXT);
  });

  it('refuses amounts IPT cannot hold before any wallet prompt', async () => {
    const wallet = fakeWallet({ ipt: 100n });
    install(wallet);
    for (const [amount, bonusEach] of [
      [10.5, 2],
      [10, 0],
      [2, 3],
    ]) {
      const error = await walletError(
        fundRequestEscrow({ ...REQUEST, amount, bonusEach }, { chain: CHAIN, waitMs: 10 }),
      );
      expect(error.kind).toBe('failed');
    }
    expect(wallet.calls).toEqual([]);
  });

  it("uses the server's chain settings, and says why when the chain is off", async () => {
    server.use(
      graphql.query(RuntimeConfigDocument, () =>
        HttpResponse.json({
          data: {
            runtimeConfig: buildRuntimeConfig({
              chainId: null,
              iptTokenAddress: null,
              escrowFactoryAddress: null,
              chainError: 'The chain at 127.0.0.1:8545 does not answer',
            }),
          },
        }),
      ),
    );
    const wallet = fakeWallet({ ipt: 100n });
    install(wallet);
    const error = await walletError(fundRequestEscrow(REQUEST, { waitMs: 10 }));
    expect(error.kind).toBe('not-configured');
    expect(error.message).toBe('The chain at 127.0.0.1:8545 does not answer');
    expect(wallet.calls).toEqual([]);
  });

  it('stops with a clear message when the user rejects the connection (4001), sending nothing', async () => {
    const wallet = fakeWallet({ ipt: 100n, rejects: new Set(['eth_requestAccounts']) });
    install(wallet);
    const error = await walletError(fundRequestEscrow(REQUEST, { chain: CHAIN, waitMs: 10 }));
    expect(error.kind).toBe('rejected');
    expect(error.message).toMatch(/declined the request in your wallet, so nothing was changed or saved/);
    expect(wallet.methods()).toEqual(['eth_requestAccounts']);
  });

  it('stops when the user rejects the approval signature (4001 through ethers)', async () => {
    const wallet = fakeWallet({ ipt: 100n, rejects: new Set(['eth_sendTransaction']) });
    install(wallet);
    const error = await walletError(fundRequestEscrow(REQUEST, { chain: CHAIN, waitMs: 10 }));
    expect(error.kind).toBe('rejected');
    // the approval was the only transaction asked for; createEscrow never was
    const sends = wallet.calls.filter((c) => c.method === 'eth_sendTransaction');
    expect(sends).toHaveLength(1);
    expect((sends[0].params as { to: string }[])[0].to.toLowerCase()).toBe(TEST_TOKEN_ADDRESS.toLowerCase());
  });

  it('says "Purchase Tokens to continue" when the wallet holds too little IPT, sending nothing', async () => {
    const wallet = fakeWallet({ ipt: 9n });
    install(wallet);
    const error = await walletError(fundRequestEscrow(REQUEST, { chain: CHAIN, waitMs: 10 }));
    expect(error.kind).toBe('insufficient-balance');
    expect(error.title).toBe(INSUFFICIENT_TOKENS_TITLE);
    expect(error.message).toBe(INSUFFICIENT_TOKENS_TEXT);
    expect(wallet.methods()).not.toContain('eth_sendTransaction');
  });

  it('asks the wallet to switch to the configured chain, and stops if the user declines', async () => {
    const wallet = fakeWallet({ ipt: 100n, chainId: 1 });
    wallet.state.rejects.add('wallet_switchEthereumChain');
    install(wallet);
    const error = await walletError(fundRequestEscrow(REQUEST, { chain: CHAIN, waitMs: 10 }));
    expect(error.kind).toBe('wrong-network');
    expect(error.title).toBe('Wrong network');
    expect(error.message).toMatch(/on chain id 1, but IPT lives on the local Parley chain \(id 31337\)/);
    expect(wallet.calls).toContainEqual({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a69' }] });
    expect(wallet.methods()).not.toContain('eth_call');
    expect(wallet.methods()).not.toContain('eth_sendTransaction');
  });

  it('adds the chain with the public RPC URL when the wallet does not know it, then carries on', async () => {
    const wallet = fakeWallet({ ipt: 5n, chainId: 1, knownChains: new Set([1]) });
    install(wallet);
    const error = await walletError(fundRequestEscrow(REQUEST, { chain: CHAIN, waitMs: 10 }));
    expect(wallet.calls).toContainEqual({
      method: 'wallet_addEthereumChain',
      params: [
        {
          chainId: '0x7a69',
          chainName: 'Parley local chain',
          rpcUrls: ['http://127.0.0.1:8545/'],
          nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        },
      ],
    });
    expect(wallet.state.chainId).toBe(31337);
    // on the right chain now: the balance check ran (and found too little)
    expect(error.kind).toBe('insufficient-balance');
  });

  it('returns the escrow an earlier attempt created for this request instead of paying twice', async () => {
    const existing = `0x${'e5'.repeat(20)}`;
    const wallet = fakeWallet({ ipt: 0n });
    wallet.state.escrows.set(requestIdOf(REQUEST.requestId), existing);
    wallet.state.requesters.set(getAddress(existing), FAKE_ACCOUNT);
    install(wallet);
    const funded = await fundRequestEscrow(REQUEST, { chain: CHAIN, waitMs: 10 });
    expect(funded).toEqual({ escrowAddress: getAddress(existing), signer: FAKE_ACCOUNT, txHash: null });
    expect(wallet.methods()).not.toContain('eth_sendTransaction');
  });

  it('refuses a request whose escrow belongs to someone else', async () => {
    const existing = `0x${'e6'.repeat(20)}`;
    const wallet = fakeWallet({ ipt: 100n });
    wallet.state.escrows.set(requestIdOf(REQUEST.requestId), existing);
    wallet.state.requesters.set(getAddress(existing), `0x${'77'.repeat(20)}`);
    install(wallet);
    const error = await walletError(fundRequestEscrow(REQUEST, { chain: CHAIN, waitMs: 10 }));
    expect(error.kind).toBe('escrow-exists');
    expect(wallet.methods()).not.toContain('eth_sendTransaction');
  });
});

describe('a wallet account without ETH', () => {
  it("says what is wrong and how to fix it, never the provider's raw words", () => {
    const raw = Object.assign(new Error('insufficient funds for intrinsic transaction cost'), { code: -32603 });
    const wrapped = makeError('could not coalesce error', 'UNKNOWN_ERROR', { error: raw });
    const ethers = makeError('insufficient funds for intrinsic transaction cost', 'INSUFFICIENT_FUNDS', {
      transaction: {},
    });
    for (const error of [raw, wrapped, ethers]) {
      const mapped = toWalletError(error);
      expect(mapped).toMatchObject({ kind: 'no-gas', title: 'No ETH for network fees', message: NO_GAS_TEXT });
      expect(mapped.message).not.toMatch(/insufficient funds|intrinsic/i);
      expect(mapped.message).toContain('Get test funds');
    }
  });
});
