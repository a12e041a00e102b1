import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findFreePort, startLocalChain } from './anvil';
import { loadConfig } from '../../api/src/config';
import { ChainService } from '../../api/src/modules/chain/chain.service';
import type { ChainSetup } from '../../api/src/modules/chain/chain.settings';
import { shortReason, startServerChain } from './server-chain';

const dir = mkdtempSync(path.join(os.tmpdir(), 'parley-chain-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const quiet = { info: () => {}, warn: () => {}, error: () => {} };

// Another node on a port: answers every JSON-RPC call with chain id 1.
async function foreignNode(port: number): Promise<Server> {
  const server = createServer((_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ jsonrpc: '2.0', id: 1, result: '0x1' }));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return server;
}

describe('the local chain of npm start', () => {
  it('when anvil cannot run, says why in one line, leaves chain features off, and comes up on a background retry', async () => {
    // a file where the chain folder should be: anvil's state cannot be kept, so it does not start
    const dataDir = path.join(dir, 'blocked');
    mkdirSync(dataDir);
    writeFileSync(path.join(dataDir, 'chain'), 'not a folder');
    const warnings: string[] = [];
    const log = { ...quiet, warn: (_obj: object, msg: string) => void warnings.push(msg) };
    const running = await startServerChain(loadConfig({ DATA_DIR: dataDir }), log, {
      preferredPort: await findFreePort(),
      retryDelaysMs: [300],
    });
    expect(running.setup).toEqual({ unavailable: expect.stringContaining('The local chain (anvil) could not start') });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^The local chain \(anvil\) could not start: .{1,200} Retrying in the background\.$/);
    expect(warnings[0]).not.toMatch(/0x[0-9a-f]{20}/i);

    const chain = new ChainService(running.setup, quiet);
    const seen: ChainSetup[] = [];
    running.attach((setup) => {
      seen.push(setup);
      chain.use(setup);
    });
    expect((await chain.publicInfo()).error).toContain('could not start');
    await expect(chain.balanceOf('0x70997970C51812dc3A010C7d01b50e0d17dc79C8')).rejects.toMatchObject({
      code: 'CHAIN_UNAVAILABLE',
    });

    // the obstacle goes away: a later retry starts the chain and the service switches to it
    rmSync(path.join(dataDir, 'chain'));
    await expect.poll(() => seen.length, { timeout: 60_000, interval: 200 }).toBe(2);
    expect(seen[1]).toMatchObject({ settings: { local: true, chainId: 31337 } });
    expect((await chain.publicInfo()).error).toBeNull();
    expect(await chain.balanceOf('0x70997970C51812dc3A010C7d01b50e0d17dc79C8')).toBeGreaterThan(0n);
    chain.close();
    await running.stop();
  }, 90_000);

  it('never takes another node that holds the port for its own anvil', async () => {
    const port = await findFreePort();
    const other = await foreignNode(port);
    try {
      await expect(startLocalChain({ port })).rejects.toThrow(/Address already in use/);
    } finally {
      other.close();
    }
  }, 30_000);

  it('uses another port when the preferred one is taken', async () => {
    const port = await findFreePort();
    const other = await foreignNode(port);
    const dataDir = path.join(dir, 'taken');
    try {
      const running = await startServerChain(loadConfig({ DATA_DIR: dataDir }), quiet, { preferredPort: port });
      expect(running.setup).toMatchObject({ settings: { local: true, chainId: 31337 } });
      const { rpcUrl } = (running.setup as { settings: { rpcUrl: string } }).settings;
      expect(new URL(rpcUrl).port).not.toBe(String(port));
      await running.stop();
    } finally {
      other.close();
    }
  }, 60_000);

  it('shortens errors to one readable line without hex dumps', () => {
    const ethersLike = Object.assign(new Error(`nonce has already been used (transaction="0x${'ab'.repeat(5000)}")`), {
      shortMessage: 'nonce has already been used',
    });
    expect(shortReason(ethersLike)).toBe('nonce has already been used');
    const plain = new Error(`could not deploy: data=0x${'cd'.repeat(5000)}\nsecond line`);
    expect(shortReason(plain)).toBe('could not deploy: data=0xcdcdcdcd…');
    expect(shortReason(new Error('x'.repeat(500)))).toHaveLength(160);
  });
});
