import type { EntityManager } from '@mikro-orm/postgresql';
import { createHash, randomUUID } from 'node:crypto';
import { query } from '../../db/sql';
import { AppError } from '../../shared/errors';
import { MICROS, type Dataset } from '../datasets/dataset.entity';
import { DP_MECHANISM } from '../../../../shared/wire-format';
import type { User } from '../users/user.entity';
import { cryptoRandom, type RandomSource } from './discrete-laplace';
import { addNoise, nonNegative, type Noised } from './noise';

/** What a noisy answer cost on one data set, and what is left (the API's PrivacyCharge). */
export type PrivacyCharge = {
  datasetId: string;
  name: string;
  epsilonSpent: number;
  budget: number;
  spent: number;
  remaining: number;
  queriesRemaining: number;
};

/** The noise fields every count and aggregate answer carries. */
export type NoiseSummary = {
  noisy: boolean;
  mechanism: typeof DP_MECHANISM | null;
  epsilonSpent: number;
  privacy: PrivacyCharge[];
};

export const EXACT: NoiseSummary = { noisy: false, mechanism: null, epsilonSpent: 0, privacy: [] };

export type PartnerSpend = { userId: string; name: string; spent: number; remaining: number; queriesRemaining: number };

type Ruled = Pick<
  Dataset,
  'id' | 'name' | 'differentialPrivacy' | 'budgetMicros' | 'queryCostMicros' | 'partnerAccess'
> & {
  uploadedBy: { id: string };
};

/** Whether `userId` receives only noisy answers from `set`: someone else's set with privacy on. */
export const noisyFor = (set: Ruled, userId: string) =>
  set.uploadedBy.id !== userId && set.differentialPrivacy && set.partnerAccess !== 'full';

const epsilon = (micros: number) => micros / MICROS;
const queriesLeft = (remainingMicros: number, costMicros: number) =>
  Math.max(0, Math.floor(remainingMicros / costMicros));

const POPCOUNT = Uint8Array.from({ length: 256 }, (_, i) => {
  let n = 0;
  for (let x = i; x; x >>= 1) n += x & 1;
  return n;
});

/** Rows in one bitmap and not the other. */
export function rowsApart(a: Uint8Array, b: Uint8Array): number {
  let n = 0;
  const len = Math.max(a.length, b.length);
  for (let i = 0; i < len; i++) n += POPCOUNT[(a[i] ?? 0) ^ (b[i] ?? 0)];
  return n;
}

/** A bitmap of row numbers (0-based) over a set of `rowCount` rows. */
export function footprint(rows: Iterable<number>, rowCount: number): Buffer {
  const bits = Buffer.alloc(Math.ceil(Math.max(rowCount, 1) / 8));
  for (const r of rows) bits[r >> 3] |= 1 << (r & 7);
  return bits;
}

/**
 * Differential privacy and the diff check of clean-room answers to partners
 * (docs/decisions/clean-rooms.md). Budgets are spent with one conditional upsert per data set, in
 * one transaction: fifty parallel answers never spend more than the budget. Noise comes from the
 * exact discrete Laplace sampler over `random` (crypto.randomInt unless a test injects a seed).
 */
export class PrivacyService {
  constructor(private readonly random: RandomSource = cryptoRandom) {}

  /**
   * Spends each set's query cost of `user`'s budget on it, all or nothing; PRIVACY_BUDGET (403)
   * when one would go over. The budget is read in the same statement, so a raise applies at once.
   */
  async charge(em: EntityManager, user: User, sets: readonly Dataset[]): Promise<PrivacyCharge[]> {
    if (!sets.length) return [];
    return em.fork().transactional(async (tx) => {
      const charges: PrivacyCharge[] = [];
      for (const set of sets) {
        const [row] = await query<{ spent: number; budget: number; cost: number }>(
          tx,
          `insert into vcr_privacy_spend (dataset_id, user_id, spent_micros, updated_at)
           select d.id, $2, d.query_cost_micros, now() from vcr_datasets d
           where d.id = $1 and d.query_cost_micros <= d.budget_micros
           on conflict (dataset_id, user_id) do update
             set spent_micros = vcr_privacy_spend.spent_micros + excluded.spent_micros, updated_at = now()
             where vcr_privacy_spend.spent_micros + excluded.spent_micros
                   <= (select budget_micros from vcr_datasets where id = excluded.dataset_id)
           returning spent_micros as spent,
             (select budget_micros from vcr_datasets where id = $1) as budget,
             (select query_cost_micros from vcr_datasets where id = $1) as cost`,
          [set.id, user.id],
        );
        if (!row) throw budgetSpent(set);
        const remaining = row.budget - row.spent;
        charges.push({
          datasetId: set.id,
          name: set.name,
          epsilonSpent: epsilon(row.cost),
          budget: epsilon(row.budget),
          spent: epsilon(row.spent),
          remaining: epsilon(remaining),
          queriesRemaining: queriesLeft(remaining, row.cost),
        });
      }
      return charges;
    });
  }

  /** Gives back what `charges` spent, for an answer refused after its charge (nothing was released). */
  async refund(em: EntityManager, user: User, charges: readonly PrivacyCharge[]): Promise<void> {
    for (const c of charges)
      await query(
        em.fork(),
        `update vcr_privacy_spend set spent_micros = greatest(0, spent_micros - $3), updated_at = now()
         where dataset_id = $1 and user_id = $2`,
        [c.datasetId, user.id, Math.round(c.epsilonSpent * MICROS)],
      );
  }

  /** The noise fields of an answer that spent `charges`. */
  summary(charges: readonly PrivacyCharge[]): NoiseSummary {
    if (!charges.length) return EXACT;
    return {
      noisy: true,
      mechanism: DP_MECHANISM,
      epsilonSpent: charges.reduce((sum, c) => sum + c.epsilonSpent, 0),
      privacy: [...charges],
    };
  }

  /** A noisy value for `epsilonMicros` of privacy; counts never go below 0. */
  noise(value: number, sensitivity: number, epsilonMicros: number, count: boolean, alpha = 0.05): Noised {
    const n = addNoise(value, sensitivity, epsilonMicros, this.random, alpha);
    return count ? nonNegative(n) : n;
  }

  /** A data set's budget and what has been spent of it: every partner for its uploader, your own otherwise. */
  async spending(em: EntityManager, user: User, set: Dataset) {
    const rows = await query<{ user_id: string; name: string; spent: number }>(
      em,
      `select s.user_id, coalesce(nullif(u.nickname, ''), u.username) as name, s.spent_micros as spent
       from vcr_privacy_spend s join users u on u.id = s.user_id
       where s.dataset_id = $1 ${set.uploadedBy.id === user.id ? '' : 'and s.user_id = $2'}
       order by s.spent_micros desc, name`,
      set.uploadedBy.id === user.id ? [set.id] : [set.id, user.id],
    );
    const view = (userId: string, name: string, spent: number): PartnerSpend => {
      const remaining = Math.max(0, set.budgetMicros - spent);
      return {
        userId,
        name,
        spent: epsilon(spent),
        remaining: epsilon(remaining),
        queriesRemaining: queriesLeft(remaining, set.queryCostMicros),
      };
    };
    const mine = set.uploadedBy.id === user.id;
    return {
      datasetId: set.id,
      enabled: set.differentialPrivacy,
      budget: epsilon(set.budgetMicros),
      queryCost: epsilon(set.queryCostMicros),
      mechanism: DP_MECHANISM,
      yours: mine ? null : view(user.id, user.nickname || user.username, rows[0]?.spent ?? 0),
      partners: mine ? rows.map((r) => view(r.user_id, r.name, r.spent)) : [],
    };
  }

  /**
   * The diff check of a set without differential privacy: refuses (ANALYSIS_RULE) an answer whose
   * rows of `set` differ by 1 to k-1 rows from those of an answer `user` already received on it
   * (or from another part of this one), then remembers the answer's rows. Under an advisory lock
   * per set and partner, so two parallel answers are checked one after the other.
   */
  async diffCheck(em: EntityManager, user: User, set: Dataset, answers: readonly (readonly number[])[]): Promise<void> {
    if (!answers.length) return;
    const k = set.minGroupSize;
    await em.fork().transactional(async (tx) => {
      await query(tx, 'select pg_advisory_xact_lock(hashtext($1))', [`footprint|${set.id}|${user.id}`]);
      const fresh = new Map<string, { bits: Buffer; count: number }>();
      for (const rows of answers) {
        const bits = footprint(rows, set.rowCount);
        const digest = createHash('sha256').update(bits).digest('hex');
        fresh.set(digest, { bits, count: rowsApart(bits, Buffer.alloc(0)) });
      }
      const counts = [...fresh.values()].map((f) => f.count);
      // earlier answers near in size, except those with the same rows (no news, nothing to compare)
      const earlier = await query<{ rows: Buffer; row_count: number }>(
        tx,
        `select rows, row_count from vcr_answer_footprints
         where dataset_id = $1 and user_id = $2 and row_count > $3 and row_count < $4 and digest <> all($5::text[])`,
        [set.id, user.id, Math.min(...counts) - k, Math.max(...counts) + k, [...fresh.keys()]],
      );
      const entries = [...fresh.entries()];
      for (const [i, [, f]] of entries.entries()) {
        const others = [
          ...earlier.map((e) => ({ rows: e.rows, count: e.row_count })),
          ...entries.slice(0, i).map(([, g]) => ({ rows: g.bits, count: g.count })),
        ];
        for (const other of others) {
          if (Math.abs(other.count - f.count) >= k) continue;
          const apart = rowsApart(f.bits, other.rows);
          if (apart > 0 && apart < k)
            throw new AppError(
              'ANALYSIS_RULE',
              `This answer differs by fewer than ${k} rows of "${set.name}" (its minimum group size) from an answer you already received on it, so it would single rows out: refused (diff check)`,
              [{ path: set.id, message: 'diff check' }],
            );
        }
      }
      const seen = new Set(
        (
          await query<{ digest: string }>(
            tx,
            'select digest from vcr_answer_footprints where dataset_id = $1 and user_id = $2 and digest = any($3::text[])',
            [set.id, user.id, [...fresh.keys()]],
          )
        ).map((r) => r.digest),
      );
      for (const [digest, f] of fresh)
        if (!seen.has(digest))
          await query(
            tx,
            `insert into vcr_answer_footprints (id, dataset_id, user_id, row_count, digest, rows, created_at)
             values ($1, $2, $3, $4, $5, $6, now())`,
            [randomUUID(), set.id, user.id, f.count, digest, f.bits],
          );
    });
  }
}

const budgetSpent = (set: Pick<Dataset, 'id' | 'name'>) =>
  new AppError(
    'PRIVACY_BUDGET',
    `You have spent your privacy budget on "${set.name}": it answers you no more counts or aggregates until its uploader raises the budget`,
    [{ path: set.id, message: 'privacy budget spent' }],
  );
