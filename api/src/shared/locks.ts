import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * Locks named buckets for the rest of the caller's transaction (advisory locks, so no row has to
 * exist yet): a count-then-write under them stays exact under parallel requests from any number
 * of server processes. Every caller locks in the same order (sorted keys), so two requests that
 * share several buckets cannot deadlock. Must run inside a transaction.
 */
export async function lockBuckets(tx: EntityManager, buckets: string[]): Promise<void> {
  if (!buckets.length) return;
  await tx.execute(
    `select pg_advisory_xact_lock(k) from (
       select distinct hashtext(b) as k from json_array_elements_text(?::json) as b order by 1) as ordered`,
    [JSON.stringify(buckets)],
  );
}

/**
 * Runs `fn` in a transaction that holds `bucket`'s lock: how a per-account quota of stored rows
 * (keys, API tokens, webhook endpoints) is counted and then written without a race.
 */
export function underLock<T>(em: EntityManager, bucket: string, fn: (tx: EntityManager) => Promise<T>): Promise<T> {
  return em.transactional(async (tx) => {
    await lockBuckets(tx, [bucket]);
    return fn(tx);
  });
}
