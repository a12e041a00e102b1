import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { ChainService } from './chain.service';
import { startServerChain } from './local-chain';

const dir = mkdtempSync(path.join(os.tmpdir(), 'parley-chain-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const quiet = { info: () => {}, warn: () => {}, error: () => {} };

describe('the local chain of npm start', () => {
  it('when anvil cannot run, leaves chain features off with the reason instead of failing the boot', async () => {
    // a file where the chain folder should be: anvil's state cannot be kept, so it does not start
    writeFileSync(path.join(dir, 'chain'), 'not a folder');
    const running = await startServerChain(loadConfig({ DATA_DIR: dir }), quiet);
    expect(running.setup).toEqual({ unavailable: expect.stringContaining('The local chain (anvil) could not start') });
    const chain = new ChainService(running.setup, quiet);
    expect((await chain.publicInfo()).error).toContain('could not start');
    await expect(chain.balanceOf('0x70997970C51812dc3A010C7d01b50e0d17dc79C8')).rejects.toMatchObject({
      code: 'CHAIN_UNAVAILABLE',
    });
    await running.stop();
  });
});
