import {
  Contract,
  getAddress,
  id,
  Interface,
  isError,
  MaxUint256,
  Transaction,
  ZeroAddress,
  type JsonRpcProvider,
  type Wallet,
} from 'ethers';
import type { FastifyBaseLogger } from 'fastify';
import { readArtifact } from './artifacts';
import { decodeContractError } from './contract-errors';
import { createProvider, createSigner, rpcChainId } from './chain-client';
import { AppError } from '../../shared/errors';
import { describeRpcUrl, type ChainSettings, type ChainSetup } from './chain.settings';

export const chainUnavailable = (message: string) => new AppError('CHAIN_UNAVAILABLE', message);

/** A transaction from the treasury, signed but maybe not yet broadcast (see TreasuryTransfer). */
export type SignedTransfer = { hash: string; raw: string; nonce: number; from: string };

/**
 * What became of a signed transaction: mined and succeeded, mined and reverted, still waiting, or
 * dropped (its nonce was used by another transaction, so it can never be mined).
 */
export type TransferState = 'confirmed' | 'reverted' | 'pending' | 'dropped';

/** The chain refused the call (a contract revert), decoded to the contract's custom error name. */
export class ContractRevert extends Error {
  constructor(readonly errorName: string) {
    super(`The contract rejected the transaction: ${errorName}`);
    this.name = 'ContractRevert';
  }
}

/** A request's escrow as the chain reports it (amounts in whole IPT). */
export type EscrowState = {
  address: string;
  /** who created and funded it; gets the remainder on close */
  requester: string;
  bonusEach: bigint;
  closed: boolean;
  /** IPT still held for participants */
  balance: bigint;
};

let escrowAbi: Interface | undefined;
const escrowInterface = () => (escrowAbi ??= new Interface(readArtifact('RequestEscrow').abi));

export type PublicChainInfo = {
  chainId: number | null;
  rpcUrl: string | null;
  iptTokenAddress: string | null;
  escrowFactoryAddress: string | null;
  /** why chain features are off; null when they work */
  error: string | null;
};

type Connection = {
  provider: JsonRpcProvider;
  chainId: number;
  token: Contract;
  factory: Contract;
  treasury?: Wallet;
};

// a transfer's gas estimate grows when the recipient's balance slot is new; keep a margin
const GAS_MARGIN_PERCENT = 120n;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The server's view of the chain: the IPT token, the escrow factory and the treasury key. Connects
 * lazily and re-tries after a failure, so a chain that comes up late is picked up; every method
 * reports an unusable chain as CHAIN_UNAVAILABLE with the reason.
 */
export class ChainService {
  private connecting?: Promise<Connection>;
  // one treasury send at a time in this process (nonce order); see TreasuryQueue for processes
  private sendQueue: Promise<unknown> = Promise.resolve();

  constructor(
    private setup: ChainSetup,
    private readonly log: Pick<FastifyBaseLogger, 'warn' | 'error'>,
  ) {}

  /** Switches to another chain (main.ts, once the local chain it started is up). */
  use(setup: ChainSetup): void {
    this.close();
    this.connecting = undefined;
    this.setup = setup;
  }

  private get settings(): ChainSettings {
    if ('unavailable' in this.setup) throw chainUnavailable(this.setup.unavailable);
    return this.setup.settings;
  }

  /** What browsers need to reach the chain, or the reason it cannot be used. */
  async publicInfo(): Promise<PublicChainInfo> {
    try {
      const { chainId } = await this.connect();
      const s = this.settings;
      return {
        chainId,
        rpcUrl: s.publicRpcUrl,
        iptTokenAddress: s.tokenAddress,
        escrowFactoryAddress: s.factoryAddress,
        error: null,
      };
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      return { chainId: null, rpcUrl: null, iptTokenAddress: null, escrowFactoryAddress: null, error: err.message };
    }
  }

  private connect(): Promise<Connection> {
    const settings = this.settings;
    this.connecting ??= this.open(settings).catch((err: unknown) => {
      this.connecting = undefined; // try again on the next call
      throw err;
    });
    return this.connecting;
  }

  private async open(s: ChainSettings): Promise<Connection> {
    const where = describeRpcUrl(s.rpcUrl);
    let chainId: number;
    try {
      chainId = await rpcChainId(s.rpcUrl);
    } catch {
      throw chainUnavailable(`The chain at ${where} is not reachable`);
    }
    if (s.chainId !== undefined && s.chainId !== chainId) {
      throw chainUnavailable(`CHAIN_ID is ${s.chainId} but the node at ${where} runs chain ${chainId}`);
    }
    const provider = createProvider(s.rpcUrl, chainId);
    try {
      if ((await provider.getCode(s.tokenAddress)) === '0x') {
        throw chainUnavailable(`There is no IPT token contract at ${s.tokenAddress} on chain ${chainId}`);
      }
    } catch (err) {
      provider.destroy();
      if (err instanceof AppError) throw err;
      throw chainUnavailable(`The chain at ${where} is not reachable`);
    }
    const token = new Contract(s.tokenAddress, readArtifact('IPTToken').abi, provider);
    const factory = new Contract(s.factoryAddress, readArtifact('EscrowFactory').abi, provider);
    const treasury = s.treasuryKey ? createSigner(provider, s.treasuryKey.reveal()) : undefined;
    return { provider, chainId, token, factory, treasury };
  }

  private async treasury(): Promise<Connection & { treasury: Wallet }> {
    const c = await this.connect();
    if (!c.treasury) throw chainUnavailable('No treasury key is configured (TREASURY_PRIVATE_KEY)');
    return c as Connection & { treasury: Wallet };
  }

  /** Runs a chain call; network trouble becomes CHAIN_UNAVAILABLE, a revert becomes ContractRevert. */
  private async call<T>(what: string, fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      if (err instanceof AppError) throw err;
      const decoded = decodeContractError(err);
      if (decoded) throw new ContractRevert(decoded.name);
      this.log.warn({ err: { message: (err as Error).message } }, `chain call failed: ${what}`);
      throw chainUnavailable(`The chain did not answer (${what}); try again later`);
    }
  }

  /** Fails with CHAIN_UNAVAILABLE unless the chain is reachable and the treasury can pay gas. */
  async assertTreasuryReady(): Promise<void> {
    const { treasury, provider } = await this.treasury();
    const gas = await this.call('treasury balance', () => provider.getBalance(treasury.address));
    if (gas === 0n) throw chainUnavailable('The treasury account has no funds for gas');
  }

  async treasuryAddress(): Promise<string> {
    return (await this.treasury()).treasury.address;
  }

  /** Read-only handles on the token and the escrow factory (connect a signer to send). */
  async contracts(): Promise<{ token: Contract; factory: Contract }> {
    const { token, factory } = await this.connect();
    return { token, factory };
  }

  /** IPT balance of an address, in whole tokens. */
  async balanceOf(address: string): Promise<bigint> {
    const { token } = await this.connect();
    return this.call('balanceOf', () => token.getFunction('balanceOf')(getAddress(address)) as Promise<bigint>);
  }

  /**
   * Signs `transfer(to, amount)` of IPT from the treasury without sending it, with a nonce of at
   * least `minNonce` (the caller's record of nonces it has reserved but maybe not yet broadcast).
   * Gas estimation runs here, so a transfer that would revert fails now with ContractRevert.
   */
  async signTreasuryTransfer(to: string, amount: bigint, minNonce = 0): Promise<SignedTransfer> {
    const { token } = await this.connect();
    const data = token.interface.encodeFunctionData('transfer', [getAddress(to), amount]);
    return this.signTreasuryCall('sign transfer', await token.getAddress(), data, minNonce);
  }

  /**
   * Signs `pay(participant)` on a request's escrow from the treasury (a factory operator) without
   * sending it; like signTreasuryTransfer, a payment the escrow would refuse (already paid,
   * exhausted, closed, not an operator) fails now with ContractRevert.
   */
  async signEscrowPay(escrow: string, participant: string, minNonce = 0): Promise<SignedTransfer> {
    const data = escrowInterface().encodeFunctionData('pay', [getAddress(participant)]);
    return this.signTreasuryCall('sign escrow payment', getAddress(escrow), data, minNonce);
  }

  /**
   * Signs the factory's `createEscrow(id(requestId), amount, bonusEach)` from the treasury (a
   * request paid with prepaid credit: the treasury owns and funds the escrow). The factory pulls
   * the IPT with transferFrom, so a treasury that has not yet allowed it gets a one-time unlimited
   * approval first, sent and mined here (the factory is the platform's own contract; an approval
   * moves no tokens, so repeating it is harmless). Call under TreasuryQueue's lock.
   */
  async signEscrowCreate(requestId: string, amount: bigint, bonusEach: bigint, minNonce = 0): Promise<SignedTransfer> {
    const { token, factory, treasury } = await this.treasury();
    const factoryAddress = await factory.getAddress();
    const allowance = await this.call(
      'read allowance',
      () => token.getFunction('allowance')(treasury.address, factoryAddress) as Promise<bigint>,
    );
    let nonce = minNonce;
    if (allowance < amount) {
      const data = token.interface.encodeFunctionData('approve', [factoryAddress, MaxUint256]);
      const approval = await this.signTreasuryCall('sign approval', await token.getAddress(), data, minNonce);
      await this.broadcast(approval.raw);
      const state = await this.settle(approval, 20_000);
      if (state !== 'confirmed') throw chainUnavailable(`The treasury's approval of the factory was ${state}`);
      nonce = approval.nonce + 1;
    }
    const data = factory.interface.encodeFunctionData('createEscrow', [id(requestId), amount, bonusEach]);
    return this.signTreasuryCall('sign escrow creation', factoryAddress, data, nonce);
  }

  /** Signs `close()` on an escrow from the treasury (an operator): the rest goes to its requester. */
  async signEscrowClose(escrow: string, minNonce = 0): Promise<SignedTransfer> {
    const data = escrowInterface().encodeFunctionData('close', []);
    return this.signTreasuryCall('sign escrow close', getAddress(escrow), data, minNonce);
  }

  /** The IPT an escrow refunded in a mined `close()` (its EscrowClosed event); null if none. */
  async closedRefund(txHash: string): Promise<bigint | null> {
    const { provider } = await this.connect();
    return this.call('read close receipt', async () => {
      const receipt = await provider.getTransactionReceipt(txHash);
      for (const log of receipt?.logs ?? []) {
        const parsed = escrowInterface().parseLog(log);
        if (parsed?.name === 'EscrowClosed') return parsed.args.getValue('refunded') as bigint;
      }
      return null;
    });
  }

  private async signTreasuryCall(what: string, to: string, data: string, minNonce: number): Promise<SignedTransfer> {
    const { treasury, provider } = await this.treasury();
    return this.call(what, async () => {
      const pending = await provider.getTransactionCount(treasury.address, 'pending');
      const nonce = Math.max(pending, minNonce);
      const tx = await treasury.populateTransaction({ to, data, nonce });
      tx.gasLimit = (BigInt(tx.gasLimit ?? 0n) * GAS_MARGIN_PERCENT) / 100n;
      const raw = await treasury.signTransaction(tx);
      return { hash: Transaction.from(raw).hash!, raw, nonce, from: treasury.address };
    });
  }

  /**
   * Whether `address` is an escrow our factory created. Checked before paying from it: a call to
   * an address without code "succeeds" doing nothing, which must never count as a payment.
   */
  async isFactoryEscrow(address: string): Promise<boolean> {
    const { factory, provider } = await this.connect();
    return this.call('check escrow', async () => {
      if ((await provider.getCode(address)) === '0x') return false;
      const escrow = new Contract(address, escrowInterface(), provider);
      const [ours, theirs] = await Promise.all([
        factory.getAddress(),
        // a contract without factory() (or answering garbage) is not ours; network errors propagate
        (escrow.getFunction('factory')() as Promise<string>).catch((err: unknown) => {
          if (isError(err, 'CALL_EXCEPTION') || isError(err, 'BAD_DATA')) return ZeroAddress;
          throw err;
        }),
      ]);
      return getAddress(theirs) === getAddress(ours);
    });
  }

  /** Whether this is the chain the server started itself (`npm start`'s local anvil). */
  get isLocal(): boolean {
    return 'settings' in this.setup && this.setup.settings.local;
  }

  /** A signer for a dev account on the connected chain, and the token (local dev tooling only). */
  async devSigner(privateKey: string): Promise<{ signer: Wallet; token: Contract; provider: JsonRpcProvider }> {
    const { provider, token } = await this.connect();
    return { signer: createSigner(provider, privateKey), token, provider };
  }

  /** Whether chain settings exist at all (a configured chain may still be unreachable). */
  get configured(): boolean {
    return !('unavailable' in this.setup);
  }

  /**
   * The escrow the factory created for an off-chain request id (`keccak256(utf8(id))`), read at the
   * latest block; null when there is none.
   */
  async escrowFor(requestId: string): Promise<EscrowState | null> {
    const { factory, token, provider } = await this.connect();
    return this.call('read escrow', async () => {
      const address = getAddress((await factory.getFunction('escrowOf')(id(requestId))) as string);
      if (address === ZeroAddress) return null;
      const escrow = new Contract(address, escrowInterface(), provider);
      const [requester, bonusEach, closed, balance] = await Promise.all([
        escrow.getFunction('requester')() as Promise<string>,
        escrow.getFunction('bonusEach')() as Promise<bigint>,
        escrow.getFunction('closed')() as Promise<boolean>,
        token.getFunction('balanceOf')(address) as Promise<bigint>,
      ]);
      return { address, requester: getAddress(requester), bonusEach, closed, balance };
    });
  }

  /** Hands a signed transaction to the node. Safe to repeat: "already known" and the like are fine. */
  async broadcast(raw: string): Promise<boolean> {
    const { provider } = await this.connect();
    try {
      await provider.broadcastTransaction(raw);
      return true;
    } catch (err) {
      // already in the pool, already mined, or its nonce is gone: transferState() tells which
      this.log.warn({ err: { message: (err as Error).message.slice(0, 200) } }, 'broadcast not accepted');
      return false;
    }
  }

  /** Where a signed transfer stands; re-broadcasts it when the node has forgotten it. */
  async transferState(t: SignedTransfer): Promise<TransferState> {
    const { provider } = await this.connect();
    return this.call('transfer state', async () => {
      const receipt = await provider.getTransactionReceipt(t.hash);
      if (receipt) return receipt.status === 1 ? 'confirmed' : 'reverted';
      if (await provider.getTransaction(t.hash)) return 'pending';
      if ((await provider.getTransactionCount(t.from, 'latest')) > t.nonce) {
        // mined between the calls above, or replaced by another transaction with the same nonce
        const late = await provider.getTransactionReceipt(t.hash);
        if (late) return late.status === 1 ? 'confirmed' : 'reverted';
        return 'dropped';
      }
      await this.broadcast(t.raw);
      return 'pending';
    });
  }

  /** Waits up to `timeoutMs` for a signed transfer to be mined (or dropped). */
  async settle(t: SignedTransfer, timeoutMs = 30_000): Promise<TransferState> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const state = await this.transferState(t);
      if (state !== 'pending' || Date.now() >= deadline) return state;
      await sleep(Math.min(500, Math.max(0, deadline - Date.now())));
    }
  }

  /**
   * One-shot IPT transfer from the treasury: sign, send, wait for it to be mined. Not durable: a
   * crash can lose track of it. Money owed goes through TreasuryQueue instead (withdrawals,
   * payouts), which records the signed transaction before sending it.
   */
  async transferFromTreasury(to: string, amount: bigint): Promise<{ txHash: string }> {
    const run = async () => {
      const signed = await this.signTreasuryTransfer(to, amount);
      await this.broadcast(signed.raw);
      const state = await this.settle(signed);
      if (state !== 'confirmed') throw chainUnavailable(`The transfer ${signed.hash} was ${state}`);
      return { txHash: signed.hash };
    };
    const result = this.sendQueue.then(run, run);
    this.sendQueue = result.catch(() => undefined);
    return result;
  }

  close(): void {
    void this.connecting?.then(
      (c) => c.provider.destroy(),
      () => undefined,
    );
  }
}
