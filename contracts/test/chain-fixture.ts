// Shared setup for contract tests: a fresh anvil with the contracts deployed, and named accounts.
import { expect } from 'vitest';
import type { Contract, ContractTransactionResponse, JsonRpcProvider, Wallet } from 'ethers';
import { decodeContractError } from '../../api/src/modules/chain/contract-errors';
import {
  attachContract,
  createProvider,
  createSigner,
  deployContracts,
  devAccounts,
  startLocalChain,
  type Deployment,
  type LocalChain,
} from '../../scripts/chain/anvil';

/** Dev accounts 1..5 start with this many IPT. */
export const FUNDING = 1_000n;

export type ChainFixture = {
  chain: LocalChain;
  deployment: Deployment;
  provider: JsonRpcProvider;
  /** Account 0: owner of token and factory, escrow operator. */
  deployer: Wallet;
  requester: Wallet;
  alice: Wallet;
  bob: Wallet;
  carol: Wallet;
  stranger: Wallet;
  token: (as?: Wallet) => Contract;
  factory: (as?: Wallet) => Contract;
  escrow: (address: string, as?: Wallet) => Contract;
  stop: () => Promise<void>;
};

export async function startChainFixture(): Promise<ChainFixture> {
  const chain = await startLocalChain();
  try {
    const accounts = devAccounts(6);
    const deployment = await deployContracts(chain.rpcUrl, accounts[0].privateKey, {
      fundAccounts: 6,
      fundAmount: FUNDING,
    });
    const provider = createProvider(chain.rpcUrl, chain.chainId);
    const [deployer, requester, alice, bob, carol, stranger] = accounts.map((a) =>
      createSigner(provider, a.privateKey),
    );
    return {
      chain,
      deployment,
      provider,
      deployer,
      requester,
      alice,
      bob,
      carol,
      stranger,
      token: (as = deployer) => attachContract('IPTToken', deployment.token, as),
      factory: (as = deployer) => attachContract('EscrowFactory', deployment.factory, as),
      escrow: (address, as = deployer) => attachContract('RequestEscrow', address, as),
      stop: async () => {
        provider.destroy();
        await chain.stop();
      },
    };
  } catch (error) {
    await chain.stop();
    throw error;
  }
}

/** Sends a contract transaction and waits until it is mined successfully. */
export async function mined(tx: Promise<ContractTransactionResponse>) {
  const receipt = await (await tx).wait();
  if (!receipt || receipt.status !== 1) throw new Error('transaction failed');
  return receipt;
}

/** Asserts that `action` reverts with the custom error `name` (and, if given, exactly these args). */
export async function expectRevert(action: Promise<unknown>, name: string, args?: unknown[]): Promise<void> {
  let caught: unknown;
  try {
    await action;
  } catch (error) {
    caught = error;
  }
  expect(caught, `expected a revert with ${name}, but the call succeeded`).toBeDefined();
  const decoded = decodeContractError(caught);
  expect(decoded?.name, `undecodable revert: ${String(caught)}`).toBe(name);
  if (args) expect(decoded?.args.toArray()).toEqual(args);
}
