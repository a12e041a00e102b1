import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { mkdirSync, rmSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import type { Server } from 'node:net';
import os from 'node:os';
import path from 'node:path';

export type EmbeddedPostgres = {
  /** folder holding the Unix socket; pass as `host` to the pg driver */
  socketDir: string;
  port: number;
  /** the engine itself, for what its socket cannot carry (COPY, see embeddedEngineOf) */
  engine: PGlite;
  stop(): Promise<void>;
};

// the engine behind a connection pool to the embedded database (set by openDatabase)
const engines = new WeakMap<object, PGlite>();

export function attachEmbeddedEngine(pool: object, engine: PGlite): void {
  engines.set(pool, engine);
}

/**
 * The embedded engine behind `pool`, or undefined for a PostgreSQL server. PGlite has one session,
 * shared by its socket's only connection and by calls on the engine: a statement run on the engine
 * while that connection is in a transaction is part of that transaction. The pool has one
 * connection, so while a transaction holds it nothing else reaches the session.
 */
export function embeddedEngineOf(pool: object): PGlite | undefined {
  return engines.get(pool);
}

const SOCKET_PORT = 5432;

// In memory the tables' files are in memory already: shared buffers only copy them, and the default
// 128 MB are set up at every start, a third of an in-memory open's CPU (1.2-1.4 CPU-s, 0.8 with 16 MB).
const IN_MEMORY_START = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

/**
 * Runs PostgreSQL in-process (PGlite, the real engine compiled to WebAssembly) behind the Postgres
 * wire protocol on a Unix socket, so the ordinary driver and migrations work unchanged.
 * `dataDir` undefined keeps the database in memory (tests). In memory, a table's file is copied whole
 * each time the engine extends it by more than a few pages (Emscripten's in-memory file system resizes
 * files to the byte), which bulk COPY does: fine for a test's rows, quadratic for a million; `npm start`
 * keeps the database on disk.
 * PGlite runs one query at a time and the socket server serves one connection, so the pool must
 * have exactly one connection (see STACK.md).
 */
export async function startEmbeddedPostgres(dataDir?: string, template?: Blob): Promise<EmbeddedPostgres> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  // a template is a dump of a data directory (dumpDataDir): tests start from one migrated database
  // instead of migrating in WebAssembly for every file
  const db = await PGlite.create({
    ...(dataDir ? { dataDir } : { startParams: IN_MEMORY_START }),
    ...(template ? { loadDataDir: template } : {}),
  });
  // A socket path must stay under ~100 bytes, so it lives in the OS temp folder, not under dataDir.
  const socketDir = await mkdtemp(path.join(os.tmpdir(), 'parley-pg-'));
  const server = new PGLiteSocketServer({
    db,
    path: path.join(socketDir, `.s.PGSQL.${SOCKET_PORT}`),
    maxConnections: 1,
  });
  await server.start();
  // A connection cut while its transaction is open (the pool destroying a broken client, say) would
  // leave that transaction open in PGlite's one session for the next connection to run inside: a
  // server backend rolls back when its client goes away, and so does this.
  (server as unknown as { server: Server }).server.on('connection', (socket) =>
    // queued behind the statement the cut connection may still have running (harmless outside a transaction)
    socket.once('close', () => void db.exec('rollback').catch(() => undefined)),
  );
  return {
    socketDir,
    port: SOCKET_PORT,
    engine: db,
    async stop() {
      await server.stop();
      await db.close();
      rmSync(socketDir, { recursive: true, force: true });
    },
  };
}
