// Writing an upload chunk's rows into its data set's tables, in a transaction of its own. On a
// PostgreSQL server the rows go in with binary COPY (a few times cheaper for the server to parse
// than INSERT); the embedded PGlite cannot take COPY over its socket, so there they go in as
// INSERT ... unnest.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Pool, PoolClient } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { BinaryCopyWriter } from './binary-copy';
import { tokenEntries, type DecodedChunk } from './chunk-rows';
import { TOKEN_BYTES } from './wire-format';
import { datasetTables } from './dataset-tables';
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

async function copyRows(client: PoolClient, datasetId: string, c: DecodedChunk) {
  const t = datasetTables(datasetId);
  const { blob, tokenCols, sealedCols, clearCols, tokenAt, sealedAt, sealedLength, clearAt, clearLength } = c;
  const rows = new BinaryCopyWriter(blob.length + c.rowCount * (40 + 8 * (tokenCols + sealedCols + clearCols)));
  for (let r = 0; r < c.rowCount; r++) {
    rows.tuple(4).int32(c.firstRow + r);
    if (tokenCols === 0) rows.null();
    else rows.array('bytea', blob, tokenAt, r * tokenCols, tokenCols, TOKEN_BYTES);
    if (sealedCols === 0) rows.null();
    else rows.array('bytea', blob, sealedAt, r * sealedCols, sealedCols, sealedLength);
    if (clearCols === 0) rows.null();
    else rows.array('text', blob, clearAt, r * clearCols, clearCols, clearLength);
  }
  await copyIn(client, `copy ${t.rows} (row_no, tokens, sealed, clear) from stdin (format binary)`, rows.finish());

  const index = tokenEntries(c);
  if (!index.at.length) return;
  const tokens = new BinaryCopyWriter(index.at.length * 40);
  for (let i = 0; i < index.at.length; i++)
    tokens.tuple(3).int16(index.col[i]).bytea(blob, index.at[i], TOKEN_BYTES).int32(index.rowNo[i]);
  await copyIn(client, `copy ${t.tokens} (col, token, row_no) from stdin (format binary)`, tokens.finish());
}

/**
 * Two statements a chunk, whatever its size: the cells travel as one byte blob plus int arrays of
 * offsets (bind parameters; byte arrays of arrays are several times slower to send and parse).
 */
async function insertRows(tx: EntityManager, datasetId: string, c: DecodedChunk) {
  const t = datasetTables(datasetId);
  const params: unknown[] = [Array.from({ length: c.rowCount }, (_, r) => c.firstRow + r)];
  const p = (v: unknown, cast: string) => {
    params.push(v);
    return `$${params.length}::${cast}`;
  };
  // the chunk's bytes, sent once and only when a cell points into them (a set of clear columns
  // only has none: an unused parameter would have no type, which PostgreSQL refuses)
  let blob: string | null = null;
  const bytes = () => (blob ??= p(c.blob, 'bytea'));
  // slot k of every row of a row-major array
  const column = <T, U>(values: ArrayLike<T>, width: number, k: number, f: (v: T) => U): U[] =>
    Array.from({ length: c.rowCount }, (_, r) => f(values[r * width + k]));
  const sqlOffset = (o: number) => (o < 0 ? -1 : o + 1); // substring counts from 1
  const cell = (offset: string, length: string) =>
    `case when ${offset} < 0 then null else substring(${bytes()} from ${offset} for ${length}) end`;
  const cols: string[] = ['r'];
  const arrays: string[] = ['$1::int[]'];
  const tokens = Array.from({ length: c.tokenCols }, (_, k) => {
    arrays.push(p(column(c.tokenAt, c.tokenCols, k, sqlOffset), 'int[]'));
    cols.push(`t${k}`);
    return cell(`u.t${k}`, String(TOKEN_BYTES));
  });
  const sealed = Array.from({ length: c.sealedCols }, (_, k) => {
    arrays.push(
      p(column(c.sealedAt, c.sealedCols, k, sqlOffset), 'int[]'),
      p(
        column(c.sealedLength, c.sealedCols, k, (l) => l),
        'int[]',
      ),
    );
    cols.push(`so${k}`, `sl${k}`);
    return cell(`u.so${k}`, `u.sl${k}`);
  });
  const clear = Array.from({ length: c.clearCols }, (_, k) => {
    const texts = Array.from({ length: c.rowCount }, (_, r) => {
      const slot = r * c.clearCols + k;
      return c.clearAt[slot] < 0
        ? null
        : c.blob.toString('utf8', c.clearAt[slot], c.clearAt[slot] + c.clearLength[slot]);
    });
    arrays.push(p(texts, 'text[]'));
    cols.push(`c${k}`);
    return `u.c${k}`;
  });
  const arr = (xs: string[], type: string) => (xs.length ? `array[${xs.join(', ')}]` : `null::${type}`);
  await query(
    tx,
    `insert into ${t.rows} (row_no, tokens, sealed, clear)
     select u.r, ${arr(tokens, 'bytea[]')}, ${arr(sealed, 'bytea[]')}, ${arr(clear, 'text[]')}
     from unnest(${arrays.join(', ')}) as u(${cols.join(', ')})`,
    params,
  );
  const index = tokenEntries(c);
  if (!index.at.length) return;
  await query(
    tx,
    `insert into ${t.tokens} (col, token, row_no)
     select u.c, substring($1::bytea from u.o for ${TOKEN_BYTES}), u.r
     from unnest($2::smallint[], $3::int[], $4::int[]) as u(c, o, r)`,
    [c.blob, index.col, index.at.map(sqlOffset), index.rowNo],
  );
}
