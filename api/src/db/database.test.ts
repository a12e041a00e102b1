import 'reflect-metadata';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { User } from '../modules/users/user.entity';
import { openDatabase } from '../app/database';

const dir = mkdtempSync(path.join(os.tmpdir(), 'parley-embedded-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

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
    } finally {
      await second.close();
    }
  });
});
