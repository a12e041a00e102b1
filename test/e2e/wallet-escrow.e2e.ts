import { randomUUID } from 'node:crypto';
import { getAddress, ZeroAddress, type Contract, type JsonRpcProvider } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  attachContract,
  createProvider,
  deployContracts,
  devAccounts,
  startLocalChain,
  toRequestId,
  type Deployment,
  type LocalChain,
} from '../../scripts/chain/anvil';
import type { ChainSettings } from '../../web/src/shared/config/chain-settings';
import { fundEscrow, requestIdOf } from '../../web/src/wallet/contracts';
import type { Eip1193Provider } from '../../web/src/wallet/eip1193';
import { WalletError } from '../../web/src/wallet/wallet-errors';
import { createDevWallet, type DevWallet } from './support/dev-wallet';

// The web app's escrow funding (web/src/wallet/contracts.ts, the code the browser runs) against a
// real anvil with the real contracts, through the same dev-key wallet the browser tests inject.
let chain: LocalChain;
let deployment: Deployment;
let rpc: JsonRpcProvider;
let token: Contract;
let factory: Contract;
let wallet: DevWallet;
let provider: Eip1193Provider;
let settings: ChainSettings;
const [deployer, requester] = devAccounts(2);

beforeAll(async () => {
  chain = await startLocalChain();
  deployment = await deployContracts(chain.rpcUrl, deployer.privateKey, { fundAccounts: 2, fundAmount: 1_000n });
  rpc = createProvider(chain.rpcUrl, chain.chainId);
  token = attachContract('IPTToken', deployment.token, rpc);
  factory = attachContract('EscrowFactory', deployment.factory, rpc);
  wallet = createDevWallet({ rpcUrl: chain.rpcUrl, chainId: chain.chainId, privateKey: requester.privateKey });
  provider = {
    request: async ({ method, params }) => {
      const answer = await wallet.handle(method, params);
      if ('error' in answer) throw Object.assign(new Error(answer.error.message), answer.error);
      return answer.result;
    },
  };
  settings = {
    chainId: chain.chainId,
    rpcUrl: chain.rpcUrl,
    iptTokenAddress: deployment.token,
    escrowFactoryAddress: deployment.factory,
  };
});
afterAll(async () => {
  wallet?.close();
  rpc?.destroy();
  await chain?.stop();
});

const balance = async (address: string) => (await token.getFunction('balanceOf')(address)) as bigint;
const escrowOf = async (requestId: string) =>
  getAddress((await factory.getFunction('escrowOf')(toRequestId(requestId))) as string);
const sends = (from: number) => wallet.calls.slice(from).filter((call) => call.method === 'eth_sendTransaction');

async function walletError(promise: Promise<unknown>): Promise<WalletError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(WalletError);
  return error as WalletError;
}

describe('funding a request escrow from the browser wallet', () => {
  const requestId = randomUUID();

  it('approves the factory, creates the escrow and moves the bonus into it', async () => {
    const before = await balance(requester.address);
    const from = wallet.calls.length;
    const funded = await fundEscrow(provider, settings, requester.address, { requestId, amount: 10, bonusEach: 2 });

    expect(funded.signer).toBe(requester.address);
    expect(funded.escrowAddress).toBe(await escrowOf(requestId));
    expect(await balance(funded.escrowAddress)).toBe(10n);
    expect(await balance(requester.address)).toBe(before - 10n);
    const escrow = attachContract('RequestEscrow', funded.escrowAddress, rpc);
    expect(getAddress((await escrow.getFunction('requester')()) as string)).toBe(requester.address);
    expect(await escrow.getFunction('bonusEach')()).toBe(2n);
    // the same id the server computes for the request
    expect(requestIdOf(requestId)).toBe(toRequestId(requestId));
    // two transactions: approve, then createEscrow (a clone: well under 300k gas)
    expect(sends(from).map((call) => (call.params as { to: string }[])[0].to.toLowerCase())).toEqual([
      deployment.token.toLowerCase(),
      deployment.factory.toLowerCase(),
    ]);
    const receipt = await rpc.getTransactionReceipt(funded.txHash!);
    expect(receipt?.status).toBe(1);
    expect(receipt!.gasUsed).toBeLessThan(300_000n);
  });

  it('returns the existing escrow for a retry of the same request instead of paying twice', async () => {
    const before = await balance(requester.address);
    const from = wallet.calls.length;
    const again = await fundEscrow(provider, settings, requester.address, { requestId, amount: 10, bonusEach: 2 });
    expect(again).toEqual({ escrowAddress: await escrowOf(requestId), signer: requester.address, txHash: null });
    expect(sends(from)).toEqual([]);
    expect(await balance(requester.address)).toBe(before);
  });

  it('says "Purchase Tokens to continue" when the wallet holds too little, sending nothing', async () => {
    const from = wallet.calls.length;
    const error = await walletError(
      fundEscrow(provider, settings, requester.address, { requestId: randomUUID(), amount: 5_000, bonusEach: 1 }),
    );
    expect(error.kind).toBe('insufficient-balance');
    expect(error.title).toBe('Purchase Tokens to continue');
    expect(error.message).toBe('You do not have enough tokens in this account to continue!');
    expect(sends(from)).toEqual([]);
  });

  it('stops cleanly when the user rejects the signature (4001): no escrow, no allowance, no tokens moved', async () => {
    const other = randomUUID();
    const before = await balance(requester.address);
    wallet.rejectNext('eth_sendTransaction');
    const error = await walletError(
      fundEscrow(provider, settings, requester.address, { requestId: other, amount: 3, bonusEach: 1 }),
    );
    expect(error.kind).toBe('rejected');
    expect(await escrowOf(other)).toBe(ZeroAddress);
    expect(await token.getFunction('allowance')(requester.address, deployment.factory)).toBe(0n);
    expect(await balance(requester.address)).toBe(before);

    // the next attempt goes through
    const funded = await fundEscrow(provider, settings, requester.address, {
      requestId: other,
      amount: 3,
      bonusEach: 1,
    });
    expect(await balance(funded.escrowAddress)).toBe(3n);
  });
});
