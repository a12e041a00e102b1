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

// Marks a statement the pool's clients send as a named prepared statement (resilient-driver.ts).
export const PREPARED_MARK = '/*prepared*/ ';

/**
 * `query` for a statement run again and again with other values (a phone submission's): written
 * with `?` placeholders like MikroORM's `execute`, sent with bind parameters under a name, so that
 * each connection parses and plans it once instead of on every call.
 */
export async function preparedQuery<R = Record<string, unknown>>(
  em: EntityManager,
  sql: string,
  params: readonly unknown[],
): Promise<R[]> {
  const parts = sql.split('?');
  if (parts.length !== params.length + 1) {
    throw new Error(`preparedQuery: ${parts.length - 1} placeholders for ${params.length} values`);
  }
  const text = PREPARED_MARK + parts.reduce((sql, part, i) => `${sql}$${i}${part}`);
  try {
    return await query<R>(em, text, params.map(bindable));
  } catch (err) {
    // as MikroORM's execute throws it (UniqueConstraintViolationException and the rest)
    throw em.getDriver().convertException(err as Error);
  }
}

// pg binds a plain object as JSON, as MikroORM's execute writes it; an array it would bind as one
// PostgreSQL array where execute writes a list of values (`in (?)`), so it is refused rather than
// changing what a statement means
function bindable(value: unknown): unknown {
  if (Array.isArray(value)) throw new Error('preparedQuery: pass an array as a PostgreSQL array literal');
  return value;
}
