// A chunk's rows written with binary COPY, on both databases: over the connection to a PostgreSQL
// server, and through the embedded engine itself (its socket takes no COPY) inside the transaction
// its one connection holds. The embedded database is always tested here, also in CI where the
// other tests run on the server.
import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../app/database';
import type { Database } from '../../db/database';
import { query } from '../../db/sql';
import { openTestDatabase } from '../../../../test/api/support/test-db';
import { decodeChunk } from './chunk-rows';
import { chunkTransaction } from './chunk-writer';
import { createDatasetTables, datasetTables, datasetWidths } from './dataset-tables';
import { buildColumns } from './dataset-settings';

const columns = buildColumns(
  [
    { name: 'email', role: 'join', shared: false },
    { name: 'age', role: 'clear', shared: false },
    { name: 'name', role: 'sealed', shared: true },
  ],
  'matches',
);
const b64 = (bytes: Buffer) => bytes.toString('base64');
const rowsOf = (first: number, count: number) =>
  Array.from({ length: count }, (_, i) => [
    [b64(Buffer.alloc(16, first + i)), b64(Buffer.alloc(44, 100 + i))],
    i % 3 === 0 ? null : String(20 + i),
    i % 4 === 0 ? null : b64(Buffer.alloc(60, 200 - i)),
  ]);

// One embedded database migrated for the file, and a dump of it as migrated: the test on disk starts
// from the dump instead of migrating a second database from scratch (seconds of CPU each).
let migrated: Promise<{ db: Database; dump: Blob }> | undefined;
const embeddedOnce = () => (migrated ??= openDatabase({}).then(async (db) => ({ db, dump: await db.dumpEmbedded!() })));

const databases: [string, () => Promise<Database>][] = [['embedded', async () => (await embeddedOnce()).db]];
if (process.env.DATABASE_URL) databases.push(['PostgreSQL server', openTestDatabase]);

describe.each(databases)('chunk rows on the %s', (kind, open) => {
  let db: Database;
  beforeAll(async () => {
    db = await open();
    expect(db.kind).toBe(kind === 'embedded' ? 'embedded' : 'server');
  });
  afterAll(() => db?.close());

  async function newDataset() {
    const id = randomUUID();
    await createDatasetTables(db.orm.em.fork(), id, datasetWidths(columns));
    return { id, tables: datasetTables(id) };
  }
  const stored = async (table: string) =>
    query<{ row_no: number; t1: Buffer | null; c1: string | null; n1: string | null }>(
      db.orm.em.fork(),
      `select * from ${table} order by row_no`,
    );

  it('stores every cell of a chunk, empty cells as null', async () => {
    const { id, tables } = await newDataset();
    const chunk = decodeChunk(columns, rowsOf(10, 5), 10);
    await chunkTransaction(db.orm.em.fork(), (tx) => tx.writeRows(id, chunk));

    const rows = await stored(tables.rows);
    expect(rows.map((r) => r.row_no)).toEqual([10, 11, 12, 13, 14]);
    expect(rows.map((r) => [...(r.t1 ?? [])][0])).toEqual([10, 11, 12, 13, 14]);
    expect(rows.map((r) => r.c1)).toEqual([null, '21', '22', null, '24']);
    expect(rows.map((r) => (r.n1 === null ? null : Number(r.n1)))).toEqual([null, 21, 22, null, 24]);
    const sealed = await query<{ row_no: number; s1: Buffer | null; s2: Buffer | null }>(
      db.orm.em.fork(),
      `select * from ${tables.sealed} order by row_no`,
    );
    expect(sealed.map((r) => r.s1?.length)).toEqual([44, 44, 44, 44, 44]);
    expect(sealed.map((r) => r.s1?.[0])).toEqual([100, 101, 102, 103, 104]);
    expect(sealed.map((r) => r.s2?.[0] ?? null)).toEqual([null, 199, 198, 197, null]);
  });

  it('keeps nothing of a chunk whose transaction fails after its rows were written', async () => {
    const { id, tables } = await newDataset();
    await chunkTransaction(db.orm.em.fork(), (tx) => tx.writeRows(id, decodeChunk(columns, rowsOf(0, 3), 0)));
    await expect(
      chunkTransaction(db.orm.em.fork(), async (tx) => {
        await tx.writeRows(id, decodeChunk(columns, rowsOf(3, 4), 3));
        // the transaction sees its own rows
        const [{ n }] = await tx.query<{ n: number }>(`select count(*)::int as n from ${tables.rows}`);
        expect(n).toBe(7);
        throw new Error('the chunk failed after its rows');
      }),
    ).rejects.toThrow('the chunk failed after its rows');

    expect((await stored(tables.rows)).map((r) => r.row_no)).toEqual([0, 1, 2]);
    expect((await stored(tables.sealed)).map((r) => r.row_no)).toEqual([0, 1, 2]);
    // and the database goes on answering
    await chunkTransaction(db.orm.em.fork(), (tx) => tx.writeRows(id, decodeChunk(columns, rowsOf(3, 1), 3)));
    expect((await stored(tables.rows)).map((r) => r.row_no)).toEqual([0, 1, 2, 3]);
  });

  it('keeps none of the rows of a chunk whose second COPY the database refuses', async () => {
    const { id, tables } = await newDataset();
    await chunkTransaction(db.orm.em.fork(), (tx) => tx.writeRows(id, decodeChunk(columns, rowsOf(0, 2), 0)));
    // the rows table takes the chunk, then its sealed cells have nowhere to go
    await query(db.orm.em.fork(), `alter table ${tables.sealed} rename to "vcr_sealed_elsewhere"`);
    await expect(
      chunkTransaction(db.orm.em.fork(), (tx) => tx.writeRows(id, decodeChunk(columns, rowsOf(2, 2), 2))),
    ).rejects.toThrow(/does not exist/);
    expect((await stored(tables.rows)).map((r) => r.row_no)).toEqual([0, 1]);
    await query(db.orm.em.fork(), `alter table "vcr_sealed_elsewhere" rename to ${tables.sealed}`);
    await chunkTransaction(db.orm.em.fork(), (tx) => tx.writeRows(id, decodeChunk(columns, rowsOf(2, 2), 2)));
    expect((await stored(tables.sealed)).map((r) => r.row_no)).toEqual([0, 1, 2, 3]);
  });
});

describe('chunk rows on the embedded database on disk (as npm start keeps it)', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'parley-chunks-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('are still there after the database is closed and opened again', async () => {
    const id = randomUUID();
    const first = await openDatabase({
      embeddedDir: path.join(dir, 'pg'),
      embeddedTemplate: (await embeddedOnce()).dump,
    });
    try {
      await createDatasetTables(first.orm.em.fork(), id, datasetWidths(columns));
      for (const at of [0, 20, 40])
        await chunkTransaction(first.orm.em.fork(), (tx) => tx.writeRows(id, decodeChunk(columns, rowsOf(at, 20), at)));
    } finally {
      await first.close();
    }
    const second = await openDatabase({ embeddedDir: path.join(dir, 'pg') });
    try {
      const { rows, sealed } = datasetTables(id);
      const count = async (table: string) =>
        (await query<{ n: number }>(second.orm.em.fork(), `select count(distinct row_no)::int as n from ${table}`))[0]
          .n;
      expect([await count(rows), await count(sealed)]).toEqual([60, 60]);
    } finally {
      await second.close();
    }
  }, 60_000);
});
