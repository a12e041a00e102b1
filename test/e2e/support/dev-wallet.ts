// A browser wallet for the tests: an EIP-1193 provider whose requests are answered in Node by an
// ethers Wallet holding an anvil dev key. The page gets it announced through EIP-6963 (as MetaMask
// announces itself); calls that only read go straight to the chain's JSON-RPC. The private key stays
// in this process: the page only ever sees the provider object.
import { Wallet, toQuantity, type TransactionRequest } from 'ethers';
import type { BrowserContext } from 'playwright-core';
import { createProvider } from '../../../scripts/chain/anvil';

export type WalletCall = { method: string; params: unknown };
export type RpcError = { code: number; message: string; data?: unknown };
export type WalletAnswer = { result: unknown } | { error: RpcError };

export type DevWalletOptions = { rpcUrl: string; chainId: number; privateKey: string; name?: string };

export type DevWallet = {
  address: string;
  name: string;
  // Every request the page made, in order.
  calls: WalletCall[];
  // Declines the next request of this method with EIP-1193 code 4001, as a user would.
  rejectNext(method: string): void;
  handle(method: string, params: unknown): Promise<WalletAnswer>;
  close(): void;
};

type RpcTransaction = { from?: string; to?: string; data?: string; value?: string; gas?: string; nonce?: string };

export function createDevWallet({
  rpcUrl,
  chainId,
  privateKey,
  name = 'Parley Dev Wallet',
}: DevWalletOptions): DevWallet {
  const provider = createProvider(rpcUrl, chainId);
  const signer = new Wallet(privateKey, provider);
  const calls: WalletCall[] = [];
  const rejections = new Set<string>();
  let rpcId = 0;
  // one transaction at a time: each takes the next nonce from the node
  let sending: Promise<unknown> = Promise.resolve();

  const forward = async (method: string, params: unknown): Promise<WalletAnswer> => {
    const response = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: ++rpcId, method, params: params ?? [] }),
    });
    const body = (await response.json()) as { result?: unknown; error?: RpcError };
    return body.error ? { error: body.error } : { result: body.result ?? null };
  };

  const send = async (tx: RpcTransaction): Promise<WalletAnswer> => {
    if (tx.from && tx.from.toLowerCase() !== signer.address.toLowerCase()) {
      return { error: { code: 4100, message: `The wallet does not hold ${tx.from}` } };
    }
    const request: TransactionRequest = { to: tx.to, data: tx.data, value: tx.value ?? 0 };
    if (tx.gas) request.gasLimit = BigInt(tx.gas);
    const sent = sending.then(() => signer.sendTransaction(request));
    sending = sent.catch(() => undefined);
    try {
      return { result: (await sent).hash };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      return { error: { code: -32603, message } };
    }
  };

  const handle = async (method: string, params: unknown): Promise<WalletAnswer> => {
    calls.push({ method, params });
    if (rejections.delete(method)) return { error: { code: 4001, message: 'User rejected the request.' } };
    switch (method) {
      case 'eth_requestAccounts':
      case 'eth_accounts':
        return { result: [signer.address] };
      case 'eth_chainId':
        return { result: toQuantity(chainId) };
      case 'net_version':
        return { result: String(chainId) };
      case 'wallet_watchAsset':
        return { result: true };
      case 'wallet_switchEthereumChain': {
        const [target] = (params ?? []) as { chainId?: string }[];
        return Number(target?.chainId) === chainId
          ? { result: null }
          : { error: { code: 4902, message: `Unrecognized chain ${target?.chainId}` } };
      }
      case 'eth_sendTransaction': {
        const [tx] = (params ?? []) as RpcTransaction[];
        return send(tx ?? {});
      }
      case 'eth_sign':
      case 'personal_sign':
      case 'eth_signTypedData_v4':
        return { error: { code: 4200, message: `${method} is not supported by the test wallet` } };
      default:
        return forward(method, params);
    }
  };

  return {
    address: signer.address,
    name,
    calls,
    rejectNext: (method) => rejections.add(method),
    handle,
    close: () => provider.destroy(),
  };
}

// The page side: an EIP-1193 object whose `request` goes through a Playwright binding to `wallet`,
// announced with EIP-6963 (on load and whenever a dapp asks). A string, so it runs as-is in the page.
function pageScript(name: string): string {
  return `(() => {
  const listeners = new Map();
  const provider = {
    async request(args) {
      const answer = await window.__parleyDevWallet(args.method, args.params === undefined ? [] : args.params);
      if ('error' in answer) {
        const error = new Error(answer.error.message);
        error.code = answer.error.code;
        if (answer.error.data !== undefined) error.data = answer.error.data;
        throw error;
      }
      return answer.result;
    },
    on(event, listener) {
      listeners.set(event, [...(listeners.get(event) || []), listener]);
    },
    removeListener(event, listener) {
      listeners.set(event, (listeners.get(event) || []).filter((l) => l !== listener));
    },
  };
  const info = Object.freeze({
    uuid: '6f0b2c1e-7d3a-4c55-9a51-2f6b6f0e7a11',
    name: ${JSON.stringify(name)},
    icon: 'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"/%3E',
    rdns: 'test.parley.devwallet',
  });
  const announce = () =>
    window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({ info, provider }) }));
  window.addEventListener('eip6963:requestProvider', announce);
  announce();
})();`;
}

// Puts the wallet into every page of the context.
export async function installDevWallet(context: BrowserContext, wallet: DevWallet): Promise<void> {
  await context.exposeBinding('__parleyDevWallet', (_source, method: string, params: unknown) =>
    wallet.handle(method, params),
  );
  await context.addInitScript({ content: pageScript(wallet.name) });
}
