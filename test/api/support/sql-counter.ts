import type { MikroORM } from '@mikro-orm/postgresql';

// MikroORM hands every statement it runs (including begin/commit) to the connection's logQuery,
// whether or not logging is on: wrapping it counts them on PGlite and a PostgreSQL server alike.
type Logging = { logQuery(query: string, context?: unknown): void };

export type SqlCounter = {
  /** Runs fn and returns the SQL statements executed meanwhile. */
  record(fn: () => Promise<unknown>): Promise<string[]>;
  restore(): void;
};

export function countSql(orm: MikroORM): SqlCounter {
  const connection = orm.em.getDriver().getConnection() as unknown as Logging;
  const original = connection.logQuery;
  let seen: string[] | null = null;
  connection.logQuery = function (this: Logging, query, context) {
    seen?.push(query);
    return original.call(this, query, context);
  };
  return {
    async record(fn) {
      seen = [];
      try {
        await fn();
        return seen;
      } finally {
        seen = null;
      }
    },
    restore: () => {
      connection.logQuery = original;
    },
  };
}
