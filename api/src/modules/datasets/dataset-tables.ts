// Every data set has two tables of its own:
//   vcr_rows_<id>   (row_no, tokens bytea[], sealed bytea[], clear text[])  one row per CSV row:
//                   its join tokens, sealed cells and clear cells, each array in column order of that role
//   vcr_tokens_<id> (col, token bytea, row_no)  one row per non-empty join-key cell
// Chunks are written into them without indexes; once the set is complete its indexes are built in
// one pass (a sorted bulk build, several times cheaper than keeping a shared index up to date row
// by row), and compare reads the token index (token, col, row_no) as index-only scans merged in
// token order. The token leads the index: its sort then uses abbreviated keys, which makes the
// build 2-3 times faster than with the column first. Deleting a set drops its tables at once,
// and locks nothing but them.
import type { EntityManager } from '@mikro-orm/postgresql';
import { query } from '../../db/sql';

export type DatasetTables = { rows: string; tokens: string };

/** The quoted table names of a data set (its id is a UUID: nothing else reaches SQL text). */
export function datasetTables(datasetId: string): DatasetTables {
  const hex = datasetId.replace(/-/g, '').toLowerCase();
  if (!/^[0-9a-f]{32}$/.test(hex)) throw new Error('a data set id is a UUID');
  return { rows: `"vcr_rows_${hex}"`, tokens: `"vcr_tokens_${hex}"` };
}

/** Creates a new set's tables, unindexed (inside the transaction that creates the set). */
export async function createDatasetTables(em: EntityManager, datasetId: string) {
  const t = datasetTables(datasetId);
  await query(em, `create table ${t.rows} (row_no int not null, tokens bytea[], sealed bytea[], clear text[])`);
  await query(em, `create table ${t.tokens} (col smallint not null, token bytea not null, row_no int not null)`);
}

/** Builds a complete set's indexes (inside the transaction that marks it ready). */
export async function indexDatasetTables(tx: EntityManager, datasetId: string) {
  const t = datasetTables(datasetId);
  // the sort of a 1M-row build fits in memory: no temporary files
  await query(tx, `set local maintenance_work_mem = '256MB'`);
  await query(tx, `alter table ${t.rows} add primary key (row_no)`);
  await query(tx, `create index on ${t.tokens} (token, col, row_no)`);
}

/**
 * After a set's indexes are built: the token index's visibility map, which lets compare read it
 * alone (index-only scans), and the tokens' statistics. Outside any transaction. The rows table
 * needs nothing more: its size is known from the index build, and joins filter it on array
 * elements, which column statistics do not describe (autovacuum analyses it later anyway).
 */
export async function analyseDatasetTables(em: EntityManager, datasetId: string) {
  await query(em, `vacuum (analyze) ${datasetTables(datasetId).tokens}`);
}

export async function dropDatasetTables(em: EntityManager, datasetIds: string[]) {
  for (const id of datasetIds) {
    const t = datasetTables(id);
    await query(em, `drop table if exists ${t.rows}, ${t.tokens}`);
  }
}
