import 'reflect-metadata';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { User } from '../modules/users/user.entity';
import { openDatabase } from '../app/database';
import type { Database } from './database';
import { startEmbeddedPostgres } from './embedded';

const dir = mkdtempSync(path.join(os.tmpdir(), 'parley-embedded-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const sharedBuffers = async (db: Database) =>
  ((await db.orm.em.getConnection().execute('show shared_buffers')) as { shared_buffers: string }[])[0]!.shared_buffers;

describe('embedded PostgreSQL', () => {
  it('keeps data on disk across a restart and does not re-run migrations', async () => {
    const first = await openDatabase({ embeddedDir: path.join(dir, 'pg') });
    expect(first.kind).toBe('embedded');
    const em = first.orm.em.fork();
    em.create(User, { username: 'persisted', email: 'p@example.test', passwordHash: 'x', nickname: 'P' });
    await em.flush();
    await first.close();

    const second = await openDatabase({ embeddedDir: path.join(dir, 'pg') });
    try {
      const user = await second.orm.em.fork().findOne(User, { username: 'persisted' });
      expect(user?.email).toBe('p@example.test');
      expect(await second.orm.migrator.getPending()).toEqual([]);
      // on disk, PostgreSQL's own cache size (an in-memory database, as tests open, keeps 16 MB)
      expect(await sharedBuffers(second)).toBe('128MB');
    } finally {
      await second.close();
    }
  });

  it('opens in memory with 16 MB of shared buffers, as its files are in memory already', async () => {
    const pg = await startEmbeddedPostgres();
    try {
      expect((await pg.engine.query('show shared_buffers')).rows).toEqual([{ shared_buffers: '16MB' }]);
    } finally {
      await pg.stop();
    }
  });
});
