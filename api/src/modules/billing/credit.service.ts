import type { EntityManager } from '@mikro-orm/postgresql';
import { badInput } from '../../shared/errors';
import type { User } from '../users/user.entity';
import type { PageQuery } from '../../shared/paging';
import type { CreditEntry, CreditKind } from './credit-entry.entity';
import type { HistoryPage, LedgerService } from './ledger.service';

/** Prepaid IPT credit as users and other modules see it: balance, history, spending. */
export class CreditService {
  constructor(private readonly ledger: LedgerService) {}

  balance(em: EntityManager, user: User): Promise<number> {
    return this.ledger.balance(em, user.id);
  }

  /** The caller's own entries, newest first. */
  history(em: EntityManager, user: User, query: PageQuery): Promise<HistoryPage> {
    return this.ledger.history(em, user.id, query);
  }

  /**
   * Spends credit, e.g. 1 IPT for a clean-room report. Pass the EntityManager of the transaction
   * that stores what is being paid for: both commit, or neither does. Idempotent per reference
   * (charging `report:<id>` twice charges once). Fails with INSUFFICIENT_CREDIT,
   * "Purchase IPT Tokens to continue".
   */
  async chargeCredit(
    em: EntityManager,
    user: User,
    amount: number,
    reference: string,
    opts: { kind?: CreditKind; metadata?: Record<string, string | number | boolean> } = {},
  ): Promise<CreditEntry> {
    // a negative "charge" would be a credit in disguise
    if (!Number.isSafeInteger(amount) || amount < 1)
      throw badInput('A charge must be a whole number of IPT, at least 1');
    const { entry } = await this.ledger.post(em, {
      userId: user.id,
      amount: -amount,
      kind: opts.kind ?? 'report',
      reference,
      metadata: opts.metadata,
    });
    return entry;
  }
}
