import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { openDatabase } from '../../../api/src/app';
import type { Database } from '../../../api/src/db/database';

// tests open the database the app uses (every module's entities) through the support
export { openDatabase };

// Set by the test run's global set-up (test/api/support/db-templates.ts): a migrated database on the
// server to copy, and a dump of a migrated embedded data directory to load.
export const TEMPLATE_DB_ENV = 'PARLEY_TEST_TEMPLATE_DB';
export const TEMPLATE_DUMP_ENV = 'PARLEY_TEST_TEMPLATE_DUMP';

let templateDump: { path: string; blob: Blob } | undefined;

function embeddedTemplate(): Blob | undefined {
  const file = process.env[TEMPLATE_DUMP_ENV];
  if (!file) return undefined;
  if (templateDump?.path !== file) templateDump = { path: file, blob: new Blob([readFileSync(file)]) };
  return templateDump.blob;
}

/** A database's URL on the server named by `baseUrl`. */
export function databaseUrl(baseUrl: string, name: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs one statement on the server's maintenance connection (create and drop database). */
export async function adminQuery(baseUrl: string, sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

/**
 * A database of its own for one test file: a fresh database on the PostgreSQL server named by
 * DATABASE_URL (CI), or an in-memory embedded PostgreSQL when the variable is not set. Both start as
 * a copy of the run's migrated template when there is one, and migrate from scratch otherwise.
 */
export async function openTestDatabase(): Promise<Database> {
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) return openDatabase({ embeddedTemplate: embeddedTemplate() });
  const name = `parley_t_${process.pid}_${randomBytes(4).toString('hex')}`;
  const template = process.env[TEMPLATE_DB_ENV];
  await adminQuery(baseUrl, `create database "${name}"${template ? ` template "${template}"` : ''}`);
  const db = await openDatabase({ databaseUrl: databaseUrl(baseUrl, name) });
  return {
    ...db,
    async close() {
      await db.close();
      await adminQuery(baseUrl, `drop database if exists "${name}" with (force)`);
    },
  };
}
