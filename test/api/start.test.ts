import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// The server as `npm start` runs it, on the embedded database (no DATABASE_URL, no PostgreSQL
// server needed), stopped and started again over the same data folder.
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'parley-start-'));
let child: ChildProcess | undefined;
let stdout = '';
// the chain's default port, held by "another program" for the whole test (or already taken)
let holder: http.Server | undefined;
afterAll(() => {
  child?.kill('SIGKILL');
  holder?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
  });
}

async function startServer(port: number): Promise<ChildProcess> {
  // no DATABASE_URL: the embedded database is what this test is about
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const env = {
    ...inherited,
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    WEB_DIST: path.join(dataDir, 'none'),
  };
  const proc = spawn(process.execPath, ['--import', 'tsx', 'scripts/server.ts'], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  stdout = '';
  proc.stdout?.on('data', (d) => (stdout += String(d)));
  let stderr = '';
  proc.stderr?.on('data', (d) => (stderr += String(d)));
  // a fresh embedded database migrates in WebAssembly first: over a minute on a loaded CI machine
  const deadline = Date.now() + 150_000;
  while (Date.now() < deadline) {
    if (proc.exitCode !== null) throw new Error(`server exited: ${stderr}`);
    const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return proc;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not become healthy: ${stderr}`);
}

async function stop(proc: ChildProcess) {
  const exited = new Promise((r) => proc.once('exit', r));
  proc.kill('SIGTERM');
  await exited;
}

// Holds 127.0.0.1:8545 as another node would, answering JSON-RPC like a chain (chain id 31337 to
// everything): the app must not mistake it for its own. If something holds it already, it is
// taken anyway.
async function takeDefaultChainPort(): Promise<void> {
  await new Promise<void>((resolve) => {
    const srv = http.createServer((req, res) => {
      let body = '';
      req.on('data', (d) => (body += String(d)));
      req.on('end', () => {
        const id = (() => {
          try {
            return (JSON.parse(body) as { id?: unknown }).id ?? null;
          } catch {
            return null;
          }
        })();
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ jsonrpc: '2.0', id, result: '0x7a69' }));
      });
    });
    srv.once('error', () => resolve());
    srv.listen(8545, '127.0.0.1', () => {
      holder = srv;
      resolve();
    });
  });
}

describe('npm start on embedded defaults', () => {
  it('serves /healthz and /graphql, and keeps data across a restart', async () => {
    await takeDefaultChainPort();
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    child = await startServer(port);
    const gql = await fetch(`${base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ authStatus { loggedIn } }' }),
    });
    expect(await gql.json()).toEqual({ data: { authStatus: { loggedIn: false } } });
    const reg = await fetch(`${base}/v1/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'survivor', email: 'survivor@example.test', password: 'secret123' }),
    });
    expect(reg.status).toBe(200);
    // the local chain runs with the contracts deployed, and stops with the server
    const config = (await (await fetch(`${base}/v1/config`)).json()) as {
      result: { chainId: number; rpcUrl: string; iptTokenAddress: string; chainError: string | null };
    };
    expect(config.result).toMatchObject({ chainId: 31337, chainError: null });
    expect(config.result.iptTokenAddress).toMatch(/^0x[0-9a-fA-F]{40}$/);
    // the default port was taken: the chain came up on another one, and the app uses it
    expect(new URL(config.result.rpcUrl).port).not.toBe('8545');
    const balance = await fetch(config.result.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'eth_getCode',
        params: [config.result.iptTokenAddress, 'latest'],
      }),
    });
    expect(((await balance.json()) as { result: string }).result.length).toBeGreaterThan(10);
    // plain lines for a person: where to go, where dev mail is, the chain, and each mail's link
    const lines = stdout.split('\n');
    expect(lines).toContain(`Parley is ready. Open http://localhost:${port} in your browser.`);
    expect(lines.some((l) => l.includes(`${base.replace('127.0.0.1', 'localhost')}/dev/outbox`))).toBe(true);
    expect(lines).toContain(
      `Local chain: ${config.result.rpcUrl}, chain id 31337. For MetaMask and test funds see docs/guide/metamask.md.`,
    );
    await expect
      .poll(() => stdout.split('\n').find((l) => l.startsWith('Mail to survivor@example.test')))
      .toMatch(new RegExp(`^Mail to survivor@example\\.test, ".+": http://localhost:${port}/\\S*token=`));
    expect(stdout).not.toMatch(/0x[0-9a-f]{64}/i);
    // a chain feature through the app, on that chain: verify, log in, get test funds
    const link = stdout.split('\n').find((l) => l.startsWith('Mail to survivor@example.test'))!;
    const token = /token=([A-Za-z0-9_-]+)/.exec(link)![1];
    const post = (path: string, body: unknown, cookie = '') =>
      fetch(`${base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
        body: JSON.stringify(body),
      });
    expect((await post('/v1/auth/verifyEmail', { token })).status).toBe(200);
    const login = await post('/v1/auth/login', { username: 'survivor', password: 'secret123' });
    expect(login.status).toBe(200);
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const wallet = `0x${'5e'.repeat(20)}`;
    const funds = await post('/v1/chain/testFunds', { address: wallet }, cookie);
    expect(funds.status).toBe(200);
    const eth = await fetch(config.result.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'eth_getBalance', params: [wallet, 'latest'] }),
    });
    expect(BigInt(((await eth.json()) as { result: string }).result)).toBe(10n ** 18n);
    await stop(child);
    await expect(fetch(config.result.rpcUrl, { method: 'POST', body: '{}' })).rejects.toThrow();
    expect(existsSync(path.join(dataDir, 'chain', 'deployment.json'))).toBe(true);
    expect(existsSync(path.join(dataDir, 'chain', 'anvil-state.json'))).toBe(true);

    child = await startServer(port);
    const again = await fetch(`${base}/v1/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'survivor', email: 'other@example.test', password: 'secret123' }),
    });
    expect(again.status).toBe(409); // the first account is still there
    const outbox = (await (await fetch(`${base}/dev/outbox?to=survivor@example.test`)).json()) as { result: unknown[] };
    expect(outbox.result).toHaveLength(1);
    await stop(child);
    child = undefined;
  }, 360_000);
});
