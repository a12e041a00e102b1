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

async function open(chunk: EncryptedChunk, column: string, index: number, rowNumber: number) {
  const key = await deriveSealKey(roomKey, ROOM_ID, DATASET_ID, column, 'decrypt');
  const cell = chunk.columns.find((c) => c.name === column)!.sealed![index];
  return openCell(key, bytes(cell), { roomId: ROOM_ID, datasetId: DATASET_ID, column, rowNumber, keyVersion: 1 });
}

describe('encryptRows', () => {
  it('keeps clear columns, tokenises join keys (known answer) and seals cells bound to their row', async () => {
    const chunk = await encryptRows(await createEncryptor(init()), { firstRow: 100, rows });
    expect(chunk.firstRow).toBe(100);
    expect(chunk.rowCount).toBe(2);
    expect(chunk.columns.map((c) => c.name)).toEqual(['mail', 'age', 'name']);
    const [mail, age, name] = chunk.columns;
    expect(age).toEqual({ name: 'age', values: ['31', '40'] });
    // the same token as tokenize('alice@example.com') in crypto/tokens.test.ts
    expect(toHex(bytes(mail.tokens![0]))).toBe('a242efc0e7337d47c54c55c2d7be8d1a');
    expect(mail.tokens![1]).toBeNull();
    expect(name.tokens).toBeUndefined();
    // 12-byte IV + 16-byte padded value + 16-byte tag
    expect(bytes(name.sealed![0]).length).toBe(44);
    expect(await open(chunk, 'name', 0, 100)).toBe('Zoë');
    expect(await open(chunk, 'name', 1, 101)).toBe('🦊');
    expect(await open(chunk, 'mail', 0, 100)).toBe('ALICE@example.com');
    await expect(open(chunk, 'name', 0, 101)).rejects.toThrow('sealed cell did not open');
  });

  it('gives empty join cells a random unique token under the "random" policy', async () => {
    const encryptor = await createEncryptor(init('random'));
    const a = await encryptRows(encryptor, { firstRow: 0, rows });
    const b = await encryptRows(encryptor, { firstRow: 0, rows });
    expect(bytes(a.columns[0].tokens![1]).length).toBe(16);
    expect(a.columns[0].tokens![1]).not.toBe(b.columns[0].tokens![1]);
    expect(a.columns[0].tokens![0]).toBe(b.columns[0].tokens![0]);
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
    expect(chunks.every((c) => c.columns[0].tokens![0] === chunks[0].columns[0].tokens![0])).toBe(true);
    expect(await open(chunks[2], 'name', 1, 5)).toBe('🦊');
  });
});
