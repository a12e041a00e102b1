import { describe, expect, it } from 'vitest';
import { fromHex, fromUtf8, toHex } from '../../../crypto/bytes';
import { openCell } from '../../../crypto/cells';
import { deriveSealKey, deriveWithheldSealKey } from '../../../crypto/column-keys';
import { DATASET_ID, ROOM_ID, ROOM_KEY_HEX } from '../../../crypto/known-answers.fixture';
import { inProcessWorker } from '../../../test/in-process-worker';
import {
  createEncryptor,
  encryptRows,
  serveEncryptWorker,
  type EncryptedChunk,
  type EncryptInit,
} from './encrypt-rows';
import { unpackRows } from '../../../../../shared/wire-format';
import { WorkerPool } from './worker-pool';

const roomKey = fromHex(ROOM_KEY_HEX);
const init = (emptyCells: EncryptInit['emptyCells'] = 'null'): EncryptInit => ({
  roomKey,
  roomId: ROOM_ID,
  datasetId: DATASET_ID,
  keyVersion: 1,
  emptyCells,
  columns: [
    { source: 2, name: 'mail', role: 'join', domain: 'email', kind: 'email', padBucket: 32, shared: true },
    { source: 0, name: 'age', role: 'clear', domain: 'age', kind: 'text', padBucket: 32, shared: true },
    { source: 1, name: 'name', role: 'sealed', domain: 'name', kind: 'text', padBucket: 16, shared: true },
  ],
});
const rows = [
  ['31', 'Zoë', 'ALICE@example.com'],
  ['40', '🦊', ''],
];
// a row's parts: mail's token and sealed copy, age, name's sealed cell
const PART = { token: 0, mail: 1, age: 2, name: 3 } as const;
const part = (chunk: EncryptedChunk, row: number, which: keyof typeof PART) =>
  unpackRows(chunk.packed, 4)[row][PART[which]];

async function open(chunk: EncryptedChunk, column: 'mail' | 'name', row: number, rowNumber: number) {
  const key = await deriveSealKey(roomKey, ROOM_ID, DATASET_ID, column, 'decrypt');
  return openCell(key, new Uint8Array(part(chunk, row, column)!), {
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
    expect(unpackRows(chunk.packed, 4)).toHaveLength(2);
    // clear cells as they are (UTF-8); an empty join key is null, token and copy, under the 'null' policy
    expect(
      [0, 1].map((r) => [fromUtf8(part(chunk, r, 'age')!), part(chunk, r, 'token'), part(chunk, r, 'mail')]),
    ).toEqual([
      ['31', expect.any(Uint8Array), expect.any(Uint8Array)],
      ['40', null, null],
    ]);
    // join key: the same token as tokenize('alice@example.com') in tokens.test.ts
    expect(toHex(part(chunk, 0, 'token')!)).toBe('a242efc0e7337d47c54c55c2d7be8d1a');
    // sealed: 12-byte IV + 16-byte padded value + 16-byte tag
    expect(part(chunk, 0, 'name')!.length).toBe(44);
    expect(await open(chunk, 'name', 0, 100)).toBe('Zoë');
    expect(await open(chunk, 'name', 1, 101)).toBe('🦊');
    expect(await open(chunk, 'mail', 0, 100)).toBe('ALICE@example.com');
    await expect(open(chunk, 'name', 0, 101)).rejects.toThrow('sealed cell did not open');
  });

  it('seals columns withheld from partners with keys from the data set’s secret, never the room key', async () => {
    const secret = new Uint8Array(32).fill(7);
    const withheld = init();
    withheld.columns = withheld.columns.map((c) => (c.name === 'name' ? { ...c, shared: false } : c));
    await expect(createEncryptor(withheld)).rejects.toThrow(
      "name is withheld from partners: the data set's secret is needed",
    );
    const chunk = await encryptRows(await createEncryptor({ ...withheld, datasetSecret: secret }), {
      firstRow: 0,
      rows,
    });
    const place = { roomId: ROOM_ID, datasetId: DATASET_ID, column: 'name', rowNumber: 0, keyVersion: 1 };
    const cell = new Uint8Array(part(chunk, 0, 'name')!);
    const own = await deriveWithheldSealKey(secret, ROOM_ID, DATASET_ID, 'name', 'decrypt');
    expect(await openCell(own, cell, place)).toBe('Zoë');
    await expect(
      openCell(await deriveSealKey(roomKey, ROOM_ID, DATASET_ID, 'name', 'decrypt'), cell, place),
    ).rejects.toThrow('sealed cell did not open');
    // the shared join key stays room-sealed
    expect(await open(chunk, 'mail', 0, 0)).toBe('ALICE@example.com');
  });

  it('gives empty join cells a random unique token under the "random" policy', async () => {
    const encryptor = await createEncryptor(init('random'));
    const a = await encryptRows(encryptor, { firstRow: 0, rows });
    const b = await encryptRows(encryptor, { firstRow: 0, rows });
    const token = (chunk: EncryptedChunk, row: number) => toHex(part(chunk, row, 'token')!);
    expect(part(a, 1, 'token')!.length).toBe(16);
    expect(part(a, 1, 'mail')!.length).toBeGreaterThan(16);
    expect(token(a, 1)).not.toBe(token(b, 1));
    expect(token(a, 0)).toBe(token(b, 0));
  });

  it('runs in the worker pool with the same output, also when warmed up before the keys are known', async () => {
    const pool = new WorkerPool<{ firstRow: number; rows: string[][] }, EncryptedChunk>(
      () => inProcessWorker(serveEncryptWorker),
      undefined,
      2,
      { warm: true },
    );
    await pool.warmed();
    pool.init(init());
    const chunks = await Promise.all([0, 2, 4].map((firstRow) => pool.run({ firstRow, rows })));
    pool.close();
    expect(chunks.map((c) => c.firstRow)).toEqual([0, 2, 4]);
    const firstToken = (c: EncryptedChunk) => toHex(part(c, 0, 'token')!);
    expect(chunks.every((c) => firstToken(c) === firstToken(chunks[0]))).toBe(true);
    expect(await open(chunks[2], 'name', 1, 5)).toBe('🦊');
  });
});
