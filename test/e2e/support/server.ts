import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { buildUser, type TestUser } from '../../api/support/factories';
import { startTestServer, type TestServer } from '../../api/support/server';
import type { RandomSource } from '../../../api/src/modules/privacy/discrete-laplace';
import { launchBrowser } from './browser';

/** The real server with the production web build, on its own database (see openTestDatabase). */
export function startAppServer(env: Record<string, string> = {}, noise?: RandomSource): Promise<TestServer> {
  return startTestServer({ WEB_DIST: path.resolve('web/dist'), ...env }, undefined, undefined, noise);
}

/**
 * The app server, a Chromium and one registered user for a whole file, closed after it. The
 * fields are filled in beforeAll: read them inside tests and hooks, not at module level.
 */
export function appWithUser(): { server: TestServer; browser: Browser; user: TestUser } {
  const app = {} as { server: TestServer; browser: Browser; user: TestUser };
  beforeAll(async () => {
    app.server = await startAppServer();
    app.browser = await launchBrowser();
    app.user = await buildUser(app.server);
  });
  afterAll(async () => {
    await app.browser?.close();
    await app.server?.close();
  });
  return app;
}
