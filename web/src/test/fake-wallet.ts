// A scripted EIP-1193 wallet for unit tests: one account on one chain, answering the calls the
// wallet module and ethers' BrowserProvider make, with IPT balance, allowance and escrows read from
// `state`. It signs nothing: eth_sendTransaction only records the request and returns a fake hash.
import { getAddress, Interface, toQuantity, ZeroAddress } from 'ethers';
import { abi as escrowFactoryAbi } from '../../../contracts/artifacts/EscrowFactory.json';
import { abi as iptTokenAbi } from '../../../contracts/artifacts/IPTToken.json';
import { abi as requestEscrowAbi } from '../../../contracts/artifacts/RequestEscrow.json';
import type { Eip1193Provider, Eip1193RequestArgs } from '../wallet/eip1193';
import { TEST_FACTORY_ADDRESS, TEST_TOKEN_ADDRESS } from './factories';

export const FAKE_ACCOUNT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

const token = new Interface(iptTokenAbi);
const factory = new Interface(escrowFactoryAbi);
const escrow = new Interface(requestEscrowAbi);

export type FakeWalletState = {
  account: string;
  // whether the site already has the account (eth_accounts); eth_requestAccounts grants it
  connected: boolean;
  chainId: number;
  // chains the wallet knows (wallet_switchEthereumChain to another answers 4902)
  knownChains: Set<number>;
  ipt: bigint;
  allowance: bigint;
  // request key (bytes32) -> escrow address, and escrow -> requester
  escrows: Map<string, string>;
  requesters: Map<string, string>;
  // methods the user declines (EIP-1193 4001)
  rejects: Set<string>;
};

export type FakeWallet = Eip1193Provider & {
  state: FakeWalletState;
  calls: Eip1193RequestArgs[];
  methods: () => string[];
};

const rejection = () => Object.assign(new Error('User rejected the request.'), { code: 4001 });

export function fakeWallet(overrides: Partial<FakeWalletState> = {}): FakeWallet {
  const state: FakeWalletState = {
    account: FAKE_ACCOUNT,
    connected: true,
    chainId: 31337,
    knownChains: new Set([1, 31337]),
    ipt: 0n,
    allowance: 0n,
    escrows: new Map(),
    requesters: new Map(),
    rejects: new Set(),
    ...overrides,
  };
  const calls: Eip1193RequestArgs[] = [];

  const call = ({ to, data }: { to: string; data: string }): string => {
    const target = getAddress(to);
    if (target === getAddress(TEST_TOKEN_ADDRESS)) {
      const parsed = token.parseTransaction({ data });
      if (parsed?.name === 'balanceOf') return token.encodeFunctionResult('balanceOf', [state.ipt]);
      if (parsed?.name === 'allowance') return token.encodeFunctionResult('allowance', [state.allowance]);
    }
    if (target === getAddress(TEST_FACTORY_ADDRESS)) {
      const parsed = factory.parseTransaction({ data });
      if (parsed?.name === 'escrowOf') {
        const key = String(parsed.args[0]);
        return factory.encodeFunctionResult('escrowOf', [state.escrows.get(key) ?? ZeroAddress]);
      }
    }
    const requester = state.requesters.get(target);
    if (requester && escrow.parseTransaction({ data })?.name === 'requester') {
      return escrow.encodeFunctionResult('requester', [requester]);
    }
    throw new Error(`fake wallet: no answer for eth_call to ${to} with ${data.slice(0, 10)}`);
  };

  const request = async (args: Eip1193RequestArgs): Promise<unknown> => {
    calls.push(args);
    const params = (Array.isArray(args.params) ? args.params : []) as unknown[];
    if (state.rejects.has(args.method)) throw rejection();
    switch (args.method) {
      case 'eth_requestAccounts':
        state.connected = true;
        return [state.account];
      case 'eth_accounts':
        return state.connected ? [state.account] : [];
      case 'eth_chainId':
        return toQuantity(state.chainId);
      case 'wallet_switchEthereumChain': {
        const target = Number.parseInt((params[0] as { chainId: string }).chainId, 16);
        if (!state.knownChains.has(target)) throw Object.assign(new Error('Unrecognized chain'), { code: 4902 });
        state.chainId = target;
        return null;
      }
      case 'wallet_addEthereumChain': {
        const target = Number.parseInt((params[0] as { chainId: string }).chainId, 16);
        state.knownChains.add(target);
        state.chainId = target;
        return null;
      }
      case 'wallet_watchAsset':
        return true;
      case 'eth_blockNumber':
        return '0x10';
      case 'eth_call':
        return call(params[0] as { to: string; data: string });
      case 'eth_estimateGas':
        return '0x30000';
      case 'eth_sendTransaction':
        return `0x${'fe'.repeat(32)}`;
      default:
        throw new Error(`fake wallet: ${args.method} is not scripted`);
    }
  };
  return { request, state, calls, methods: () => calls.map((c) => c.method) };
}

// Installs the wallet the way MetaMask announces itself (EIP-6963); returns the cleanup.
export function announceWallet(wallet: Eip1193Provider, name = 'MetaMask', rdns = 'io.metamask'): () => void {
  const answer = () =>
    window.dispatchEvent(
      new CustomEvent('eip6963:announceProvider', {
        detail: { info: { uuid: `${rdns}-uuid`, name, icon: '', rdns }, provider: wallet },
      }),
    );
  window.addEventListener('eip6963:requestProvider', answer);
  return () => window.removeEventListener('eip6963:requestProvider', answer);
}
