import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { mkdirSync, rmSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

export type EmbeddedPostgres = {
  /** folder holding the Unix socket; pass as `host` to the pg driver */
  socketDir: string;
  port: number;
  stop(): Promise<void>;
};

const SOCKET_PORT = 5432;

/**
 * Runs PostgreSQL in-process (PGlite, the real engine compiled to WebAssembly) behind the Postgres
 * wire protocol on a Unix socket, so the ordinary driver and migrations work unchanged.
 * `dataDir` undefined keeps the database in memory (tests).
 * PGlite runs one query at a time and the socket server serves one connection, so the pool must
 * have exactly one connection (see STACK.md).
 */
export async function startEmbeddedPostgres(dataDir?: string): Promise<EmbeddedPostgres> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const db = await PGlite.create(dataDir ? { dataDir } : {});
  // A socket path must stay under ~100 bytes, so it lives in the OS temp folder, not under dataDir.
  const socketDir = await mkdtemp(path.join(os.tmpdir(), 'parley-pg-'));
  const server = new PGLiteSocketServer({
    db,
    path: path.join(socketDir, `.s.PGSQL.${SOCKET_PORT}`),
    maxConnections: 1,
  });
  await server.start();
  return {
    socketDir,
    port: SOCKET_PORT,
    async stop() {
      await server.stop();
      await db.close();
      rmSync(socketDir, { recursive: true, force: true });
    },
  };
}
