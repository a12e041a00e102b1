import { describe, expect, it } from 'vitest';
import { fromBase64, fromHex, toHex } from '../../../crypto/bytes';
import { openCell } from '../../../crypto/cells';
import { deriveSealKey } from '../../../crypto/column-keys';
import { DATASET_ID, ROOM_ID, ROOM_KEY_HEX } from '../../../crypto/known-answers.fixture';
import { inProcessWorker } from '../../../test/in-process-worker';
import {
  createEncryptor,
  encryptRows,
  serveEncryptWorker,
  type EncryptedCell,
  type EncryptedChunk,
  type EncryptInit,
} from './encrypt-rows';
import { WorkerPool } from './worker-pool';

const roomKey = fromHex(ROOM_KEY_HEX);
const init = (emptyCells: EncryptInit['emptyCells'] = 'null'): EncryptInit => ({
  roomKey,
  roomId: ROOM_ID,
  datasetId: DATASET_ID,
  keyVersion: 1,
  emptyCells,
  columns: [
    { source: 2, name: 'mail', role: 'join', domain: 'email', kind: 'email', padBucket: 32 },
    { source: 0, name: 'age', role: 'clear', domain: 'age', kind: 'text', padBucket: 32 },
    { source: 1, name: 'name', role: 'sealed', domain: 'name', kind: 'text', padBucket: 16 },
  ],
});
const rows = [
  ['31', 'Zoë', 'ALICE@example.com'],
  ['40', '🦊', ''],
];
const bytes = (b64: string | null | undefined) => fromBase64(b64 ?? '')!;

const cell = (chunk: EncryptedChunk, row: number, col: number) => chunk.rows[row][col];
const sealedOf = (value: EncryptedCell) => (Array.isArray(value) ? value[1] : value);

async function open(chunk: EncryptedChunk, column: string, row: number, rowNumber: number) {
  const col = ['mail', 'age', 'name'].indexOf(column);
  const key = await deriveSealKey(roomKey, ROOM_ID, DATASET_ID, column, 'decrypt');
  return openCell(key, bytes(sealedOf(cell(chunk, row, col))), {
    roomId: ROOM_ID,
    datasetId: DATASET_ID,
    column,
    rowNumber,
    keyVersion: 1,
  });
}

describe('encryptRows', () => {
  it('keeps clear columns, tokenises join keys (known answer) and seals cells bound to their row', async () => {
    const chunk = await encryptRows(await createEncryptor(init()), { firstRow: 100, rows });
    expect(chunk.firstRow).toBe(100);
    expect(chunk.rowCount).toBe(2);
    // clear cells as they are; an empty join key is null under the 'null' policy
    expect(chunk.rows.map((row) => [row[1], row[0] === null])).toEqual([
      ['31', false],
      ['40', true],
    ]);
    // join key: [token, sealed copy]; the same token as tokenize('alice@example.com') in tokens.test.ts
    const [token] = cell(chunk, 0, 0) as [string, string];
    expect(toHex(bytes(token))).toBe('a242efc0e7337d47c54c55c2d7be8d1a');
    // sealed: one base64 string of 12-byte IV + 16-byte padded value + 16-byte tag
    expect(bytes(cell(chunk, 0, 2) as string).length).toBe(44);
    expect(await open(chunk, 'name', 0, 100)).toBe('Zoë');
    expect(await open(chunk, 'name', 1, 101)).toBe('🦊');
    expect(await open(chunk, 'mail', 0, 100)).toBe('ALICE@example.com');
    await expect(open(chunk, 'name', 0, 101)).rejects.toThrow('sealed cell did not open');
  });

  it('gives empty join cells a random unique token under the "random" policy', async () => {
    const encryptor = await createEncryptor(init('random'));
    const a = await encryptRows(encryptor, { firstRow: 0, rows });
    const b = await encryptRows(encryptor, { firstRow: 0, rows });
    const token = (chunk: EncryptedChunk, row: number) => (cell(chunk, row, 0) as [string, string])[0];
    expect(bytes(token(a, 1)).length).toBe(16);
    expect(token(a, 1)).not.toBe(token(b, 1));
    expect(token(a, 0)).toBe(token(b, 0));
  });

  it('runs in the worker pool with the same output', async () => {
    const pool = new WorkerPool<{ firstRow: number; rows: string[][] }, EncryptedChunk>(
      () => inProcessWorker(serveEncryptWorker),
      init(),
      2,
    );
    const chunks = await Promise.all([0, 2, 4].map((firstRow) => pool.run({ firstRow, rows })));
    pool.close();
    expect(chunks.map((c) => c.firstRow)).toEqual([0, 2, 4]);
    const firstToken = (c: EncryptedChunk) => (c.rows[0][0] as [string, string])[0];
    expect(chunks.every((c) => firstToken(c) === firstToken(chunks[0]))).toBe(true);
    expect(await open(chunks[2], 'name', 1, 5)).toBe('🦊');
  });
});
