// Writing an upload chunk's rows into its data set's tables, in a transaction of its own. On a
// PostgreSQL server the rows go in with binary COPY (a few times cheaper for the server to parse
// than INSERT); the embedded PGlite cannot take COPY over its socket, so there they go in as
// INSERT ... unnest.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Pool, PoolClient } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { BinaryCopyWriter, BufferPool } from './binary-copy';
import type { DecodedChunk } from './chunk-rows';
import { TOKEN_BYTES } from './wire-format';
import { datasetTables, rowsColumns, sealedColumns } from './dataset-tables';
import { query } from '../../db/sql';

export type ChunkTransaction = {
  query<R = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<R[]>;
  /** stores the chunk's rows and tokens in its data set's tables */
  writeRows(datasetId: string, chunk: DecodedChunk): Promise<void>;
};

// whether a pool's server takes COPY FROM STDIN (PGlite's socket server does not); asked once per pool
const copyCapable = new WeakMap<Pool, Promise<boolean>>();

function acceptsCopy(pool: Pool): Promise<boolean> {
  let known = copyCapable.get(pool);
  if (!known) {
    known = pool
      .query<{ version: string }>('select version() as version')
      .then((r) => !/PGlite/i.test(r.rows[0]?.version ?? ''));
    copyCapable.set(pool, known);
    // a failed question is asked again next time
    known.catch(() => copyCapable.delete(pool));
  }
  return known;
}

/** Runs `fn` in a transaction of its own (committed when it returns, rolled back when it throws). */
export async function chunkTransaction<T>(em: EntityManager, fn: (tx: ChunkTransaction) => Promise<T>): Promise<T> {
  const pool = await em.getConnection().getNativeClient();
  if (!(await acceptsCopy(pool))) {
    return em.transactional((tx) =>
      fn({ query: (sql, params) => query(tx, sql, params), writeRows: (id, chunk) => insertRows(tx, id, chunk) }),
    );
  }
  const client = await pool.connect();
  let broken: unknown;
  try {
    await client.query('begin');
    const result = await fn({
      query: async <R>(sql: string, params: readonly unknown[] = []) =>
        (await client.query(sql, [...params])).rows as R[],
      writeRows: (id, chunk) => copyRows(client, id, chunk),
    });
    await client.query('commit');
    return result;
  } catch (err) {
    await client.query('rollback').catch((e: unknown) => (broken = e));
    throw err;
  } finally {
    // a connection whose rollback failed is not given back to the pool
    client.release(broken instanceof Error ? broken : undefined);
  }
}

async function copyIn(client: PoolClient, sql: string, data: Buffer) {
  await pipeline(Readable.from([data]), client.query(copyFrom(sql)));
}

// the COPY data's buffers, reused chunk after chunk
const copyBuffers = new BufferPool();

async function copyRows(client: PoolClient, datasetId: string, c: DecodedChunk) {
  const rows = new BinaryCopyWriter(c.rowCount * (8 + 20 * c.tokenCols + 40 * c.clearCols), copyBuffers);
  const sealed = new BinaryCopyWriter(c.rowCount * (6 + 4 * c.sealedCols) + c.blob.length, copyBuffers);
  await writeCopies(client, datasetId, c, rows, sealed);
  // only once the server has taken all of it: after a failure the socket may still hold a write
  // of these bytes, so the buffers are left to the garbage collector
  rows.release();
  sealed.release();
}

async function writeCopies(
  client: PoolClient,
  datasetId: string,
  c: DecodedChunk,
  rows: BinaryCopyWriter,
  sealed: BinaryCopyWriter,
) {
  const t = datasetTables(datasetId);
  const { blob, tokenCols, sealedCols, clearCols, tokenAt, clearAt, clearLength, numberAt, numberLength } = c;
  for (let r = 0; r < c.rowCount; r++) {
    rows.tuple(1 + tokenCols + 2 * clearCols).int32(c.firstRow + r);
    for (let slot = r * tokenCols; slot < (r + 1) * tokenCols; slot++) {
      if (tokenAt[slot] < 0) rows.null();
      else rows.bytea(blob, tokenAt[slot], TOKEN_BYTES);
    }
    for (let slot = r * clearCols; slot < (r + 1) * clearCols; slot++) {
      if (clearAt[slot] < 0) rows.null();
      else rows.text(blob, clearAt[slot], clearLength[slot]);
      if (numberAt[slot] < 0) rows.null();
      else rows.numeric(blob, numberAt[slot], numberLength[slot]);
    }
  }
  const rowsColumnList = ['row_no', ...rowsColumns(c)].join(', ');
  await copyIn(client, `copy ${t.rows} (${rowsColumnList}) from stdin (format binary)`, rows.finish());

  const { sealedAt, sealedLength } = c;
  for (let r = 0; r < c.rowCount; r++) {
    sealed.tuple(1 + sealedCols).int32(c.firstRow + r);
    for (let slot = r * sealedCols; slot < (r + 1) * sealedCols; slot++) {
      if (sealedAt[slot] < 0) sealed.null();
      else sealed.bytea(blob, sealedAt[slot], sealedLength[slot]);
    }
  }
  const sealedColumnList = ['row_no', ...sealedColumns(c)].join(', ');
  await copyIn(client, `copy ${t.sealed} (${sealedColumnList}) from stdin (format binary)`, sealed.finish());
}

/**
 * Two statements a chunk, whatever its size: the cells travel as one byte blob plus int arrays of
 * offsets (bind parameters; byte arrays of arrays are several times slower to send and parse),
 * clear cells and their numbers as text arrays.
 */
async function insertRows(tx: EntityManager, datasetId: string, c: DecodedChunk) {
  const t = datasetTables(datasetId);
  // slot k of every row of a row-major array
  const column = <T, U>(values: ArrayLike<T>, width: number, k: number, f: (v: T, slot: number) => U): U[] =>
    Array.from({ length: c.rowCount }, (_, r) => f(values[r * width + k], r * width + k));
  const sqlOffset = (o: number) => (o < 0 ? -1 : o + 1); // substring counts from 1
  const text = (at: Int32Array, length: Int32Array, k: number) =>
    column(at, c.clearCols, k, (o, slot) => (o < 0 ? null : c.blob.toString('utf8', o, o + length[slot])));

  const statement = () => {
    const params: unknown[] = [Array.from({ length: c.rowCount }, (_, r) => c.firstRow + r)];
    const p = (v: unknown, cast: string) => {
      params.push(v);
      return `$${params.length}::${cast}`;
    };
    // the chunk's bytes, sent once and only when a cell points into them (an unused parameter
    // would have no type, which PostgreSQL refuses)
    let blob: string | null = null;
    const cell = (offset: string, length: string) =>
      `case when ${offset} < 0 then null else substring(${(blob ??= p(c.blob, 'bytea'))} from ${offset} for ${length}) end`;
    const names = ['r'];
    const arrays = ['$1::int[]'];
    const values = ['u.r'];
    // a column's value, from unnested arrays named `name`.. each passed as `arrays`..
    const add = (value: string, name: string, array: string, more: [string, string][] = []) => {
      for (const [n, a] of [[name, array], ...more]) {
        names.push(n);
        arrays.push(a);
      }
      values.push(value);
    };
    const run = (table: string, columns: string[]) =>
      query(
        tx,
        `insert into ${table} (${['row_no', ...columns].join(', ')})
         select ${values.join(', ')} from unnest(${arrays.join(', ')}) as u(${names.join(', ')})`,
        params,
      );
    return { p, cell, add, run };
  };

  const rows = statement();
  for (let k = 0; k < c.tokenCols; k++)
    rows.add(
      rows.cell(`u.t${k}`, String(TOKEN_BYTES)),
      `t${k}`,
      rows.p(column(c.tokenAt, c.tokenCols, k, sqlOffset), 'int[]'),
    );
  for (let k = 0; k < c.clearCols; k++) {
    rows.add(`u.c${k}`, `c${k}`, rows.p(text(c.clearAt, c.clearLength, k), 'text[]'));
    rows.add(`u.n${k}`, `n${k}`, rows.p(text(c.numberAt, c.numberLength, k), 'numeric[]'));
  }
  await rows.run(t.rows, rowsColumns(c));

  const sealed = statement();
  for (let k = 0; k < c.sealedCols; k++) {
    const at = sealed.p(column(c.sealedAt, c.sealedCols, k, sqlOffset), 'int[]');
    const length = sealed.p(
      column(c.sealedLength, c.sealedCols, k, (l) => l),
      'int[]',
    );
    sealed.add(sealed.cell(`u.so${k}`, `u.sl${k}`), `so${k}`, at, [[`sl${k}`, length]]);
  }
  await sealed.run(t.sealed, sealedColumns(c));
}
