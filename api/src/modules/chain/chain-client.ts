// The chain client's building blocks, for the server and for the scripts and tests that drive a
// chain: a provider and signer tuned for a dev node, dev accounts, request ids, contract handles.
// (The dev chain launcher, anvil and the contracts' deployment, is scripts/chain/anvil.ts.)
import { Contract, HDNodeWallet, JsonRpcProvider, Network, Wallet, id, type Signer } from 'ethers';
import { readArtifact, type ContractName } from './artifacts';

/** anvil's default mnemonic: its dev accounts are public knowledge, never use them off a dev chain. */
export const ANVIL_MNEMONIC = 'test test test test test test test test test test test junk';

export type DevAccount = { address: string; privateKey: string };

/** `eth_chainId` over plain fetch; throws if the node does not answer. */
export async function rpcChainId(rpcUrl: string): Promise<number> {
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
    signal: AbortSignal.timeout(2_000),
  });
  const body = (await response.json()) as { result?: string };
  if (typeof body.result !== 'string') throw new Error(`unexpected eth_chainId answer from ${rpcUrl}`);
  return Number(BigInt(body.result));
}

/**
 * A provider for back-to-back transactions on an auto-mining chain: no 250 ms call cache (it would
 * serve a stale nonce) and, when the chain id is known, no `eth_chainId` before every request.
 */
export function createProvider(rpcUrl: string, chainId?: number): JsonRpcProvider {
  const network = chainId === undefined ? undefined : Network.from(chainId);
  return new JsonRpcProvider(rpcUrl, network, {
    cacheTimeout: -1,
    pollingInterval: 100,
    staticNetwork: network ?? null,
  });
}

/**
 * A wallet that asks for the pending nonce on every transaction (always fresh with the provider
 * above). Await each send before the next. Not a NonceManager: its nonce is consumed even when gas
 * estimation rejects the transaction, and the next one then waits forever behind the gap.
 */
export function createSigner(provider: JsonRpcProvider, privateKey: string): Wallet {
  return new Wallet(privateKey, provider);
}

/** Dev accounts derived like anvil's (BIP-44 `m/44'/60'/0'/0/i`). */
export function devAccounts(count: number, mnemonic = ANVIL_MNEMONIC): DevAccount[] {
  const parent = HDNodeWallet.fromPhrase(mnemonic, '', "m/44'/60'/0'/0");
  return Array.from({ length: count }, (_, index) => {
    const wallet = parent.deriveChild(index);
    return { address: wallet.address, privateKey: wallet.privateKey };
  });
}

/** Off-chain request ids (UUID strings) to the bytes32 the factory uses: `keccak256(utf8(id))`. */
export function toRequestId(requestId: string): string {
  return id(requestId);
}

/** A typed handle on a deployed contract, from its committed artifact. */
export function attachContract(name: ContractName, address: string, runner: Signer | JsonRpcProvider): Contract {
  return new Contract(address, readArtifact(name).abi, runner);
}
