// preparedQuery on the database the run uses (the PostgreSQL server with DATABASE_URL, else the
// embedded one; the embedded pass runs this file on the embedded database too).
import 'reflect-metadata';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/api/support/test-db';
import type { Database } from './database';
import { PREPARED_MARK, preparedQuery, query } from './sql';

let db: Database;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(() => db?.close());

const named = (em: Parameters<typeof query>[0]) =>
  query<{ name: string; statement: string }>(
    em,
    `select name, statement from pg_prepared_statements where statement like $1`,
    [`${PREPARED_MARK}%`],
  );

describe('preparedQuery', () => {
  it('binds the values and prepares the text once on a connection, under one name', async () => {
    const sql = 'select ?::int + 1 as n, ?::text as t, ?::timestamptz as at, ?::text is null as empty';
    await db.orm.em.fork().transactional(async (tx) => {
      const at = new Date('2026-11-29T10:00:00.000Z');
      for (const [n, t] of [
        [1, "it's"],
        [41, 'two ? marks ?'],
      ] as const) {
        const [row] = await preparedQuery<{ n: number; t: string; at: string; empty: boolean }>(tx, sql, [
          n,
          t,
          at,
          null,
        ]);
        // timestamps come back as text, as from the ORM's execute
        expect({ ...row, at: new Date(row.at) }).toEqual({ n: n + 1, t, at, empty: true });
      }
      // the same connection (the transaction's) holds the statement once, numbered
      const statements = await named(tx);
      expect(statements).toHaveLength(1);
      expect(statements[0].statement).toBe(
        `${PREPARED_MARK}select $1::int + 1 as n, $2::text as t, $3::timestamptz as at, $4::text is null as empty`,
      );
    });
  });

  it('refuses a placeholder count that does not match the values, and an array', async () => {
    const em = db.orm.em.fork();
    await expect(preparedQuery(em, 'select ?, ?', [1])).rejects.toThrow('2 placeholders for 1 values');
    await expect(preparedQuery(em, 'select ?', [['a', 'b']])).rejects.toThrow('array literal');
  });

  it("throws the ORM's exceptions, as its execute does", async () => {
    const id = randomUUID();
    const insert = `insert into participants (id, device_id, wallet_address, member_id, created_at, updated_at)
      values (?, ?, ?, ?, now(), now())`;
    const values = (memberId: string) => [id, `device-${id}`, `0x${'1'.repeat(40)}`, memberId];
    await db.orm.em.fork().transactional((tx) => preparedQuery(tx, insert, values('PREPARED01')));
    const again = db.orm.em.fork().transactional((tx) => preparedQuery(tx, insert, values('PREPARED02')));
    await expect(again).rejects.toBeInstanceOf(UniqueConstraintViolationException);
  });
});
