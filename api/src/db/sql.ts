import type { EntityManager } from '@mikro-orm/postgresql';
import { CompiledQuery, type Kysely } from 'kysely';

/**
 * Runs SQL with real bind parameters ($1, $2, ...) on the request's connection, inside its
 * transaction when there is one. MikroORM's `execute` inlines quoted values into the text; the
 * clean-room queries (bulk uploads, compiled join conditions) send values only as parameters.
 */
export async function query<R = Record<string, unknown>>(
  em: EntityManager,
  sql: string,
  params: readonly unknown[] = [],
): Promise<R[]> {
  const executor = (em.getTransactionContext<Kysely<unknown>>() ?? em.getConnection().getClient()) as Kysely<unknown>;
  const res = await executor.executeQuery<R>(CompiledQuery.raw(sql, [...params]));
  return res.rows;
}
