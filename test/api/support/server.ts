import 'reflect-metadata';
import type { FastifyInstance } from 'fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../../api/src/app';
import { loadConfig, type Config } from '../../../api/src/config';
import type { Database } from '../../../api/src/db/database';
import type { Services } from '../../../api/src/services';
import { openTestDatabase } from './test-db';

export type TestServer = {
  url: string;
  app: FastifyInstance;
  db: Database;
  services: Services;
  config: Config;
  close(): Promise<void>;
};

/** The real server on a free port over a database of its own (see openTestDatabase). */
export async function startTestServer(
  env: Record<string, string> = {},
  logStream?: NodeJS.WritableStream,
): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'parley-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    WEB_DIST: path.join(dataDir, 'no-web'),
    ...env,
  });
  const db = await openTestDatabase();
  const { app, services } = await buildApp({ config, orm: db.orm, logger: logStream ? { stream: logStream } : false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    app,
    db,
    services,
    config,
    async close() {
      await app.close();
      await db.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
