// The Parley server the clean-room benchmarks talk to: the real app (buildApp) on a fresh test
// database (on DATABASE_URL's server, or embedded), listening on 127.0.0.1, with a REST caller
// and logged-in bench users. `webDist`: a built page the server serves as it serves the web app
// (same origin as the API, so the page's own upload code posts to the real routes).
import 'reflect-metadata';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../api/src/app';
import { loadConfig } from '../../api/src/config';
import type { Database } from '../../api/src/db/database';
import { openBenchDatabase } from './bench-db';
import { benchLogin } from './bench-user';

export type RoomsServer = {
  base: string;
  db: Database;
  /** bare SQL on the server's database */
  sql: (q: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;
  /** a REST call as the user of `cookie`: its `result`, or throws on any other status than 200 */
  call: (method: string, p: string, cookie: string, body?: unknown, query?: Record<string, string>) => Promise<unknown>;
  /** a verified user, logged in over HTTP */
  login: (username: string) => ReturnType<typeof benchLogin>;
  close: () => Promise<void>;
};

export async function startRoomsServer(options: { webDist?: string } = {}): Promise<RoomsServer> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'parley-bench-rooms-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ...(options.webDist ? { WEB_DIST: options.webDist } : {}),
  });
  const db = await openBenchDatabase(dataDir);
  const { app, services } = await buildApp({ config, orm: db.orm, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const conn = db.orm.em.getConnection();
  return {
    base,
    db,
    sql: (q, params = []) => conn.execute(q, params),
    call: async (method, p, cookie, body, query) => {
      const res = await fetch(`${base}${p}${query ? `?${new URLSearchParams(query)}` : ''}`, {
        method,
        headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? (typeof body === 'string' ? body : JSON.stringify(body)) : undefined,
      });
      const json = (await res.json()) as { result?: unknown; error?: unknown };
      if (res.status !== 200) throw new Error(`${p}: ${res.status} ${JSON.stringify(json.error)}`);
      return json.result;
    },
    login: (username) => benchLogin(db.orm.em.fork(), services, base, username),
    close: async () => {
      await app.close();
      await db.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
