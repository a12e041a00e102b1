import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { openDatabase, type Database } from '../../../api/src/db/database';

/**
 * A database of its own for one test file: a fresh database on the PostgreSQL server named by
 * DATABASE_URL (CI), or an in-memory embedded PostgreSQL when the variable is not set.
 */
export async function openTestDatabase(): Promise<Database> {
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) return openDatabase({});
  const name = `parley_t_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const db = await openDatabase({ databaseUrl: url.toString() });
  return {
    ...db,
    async close() {
      await db.close();
      const a = new pg.Client({ connectionString: baseUrl });
      await a.connect();
      try {
        await a.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await a.end();
      }
    },
  };
}
