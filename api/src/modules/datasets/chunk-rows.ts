// One upload chunk's rows, validated and decoded before anything touches the database. The cells'
// bytes sit in one buffer and the rows keep offsets into it, so a 20,000-row chunk costs a few
// allocations rather than one per cell, and both writers (COPY and INSERT) read the same layout.
//
// Chunks arrive as JSON rows or packed (see wire-format.ts, shared with the web app). The web app
// sends the packed form: no per-cell base64 or JSON values on either side.
import { isUtf8 } from 'node:buffer';
import { badInput } from '../../shared/errors';
import type { DatasetColumn } from './dataset.entity';
import { datasetWidths } from './dataset-tables';
import {
  CLEAR_MAX_CHARS as CLEAR_MAX,
  PACKED_NULL,
  partsPerRow,
  SEALED_MAX_BYTES as SEALED_MAX,
  SEALED_MIN_BYTES as SEALED_MIN,
  TOKEN_BYTES,
} from '../../../../shared/wire-format';

export type DecodedChunk = {
  firstRow: number;
  rowCount: number;
  tokenCols: number;
  sealedCols: number;
  clearCols: number;
  /** the bytes of every cell of the chunk (clear cells as UTF-8) */
  blob: Buffer;
  /** row-major, `tokenCols` a row: offset of the row's token in `blob`, -1 when empty */
  tokenAt: Int32Array;
  /** row-major, `sealedCols` a row: offset and length of the sealed cell in `blob`, -1 when empty */
  sealedAt: Int32Array;
  sealedLength: Int32Array;
  /** row-major, `clearCols` a row: offset and length of the clear cell's UTF-8 in `blob`, -1 when empty */
  clearAt: Int32Array;
  clearLength: Int32Array;
  /**
   * aligned with `clearAt`: where the clear cell's number is (see numericSpan: its bytes without
   * the surrounding white space), -1 when the cell is empty or not a number
   */
  numberAt: Int32Array;
  numberLength: Int32Array;
};

function layout(columns: DatasetColumn[], rowCount: number, firstRow: number, blob: Buffer): DecodedChunk {
  const w = datasetWidths(columns);
  return {
    firstRow,
    rowCount,
    ...w,
    blob,
    tokenAt: new Int32Array(rowCount * w.tokenCols),
    sealedAt: new Int32Array(rowCount * w.sealedCols),
    sealedLength: new Int32Array(rowCount * w.sealedCols),
    clearAt: new Int32Array(rowCount * w.clearCols),
    clearLength: new Int32Array(rowCount * w.clearCols),
    numberAt: new Int32Array(rowCount * w.clearCols),
    numberLength: new Int32Array(rowCount * w.clearCols),
  };
}

// ASCII white space: what PostgreSQL's numeric input skips around a number
const space = (b: number) => b === 0x20 || (b >= 0x09 && b <= 0x0d);
const digit = (b: number) => b >= 0x30 && b <= 0x39;

/**
 * Where the number is in a clear cell, when the cell is one: optional white space, an optional
 * minus, digits, optionally a point and digits, optional white space: in SQL,
 * `cell ~ '^\s*-?[0-9]+(\.[0-9]+)?\s*$'` with ASCII white space, as the comparisons tested each
 * text cell before the numbers were stored (and the migration typed_dataset_cells still does).
 * Anything else, "1e3", "+1", ".5", "1,5" or an empty cell included, is no number: it never
 * matches a comparison with a number and never counts in a sum, average, minimum or maximum.
 * Returns the number's bytes without the white space, or null.
 */
export function numericSpan(blob: Uint8Array, offset: number, length: number): { at: number; length: number } | null {
  let at = offset;
  let end = offset + length;
  while (at < end && space(blob[at])) at++;
  while (end > at && space(blob[end - 1])) end--;
  let k = at;
  if (k < end && blob[k] === 0x2d) k++;
  const intStart = k;
  while (k < end && digit(blob[k])) k++;
  if (k === intStart) return null;
  if (k < end && blob[k] === 0x2e) {
    const fracStart = ++k;
    while (k < end && digit(blob[k])) k++;
    if (k === fracStart) return null;
  }
  return k === end ? { at, length: end - at } : null;
}

/** Records clear cell `slot`'s place and, when it is a number, its number's. */
function clearCell(out: DecodedChunk, slot: number, offset: number, length: number) {
  out.clearAt[slot] = offset;
  out.clearLength[slot] = length;
  const n = offset < 0 ? null : numericSpan(out.blob, offset, length);
  out.numberAt[slot] = n ? n.at : -1;
  out.numberLength[slot] = n ? n.length : -1;
}

const sealedMessage = `a sealed cell is base64 of ${SEALED_MIN}-${SEALED_MAX} bytes, or null`;
const tokenMessage = `a token is base64 of ${TOKEN_BYTES} bytes, or null`;
const clearMessage = `a clear cell is a string of at most ${CLEAR_MAX} characters (no NUL), or null`;
const place = (r: number, i: number, what: string) => badInput(`encrypted.${r}.${i}: ${what}`);

/**
 * Checks one chunk's JSON rows against the columns and decodes them. Messages name the cell's
 * place, never its content (sealed cells are nobody's business, and a clear cell could hold anything).
 */
export function decodeChunk(columns: DatasetColumn[], rows: unknown[][], firstRow: number): DecodedChunk {
  const n = rows.length;
  // room for 64 bytes a cell to start with; grown when a chunk holds larger cells
  const out = layout(columns, n, firstRow, Buffer.allocUnsafe(Math.max(1024, n * columns.length * 64)));
  const { tokenCols, sealedCols, clearCols } = out;
  let at = 0;
  const room = (bytes: number) => {
    if (at + bytes <= out.blob.length) return;
    const grown = Buffer.allocUnsafe(Math.max(out.blob.length * 2, at + bytes));
    out.blob.copy(grown, 0, 0, at);
    out.blob = grown;
  };
  // decodes base64 into the blob; the length written, or -1 when it is not base64 of min..max bytes
  const take = (value: unknown, min: number, max: number): number => {
    if (typeof value !== 'string') return -1;
    const expected = base64Length(value);
    if (expected < min || expected > max) return -1;
    room(expected);
    // Node skips characters outside the alphabet: fewer bytes than the length promises means bad input
    const written = out.blob.write(value, at, expected, 'base64');
    if (written !== expected) return -1;
    at += written;
    return written;
  };
  const seal = (col: DatasetColumn, cell: unknown, r: number, i: number) => {
    const slot = r * sealedCols + col.sealedIndex! - 1;
    out.sealedAt[slot] = -1;
    out.sealedLength[slot] = -1;
    if (cell === null) return;
    const start = at;
    const length = take(cell, SEALED_MIN, SEALED_MAX);
    if (length < 0) throw place(r, i, sealedMessage);
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
        const slot = r * clearCols + col.clearIndex! - 1;
        if (cell === null) {
          clearCell(out, slot, -1, -1);
          continue;
        }
        if (typeof cell !== 'string' || cell.length > CLEAR_MAX || cell.includes('\0')) throw place(r, i, clearMessage);
        room(cell.length * 3);
        const length = out.blob.write(cell, at, 'utf8');
        clearCell(out, slot, at, length);
        at += length;
      } else if (col.role === 'sealed') {
        seal(col, cell, r, i);
      } else {
        if (cell !== null && (!Array.isArray(cell) || cell.length !== 2))
          throw place(r, i, 'a join cell is [token, sealed] (base64), or null');
        const [token, sealedCopy] = cell === null ? [null, null] : (cell as unknown[]);
        const slot = r * tokenCols + col.tokenIndex! - 1;
        out.tokenAt[slot] = -1;
        if (token !== null) {
          const start = at;
          if (take(token, TOKEN_BYTES, TOKEN_BYTES) < 0) throw place(r, i, tokenMessage);
          out.tokenAt[slot] = start;
        }
        seal(col, sealedCopy, r, i);
      }
    }
  }
  out.blob = out.blob.subarray(0, at);
  return out;
}

/**
 * Decodes a packed chunk (see the top of this file) of at most `maxRows` rows: base64 text (the
 * JSON body's `packed`) or its bytes (a binary body). The cells stay where they are in the
 * decoded bytes; only their places are recorded.
 */
export function decodePackedChunk(
  columns: DatasetColumn[],
  packed: string | Uint8Array,
  firstRow: number,
  maxRows: number,
): DecodedChunk {
  const bad = (what: string) => badInput(`packed: ${what}`);
  const blob =
    typeof packed === 'string'
      ? fromBase64(packed, bad)
      : Buffer.from(packed.buffer, packed.byteOffset, packed.byteLength);

  // a first pass finds the row count (and checks the part lengths add up)
  const parts = partsPerRow(columns.map((c) => c.role));
  let rowCount = 0;
  for (let at = 0; at < blob.length; rowCount++) {
    if (rowCount === maxRows) throw bad(`at most ${maxRows} rows per chunk`);
    for (let p = 0; p < parts; p++) {
      if (at + 2 > blob.length) throw bad(`row ${rowCount} ends early`);
      const length = (blob[at] << 8) | blob[at + 1];
      at += 2 + (length === PACKED_NULL ? 0 : length);
      if (at > blob.length) throw bad(`row ${rowCount} ends early`);
    }
  }

  const out = layout(columns, rowCount, firstRow, blob);
  const { tokenCols, sealedCols, clearCols } = out;
  // per column: its role and its slot in its role's row arrays (no lookups in the row loop)
  const roles = columns.map((c) => c.role);
  const slots = columns.map((c) => (c.role === 'clear' ? c.clearIndex! : c.sealedIndex!) - 1);
  const tokenSlots = columns.map((c) => (c.tokenIndex ?? 1) - 1);
  // the current part: its offset and length (both -1 for NULL); read in place, one row at a time
  let at = 0;
  let offset = -1;
  let length = -1;
  const next = () => {
    length = (blob[at] << 8) | blob[at + 1];
    at += 2;
    if (length === PACKED_NULL) {
      offset = length = -1;
      return;
    }
    offset = at;
    at += length;
  };
  const sealed = (slot: number, r: number, i: number) => {
    next();
    if (offset >= 0 && (length < SEALED_MIN || length > SEALED_MAX)) throw place(r, i, sealedMessage);
    out.sealedAt[slot] = offset;
    out.sealedLength[slot] = length;
  };
  for (let r = 0; r < rowCount; r++) {
    for (let i = 0; i < roles.length; i++) {
      const role = roles[i];
      if (role === 'clear') {
        next();
        if (offset >= 0 && !clearText(blob, offset, length)) throw place(r, i, clearMessage);
        clearCell(out, r * clearCols + slots[i], offset, length);
      } else if (role === 'sealed') {
        sealed(r * sealedCols + slots[i], r, i);
      } else {
        next();
        if (offset >= 0 && length !== TOKEN_BYTES) throw place(r, i, tokenMessage);
        out.tokenAt[r * tokenCols + tokenSlots[i]] = offset;
        sealed(r * sealedCols + slots[i], r, i);
      }
    }
  }
  return out;
}

function fromBase64(text: string, bad: (what: string) => Error): Buffer {
  const expected = base64Length(text);
  const blob = expected < 0 ? Buffer.alloc(0) : Buffer.from(text, 'base64');
  // Node skips characters outside the alphabet: fewer bytes than the length promises means bad input
  if (expected < 0 || blob.length !== expected) throw bad('not base64');
  return blob;
}

/** The bytes that base64 text of this length holds, or -1 when no base64 has its length. */
function base64Length(text: string): number {
  if (text.length % 4 !== 0) return -1;
  const pad = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  return (text.length / 4) * 3 - pad;
}

/** Whether bytes are a clear cell: UTF-8 without NUL, at most CLEAR_MAX characters. */
function clearText(blob: Buffer, offset: number, length: number): boolean {
  // clear cells are short and mostly ASCII: one loop settles those without a native call
  let ascii = true;
  for (let k = offset; k < offset + length; k++) {
    if (blob[k] === 0) return false;
    if (blob[k] >= 0x80) ascii = false;
  }
  if (ascii) return length <= CLEAR_MAX;
  const text = blob.subarray(offset, offset + length);
  return isUtf8(text) && (length <= CLEAR_MAX || text.toString('utf8').length <= CLEAR_MAX);
}
