// API benchmark: the logged-in user's profile over GraphQL (`me`), over REST (getUser), and over a
// bare Fastify route doing the same SQL (session lookup + user row) with no framework layers, all
// against one server in one run. Prints req/s and p99 per target and the ratios to the bare route.
import 'reflect-metadata';
import autocannon from 'autocannon';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../api/src/app';
import { loadConfig } from '../../api/src/config';
import { openDatabase } from '../../api/src/db/database';
import { SESSION_COOKIE } from '../../api/src/modules/auth/session-cookie';
import { sha256Hex } from '../../api/src/shared/tokens';
import { benchLogin } from './bench-user';

export type BenchRow = { name: string; reqPerSec: number; p99Ms: number; errors: number };

/** One autocannon measurement: 10 connections for BENCH_SECONDS (default 5). */
export function run(url: string, opts: Partial<autocannon.Options>): Promise<autocannon.Result> {
  return autocannon({ url, connections: 10, duration: Number(process.env.BENCH_SECONDS ?? 5), ...opts });
}

export async function apiBench(): Promise<BenchRow[]> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'parley-bench-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    DATABASE_URL: process.env.DATABASE_URL,
  });
  const db = await openDatabase({ databaseUrl: config.databaseUrl });
  const { app, services } = await buildApp({ config, orm: db.orm, logger: false });

  // the baseline: same two lookups as the session hook and getUser, hand-written SQL, no envelope
  app.get('/bench/bare-me', async (request, reply) => {
    const token = request.cookies[SESSION_COOKIE];
    const rows = await db.orm.em.getConnection().execute(
      `select u.id, u.username, u.email, u.nickname, u.avatar_key, u.guest, u.email_verified_at, u.created_at
           from sessions s join users u on u.id = s.user_id
          where s.token_hash = ? and s.expires_at > now()`,
      [sha256Hex(token ?? '')],
    );
    if (!rows.length) return reply.code(401).send({});
    return rows[0];
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;
  const base = `http://127.0.0.1:${port}`;

  try {
    const { cookie } = await benchLogin(db.orm.em.fork(), services, base, 'bench');
    const headers = { cookie };

    const targets: [string, Partial<autocannon.Options>][] = [
      ['bare SQL route', { url: `${base}/bench/bare-me`, headers }],
      ['REST getUser', { url: `${base}/v1/auth/user/getUser`, headers }],
      [
        'GraphQL me',
        {
          url: `${base}/graphql`,
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify({
            query: '{ me { id username email nickname avatarUrl credit guest emailVerified createdAt } }',
          }),
        },
      ],
    ];
    // warm-up so JIT and connection pools settle before measuring
    await run(`${base}/bench/bare-me`, { headers, duration: 1 });
    const rows: BenchRow[] = [];
    for (const [name, opts] of targets) {
      const r = await run(opts.url as string, opts);
      rows.push({ name, reqPerSec: r.requests.average, p99Ms: r.latency.p99, errors: r.errors + r.non2xx });
    }
    return rows;
  } finally {
    await app.close();
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function printApiBench(rows: BenchRow[], dbKind: string) {
  const bare = rows.find((r) => r.name === 'bare SQL route')!;
  console.log(
    `\nAPI: logged-in profile, 10 connections, ${process.env.BENCH_SECONDS ?? 5} s each, database: ${dbKind}`,
  );
  console.log('target            req/s     p99 ms   errors   throughput vs bare');
  for (const r of rows) {
    console.log(
      `${r.name.padEnd(16)} ${r.reqPerSec.toFixed(0).padStart(7)} ${r.p99Ms.toFixed(1).padStart(9)} ${String(r.errors).padStart(8)}   ${(r.reqPerSec / bare.reqPerSec).toFixed(2)}`,
    );
  }
}
