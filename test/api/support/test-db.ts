import pg from 'pg';
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { openDatabase as openAppDatabase } from '../../../api/src/app';
import type { Database } from '../../../api/src/db/database';

// Set by the test run's global set-up (test/api/support/db-templates.ts): a migrated database on the
// server to copy, and a dump of a migrated embedded data directory to load.
export const TEMPLATE_DB_ENV = 'PARLEY_TEST_TEMPLATE_DB';
export const TEMPLATE_DUMP_ENV = 'PARLEY_TEST_TEMPLATE_DUMP';
/** The run's id (its main process's pid), set by the global set-up: it starts every test database's name. */
export const TEST_RUN_ENV = 'PARLEY_TEST_RUN';
export const TEST_DB_PREFIX = 'parley_t_';

let templateDump: { path: string; blob: Blob } | undefined;

/**
 * A Blob whose arrayBuffer() copies the bytes it was made of. PGlite reads a template with
 * arrayBuffer(), which Node's Blob serves by streaming its 43 MB in small chunks and joining them:
 * 0.3 CPU-s per test database, a third of opening one (a copy of the bytes takes a few ms).
 */
class BytesBlob extends Blob {
  readonly #content: Uint8Array<ArrayBuffer>;

  constructor(content: Uint8Array<ArrayBuffer>) {
    super([content]);
    this.#content = content;
  }

  override arrayBuffer(): Promise<ArrayBuffer> {
    return Promise.resolve(this.#content.slice().buffer);
  }
}

function embeddedTemplate(): Blob | undefined {
  const file = process.env[TEMPLATE_DUMP_ENV];
  if (!file) return undefined;
  if (templateDump?.path !== file) templateDump = { path: file, blob: new BytesBlob(readFileSync(file)) };
  return templateDump.blob;
}

/**
 * Makes `dir` (a new embedded data directory, as `DATA_DIR/pg`) a copy of the run's migrated
 * template: a server process or script started on it finds its database migrated, instead of
 * creating one and migrating it in WebAssembly (seconds of CPU each). Opening and migrating a new
 * data directory is what the embedded database's own tests (api/src/db/database.test.ts,
 * start.test.ts) check; they open theirs without this. Nothing happens without a template or when
 * `dir` exists.
 */
export function seedEmbeddedDir(dir: string): void {
  const file = process.env[TEMPLATE_DUMP_ENV];
  if (!file || existsSync(dir)) return;
  mkdirSync(dir, { recursive: true });
  // the dump is a tar of the data directory (PGlite's dumpDataDir); its names start with "/"
  execFileSync('tar', ['-xf', file, '-C', dir], { stdio: 'ignore' });
}

/**
 * Opens the database the app uses (every module's entities). A new embedded data directory starts
 * as a copy of the run's template (seedEmbeddedDir).
 */
export function openDatabase(opts: Parameters<typeof openAppDatabase>[0]): Promise<Database> {
  if (opts.embeddedDir && !opts.databaseUrl) seedEmbeddedDir(opts.embeddedDir);
  return openAppDatabase(opts);
}

/** A database's URL on the server named by `baseUrl`. */
export function databaseUrl(baseUrl: string, name: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs statements in turn on the server's maintenance connection (create and drop database). */
export async function adminQuery(baseUrl: string, ...statements: string[]): Promise<void> {
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    for (const sql of statements) await admin.query(sql);
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
  if (!baseUrl) return openAppDatabase({ embeddedTemplate: embeddedTemplate() });
  const run = process.env[TEST_RUN_ENV] ?? String(process.pid);
  const name = `${TEST_DB_PREFIX}${run}_${randomBytes(4).toString('hex')}`;
  const template = process.env[TEMPLATE_DB_ENV];
  await adminQuery(
    baseUrl,
    `create database "${name}"${template ? ` template "${template}"` : ''}`,
    // A test database lives for one file: a commit need not wait for the WAL to reach the disk
    // (a crash loses the last commits of a database nobody keeps). Tests commit thousands of times.
    `alter database "${name}" set synchronous_commit = off`,
  );
  const db = await openAppDatabase({ databaseUrl: databaseUrl(baseUrl, name) });
  return {
    ...db,
    async close() {
      await db.close();
      // DROP DATABASE waits on the disk (hundreds of ms, seconds on a busy machine): the file's
      // worker goes on while the server drops it; the run's teardown drops what is left.
      pendingDrops.add(name);
      void adminQuery(baseUrl, `drop database if exists "${name}" with (force)`)
        .catch(() => undefined)
        .finally(() => pendingDrops.delete(name));
    },
  };
}

const pendingDrops = new Set<string>();

/** Drops the test databases of a run (its teardown), or of runs whose main process has ended. */
export async function dropRunDatabases(baseUrl: string, isOver: (run: number) => boolean): Promise<void> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>('select datname as name from pg_database');
    for (const { name } of rows) {
      // matched here, not with LIKE, where "_" stands for any character (parley_tpl_ would match)
      const run = new RegExp(`^${TEST_DB_PREFIX}(\\d+)_[0-9a-f]+$`).exec(name)?.[1];
      if (run && isOver(Number(run))) {
        await client.query(`drop database if exists "${name}" with (force)`).catch(() => undefined);
      }
    }
  } finally {
    await client.end();
  }
}
