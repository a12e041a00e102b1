// Writing an upload chunk's rows into its data set's tables, in a transaction of its own, with
// binary COPY (a few times cheaper for the server to parse than INSERT). On a PostgreSQL server the
// data goes over the connection (COPY FROM STDIN); the embedded PGlite's socket takes no COPY, so
// there the same data goes to the engine itself as a file (COPY FROM '/dev/blob'), inside the
// transaction the socket's connection holds (see embeddedEngineOf).
import type { PGlite } from '@electric-sql/pglite';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { PoolClient } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { BinaryCopyWriter, BufferPool } from './binary-copy';
import type { DecodedChunk } from './chunk-rows';
import { TOKEN_BYTES } from '../../../../shared/wire-format';
import { datasetTables, rowsColumns, sealedColumns } from './dataset-tables';
import { embeddedEngineOf } from '../../db/embedded';
import { query } from '../../db/sql';

export type ChunkTransaction = {
  query<R = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<R[]>;
  /** stores the chunk's rows and tokens in its data set's tables */
  writeRows(datasetId: string, chunk: DecodedChunk): Promise<void>;
};

/** Takes binary COPY data for `table (columns)` and resolves once the database has all of it. */
type CopySink = (table: string, columns: string, data: Buffer) => Promise<void>;

/** Runs `fn` in a transaction of its own (committed when it returns, rolled back when it throws). */
export async function chunkTransaction<T>(em: EntityManager, fn: (tx: ChunkTransaction) => Promise<T>): Promise<T> {
  const pool = await em.getConnection().getNativeClient();
  const engine = embeddedEngineOf(pool);
  if (engine) {
    const sink = fileInto(engine);
    return em.transactional((tx) =>
      fn({ query: (sql, params) => query(tx, sql, params), writeRows: (id, chunk) => copyRows(sink, id, chunk) }),
    );
  }
  const client = await pool.connect();
  let broken: unknown;
  try {
    await client.query('begin');
    const result = await fn({
      query: async <R>(sql: string, params: readonly unknown[] = []) =>
        (await client.query(sql, [...params])).rows as R[],
      writeRows: (id, chunk) => copyRows(streamInto(client), id, chunk),
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

// the embedded engine reads the data as a file, in the transaction its one connection holds
const fileInto =
  (engine: PGlite): CopySink =>
  async (table, columns, data) => {
    await engine.query(`copy ${table} (${columns}) from '/dev/blob' (format binary)`, [], {
      blob: new Blob([data as Uint8Array<ArrayBuffer>]),
    });
  };

// a server takes the data over the connection
const streamInto =
  (client: PoolClient): CopySink =>
  async (table, columns, data) => {
    await pipeline(
      Readable.from([data]),
      client.query(copyFrom(`copy ${table} (${columns}) from stdin (format binary)`)),
    );
  };

// the COPY data's buffers, reused chunk after chunk
const copyBuffers = new BufferPool();

async function copyRows(sink: CopySink, datasetId: string, c: DecodedChunk) {
  const rows = new BinaryCopyWriter(c.rowCount * (8 + 20 * c.tokenCols + 40 * c.clearCols), copyBuffers);
  const sealed = new BinaryCopyWriter(c.rowCount * (6 + 4 * c.sealedCols) + c.blob.length, copyBuffers);
  await writeCopies(sink, datasetId, c, rows, sealed);
  // only once the database has taken all of it: after a failure the socket may still hold a write
  // of these bytes, so the buffers are left to the garbage collector
  rows.release();
  sealed.release();
}

async function writeCopies(
  sink: CopySink,
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
  await sink(t.rows, ['row_no', ...rowsColumns(c)].join(', '), rows.finish());

  const { sealedAt, sealedLength } = c;
  for (let r = 0; r < c.rowCount; r++) {
    sealed.tuple(1 + sealedCols).int32(c.firstRow + r);
    for (let slot = r * sealedCols; slot < (r + 1) * sealedCols; slot++) {
      if (sealedAt[slot] < 0) sealed.null();
      else sealed.bytea(blob, sealedAt[slot], sealedLength[slot]);
    }
  }
  await sink(t.sealed, ['row_no', ...sealedColumns(c)].join(', '), sealed.finish());
}
