// Reading a CSV file as a stream of text (in the CSV worker): a first pass that checks the file
// and learns what the column set-up screen needs, and a second pass that hands out rows in
// batches for encryption. Neither pass holds the whole file in memory.
import { type CsvRow, CsvParseError, CsvStreamParser } from './csv-parser';

export type CsvScan = {
  header: string[];
  // the first rows, for the preview table
  sample: CsvRow[];
  rowCount: number;
  // longest value of each column in UTF-8 bytes: picks the padding bucket of sealed cells
  maxBytes: number[];
};

export class CsvShapeError extends Error {
  override readonly name = 'CsvShapeError';
}

const SAMPLE_ROWS = 5;
const encoder = new TextEncoder();

function utf8Length(text: string): number {
  // ASCII-only values (the common case) need no encoding
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 0x7f) return encoder.encode(text).length;
  return text.length;
}

// Yields parsed rows (header first) from a text stream, as many at a time as each piece of text
// completes, checking every row's width. (One row per step would cost a promise per row: that
// was half of the scan's time.)
export async function* csvRowGroups(text: ReadableStream<string>): AsyncGenerator<CsvRow[]> {
  const parser = new CsvStreamParser();
  const reader = text.getReader();
  let width = -1;
  let rowNumber = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      const rows = done ? parser.end() : parser.push(value);
      for (const row of rows) {
        if (width === -1) width = row.length;
        else if (row.length !== width) {
          throw new CsvShapeError(`Row ${rowNumber} has ${row.length} fields; the header has ${width}.`);
        }
        rowNumber++;
      }
      if (rows.length > 0) yield rows;
      if (done) return;
    }
  } catch (error) {
    if (error instanceof CsvParseError) throw new CsvShapeError(`The file is not valid CSV: ${error.message}.`);
    throw error;
  } finally {
    reader.releaseLock();
  }
}

export async function scanCsv(text: ReadableStream<string>, onRows?: (count: number) => void): Promise<CsvScan> {
  let header: string[] | null = null;
  const sample: CsvRow[] = [];
  let maxBytes: number[] = [];
  let rowCount = 0;
  for await (const rows of csvRowGroups(text)) {
    for (const row of rows) {
      if (header === null) {
        header = row;
        maxBytes = row.map(() => 0);
        continue;
      }
      if (sample.length < SAMPLE_ROWS) sample.push(row);
      for (let i = 0; i < row.length; i++) {
        const cell = row[i];
        // a cell's byte length is at most 3 per UTF-16 unit: skip the count when it cannot win
        if (cell.length * 3 > maxBytes[i]) maxBytes[i] = Math.max(maxBytes[i], utf8Length(cell));
      }
      rowCount++;
      if (onRows && rowCount % 50_000 === 0) onRows(rowCount);
    }
  }
  if (header === null) throw new CsvShapeError('The file is empty.');
  if (rowCount === 0) throw new CsvShapeError('The file has a header row but no data rows.');
  return { header, sample, rowCount, maxBytes };
}

// Data rows (header skipped) in batches of `batchRows`, numbered from 0.
export async function* csvBatches(
  text: ReadableStream<string>,
  batchRows: number,
): AsyncGenerator<{ firstRow: number; rows: CsvRow[] }> {
  let batch: CsvRow[] = [];
  let firstRow = 0;
  let seenHeader = false;
  for await (const rows of csvRowGroups(text)) {
    for (const row of rows) {
      if (!seenHeader) {
        seenHeader = true;
        continue;
      }
      batch.push(row);
      if (batch.length === batchRows) {
        yield { firstRow, rows: batch };
        firstRow += batch.length;
        batch = [];
      }
    }
  }
  if (batch.length > 0) yield { firstRow, rows: batch };
}

export function fileText(file: Blob): ReadableStream<string> {
  // TextDecoderStream drops a UTF-8 byte order mark itself
  return file.stream().pipeThrough(new TextDecoderStream('utf-8'));
}
