import type { EntityManager } from '@mikro-orm/postgresql';
import type { ChainService, SignedTransfer, TransferState } from './chain.service';

// pg_advisory_xact_lock key serialising treasury signing across server processes ("PRLY" + 1)
const TREASURY_LOCK = 0x50524c59_01;

/** Signs treasury transactions inside TreasuryQueue.signLocked; each call reserves the next nonce. */
export type TreasurySigner = {
  /** an IPT transfer from the treasury */
  transfer(to: string, amount: bigint): Promise<SignedTransfer>;
  /** `pay(participant)` on a request escrow (the treasury is a factory operator) */
  escrowPay(escrow: string, participant: string): Promise<SignedTransfer>;
  /** the factory's `createEscrow` with the treasury as requester and funder (prepaid credit) */
  escrowCreate(requestId: string, amount: bigint, bonusEach: bigint): Promise<SignedTransfer>;
  /** `close()` on an escrow: what is left goes to its requester */
  escrowClose(escrow: string): Promise<SignedTransfer>;
};

/**
 * The durable sign-then-send path for every transaction the treasury key makes (withdrawals,
 * participant payouts, escrows of requests paid with credit). A caller stores the signed
 * transaction in its own row BEFORE broadcasting, so a crash can never lead to a second, different
 * transaction for the same obligation; a retry re-broadcasts the stored one and settles it.
 *
 * Nonces: signing happens under one cross-process advisory lock, and a new transaction gets a
 * nonce above every treasury transaction that is signed and stored but maybe not yet known to the
 * node. Those reservations live in the `tables` given here (rows with status 'pending', a
 * from_address and a nonce), which is how withdrawals and payouts share one nonce sequence.
 */
export class TreasuryQueue {
  private readonly reservedSql: string;
  private readonly tableCount: number;

  constructor(
    private readonly chain: ChainService,
    tables: readonly string[],
  ) {
    // table names are constants from app/services.ts, never input
    this.reservedSql = `select max(nonce) as n from (${tables
      .map((t) => `select nonce from "${t}" where status = 'pending' and from_address = ? and nonce is not null`)
      .join(' union all ')}) reserved`;
    this.tableCount = tables.length;
  }

  /**
   * Runs `fn` in a transaction that holds the treasury lock; `fn` signs with `signer` and stores
   * the result in that same transaction, so the next caller sees the reserved nonce.
   */
  signLocked<T>(em: EntityManager, fn: (tx: EntityManager, signer: TreasurySigner) => Promise<T>): Promise<T> {
    return em.transactional(async (tx) => {
      await tx.execute('select pg_advisory_xact_lock(?)', [TREASURY_LOCK]);
      const floor = async () => {
        const from = await this.chain.treasuryAddress();
        const [row] = await tx.execute<{ n: number | null }[]>(
          this.reservedSql,
          Array.from({ length: this.tableCount }, () => from),
        );
        return row?.n == null ? 0 : Number(row.n) + 1;
      };
      const signer: TreasurySigner = {
        transfer: async (to, amount) => this.chain.signTreasuryTransfer(to, amount, await floor()),
        escrowPay: async (escrow, participant) => this.chain.signEscrowPay(escrow, participant, await floor()),
        escrowCreate: async (requestId, amount, bonusEach) =>
          this.chain.signEscrowCreate(requestId, amount, bonusEach, await floor()),
        escrowClose: async (escrow) => this.chain.signEscrowClose(escrow, await floor()),
      };
      return fn(tx, signer);
    });
  }

  /** Broadcasts a stored transaction (again, if needed: harmless) and waits for its outcome. */
  async send(signed: SignedTransfer, timeoutMs: number): Promise<TransferState> {
    await this.chain.broadcast(signed.raw);
    return this.chain.settle(signed, timeoutMs);
  }
}
