import type { EntityManager } from '@mikro-orm/postgresql';
import { createHash } from 'node:crypto';
import { conflict } from '../../shared/errors';
import type { WithdrawalsService } from '../billing/withdrawals.service';
import type { EscrowState } from '../chain/chain.service';
import { Payout } from '../payouts/payout.entity';
import type { PayoutsService } from '../payouts/payouts.service';
import type { User } from '../users/user.entity';

/** What the top-up needs to know of the request, from the fieldwork view. */
export type TopUpTerms = { requestId: string; each: number };

/** The chain as the wallet path reads it: the escrow the factory holds under an off-chain id. */
export type EscrowReader = { escrowFor(id: string): Promise<EscrowState | null> };

/**
 * The off-chain id the requester's wallet creates the next top-up's escrow under (the factory keys
 * escrows by keccak256 of it, as a request's own). A round per escrow already paid from: a retried
 * funding finds the escrow it made, and the next top-up gets a new one.
 */
export const topUpEscrowId = (requestId: string, round: number) => `${requestId}/top-up/${round}`;

// the approved participants (payout owed or paid) who have no top-up yet, oldest first
const OWED_SQL = `select s.wallet_address as wallet from submissions s
    join requests r on r.id = s.request_id
    join payouts p on p.escrow_address = r.escrow_address and p.wallet_address = s.wallet_address
   where s.request_id = ? and p.status in ('pending', 'sent')
     and not exists (select 1 from fieldwork_top_ups t where t.request_id = s.request_id and t.wallet_address = s.wallet_address)
   order by s.created_at, s.id`;

export const ROUND_SQL = `select count(distinct p.escrow_address)::int as n from fieldwork_top_ups t
  join payouts p on p.id = t.payout_id where t.request_id = ?`;

// em.execute, not its connection's: inside a transaction the statement must run on the
// transaction's own connection (the embedded database has only one)

/** How many approved participants wait for a top-up (the view shows it; the wallet funds that many). */
export async function owedCount(em: EntityManager, requestId: string): Promise<number> {
  return (await em.execute<{ wallet: string }[]>(OWED_SQL, [requestId])).length;
}

export async function topUpRound(em: EntityManager, requestId: string): Promise<number> {
  const [row] = await em.execute<{ n: number }[]>(ROUND_SQL, [requestId]);
  return Number(row?.n ?? 0);
}

/**
 * Paying the top-up to every approved participant, exactly once each: under the request row's
 * lock, the wallets still owed are read, paid and recorded (a row per request and wallet), so a
 * second attempt finds none owed and is a 409, and two at once pay once.
 */
export class TopUps {
  constructor(
    private readonly withdrawals: WithdrawalsService,
    private readonly payouts: PayoutsService,
  ) {
    // a top-up paid from the wallet's escrow is told as payout.sent / payout.failed to the request's owner
    payouts.describeOthers(async (tx, payoutId) => {
      const [row] = await tx.execute<{ request_id: string }[]>(
        'select request_id from fieldwork_top_ups where payout_id = ?',
        [payoutId],
      );
      return row ? { requestId: row.request_id } : null;
    });
  }

  /** From credit: a withdrawal of the requester's credit to each wallet, sent after the commit. */
  async fromCredit(em: EntityManager, user: User, t: TopUpTerms): Promise<void> {
    const ids = await em.transactional(async (tx) => {
      const owed = await this.owed(tx, t.requestId);
      const recorded: string[] = [];
      for (const wallet of owed) {
        // the key names request and wallet: a withdrawal recorded twice is the same one
        const key = `topup-${createHash('sha256').update(`${t.requestId}|${wallet}`).digest('hex').slice(0, 40)}`;
        const w = await this.withdrawals.record(tx, user, {
          amount: t.each,
          walletAddress: wallet,
          idempotencyKey: key,
        });
        await this.record(tx, t, wallet, 'credit', null);
        recorded.push(w.id);
      }
      await paidAt(tx, t.requestId);
      return recorded;
    });
    // a chain outage leaves a withdrawal pending: the withdrawals' reconciliation sends it later
    for (const id of ids) await this.withdrawals.process(em.fork(), id);
  }

  /**
   * From the wallet: the requester's wallet funded an escrow of the factory under this round's id
   * paying `each` per wallet (as it funds a request's escrow); the treasury pays each owed wallet
   * from it, as many as it holds, with the participants' payouts machinery (the escrow itself pays
   * a wallet once). These payouts are not the request's, so they take none of its places.
   */
  async fromWallet(em: EntityManager, t: TopUpTerms, escrow: EscrowState | null, round: number): Promise<void> {
    await em.transactional(async (tx) => {
      // who is owed first: once everyone has had it, that is the answer, escrow or none
      const owed = await this.owed(tx, t.requestId);
      if (!escrow) throw conflict('No top-up escrow yet: fund the top-up from your wallet first');
      if (escrow.closed) throw conflict('The top-up escrow is closed');
      if (escrow.bonusEach !== BigInt(t.each)) {
        throw conflict(`The top-up escrow pays ${escrow.bonusEach} IPT each, not the ${t.each} IPT owed`);
      }
      // under the lock: another call recorded this escrow's round first
      if ((await topUpRound(tx, t.requestId)) !== round) throw conflict('This top-up escrow was already paid from');
      const covered = owed.slice(0, Number(escrow.balance / BigInt(t.each)));
      if (!covered.length) throw conflict(`The top-up escrow holds too little to pay ${t.each} IPT to anyone`);
      for (const wallet of covered) {
        const payout = tx.create(Payout, { escrowAddress: escrow.address, walletAddress: wallet, amount: t.each });
        await tx.flush();
        await this.record(tx, t, wallet, 'wallet', payout.id);
        await this.payouts.queue(tx, payout.id);
      }
      await paidAt(tx, t.requestId);
    });
    this.payouts.wake();
  }

  /** Locks the request row, then reads who is owed: none is a 409 that says why. */
  private async owed(tx: EntityManager, requestId: string): Promise<string[]> {
    await tx.execute('select 1 from requests where id = ? for update', [requestId]);
    const owed = await tx.execute<{ wallet: string }[]>(OWED_SQL, [requestId]);
    if (owed.length) return owed.map((o) => o.wallet);
    const [paid] = await tx.execute<{ n: number }[]>(
      'select count(*)::int as n from fieldwork_top_ups where request_id = ?',
      [requestId],
    );
    throw conflict(
      Number(paid.n) > 0
        ? 'The top-up was already paid to every approved participant'
        : 'No approved participant to top up yet',
    );
  }

  private async record(tx: EntityManager, t: TopUpTerms, wallet: string, source: string, payout: string | null) {
    await tx.execute(
      `insert into fieldwork_top_ups (id, request_id, wallet_address, amount, source, payout_id, created_at)
       values (gen_random_uuid(), ?, ?, ?, ?, ?, now())`,
      [t.requestId, wallet, t.each, source, payout],
    );
  }
}

const paidAt = (tx: EntityManager, requestId: string) =>
  tx.execute(
    `insert into fieldwork_settings (request_id, top_up_paid_at) values (?, now())
       on conflict (request_id) do update set top_up_paid_at = coalesce(fieldwork_settings.top_up_paid_at, now())`,
    [requestId],
  );
