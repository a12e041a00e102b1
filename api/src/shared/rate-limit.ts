import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from './errors';
import { lockBuckets } from './locks';
import { RateLimitHit } from './rate-limit-hit.entity';

/** What a refusal says when nothing more specific is to be said. */
export const TOO_MANY_ATTEMPTS = 'Too many attempts. Please wait a few minutes and try again.';

/** One count with a cap: at most `max` hits in `bucket` within the last `windowMs`. */
export type Limit = {
  bucket: string;
  max: number;
  windowMs: number;
  /** what a refusal says (RATE_LIMITED) */
  message: string;
  /** hits this call takes from the bucket (default 1) */
  hits?: number;
};

/** A limit that refused, with the seconds until its oldest counted hit leaves the window. */
export type Refusal = { limit: Limit; retryAfterSeconds: number };

/**
 * Takes the hits of every limit, or none: the buckets are locked, counted and written in one
 * transaction (em's own when it has one, when the hits then count only if it commits), so
 * parallel requests from any number of processes queue up behind each other and together never
 * pass a cap. Returns the first limit that refused (nothing is written then) or null, and the ids
 * of the hits taken (see giveBack).
 */
export async function tryTakeHits(
  em: EntityManager,
  given: Limit[],
): Promise<{ refused: Refusal | null; hitIds: string[] }> {
  // a bucket named twice is one count taking both calls' hits
  const byBucket = new Map<string, Limit>();
  for (const l of given) {
    const seen = byBucket.get(l.bucket);
    byBucket.set(l.bucket, seen ? { ...seen, hits: (seen.hits ?? 1) + (l.hits ?? 1) } : l);
  }
  const limits = [...byBucket.values()];
  return em.transactional(async (tx) => {
    await lockBuckets(
      tx,
      limits.map((l) => l.bucket),
    );
    const now = Date.now();
    const rows = await tx.execute<{ i: number; n: number; oldest: Date | null }[]>(
      `select l.i, count(h.id)::int as n, min(h.created_at) as oldest
         from json_to_recordset(?::json) as l(i int, bucket text, since timestamptz)
         left join rate_limit_hits h on h.bucket = l.bucket and h.created_at > l.since
        group by l.i`,
      [JSON.stringify(limits.map((l, i) => ({ i, bucket: l.bucket, since: new Date(now - l.windowMs) })))],
    );
    for (const row of [...rows].sort((a, b) => a.i - b.i)) {
      const limit = limits[row.i];
      if (row.n + (limit.hits ?? 1) > limit.max) {
        const freeAt = row.oldest ? new Date(row.oldest).getTime() + limit.windowMs : now;
        return { refused: { limit, retryAfterSeconds: Math.max(1, Math.ceil((freeAt - now) / 1000)) }, hitIds: [] };
      }
    }
    const inserted = await tx.execute<{ id: string }[]>(
      `insert into rate_limit_hits (bucket, created_at)
       select l.bucket, ? from json_to_recordset(?::json) as l(bucket text, n int), generate_series(1, l.n)
       returning id`,
      [new Date(now), JSON.stringify(limits.map((l) => ({ bucket: l.bucket, n: l.hits ?? 1 })))],
    );
    return { refused: null, hitIds: inserted.map((r) => String(r.id)) };
  });
}

/** Takes the hits of every limit (see tryTakeHits), or refuses with RATE_LIMITED and writes nothing. */
export async function takeHits(em: EntityManager, limits: Limit[]): Promise<string[]> {
  const { refused, hitIds } = await tryTakeHits(em, limits);
  if (refused) throw new AppError('RATE_LIMITED', refused.limit.message, undefined, refused.retryAfterSeconds);
  return hitIds;
}

/** Returns hits taken for something that then did not happen (e.g. a chain transfer that failed). */
export async function giveBack(em: EntityManager, hitIds: string[]): Promise<void> {
  if (hitIds.length) await em.nativeDelete(RateLimitHit, { id: { $in: hitIds } });
}

/** Old hits are useless; called opportunistically so the table stays small. */
export async function pruneHits(em: EntityManager, olderThanMs: number): Promise<void> {
  await em.nativeDelete(RateLimitHit, { createdAt: { $lt: new Date(Date.now() - olderThanMs) } });
}
