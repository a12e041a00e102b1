// One upload chunk's rows, validated and decoded before anything touches the database. The cells'
// bytes go into one buffer and the rows keep offsets into it, so a 20,000-row chunk costs a few
// allocations rather than one per cell, and both writers (COPY and INSERT) read the same layout.
import { badInput } from '../../shared/errors';
import type { DatasetColumn } from './dataset.entity';

export const TOKEN_BYTES = 16;
// IV (12) + tag (16) + the smallest padded value (16); the largest: a 4096-byte bucket
export const SEALED_MIN = 28;
export const SEALED_MAX = 8192;
export const CLEAR_MAX = 1000;

export type DecodedChunk = {
  firstRow: number;
  rowCount: number;
  tokenCols: number;
  sealedCols: number;
  clearCols: number;
  /** every token and sealed cell of the chunk, back to back */
  blob: Buffer;
  /** row-major, `tokenCols` a row: offset of the row's token in `blob`, -1 when empty */
  tokenAt: Int32Array;
  /** row-major, `sealedCols` a row: offset and length of the sealed cell in `blob`, -1 when empty */
  sealedAt: Int32Array;
  sealedLength: Int32Array;
  /** row-major, `clearCols` a row */
  clear: (string | null)[];
};

/**
 * Checks one chunk's rows against the columns and decodes them. Messages name the cell's place,
 * never its content (sealed cells are nobody's business, and a clear cell could hold anything).
 */
export function decodeChunk(columns: DatasetColumn[], rows: unknown[][], firstRow: number): DecodedChunk {
  const tokenCols = columns.filter((c) => c.role === 'join').length;
  const sealedCols = columns.filter((c) => c.role !== 'clear').length;
  const clearCols = columns.length - sealedCols;
  const n = rows.length;
  const out: DecodedChunk = {
    firstRow,
    rowCount: n,
    tokenCols,
    sealedCols,
    clearCols,
    // room for 64 bytes a cell to start with; grown when a chunk holds larger cells
    blob: Buffer.allocUnsafe(Math.max(1024, n * columns.length * 64)),
    tokenAt: new Int32Array(n * tokenCols),
    sealedAt: new Int32Array(n * sealedCols),
    sealedLength: new Int32Array(n * sealedCols),
    clear: new Array<string | null>(n * clearCols),
  };
  let at = 0;
  // decodes base64 into the blob; the length written, or -1 when it is not base64 of min..max bytes
  const take = (value: unknown, min: number, max: number): number => {
    if (typeof value !== 'string' || value.length % 4 !== 0) return -1;
    const pad = value.endsWith('==') ? 2 : value.endsWith('=') ? 1 : 0;
    const expected = (value.length / 4) * 3 - pad;
    if (expected < min || expected > max) return -1;
    if (at + expected > out.blob.length) {
      const grown = Buffer.allocUnsafe(Math.max(out.blob.length * 2, at + expected));
      out.blob.copy(grown, 0, 0, at);
      out.blob = grown;
    }
    // Node skips characters outside the alphabet: fewer bytes than the length promises means bad input
    const written = out.blob.write(value, at, expected, 'base64');
    if (written !== expected) return -1;
    at += written;
    return written;
  };
  const bad = (r: number, i: number, what: string) => badInput(`encrypted.${r}.${i}: ${what}`);
  const seal = (col: DatasetColumn, cell: unknown, r: number, i: number) => {
    const slot = r * sealedCols + col.sealedIndex! - 1;
    if (cell === null) {
      out.sealedAt[slot] = -1;
      out.sealedLength[slot] = -1;
      return;
    }
    const start = at;
    const length = take(cell, SEALED_MIN, SEALED_MAX);
    if (length < 0) throw bad(r, i, `a sealed cell is base64 of ${SEALED_MIN}-${SEALED_MAX} bytes, or null`);
    out.sealedAt[slot] = start;
    out.sealedLength[slot] = length;
  };
  for (let r = 0; r < n; r++) {
    const row = rows[r];
    if (row.length !== columns.length)
      throw badInput(`encrypted.${r}: expected ${columns.length} cells, got ${row.length}`);
    for (let i = 0; i < columns.length; i++) {
      const col = columns[i];
      const cell = row[i];
      if (col.role === 'clear') {
        if (cell !== null && (typeof cell !== 'string' || cell.length > CLEAR_MAX || cell.includes('\0')))
          throw bad(r, i, `a clear cell is a string of at most ${CLEAR_MAX} characters (no NUL), or null`);
        out.clear[r * clearCols + col.clearIndex! - 1] = cell as string | null;
      } else if (col.role === 'sealed') {
        seal(col, cell, r, i);
      } else {
        if (cell !== null && (!Array.isArray(cell) || cell.length !== 2))
          throw bad(r, i, 'a join cell is [token, sealed] (base64), or null');
        const [token, sealedCopy] = cell === null ? [null, null] : (cell as unknown[]);
        const slot = r * tokenCols + col.tokenIndex! - 1;
        if (token === null) out.tokenAt[slot] = -1;
        else {
          const start = at;
          if (take(token, TOKEN_BYTES, TOKEN_BYTES) < 0)
            throw bad(r, i, `a token is base64 of ${TOKEN_BYTES} bytes, or null`);
          out.tokenAt[slot] = start;
        }
        seal(col, sealedCopy, r, i);
      }
    }
  }
  out.blob = out.blob.subarray(0, at);
  return out;
}

/** The chunk's non-empty tokens as vcr_tokens rows: column (1-based), offset in `blob`, row number. */
export function tokenEntries(chunk: DecodedChunk): { col: number[]; at: number[]; rowNo: number[] } {
  const { tokenCols, tokenAt } = chunk;
  const out = { col: [] as number[], at: [] as number[], rowNo: [] as number[] };
  for (let slot = 0; slot < tokenAt.length; slot++) {
    if (tokenAt[slot] < 0) continue;
    out.col.push((slot % tokenCols) + 1);
    out.at.push(tokenAt[slot]);
    out.rowNo.push(chunk.firstRow + Math.floor(slot / tokenCols));
  }
  return out;
}
