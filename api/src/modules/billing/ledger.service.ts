import { TransactionPropagation } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError, conflict, notFound } from '../../shared/errors';
import { CreditEntry, type CreditKind } from './credit-entry.entity';
import { pageWindow, toPage, type Page, type PageQuery } from '../../shared/paging';

export const INSUFFICIENT_CREDIT_MESSAGE = 'Purchase IPT Tokens to continue';
/** Largest single ledger movement; far above any plan, far below integer overflow. */
export const MAX_ENTRY_AMOUNT = 1_000_000_000;

export type PostEntry = {
  userId: string;
  /** whole IPT: positive credits, negative debits */
  amount: number;
  kind: CreditKind;
  reference: string;
  metadata?: Record<string, string | number | boolean>;
};

export type Posted = { entry: CreditEntry; created: boolean };

export type HistoryPage = Page<CreditEntry>;

/**
 * The credit ledger. Every change is an inserted entry with a unique reference; the balance is the
 * sum of a user's entries, kept as users.credit (a check keeps it >= 0) and updated in the same
 * transaction as each entry. Each posting first locks the user's row (SELECT ... FOR NO KEY
 * UPDATE), so postings for one user run one at a time while reading the balance they check
 * against; that is what keeps the balance from going negative under concurrent debits, on PGlite
 * and on a PostgreSQL server alike. (The lock mode does not block inserts elsewhere that merely
 * reference the user.) The column makes the balance one row read: the profile shows it with the
 * session lookup of every request.
 */
export class LedgerService {
  async balance(em: EntityManager, userId: string): Promise<number> {
    const [row] = await em.execute<{ credit: number }[]>('select credit from users where id = ?', [userId]);
    return Number(row?.credit ?? 0);
  }

  async history(em: EntityManager, userId: string, query: PageQuery): Promise<HistoryPage> {
    const [list, count] = await em.findAndCount(
      CreditEntry,
      { user: userId },
      { orderBy: { createdAt: 'desc', id: 'desc' }, ...pageWindow(query) },
    );
    return toPage(list, count, query);
  }

  findByReference(em: EntityManager, reference: string): Promise<CreditEntry | null> {
    return em.findOne(CreditEntry, { reference });
  }

  /**
   * Records one entry, exactly once per reference. Runs in the caller's transaction when there is
   * one (so the caller's own writes and this entry commit or roll back together), else in its own.
   * A debit larger than the balance fails with INSUFFICIENT_CREDIT. Posting a reference again with
   * the same user, amount and kind returns the first entry (`created: false`); with anything else
   * it is a CONFLICT.
   */
  post(em: EntityManager, e: PostEntry): Promise<Posted> {
    if (!Number.isSafeInteger(e.amount) || e.amount === 0 || Math.abs(e.amount) > MAX_ENTRY_AMOUNT) {
      throw new AppError('BAD_USER_INPUT', `Amount must be a whole number of IPT between 1 and ${MAX_ENTRY_AMOUNT}`);
    }
    return em.transactional((tx) => this.postLocked(tx, e), { propagation: TransactionPropagation.REQUIRED });
  }

  /** Takes the per-user ledger lock until the surrounding transaction ends; returns the balance. */
  async lockUser(em: EntityManager, userId: string): Promise<number> {
    const rows = await em.execute<{ credit: number }[]>('select credit from users where id = ? for no key update', [
      userId,
    ]);
    if (!rows.length) throw notFound('User');
    return Number(rows[0].credit);
  }

  private async postLocked(tx: EntityManager, e: PostEntry): Promise<Posted> {
    const balance = await this.lockUser(tx, e.userId);
    const existing = await tx.findOne(CreditEntry, { reference: e.reference }, { populate: [] });
    if (existing) {
      const same = existing.user.id === e.userId && existing.amount === e.amount && existing.kind === e.kind;
      if (!same) throw conflict(`Ledger reference ${e.reference} was already used for another entry`);
      return { entry: existing, created: false };
    }
    if (e.amount < 0 && balance + e.amount < 0) {
      throw new AppError('INSUFFICIENT_CREDIT', INSUFFICIENT_CREDIT_MESSAGE);
    }
    const entry = tx.create(CreditEntry, {
      user: e.userId,
      amount: e.amount,
      kind: e.kind,
      reference: e.reference,
      metadata: e.metadata ?? null,
    });
    // a plain flush is enough: another user's posting with this reference would need a reference
    // naming our user's object, and our own postings are serialised by the lock above
    await tx.flush();
    await tx.execute('update users set credit = credit + ? where id = ?', [e.amount, e.userId]);
    return { entry, created: true };
  }
}
