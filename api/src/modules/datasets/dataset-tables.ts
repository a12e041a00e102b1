// Every data set has two tables of its own, with typed columns named after the cells' positions in
// the data set's column metadata (tokenIndex, clearIndex, sealedIndex; never after the CSV's names):
//   vcr_rows_<id>   (row_no int, t1.. bytea, c1.. text, n1.. numeric)  what analyses read: one row
//                   per CSV row, its join tokens (t<k>), its clear cells as uploaded (c<k>) and,
//                   beside each clear cell, its value as a number when it is one (n<k>, else NULL:
//                   see numericSpan in chunk-rows.ts), so a comparison with a number or an
//                   aggregate compares and sums numbers without testing and casting text
//   vcr_sealed_<id> (row_no int, s1.. bytea)  the sealed cells, which only reports read
// Chunks are written into them without indexes; once the set is complete its indexes are built in
// one pass (a sorted bulk build, several times cheaper than keeping an index up to date row by
// row): one (t<k>, row_no) per join column, which compare reads as index-only scans merged in token
// order, and the sealed cells' primary key, through which a report fetches its rows' cells. Joins
// hash the narrow rows tables directly: their tokens are typed columns, the sealed cells elsewhere.
// Deleting a set drops its tables at once, and locks nothing but them.
import type { EntityManager } from '@mikro-orm/postgresql';
import { query } from '../../db/sql';

export type DatasetTables = { rows: string; sealed: string };
/** How many cells of each role a row of the set has (the highest tokenIndex, clearIndex, sealedIndex). */
export type DatasetWidths = { tokenCols: number; clearCols: number; sealedCols: number };

/** The quoted table names of a data set (its id is a UUID: nothing else reaches SQL text). */
export function datasetTables(datasetId: string): DatasetTables {
  const hex = datasetId.replace(/-/g, '').toLowerCase();
  if (!/^[0-9a-f]{32}$/.test(hex)) throw new Error('a data set id is a UUID');
  return { rows: `"vcr_rows_${hex}"`, sealed: `"vcr_sealed_${hex}"` };
}

const position = (k: number | null | undefined): number => {
  if (typeof k !== 'number' || !Number.isInteger(k) || k < 1) throw new Error('a cell position is a whole number >= 1');
  return k;
};
/** The rows table's column of join key `tokenIndex`. */
export const tokenColumn = (tokenIndex: number | null) => `t${position(tokenIndex)}`;
/** The rows table's column of clear column `clearIndex`, as uploaded. */
export const clearColumn = (clearIndex: number | null) => `c${position(clearIndex)}`;
/** The rows table's column of clear column `clearIndex` as a number (NULL when the cell is not one). */
export const numberColumn = (clearIndex: number | null) => `n${position(clearIndex)}`;
/** The sealed table's column of sealed cell `sealedIndex`. */
export const sealedColumn = (sealedIndex: number | null) => `s${position(sealedIndex)}`;

const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

/** The rows table's columns after row_no, in the order the writers send them. */
export const rowsColumns = (w: DatasetWidths): string[] => [
  ...range(w.tokenCols).map(tokenColumn),
  ...range(w.clearCols).flatMap((k) => [clearColumn(k), numberColumn(k)]),
];
export const sealedColumns = (w: DatasetWidths): string[] => range(w.sealedCols).map(sealedColumn);

/** The widths of a set's rows from its column metadata. */
export function datasetWidths(columns: readonly { role: string }[]): DatasetWidths {
  const tokenCols = columns.filter((c) => c.role === 'join').length;
  const sealedCols = columns.filter((c) => c.role !== 'clear').length;
  return { tokenCols, sealedCols, clearCols: columns.length - sealedCols };
}

/** Creates a new set's tables, unindexed (inside the transaction that creates the set). */
export async function createDatasetTables(em: EntityManager, datasetId: string, w: DatasetWidths) {
  const t = datasetTables(datasetId);
  const rows = [
    'row_no int not null',
    ...range(w.tokenCols).map((k) => `${tokenColumn(k)} bytea`),
    ...range(w.clearCols).flatMap((k) => [`${clearColumn(k)} text`, `${numberColumn(k)} numeric`]),
  ];
  await query(em, `create table ${t.rows} (${rows.join(', ')})`);
  const sealed = ['row_no int not null', ...sealedColumns(w).map((c) => `${c} bytea`)];
  await query(em, `create table ${t.sealed} (${sealed.join(', ')})`);
}

/** Builds a complete set's indexes (inside the transaction that marks it ready). */
export async function indexDatasetTables(tx: EntityManager, datasetId: string, w: DatasetWidths) {
  const t = datasetTables(datasetId);
  // the sort of a 1M-row build fits in memory: no temporary files
  await query(tx, `set local maintenance_work_mem = '256MB'`);
  await query(tx, `alter table ${t.sealed} add primary key (row_no)`);
  for (const k of range(w.tokenCols)) await query(tx, `create index on ${t.rows} (${tokenColumn(k)}, row_no)`);
}

/**
 * After a set's indexes are built: the rows table's visibility map, which lets compare read the
 * token indexes alone (index-only scans), and its statistics (the planner sizes joins and their
 * filters on clear cells with them). Outside any transaction. The sealed table needs neither: a
 * report reads it through its primary key (autovacuum analyses it later anyway).
 */
export async function analyseDatasetTables(em: EntityManager, datasetId: string) {
  await query(em, `vacuum (analyze) ${datasetTables(datasetId).rows}`);
}

export async function dropDatasetTables(em: EntityManager, datasetIds: string[]) {
  for (const id of datasetIds) {
    const t = datasetTables(id);
    await query(em, `drop table if exists ${t.rows}, ${t.sealed}`);
  }
}

/**
 * A room's deletion (RoomsService.onDelete, registered in the composition root): each data set has
 * tables of its own, which go with the room once its rows, the data sets' among them, are deleted.
 */
export async function dropRoomDatasetTables(tx: EntityManager, roomId: string): Promise<() => Promise<void>> {
  const sets = await tx.execute<{ id: string }[]>(`select id from vcr_datasets where room_id = ?`, [roomId]);
  return () =>
    dropDatasetTables(
      tx,
      sets.map((d) => d.id),
    );
}
