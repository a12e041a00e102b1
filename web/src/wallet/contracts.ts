// The contract calls, through ethers' BrowserProvider on the wallet's EIP-1193 provider. This module
// (ethers and the ABIs) is loaded on demand by the screens that need it, never by the open pages.
// It touches no DOM global, so it also runs in Node against a local chain (test/e2e).
import {
  BrowserProvider,
  Contract,
  getAddress,
  Interface,
  isError,
  ZeroAddress,
  id as keccakId,
  type ContractTransactionResponse,
  type Log,
} from 'ethers';
import { abi as escrowFactoryAbi } from '../../../contracts/artifacts/EscrowFactory.json';
import { abi as iptTokenAbi } from '../../../contracts/artifacts/IPTToken.json';
import { abi as requestEscrowAbi } from '../../../contracts/artifacts/RequestEscrow.json';
import type { ChainSettings } from '../shared/config/chain-settings';
import { isUserRejection, type Eip1193Provider } from './eip1193';
import { escrowAmounts, wholeIpt, type IptAmount } from './ipt-amount';
import { insufficientBalance, noGas, rejected, WalletError } from './wallet-errors';

const tokenInterface = new Interface(iptTokenAbi);
const factoryInterface = new Interface(escrowFactoryAbi);
const escrowInterface = new Interface(requestEscrowAbi);

// Wallets relay every call; poll receipts every second rather than ethers' default four.
function browserProvider(provider: Eip1193Provider, chainId: number): BrowserProvider {
  return new BrowserProvider(provider, chainId, { pollingInterval: 1_000, cacheTimeout: -1 });
}

export async function iptBalanceOf(provider: Eip1193Provider, chain: ChainSettings, account: string): Promise<bigint> {
  const ethers = browserProvider(provider, chain.chainId);
  try {
    const token = new Contract(chain.iptTokenAddress, tokenInterface, ethers);
    return (await token.getFunction('balanceOf')(account)) as bigint;
  } catch (error) {
    throw toWalletError(error);
  } finally {
    ethers.destroy();
  }
}

export type FundRequestEscrowParams = {
  // The request's id in Parley (its UUID); on-chain it is keccak256 of the UTF-8 id, as the
  // factory's requestIdOf and the server compute it.
  requestId: string;
  // Total IPT to lock in the escrow (the request's bonus amount).
  amount: IptAmount;
  // IPT paid to each accepted participant.
  bonusEach: IptAmount;
};

export type FundedEscrow = {
  escrowAddress: string;
  // The requester's account that funded it (the escrow's refund address).
  signer: string;
  // The createEscrow transaction; null when an earlier attempt had already created the escrow.
  txHash: string | null;
};

export function requestIdOf(requestId: string): string {
  return keccakId(requestId);
}

// Balance check, approval of the factory for exactly `amount`, then createEscrow, which clones the
// escrow and moves the tokens into it in one transaction. The wallet must already be on `chain`
// with `account` shared. When the request already has an escrow funded by this account (an earlier
// attempt whose save did not finish), that escrow is returned instead of paying twice.
export async function fundEscrow(
  provider: Eip1193Provider,
  chain: ChainSettings,
  account: string,
  params: FundRequestEscrowParams,
): Promise<FundedEscrow> {
  const { amount, bonusEach } = escrowAmounts(params.amount, params.bonusEach);
  const requestKey = requestIdOf(params.requestId);
  const ethers = browserProvider(provider, chain.chainId);
  try {
    const signer = await ethers.getSigner(account);
    const requester = getAddress(account);
    const token = new Contract(chain.iptTokenAddress, tokenInterface, signer);
    const factory = new Contract(chain.escrowFactoryAddress, factoryInterface, signer);

    const existing = getAddress((await factory.getFunction('escrowOf')(requestKey)) as string);
    if (existing !== ZeroAddress) {
      const escrow = new Contract(existing, escrowInterface, ethers);
      const owner = getAddress((await escrow.getFunction('requester')()) as string);
      if (owner === requester) return { escrowAddress: existing, signer: requester, txHash: null };
      throw new WalletError('escrow-exists', `Request ${params.requestId} already has an escrow at ${existing}.`);
    }

    const balance = (await token.getFunction('balanceOf')(requester)) as bigint;
    if (balance < amount) throw insufficientBalance();

    const allowance = (await token.getFunction('allowance')(requester, chain.escrowFactoryAddress)) as bigint;
    if (allowance < amount) {
      const approval = (await token.getFunction('approve')(
        chain.escrowFactoryAddress,
        amount,
      )) as ContractTransactionResponse;
      await approval.wait();
    }
    const creation = (await factory.getFunction('createEscrow')(
      requestKey,
      amount,
      bonusEach,
    )) as ContractTransactionResponse;
    const receipt = await creation.wait();
    const escrowAddress =
      escrowFromLogs(receipt?.logs ?? [], chain.escrowFactoryAddress) ??
      getAddress((await factory.getFunction('escrowOf')(requestKey)) as string);
    return { escrowAddress, signer: requester, txHash: creation.hash };
  } catch (error) {
    throw toWalletError(error);
  } finally {
    ethers.destroy();
  }
}

export type TopUpEscrowParams = {
  // The published request's escrow.
  escrowAddress: string;
  // IPT to add (a published request's Total IPTs raised by this much).
  amount: IptAmount;
};

// A plain IPT transfer into an existing escrow, after the same balance check as funding: how a
// published request's Total IPTs go up (the escrow pays out whatever it holds). Resolves the hash.
export async function topUpEscrow(
  provider: Eip1193Provider,
  chain: ChainSettings,
  account: string,
  params: TopUpEscrowParams,
): Promise<string> {
  const amount = wholeIpt(params.amount, 'The top-up');
  const ethers = browserProvider(provider, chain.chainId);
  try {
    const signer = await ethers.getSigner(account);
    const token = new Contract(chain.iptTokenAddress, tokenInterface, signer);
    const balance = (await token.getFunction('balanceOf')(getAddress(account))) as bigint;
    if (balance < amount) throw insufficientBalance();
    const transfer = (await token.getFunction('transfer')(
      getAddress(params.escrowAddress),
      amount,
    )) as ContractTransactionResponse;
    await transfer.wait();
    return transfer.hash;
  } catch (error) {
    throw toWalletError(error);
  } finally {
    ethers.destroy();
  }
}

function escrowFromLogs(logs: readonly Log[], factoryAddress: string): string | null {
  for (const log of logs) {
    if (getAddress(log.address) !== getAddress(factoryAddress)) continue;
    const parsed = factoryInterface.parseLog({ topics: [...log.topics], data: log.data });
    if (parsed?.name === 'EscrowCreated') return getAddress(parsed.args.getValue('escrow') as string);
  }
  return null;
}

// Reverts come back as raw error data when estimation fails; decode our custom errors by name.
function revertName(error: unknown): string | null {
  if (!isError(error, 'CALL_EXCEPTION')) return null;
  if (error.revert?.name) return error.revert.name;
  const data = error.data;
  if (!data) return null;
  for (const iface of [factoryInterface, tokenInterface, escrowInterface]) {
    const parsed = iface.parseError(data);
    if (parsed) return parsed.name;
  }
  return null;
}

export function toWalletError(error: unknown): WalletError {
  if (error instanceof WalletError) return error;
  if (isUserRejection(error)) return rejected(error);
  switch (revertName(error)) {
    case 'ERC20InsufficientBalance':
      return insufficientBalance();
    case 'EscrowFactory__EscrowExists':
      return new WalletError('escrow-exists', 'This request already has an escrow.', { cause: error });
    case 'EscrowFactory__InvalidAmount':
      return new WalletError('failed', 'The total bonus must be at least the bonus per response.', { cause: error });
    case 'ERC20InsufficientAllowance':
      return new WalletError('failed', 'The wallet did not approve enough IPT for the escrow; try again.', {
        cause: error,
      });
  }
  if (isError(error, 'INSUFFICIENT_FUNDS') || /insufficient funds/i.test(errorText(error))) return noGas(error);
  if (isError(error, 'NETWORK_ERROR')) {
    return new WalletError('wrong-network', 'Your wallet changed network during the request; try again.', {
      cause: error,
    });
  }
  const short = (error as { shortMessage?: unknown }).shortMessage;
  const message = typeof short === 'string' && short ? short : error instanceof Error ? error.message : String(error);
  return new WalletError('failed', message, { cause: error });
}

// The error's own words and those of what it wraps (ethers keeps the wallet's error in `error`/`info`).
function errorText(error: unknown): string {
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const { message, shortMessage } = current as { message?: unknown; shortMessage?: unknown };
    if (typeof message === 'string') parts.push(message);
    if (typeof shortMessage === 'string') parts.push(shortMessage);
    current = (current as { error?: unknown }).error ?? (current as { info?: { error?: unknown } }).info?.error;
  }
  return parts.join(' ');
}
