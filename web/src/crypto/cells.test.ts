import { describe, expect, it } from 'vitest';
import { concatBytes, fromHex, toHex } from './bytes';
import {
  cellAad,
  IV_BYTES,
  openCell,
  padBucketFor,
  padCellValue,
  sealCell,
  unpadCellValue,
  type CellPlace,
  type PadBucket,
} from './cells';
import { createCellSealer } from './cell-sealer';
import { deriveKeyBytes, deriveSealKey, sealKeyInfo } from './column-keys';
import { DATASET_ID, expectCryptoError, ROOM_ID, ROOM_KEY_HEX } from './known-answers.fixture';

const roomKey = fromHex(ROOM_KEY_HEX);
const FIXED_IV = fromHex('000102030405060708090a0b'); // test only: never reuse an IV in real code
const place = (rowNumber: number): CellPlace => ({
  roomId: ROOM_ID,
  datasetId: DATASET_ID,
  column: 'name',
  rowNumber,
  keyVersion: 1,
});
const encryptKey = () => deriveSealKey(roomKey, ROOM_ID, DATASET_ID, 'name', 'encrypt');
const decryptKey = () => deriveSealKey(roomKey, ROOM_ID, DATASET_ID, 'name', 'decrypt');

// Computed by known-answers.py with the sealing key of column "name" and FIXED_IV.
const KNOWN_CELLS: [number, string, PadBucket, string][] = [
  [
    1,
    'alice@example.com',
    32,
    '000102030405060708090a0be5bf8e57aa81550456dae01637e5483c6472486e7cc02bd88cc5fa36a8d7c26bb3ef71eb9a172030adc4017c6d74c4a9',
  ],
  [
    2,
    'Zo\u00EB \u00C5ngstr\u00F6m',
    32,
    '000102030405060708090a0be5bf8e499182ffcc1359000031fb4c22c2ea460111c02bd88cc5fa36a8d7c26b14e7955d60b338d1b3b092827ffc4f54',
  ],
  [
    3,
    '🦊🔐',
    32,
    '000102030405060708090a0be5bf8e4e3b729aedc30511fe56883850015c2b0111c02bd88cc5fa36a8d7c26ba6794d8b81ff541f9f40e213830bf5f1',
  ],
  [
    4,
    '',
    32,
    '000102030405060708090a0be5bf8e46cbed3c67339a856e56883850015c2b0111c02bd88cc5fa36a8d7c26b84f47d0c192866d16f45040100230ee6',
  ],
  [
    5,
    'a value that is longer than thirty-two bytes',
    32,
    '000102030405060708090a0be5bf8e6aaacd4a065fefe04e22e05924213558217daf45bfe9b7da42c0b6ac4b9460c3e108f808463962b55106159e400bdc20d720d4a8690f4e0af8fef4f0602433076d783bde89229ccb883054fcd9',
  ],
  [6, 'short', 16, '000102030405060708090a0be5bf8e43b8855315479a856e5688385016b52fa27e75129f8dfe992893e268cf'],
];

describe('cell AAD', () => {
  it('is roomId|datasetId|column|rowNumber|keyVersion', () => {
    expect(
      new TextDecoder().decode(cellAad({ roomId: 'r', datasetId: 'd', column: 'c', rowNumber: 0, keyVersion: 2 })),
    ).toBe('r|d|c|0|2');
  });

  it.each([
    { ...place(1), column: 'a|b' },
    { ...place(1), roomId: '' },
    { ...place(-1) },
    { ...place(1), keyVersion: 0 },
  ])('rejects a place it cannot encode unambiguously (%#)', async (bad) => {
    await expectCryptoError(() => cellAad(bad), 'INVALID_ARGUMENT');
  });
});

describe('padding', () => {
  it('is uint32 length || UTF-8 || zeros up to the bucket (known answers)', () => {
    expect(toHex(padCellValue('Zo\u00EB', 16))).toBe('000000045a6fc3ab' + '00'.repeat(8));
    expect(toHex(padCellValue('', 16))).toBe('00'.repeat(16));
    expect(padCellValue('x'.repeat(12), 16).length).toBe(16);
    expect(padCellValue('x'.repeat(13), 16).length).toBe(32); // doubles, never truncates
    expect(padCellValue('x'.repeat(61), 32).length).toBe(128);
    expect(padCellValue('🦊'.repeat(7), 32).length).toBe(32); // 28 bytes of UTF-8 + 4
  });

  it('chooses the smallest bucket for a column sample', () => {
    expect([0, 12, 13, 28, 29, 1020, 5000].map(padBucketFor)).toEqual([16, 16, 32, 32, 64, 1024, 1024]);
  });

  it('round-trips and rejects malformed padding with CELL_MALFORMED', async () => {
    expect(unpadCellValue(padCellValue('🦊 Zo\u00EB', 32))).toBe('🦊 Zo\u00EB');
    const cases = [
      fromHex('000000'), // shorter than the prefix
      fromHex('000000ff' + '00'.repeat(12)), // length beyond the end
      fromHex('00000001' + '41' + '01' + '00'.repeat(10)), // non-zero padding
      fromHex('00000001' + 'ff' + '00'.repeat(11)), // not UTF-8
    ];
    for (const padded of cases) await expectCryptoError(() => unpadCellValue(padded), 'CELL_MALFORMED');
  });
});

describe('sealCell (known answers with a fixed IV)', () => {
  it.each(KNOWN_CELLS)('row %i: %j (bucket %i)', async (rowNumber, value, padBucket, expected) => {
    const sealed = await sealCell(await encryptKey(), value, place(rowNumber), {
      padBucket,
      testOnlyIv: FIXED_IV,
    });
    expect(toHex(sealed)).toBe(expected);
  });

  it.each(KNOWN_CELLS)('row %i opens to %j', async (rowNumber, value, _bucket, stored) => {
    expect(await openCell(await decryptKey(), fromHex(stored), place(rowNumber))).toBe(value);
  });
});

describe('sealCell', () => {
  it('uses a fresh IV per cell and hides lengths within the bucket', async () => {
    const key = await encryptKey();
    const [one, two, long] = await Promise.all([
      sealCell(key, 'Al', place(1)),
      sealCell(key, 'Al', place(1)),
      sealCell(key, 'Alexandra-Maria', place(2)),
    ]);
    expect(toHex(one.subarray(0, IV_BYTES))).not.toBe(toHex(two.subarray(0, IV_BYTES)));
    expect(one.length).toBe(12 + 32 + 16);
    expect(long.length).toBe(one.length);
    expect(await openCell(await decryptKey(), one, place(1))).toBe('Al');
  });

  it('refuses a wrong-length test IV and keys of the wrong kind', async () => {
    await expectCryptoError(
      sealCell(await encryptKey(), 'x', place(1), { testOnlyIv: new Uint8Array(16) }),
      'INVALID_ARGUMENT',
    );
    await expectCryptoError(sealCell(await decryptKey(), 'x', place(1)), 'INVALID_ARGUMENT');
    await expectCryptoError(openCell(await encryptKey(), fromHex(KNOWN_CELLS[0][3]), place(1)), 'INVALID_ARGUMENT');
  });
});

// The synchronous bulk sealer of the upload workers must make exactly sealCell's cells.
describe('createCellSealer', () => {
  const keyBytes = () => deriveKeyBytes(roomKey, ROOM_ID, sealKeyInfo(DATASET_ID, 'name'));
  const { rowNumber: _row, ...column } = place(0);

  it.each(KNOWN_CELLS)(
    'row %i: %j (bucket %i) gives the known answer',
    async (rowNumber, value, padBucket, expected) => {
      const sealer = createCellSealer(await keyBytes(), column, { padBucket, testOnlyIv: FIXED_IV });
      expect(toHex(sealer.seal(value, rowNumber))).toBe(expected);
    },
  );

  it('makes cells openCell opens, for AAD tails on both sides of a block boundary', async () => {
    // column names of 1..40 characters move the AAD's row-dependent tail across 16-byte blocks
    for (const name of Array.from({ length: 40 }, (_, i) => 'c'.repeat(i + 1))) {
      const raw = await deriveKeyBytes(roomKey, ROOM_ID, sealKeyInfo(DATASET_ID, name));
      const sealer = createCellSealer(raw, { ...column, column: name, keyVersion: 12 });
      const key = await deriveSealKey(roomKey, ROOM_ID, DATASET_ID, name, 'decrypt');
      for (const [rowNumber, value] of [
        [0, ''],
        [7, 'Zo\u00EB'],
        [123456789, 'x'.repeat(70)],
      ] as const) {
        const sealed = sealer.seal(value, rowNumber);
        const at = { ...column, column: name, keyVersion: 12, rowNumber };
        expect(await openCell(key, sealed, at)).toBe(value);
        await expectCryptoError(openCell(key, sealed, { ...at, rowNumber: rowNumber + 1 }), 'CELL_OPEN_FAILED');
      }
    }
  });

  it('uses a fresh IV per cell, also past one batch of random IVs', async () => {
    const sealer = createCellSealer(await keyBytes(), column);
    const ivs = new Set(Array.from({ length: 6000 }, (_, i) => toHex(sealer.seal('Al', i).subarray(0, IV_BYTES))));
    expect(ivs.size).toBe(6000);
  });

  it('refuses a bad key, place, row number, bucket or test IV', async () => {
    const raw = await keyBytes();
    expect(() => createCellSealer(raw.subarray(0, 16), column)).toThrow(/32 bytes/);
    await expectCryptoError(() => createCellSealer(raw, { ...column, column: 'a|b' }), 'INVALID_ARGUMENT');
    await expectCryptoError(() => createCellSealer(raw, column).seal('x', -1), 'INVALID_ARGUMENT');
    await expectCryptoError(() => createCellSealer(raw, column, { padBucket: 48 as PadBucket }), 'INVALID_ARGUMENT');
    await expectCryptoError(
      () => createCellSealer(raw, column, { testOnlyIv: new Uint8Array(16) }),
      'INVALID_ARGUMENT',
    );
  });
});

describe('openCell fails precisely', () => {
  const [row, , , storedHex] = KNOWN_CELLS[0];
  const flipped = (index: number) => {
    const bytes = fromHex(storedHex);
    bytes[index] ^= 0x01;
    return bytes;
  };

  // Layout: IV 0..11 | ciphertext 12..43 | tag 44..59.
  it.each([
    ['IV', 0],
    ['IV last byte', 11],
    ['ciphertext', 12],
    ['ciphertext last byte', 43],
    ['tag', 44],
    ['tag last byte', 59],
  ])('after a one-byte change in the %s: CELL_OPEN_FAILED', async (_part, index) => {
    await expectCryptoError(openCell(await decryptKey(), flipped(index), place(row)), 'CELL_OPEN_FAILED');
  });

  it('after a one-byte change anywhere: CELL_OPEN_FAILED', async () => {
    const key = await decryptKey();
    for (let index = 0; index < storedHex.length / 2; index++) {
      await expectCryptoError(openCell(key, flipped(index), place(row)), 'CELL_OPEN_FAILED');
    }
  });

  it.each([
    ['room', { ...place(row), roomId: 'another-room' }],
    ['data set', { ...place(row), datasetId: 'another-dataset' }],
    ['column', { ...place(row), column: 'nam' }],
    ['row', place(row + 1)],
    ['key version', { ...place(row), keyVersion: 2 }],
  ])('when moved to another %s (AAD): CELL_OPEN_FAILED', async (_part, moved) => {
    await expectCryptoError(openCell(await decryptKey(), fromHex(storedHex), moved), 'CELL_OPEN_FAILED');
  });

  it('with the key of another column: CELL_OPEN_FAILED', async () => {
    const otherKey = await deriveSealKey(roomKey, ROOM_ID, DATASET_ID, 'email', 'decrypt');
    await expectCryptoError(openCell(otherKey, fromHex(storedHex), place(row)), 'CELL_OPEN_FAILED');
  });

  it('when truncated: CELL_OPEN_FAILED', async () => {
    const stored = fromHex(storedHex);
    await expectCryptoError(
      openCell(await decryptKey(), stored.subarray(0, stored.length - 1), place(row)),
      'CELL_OPEN_FAILED',
    );
    await expectCryptoError(openCell(await decryptKey(), stored.subarray(0, 27), place(row)), 'CELL_OPEN_FAILED');
  });

  it('reports an authentic cell with broken padding as CELL_MALFORMED', async () => {
    // A buggy writer: the right key and AAD, but a length prefix pointing past the end.
    const raw = await deriveKeyBytes(roomKey, ROOM_ID, sealKeyInfo(DATASET_ID, 'name'));
    const writerKey = await crypto.subtle.importKey('raw', raw, 'AES-GCM', false, ['encrypt']);
    const badPlaintext = fromHex('000000ff' + '00'.repeat(28));
    const ciphertext = await crypto.subtle.encrypt(
      { name: 'AES-GCM', iv: FIXED_IV, additionalData: cellAad(place(1)) },
      writerKey,
      badPlaintext,
    );
    const sealed = concatBytes(FIXED_IV, new Uint8Array(ciphertext));
    await expectCryptoError(openCell(await decryptKey(), sealed, place(1)), 'CELL_MALFORMED');
  });
});
