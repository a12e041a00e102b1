import 'reflect-metadata';
import type { FastifyInstance } from 'fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp, type SelfChecks, type Services } from '../../../api/src/app';
import { loadConfig, type Config } from '../../../api/src/config';
import type { Database } from '../../../api/src/db/database';
import type { RandomSource } from '../../../api/src/modules/privacy/discrete-laplace';
import { openTestDatabase } from './test-db';
import { testPasswordHash } from './test-env';

export type TestServer = {
  url: string;
  app: FastifyInstance;
  db: Database;
  services: Services;
  config: Config;
  /** every route it serves, and the answers that broke their route's contract */
  checks: SelfChecks;
  close(): Promise<void>;
};

/**
 * The real server on a free port over a database of its own (see openTestDatabase), or over
 * `sharedDb`, another test server's, which that one closes (a second server on the same data).
 * `noise`: a seeded source for the differential-privacy noise, where a test needs the same draws.
 */
export async function startTestServer(
  env: Record<string, string> = {},
  logStream?: NodeJS.WritableStream,
  sharedDb?: Database,
  noise?: RandomSource,
): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'parley-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    WEB_DIST: path.join(dataDir, 'no-web'),
    ...testPasswordHash(env),
    ...env,
  });
  const db = sharedDb ?? (await openTestDatabase());
  const { app, services, checks } = await buildApp({
    config,
    orm: db.orm,
    logger: logStream ? { stream: logStream } : false,
    // every test server, in development mode too, holds its REST answers to the OpenAPI document
    checkContract: true,
    noise,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    app,
    db,
    services,
    config,
    checks,
    async close() {
      await app.close();
      if (!sharedDb) await db.close();
      rmSync(dataDir, { recursive: true, force: true });
      // every answer of the file's tests is held to the OpenAPI document, whether or not a test
      // looked at it: a violation (answered 500 at the time) fails the file here
      if (checks.contractViolations.length) {
        throw new Error(`REST answers that break the OpenAPI document:\n${checks.contractViolations.join('\n')}`);
      }
    },
  };
}
