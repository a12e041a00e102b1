import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../shared/errors';
import { RateLimitHit } from './rate-limit-hit.entity';

/** Counts events per bucket in PostgreSQL so limits hold across processes. */
export async function countHits(em: EntityManager, bucket: string, windowMs: number): Promise<number> {
  return em.count(RateLimitHit, { bucket, createdAt: { $gt: new Date(Date.now() - windowMs) } });
}

export async function assertUnderLimit(em: EntityManager, bucket: string, max: number, windowMs: number) {
  if ((await countHits(em, bucket, windowMs)) >= max) {
    throw new AppError('RATE_LIMITED', 'Too many attempts. Please wait a few minutes and try again.');
  }
}

export async function recordHit(em: EntityManager, bucket: string): Promise<void> {
  await em.insert(RateLimitHit, { bucket, createdAt: new Date() });
}

/** Old hits are useless; called opportunistically so the table stays small. */
export async function pruneHits(em: EntityManager, olderThanMs: number): Promise<void> {
  await em.nativeDelete(RateLimitHit, { createdAt: { $lt: new Date(Date.now() - olderThanMs) } });
}
