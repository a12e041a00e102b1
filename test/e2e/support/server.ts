import path from 'node:path';
import { startTestServer, type TestServer } from '../../api/support/server';

/** The real server with the production web build, on its own database (see openTestDatabase). */
export function startAppServer(env: Record<string, string> = {}): Promise<TestServer> {
  return startTestServer({ WEB_DIST: path.resolve('web/dist'), ...env });
}
