import type { EntityManager } from '@mikro-orm/postgresql';
import { getAddress, parseEther } from 'ethers';
import { devAccounts } from './chain-client';
import { AppError } from '../../shared/errors';
import { giveBack, takeHits } from '../../shared/rate-limit';
import type { User } from '../users/user.entity';
import type { ChainService } from './chain.service';
import type { GrantTestFundsCommand } from './test-funds.schemas';

export const TEST_FUNDS_PATH = '/v1/chain/testFunds';
/** What one grant sends: enough gas for many transactions, and IPT to publish with. */
export const TEST_FUNDS = { eth: '1', ipt: 1_000n } as const;
/**
 * The faucet: anvil dev account 9 (10,000 ETH from anvil, 1,000,000 IPT from the deployment).
 * Never account 0, the treasury: its nonces belong to payouts and withdrawals.
 */
export const FAUCET_ACCOUNT_INDEX = 9;
const HOUR = 60 * 60_000;
export const TEST_FUNDS_LIMITS = { perUserPerHour: 5, perAddressPerHour: 3 };

export type TestFundsGrant = { address: string; eth: string; ipt: number; ethTxHash: string; iptTxHash: string };

/**
 * "Get test funds" on the local chain that `npm start` runs: 1 ETH and 1,000 IPT from the faucet
 * account to a wallet, rate-limited per user and per address. On any other chain the route does
 * not exist (404).
 */
export class TestFundsService {
  // one faucet transaction at a time in this process (nonce order)
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly chain: ChainService) {}

  get available(): boolean {
    return this.chain.isLocal;
  }

  async grant(em: EntityManager, user: User, command: GrantTestFundsCommand): Promise<TestFundsGrant> {
    if (!this.available) throw new AppError('NOT_FOUND', `No route for POST ${TEST_FUNDS_PATH}`);
    const address = getAddress(command.address);
    // both counts are taken at once and atomically, before anything is sent: parallel asks from
    // any number of server processes never get more grants than the limits allow
    const hitIds = await takeHits(em, [
      {
        bucket: `test-funds:user:${user.id}`,
        max: TEST_FUNDS_LIMITS.perUserPerHour,
        windowMs: HOUR,
        message: `Test funds are limited to ${TEST_FUNDS_LIMITS.perUserPerHour} grants an hour per account. Please wait and try again.`,
      },
      {
        bucket: `test-funds:address:${address.toLowerCase()}`,
        max: TEST_FUNDS_LIMITS.perAddressPerHour,
        windowMs: HOUR,
        message: `This address got test funds ${TEST_FUNDS_LIMITS.perAddressPerHour} times in the last hour. Please wait and try again.`,
      },
    ]);
    let sentAny = false;
    const send = async () => {
      const { signer, token } = await this.chain.devSigner(
        devAccounts(FAUCET_ACCOUNT_INDEX + 1)[FAUCET_ACCOUNT_INDEX].privateKey,
      );
      const ethTx = await signer.sendTransaction({ to: address, value: parseEther(TEST_FUNDS.eth) });
      sentAny = true;
      await ethTx.wait();
      const data = token.interface.encodeFunctionData('transfer', [address, TEST_FUNDS.ipt]);
      const iptTx = await signer.sendTransaction({ to: await token.getAddress(), data });
      const mined = await iptTx.wait();
      if (mined?.status !== 1) throw new Error(`the IPT transfer ${iptTx.hash} failed`);
      return { ethTxHash: ethTx.hash, iptTxHash: iptTx.hash };
    };
    const sent = this.queue.then(send, send);
    this.queue = sent.catch(() => undefined);
    let hashes: { ethTxHash: string; iptTxHash: string };
    try {
      hashes = await sent;
    } catch (err) {
      // nothing went out: the grant does not count (a half grant does: its ETH was sent)
      if (!sentAny) await giveBack(em, hitIds);
      if (err instanceof AppError) throw err;
      throw new AppError('CHAIN_UNAVAILABLE', 'The local chain did not take the test funds transfer; try again.');
    }
    return { address, eth: TEST_FUNDS.eth, ipt: Number(TEST_FUNDS.ipt), ...hashes };
  }
}
