import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { CompiledQuery, type Transaction } from 'kysely';
import type { Db as IDatabase } from 'pg-boss';

type Rows = { rows: unknown[] };

// node-postgres answers a multi-statement text (pg-boss's `BEGIN; ... COMMIT;` blocks, sent without
// parameters over the simple protocol) with one result per statement: keep every statement's rows
function flatten(result: Rows | Rows[]): Rows {
  return Array.isArray(result) ? { rows: result.flatMap((r) => r.rows ?? []) } : result;
}

/**
 * pg-boss's statements on the ORM's own connection pool, so the queue needs no second pool. On the
 * embedded PostgreSQL that is a requirement, not a saving: PGlite has one session and its socket
 * server one connection (see db/embedded.ts), which a second pool would have to share.
 */
export function ormDatabase(orm: MikroORM): IDatabase {
  return {
    async executeSql(text, values) {
      const pool = await orm.em.getConnection().getNativeClient();
      return flatten((await pool.query(text, values)) as unknown as Rows | Rows[]);
    },
  };
}

/**
 * pg-boss statements inside the caller's ORM transaction (`send(..., { db })`): a job exists exactly
 * when the change that asked for it committed. One statement with parameters per call.
 */
export function transactionDatabase(tx: EntityManager): IDatabase {
  const trx = tx.getTransactionContext<Transaction<unknown>>();
  if (!trx) throw new Error('transactionDatabase needs an EntityManager inside em.transactional()');
  return {
    async executeSql(text, values) {
      const result = await trx.executeQuery(CompiledQuery.raw(text, values ?? []));
      return { rows: [...result.rows] };
    },
  };
}
