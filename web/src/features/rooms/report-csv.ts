// Opening a paid report in the browser and writing it as CSV. The server's result is
// { columns: [{ set, datasetId, name, role, keyVersion, sealing, key }], rows: [[row number per
// set..., cell per column...]] }; sealed cells (and the sealed copies of join keys) are base64 and
// open only here: with the room key of the version their set was encrypted under, or, for a column
// sealed with a data set's own secret (CRYPTO.md s.5b), with the key the report names for this
// member: the secret itself (its uploader) or the column key granted to them, each sealed to one of
// their public keys and opened with the private key in this browser.
import { fromBase64 } from '../../crypto/bytes';
import { openCell } from '../../crypto/cells';
import { deriveSealKey, deriveWithheldSealKey, importColumnKey } from '../../crypto/column-keys';
import { openColumnKey, openDatasetSecret } from '../../crypto/dataset-secret';
import { loadPrivateKey } from '../../crypto/key-storage';
import { isKeyId } from '../../crypto/keys';

export type ColumnKey = { kind: 'secret' | 'grant'; envelope: string; publicKeyId: string };
export type ReportColumn = {
  set: number;
  datasetId: string;
  name: string;
  role: string;
  keyVersion: number;
  sealing?: 'room' | 'dataset' | null;
  key?: ColumnKey | null;
};
export type ReportResult = {
  columns: ReportColumn[];
  rows: unknown[][];
  omitted?: { datasetId: string; column: string }[];
};

export class ReportDecryptError extends Error {
  override readonly name = 'ReportDecryptError';
}

export function isReportResult(value: unknown): value is ReportResult {
  const v = value as ReportResult | null;
  return Boolean(v && Array.isArray(v.columns) && Array.isArray(v.rows));
}

const BATCH = 2_000;

/** The key that opens one column's cells for `userId` in this browser. */
async function columnKey(
  column: ReportColumn,
  roomId: string,
  roomKeys: ReadonlyMap<number, Uint8Array>,
  userId: string,
): Promise<CryptoKey> {
  if (column.sealing !== 'dataset') {
    const roomKey = roomKeys.get(column.keyVersion);
    if (!roomKey) {
      throw new ReportDecryptError(`The room key version ${column.keyVersion} is not available in this browser.`);
    }
    return deriveSealKey(roomKey, roomId, column.datasetId, column.name, 'decrypt');
  }
  const key = column.key;
  if (!key) throw new ReportDecryptError(`The key of column ${column.name} has not been given to you.`);
  const pem = isKeyId(key.publicKeyId) ? loadPrivateKey(key.publicKeyId) : null;
  if (!pem) {
    throw new ReportDecryptError(
      `Column ${column.name} opens with your private key ${key.publicKeyId}, which is not in this browser: load it in Settings.`,
    );
  }
  const slot = { roomId, datasetId: column.datasetId, userId };
  try {
    if (key.kind === 'secret') {
      const secret = await openDatasetSecret(pem, key.envelope, slot);
      return await deriveWithheldSealKey(secret, roomId, column.datasetId, column.name, 'decrypt');
    }
    return await importColumnKey(await openColumnKey(pem, key.envelope, { ...slot, column: column.name }), 'decrypt');
  } catch {
    throw new ReportDecryptError(`The key of column ${column.name} did not open with your private key.`);
  }
}

export async function decryptReport(
  result: ReportResult,
  roomId: string,
  roomKeys: ReadonlyMap<number, Uint8Array>,
  userId: string,
  onProgress?: (done: number) => void,
): Promise<string[][]> {
  const setCount = Math.max(0, ...result.columns.map((c) => c.set));
  const keys = await Promise.all(
    result.columns.map((column) => (column.role === 'clear' ? null : columnKey(column, roomId, roomKeys, userId))),
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

// The download's name: the report's sets and the day it was made, `customers + leads 2026-11-25.csv`,
// without characters file systems refuse.
export function reportFileName(setNames: readonly string[], createdAt: string | Date): string {
  const day = new Date(createdAt).toISOString().slice(0, 10);
  const sets = setNames
    .join(' + ')
    .replace(/[\\/:*?"<>|\p{Cc}]+/gu, '_')
    .trim()
    .slice(0, 120);
  return `${sets || 'report'} ${day}.csv`;
}

// Column titles: the bare name for a one-set report; `<set name>.<column>` for a join.
export function reportHeader(result: ReportResult, setNames: ReadonlyMap<string, string>): string[] {
  const twoSets = new Set(result.columns.map((c) => c.set)).size > 1;
  return result.columns.map((c) => (twoSets ? `${setNames.get(c.datasetId) ?? `set${c.set}`}.${c.name}` : c.name));
}
