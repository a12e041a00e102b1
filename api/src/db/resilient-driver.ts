import type { AnyEntity, Configuration, EntityData, QueryResult } from '@mikro-orm/core';
import { PostgreSqlConnection, PostgreSqlDriver } from '@mikro-orm/postgresql';
import type { Pool, PoolClient, PoolConfig } from 'pg';
import { createHash } from 'node:crypto';
import { isConnectionLost } from '../shared/errors';
import { PREPARED_MARK } from './sql';

// A statement that only reads: one SELECT that writes nothing and takes no lock
const READ_ONLY = /^\s*select\b/i;
const WRITES = /\b(insert|update|delete|merge|nextval|setval|pg_advisory|for\s+(no\s+key\s+)?update|for\s+share)\b/i;

// Connections cut together (a restart, pg_terminate_backend on all of them) go one after another:
// a server takes ~10 ms for each (measured: 8 in 73 ms). The second try waits until the others cut
// with this one have gone too (the pool drops each as its socket says so), so that it does not
// take an idle connection that is about to be cut.
const settleSockets = () => new Promise((resolve) => setTimeout(resolve, 250));

/**
 * A connection that tries a statement once more when its connection was lost, where that is safe:
 * a read outside a transaction (it cannot have changed anything) and the BEGIN of a transaction
 * (nothing ran yet). The pool has dropped the dead connection by then (pg-pool removes a client
 * that errored or is no longer queryable), so the second try runs on a new one. Anything else
 * (a write, a statement inside a transaction) fails, and the API answers 503 with Retry-After.
 */
class ResilientPostgreSqlConnection extends PostgreSqlConnection {
  override createKyselyDialect(overrides: PoolConfig) {
    const { onPoolCreated } = (overrides ?? {}) as { onPoolCreated?: (pool: Pool) => unknown };
    return super.createKyselyDialect({
      ...overrides,
      onPoolCreated: (pool: Pool) => {
        releaseLostClients(pool);
        return onPoolCreated?.(pool);
      },
    } as PoolConfig);
  }

  override async execute<T extends QueryResult | EntityData<AnyEntity> | EntityData<AnyEntity>[]>(
    ...args: Parameters<PostgreSqlConnection['execute']>
  ): Promise<T> {
    try {
      return await super.execute<T>(...args);
    } catch (err) {
      const [query, , , ctx] = args;
      const sql = typeof query === 'string' ? query : '';
      if (ctx || !isConnectionLost(err) || !READ_ONLY.test(sql) || WRITES.test(sql)) throw err;
      await settleSockets();
      return super.execute<T>(...args);
    }
  }

  override async begin(...args: Parameters<PostgreSqlConnection['begin']>) {
    try {
      return await super.begin(...args);
    } catch (err) {
      if (args[0]?.ctx || !isConnectionLost(err)) throw err;
      await settleSockets();
      return super.begin(...args);
    }
  }
}

/**
 * Gives the pool back a checked-out client whose connection ended (dropped by the server). Kysely
 * never releases a transaction's client when its BEGIN or ROLLBACK fails, which is what a dropped
 * connection makes them do: without this, every transaction cut by a drop kept one of the pool's
 * connections forever, until the pool had none left and every request waited. A release after
 * that (kysely's own, where it does release) is then a no-op instead of pg-pool's double-release error.
 */
function releaseLostClients(pool: Pool): void {
  const connect = pool.connect.bind(pool) as (cb?: unknown) => Promise<PoolClient> | undefined;
  const guard = (client: PoolClient) => {
    const release = client.release;
    let released = false;
    const lost = () => settle(new Error('the database connection was lost'));
    const settle = (err?: Error | boolean) => {
      if (released) return;
      released = true;
      client.removeListener('end', lost);
      release(err);
    };
    client.release = settle;
    client.once('end', lost);
    namePrepared(client);
    return client;
  };
  // the promise form is what kysely calls; pool.query's callback form releases on every outcome
  (pool as { connect: unknown }).connect = (cb?: unknown) => (cb ? connect(cb) : connect()!.then(guard));
}

// named statements one connection keeps at most (each holds its parse tree and plan on the server)
const MAX_PREPARED = 200;

/**
 * Sends a statement marked by `preparedQuery()` (db/sql.ts) as a named prepared statement: the name is
 * the text's hash, so the connection parses and plans each text once. Kysely passes only text and
 * values to the client, hence the mark.
 */
function namePrepared(client: PoolClient): void {
  const c = client as PoolClient & { [NAMED]?: Set<string> };
  if (c[NAMED]) return;
  const names = new Set<string>();
  c[NAMED] = names;
  const query = client.query.bind(client) as (...a: unknown[]) => unknown;
  (client as { query: unknown }).query = (text: unknown, ...rest: unknown[]) => {
    if (typeof text !== 'string' || !text.startsWith(PREPARED_MARK)) return query(text, ...rest);
    const name = `p${createHash('sha1').update(text).digest('base64url')}`;
    if (!names.has(name) && names.size >= MAX_PREPARED) return query(text, ...rest);
    names.add(name);
    const [values, cb] = rest;
    return query({ name, text, values }, cb);
  };
}
const NAMED = Symbol('named statements');

/** The PostgreSQL driver on ResilientPostgreSqlConnection (server and embedded databases alike). */
export class ResilientPostgreSqlDriver extends PostgreSqlDriver {
  constructor(config: Configuration) {
    super(config);
    // the base class made a plain connection (not yet connected); this one takes its place
    (this as unknown as { connection: PostgreSqlConnection }).connection = new ResilientPostgreSqlConnection(config);
  }
}
