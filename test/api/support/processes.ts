import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { TestClient } from './client';
import { buildUserInput, type TestUser, type UserInput } from './factories';
import { serverScript } from './server-bundle';
import { seedEmbeddedDir, TEMPLATE_DB_ENV } from './test-db';
import { testPasswordHash } from './test-env';

/** A server started as `npm start` starts it (scripts/server.ts, bundled), in a process of its own. */
export type ServerProcess = {
  url: string;
  /** what it wrote to stdout and stderr (JSON log lines) */
  output: string[];
  /** SIGTERM: a graceful stop (running jobs finish) */
  stop(): Promise<void>;
  /** SIGKILL: the process dies on the spot, mid-job */
  kill(): Promise<void>;
};

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      s.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once('exit', () => resolve()));
}

// Unless a test hands in its chain: a node that is not there. Without CHAIN_RPC_URL the server would
// start its own anvil on port 8545 when free, which start.test.ts holds to test the fallback.
const NO_CHAIN = {
  CHAIN_RPC_URL: 'http://127.0.0.1:9',
  IPT_TOKEN_ADDRESS: `0x${'11'.repeat(20)}`,
  ESCROW_FACTORY_ADDRESS: `0x${'22'.repeat(20)}`,
};

/**
 * Starts the server (scripts/server.ts, see server-bundle.ts) with `env` on a free port and waits
 * for /healthz. DATABASE_URL is passed only when `env` names it (none: the embedded database under
 * env.DATA_DIR).
 */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  // a new embedded database starts migrated, as the test servers' do (see seedEmbeddedDir)
  if (!env.DATABASE_URL && env.DATA_DIR) seedEmbeddedDir(path.join(env.DATA_DIR, 'pg'));
  const port = await freePort();
  const base = Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== 'DATABASE_URL'));
  const child = spawn(process.execPath, [await serverScript()], {
    env: {
      ...base,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'info',
      WEB_DIST: path.join(os.tmpdir(), 'parley-no-web'),
      ...NO_CHAIN,
      ...testPasswordHash(env),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout!.on('data', (d: Buffer) => output.push(d.toString()));
  child.stderr!.on('data', (d: Buffer) => output.push(d.toString()));
  const url = `http://127.0.0.1:${port}`;
  const end = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${output.join('')}`);
    const ok = await fetch(`${url}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > end) {
      child.kill('SIGKILL');
      throw new Error(`server did not start:\n${output.join('')}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    output,
    async stop() {
      child.kill('SIGTERM');
      await exited(child);
    },
    async kill() {
      child.kill('SIGKILL');
      await exited(child);
    },
  };
}

/**
 * A fresh database on the PostgreSQL server of DATABASE_URL, for server processes to share. With
 * `migrated`, a copy of the run's migrated template when there is one: a test that is not about
 * migrating spares each process the migrations (the api project's global set-up names the template).
 */
export async function createServerDatabase(
  baseUrl: string,
  { migrated = false } = {},
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `parley_p_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = async (sql: string) => {
    const c = new pg.Client({ connectionString: baseUrl });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };
  const template = migrated ? process.env[TEMPLATE_DB_ENV] : undefined;
  await admin(`create database "${name}"${template ? ` template "${template}"` : ''}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists "${name}" with (force)`) };
}

export const tempDataDir = () => mkdtempSync(path.join(os.tmpdir(), 'parley-proc-'));

/**
 * Registers, verifies (reading the development outbox over HTTP, as the server runs elsewhere)
 * and logs in a user; returns its client.
 */
export async function buildUserOverHttp(url: string, overrides: Partial<UserInput> = {}): Promise<TestUser> {
  const input = buildUserInput(overrides);
  const client = new TestClient(url);
  const reg = await client.rest<{ user: { id: string } }>('POST', '/v1/auth/register', input);
  if (reg.status !== 200) throw new Error(`register failed: ${JSON.stringify(reg.body)}`);
  const outbox = await client.rest<{ text: string }[]>('GET', '/dev/outbox', undefined, { to: input.email });
  const token = /token=([A-Za-z0-9_-]+)/.exec(outbox.body.result?.[0]?.text ?? '')?.[1];
  if (!token) throw new Error(`no verification mail: ${JSON.stringify(outbox.body)}`);
  const ver = await client.rest('POST', '/v1/auth/verifyEmail', { token });
  if (ver.status !== 200) throw new Error(`verify failed: ${JSON.stringify(ver.body)}`);
  const login = await client.rest('POST', '/v1/auth/login', { username: input.username, password: input.password });
  if (login.status !== 200) throw new Error(`login failed: ${JSON.stringify(login.body)}`);
  return { ...input, id: reg.body.result!.user.id, client };
}

export async function waitFor<T>(what: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 60_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await what();
    if (ok(v)) return v;
    if (Date.now() > end) throw new Error(`timed out waiting; last value ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Runs `npm run <script> -- <args>` as an operator does; stdout as bytes (a file may be binary). */
export function runNpmScript(
  script: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number | null; stdout: Buffer; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', script, '--', ...args], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const out: Buffer[] = [];
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => out.push(d));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout: Buffer.concat(out), stderr }));
  });
}
