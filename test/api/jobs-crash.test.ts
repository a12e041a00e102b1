import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../api/src/db/database';
import { openDatabase } from './support/test-db';
import { JOBS_SCHEMA } from '../../api/src/modules/jobs/job-queue';
import { PAYOUT_JOB } from '../../api/src/modules/payouts/payouts.service';
import { payoutOf, publishFundedCollection, startTestChain, submitCollection, type TestChain } from './support/escrow';
import {
  buildUserOverHttp,
  createServerDatabase,
  startServerProcess,
  tempDataDir,
  waitFor,
  type ServerProcess,
} from './support/processes';
import { buildKey } from './support/requests';

// The server as `npm start` runs it, in a process of its own, on this run's database: a database
// created on the PostgreSQL server of DATABASE_URL, or the embedded one under DATA_DIR (one
// process at a time, as the embedded database lives inside its process).
let c: TestChain;
let env: Record<string, string>;
let dropDatabase: (() => Promise<void>) | undefined;
const running = new Set<ServerProcess>();

beforeAll(async () => {
  c = await startTestChain();
  env = { ...c.env, DATA_DIR: tempDataDir() };
  if (process.env.DATABASE_URL) {
    const created = await createServerDatabase(process.env.DATABASE_URL, { migrated: true });
    env.DATABASE_URL = created.url;
    dropDatabase = created.drop;
  }
});
afterAll(async () => {
  for (const p of running) await p.kill();
  await dropDatabase?.();
  await c?.stop();
});

async function start(): Promise<ServerProcess> {
  const p = await startServerProcess(env);
  running.add(p);
  return p;
}

/** The database the processes used, opened here once none runs. */
function openSharedDatabase(): Promise<Database> {
  return env.DATABASE_URL
    ? openDatabase({ databaseUrl: env.DATABASE_URL })
    : openDatabase({ embeddedDir: `${env.DATA_DIR}/pg` });
}

describe('a server process killed in the middle of a payout job', () => {
  it('leaves the payout to the next process, which completes it once', { timeout: 180_000 }, async () => {
    const first = await start();
    const alice = await buildUserOverHttp(first.url);
    const key = await buildKey(alice);
    const r = await publishFundedCollection(c, alice, key, 10, 2);

    // the chain stops mining: the payout job signs, stores and broadcasts its transaction, then waits
    await c.provider.send('evm_setAutomine', [false]);
    const { walletAddress, deviceId } = await submitCollection(first.url, r, key);
    const stored = await waitFor(
      () => payoutOf(first.url, r.id, deviceId),
      (p) => !!p?.txHash,
    );
    expect(stored).toMatchObject({ status: 'pending', amount: 2 });
    const txHash = stored!.txHash!;
    expect(await c.provider.send('eth_getTransactionByHash', [txHash])).toMatchObject({ blockNumber: null });

    // the process dies mid-job; the node loses the transaction too, so only a re-broadcast can pay
    await first.kill();
    running.delete(first);
    await c.provider.send('anvil_dropTransaction', [txHash]);
    expect(await c.provider.send('eth_getTransactionByHash', [txHash])).toBeNull();
    await c.provider.send('evm_setAutomine', [true]);
    expect(await c.balance(walletAddress)).toBe(0n);

    // the next process finds the job by its missed heartbeat and runs it again
    const second = await start();
    const paid = await waitFor(
      () => payoutOf(second.url, r.id, deviceId),
      (p) => p?.status === 'sent',
      90_000,
    );
    expect(paid).toMatchObject({ status: 'sent', amount: 2, txHash });
    expect(await c.balance(walletAddress)).toBe(2n);
    expect(await c.balance(r.escrow)).toBe(8n);
    await second.stop();
    running.delete(second);

    // once: one payout row, one job for it, completed on its second attempt
    const db = await openSharedDatabase();
    try {
      const conn = db.orm.em.fork().getConnection();
      const payouts = await conn.execute<{ id: string; status: string; tx_hash: string }[]>(
        'select id, status, tx_hash from payouts where escrow_address = ?',
        [r.escrow],
      );
      expect(payouts).toEqual([{ id: expect.any(String), status: 'sent', tx_hash: txHash }]);
      const jobs = await conn.execute<{ state: string; retry_count: number }[]>(
        `select state::text as state, retry_count from ${JOBS_SCHEMA}.job where name = ? and singleton_key = ?`,
        [PAYOUT_JOB, payouts[0].id],
      );
      expect(jobs).toHaveLength(1);
      expect(jobs[0].state).toBe('completed');
      expect(jobs[0].retry_count).toBeGreaterThanOrEqual(1);
    } finally {
      await db.close();
    }
    // the escrow paid that wallet exactly once
    expect(await c.balance(walletAddress)).toBe(2n);
  });
});
