import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp, openDatabase } from '../../../api/src/app';
import { loadConfig } from '../../../api/src/config';
import type { Database } from '../../../api/src/db/database';
import { adminQuery, databaseUrl, dropRunDatabases, TEMPLATE_DB_ENV, TEMPLATE_DUMP_ENV, TEST_RUN_ENV } from './test-db';

const TEMPLATE_PREFIX = 'parley_tpl_';

/** What a server's start-up writes to a new database: the migrations, then the job queue's schema. */
async function bootOnce(db: Database): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'parley-tpl-'));
  try {
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    const { app } = await buildApp({ config, orm: db.orm, logger: false });
    await app.close();
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but is another user's
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Templates left by runs that were killed before their teardown (the name carries the run's pid). */
async function dropAbandonedTemplates(baseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>('select datname as name from pg_database');
    for (const { name } of rows) {
      const pid = new RegExp(`^${TEMPLATE_PREFIX}(\\d+)_[0-9a-f]+$`).exec(name)?.[1];
      if (pid && !isAlive(Number(pid))) await client.query(`drop database if exists "${name}" with (force)`);
    }
  } finally {
    await client.end();
  }
}

/**
 * Migrates one database per test run and lets every test file start from a copy of it, instead of
 * each file running every migration and installing the job queue: on the PostgreSQL server a
 * template database (CREATE DATABASE ... TEMPLATE), on the embedded one a dump of the migrated data
 * directory. The names reach the test workers through the environment. Returns the teardown.
 */
export async function prepareDatabaseTemplates(): Promise<() => Promise<void>> {
  const baseUrl = process.env.DATABASE_URL;
  if (baseUrl) {
    await dropAbandonedTemplates(baseUrl);
    await dropRunDatabases(baseUrl, (run) => !isAlive(run));
    const run = String(process.pid);
    process.env[TEST_RUN_ENV] = run;
    const name = `${TEMPLATE_PREFIX}${process.pid}_${randomBytes(4).toString('hex')}`;
    await adminQuery(baseUrl, `create database "${name}"`);
    const db = await openDatabase({ databaseUrl: databaseUrl(baseUrl, name) });
    try {
      await bootOnce(db);
    } finally {
      await db.close();
    }
    // a copy needs the template to have no session: refuse new ones and wait for the last to end
    await adminQuery(baseUrl, `alter database "${name}" with allow_connections false`);
    await adminQuery(baseUrl, `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name}'`);
    process.env[TEMPLATE_DB_ENV] = name;
    return async () => {
      delete process.env[TEMPLATE_DB_ENV];
      delete process.env[TEST_RUN_ENV];
      // the databases whose drop a file's worker left running when the run ended
      await dropRunDatabases(baseUrl, (r) => String(r) === run);
      await adminQuery(baseUrl, `drop database if exists "${name}" with (force)`);
    };
  }
  const db = await openDatabase({});
  let dump: Blob;
  try {
    await bootOnce(db);
    dump = await db.dumpEmbedded!();
  } finally {
    await db.close();
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'parley-tpl-'));
  const file = path.join(dir, 'embedded.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  process.env[TEMPLATE_DUMP_ENV] = file;
  return async () => {
    delete process.env[TEMPLATE_DUMP_ENV];
    rmSync(dir, { recursive: true, force: true });
  };
}
