import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATION_LOCK, type Database } from '../../api/src/db/database';
import { openDatabase } from './support/test-db';
import { migrations } from '../../api/src/db/migrations/index';
import { createServerDatabase } from './support/processes';

// Server processes started at the same moment on a new database (an orchestrator starting N
// replicas): each opens the database and migrates; an advisory lock makes them take turns, so
// every migration runs once and every process starts. Needs a PostgreSQL server (DATABASE_URL).
const PROCESSES = 3;
let database: { url: string; drop(): Promise<void> } | undefined;
const opened: Database[] = [];

beforeAll(async () => {
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) throw new Error('Starting processes together needs a PostgreSQL server: set DATABASE_URL');
  database = await createServerDatabase(baseUrl);
});
afterAll(async () => {
  await Promise.all(opened.map((d) => d.close()));
  await database?.drop();
});

describe('server processes started together on a new database', () => {
  it('all start, and every migration is applied exactly once', async () => {
    const results = await Promise.allSettled(
      Array.from({ length: PROCESSES }, () => openDatabase({ databaseUrl: database!.url })),
    );
    for (const r of results) if (r.status === 'fulfilled') opened.push(r.value);
    expect(results.map((r) => (r.status === 'rejected' ? String(r.reason) : 'started'))).toEqual(
      Array(PROCESSES).fill('started'),
    );
    const client = new pg.Client({ connectionString: database!.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ name: string; n: number }>(
        'select name, count(*)::int as n from mikro_orm_migrations group by name order by name',
      );
      expect(rows).toHaveLength(migrations.length);
      expect(rows.every((r) => r.n === 1)).toBe(true);
      // and the lock is free again: nothing waits on it
      const { rows: locks } = await client.query(
        `select 1 from pg_locks where locktype = 'advisory' and classid = 0 and objid = $1
            and database = (select oid from pg_database where datname = current_database())`,
        [MIGRATION_LOCK],
      );
      expect(locks).toEqual([]);
    } finally {
      await client.end();
    }
    for (const d of opened) expect(await d.orm.migrator.getPending()).toEqual([]);
  });
});
