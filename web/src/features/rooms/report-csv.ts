// Opening a paid report in the browser and writing it as CSV. The server's result is
// { columns: [{ set, datasetId, name, role, keyVersion }], rows: [[row number per set..., cell per
// column...]] }; sealed cells (and the sealed copies of join keys) are base64 and open only here,
// with the room key of the version their set was encrypted under.
import { fromBase64 } from '../../crypto/bytes';
import { openCell } from '../../crypto/cells';
import { deriveSealKey } from '../../crypto/column-keys';

export type ReportColumn = { set: number; datasetId: string; name: string; role: string; keyVersion: number };
export type ReportResult = { columns: ReportColumn[]; rows: unknown[][] };

export class ReportDecryptError extends Error {
  override readonly name = 'ReportDecryptError';
}

export function isReportResult(value: unknown): value is ReportResult {
  const v = value as ReportResult | null;
  return Boolean(v && Array.isArray(v.columns) && Array.isArray(v.rows));
}

const BATCH = 2_000;

export async function decryptReport(
  result: ReportResult,
  roomId: string,
  roomKeys: ReadonlyMap<number, Uint8Array>,
  onProgress?: (done: number) => void,
): Promise<string[][]> {
  const setCount = Math.max(0, ...result.columns.map((c) => c.set));
  const keys = await Promise.all(
    result.columns.map(async (column) => {
      if (column.role === 'clear') return null;
      const roomKey = roomKeys.get(column.keyVersion);
      if (!roomKey) {
        throw new ReportDecryptError(`The room key version ${column.keyVersion} is not available in this browser.`);
      }
      return deriveSealKey(roomKey, roomId, column.datasetId, column.name, 'decrypt');
    }),
  );
  const out: string[][] = [];
  for (let start = 0; start < result.rows.length; start += BATCH) {
    const batch = result.rows.slice(start, start + BATCH);
    const opened = await Promise.all(
      batch.map((row, offset) =>
        Promise.all(
          result.columns.map(async (column, c) => {
            const cell = row[setCount + c];
            if (cell === null || cell === undefined) return '';
            const key = keys[c];
            if (key === null) return String(cell);
            const sealed = typeof cell === 'string' ? fromBase64(cell) : null;
            const rowNumber = row[column.set - 1];
            if (sealed === null || typeof rowNumber !== 'number') {
              throw new ReportDecryptError(`Row ${start + offset + 1}, column ${column.name}: not a sealed cell.`);
            }
            try {
              return await openCell(key, sealed, {
                roomId,
                datasetId: column.datasetId,
                column: column.name,
                rowNumber,
                keyVersion: column.keyVersion,
              });
            } catch {
              throw new ReportDecryptError(`Row ${start + offset + 1}, column ${column.name} did not decrypt.`);
            }
          }),
        ),
      ),
    );
    out.push(...opened);
    onProgress?.(out.length);
  }
  return out;
}

// RFC 4180 output: every field quoted when it holds a comma, quote or line break.
export function toCsv(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const field = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
  return [header, ...rows].map((row) => row.map(field).join(',')).join('\r\n') + '\r\n';
}

// Column titles: the bare name for a one-set report; `<set name>.<column>` for a join.
export function reportHeader(result: ReportResult, setNames: ReadonlyMap<string, string>): string[] {
  const twoSets = new Set(result.columns.map((c) => c.set)).size > 1;
  return result.columns.map((c) => (twoSets ? `${setNames.get(c.datasetId) ?? `set${c.set}`}.${c.name}` : c.name));
}
