import { describe, expect, it } from 'vitest';
import { fromBase64, fromHex, toBase64, toHex } from './bytes';
import { openCell, sealCell, type CellPlace } from './cells';
import {
  deriveKeyBytes,
  deriveSealKey,
  deriveWithheldKeyBytes,
  deriveWithheldSealKey,
  importColumnKey,
  sealKeyInfo,
  withheldKeyInfo,
} from './column-keys';
import {
  generateDatasetSecret,
  openColumnKey,
  openDatasetSecret,
  sealColumnKey,
  sealDatasetSecret,
  type ColumnKeySlot,
  type DatasetSecretSlot,
} from './dataset-secret';
import { DATASET_ID, expectCryptoError, KEY_A, KEY_B, ROOM_ID, ROOM_KEY_HEX, USER_ID } from './known-answers.fixture';

// Computed by known-answers.py ("withheld columns"): the data set's own secret S = 20 21 ... 3f,
// the key of its withheld column "name", a cell sealed with it (fixed IV, row 1), and envelopes
// of S and of that column key sealed to KEY_A by Python `cryptography`.
const SECRET_HEX = '202122232425262728292a2b2c2d2e2f303132333435363738393a3b3c3d3e3f';
const WITHHELD_NAME_KEY_HEX = 'e1b7f2b775965ad1be8faddcaf13b6514bcc64519cbe8bd56a4a34f84f5478df';
const WITHHELD_CELL_HEX =
  '000102030405060708090a0b13c8385502793938aa721d37f54e150f12f5a363f4c3dca60f3f077a0e996d4139ff5e81bb2e46991f2f5d3c51c01e06';
const SECRET_ENVELOPE =
  'hpke1.BA49Bg9vxbBfMSNDPV4LRsdPP1BhArXha4VrFKvz8NaLv/mJDIJ0zSjiDM5+D/WA7IoMPdkmDHOO/sr6nrpc1Nb+lj4HCz0QLP31CDoH1uS3YBU9AXyLjN0uSobgDiClj+q9Zi7LdQM185FOwFpvwCw=';
const COLUMN_KEY_ENVELOPE =
  'hpke1.BFvfpW5yhYNT6/vY5KDaJBAM4lP1wE0eCtUr/gK9m7xEz9v77uctJhPeWFIf+WRyexAE9w6Nm3/w6E/o23ud/7kwVtT0cb3UfaPAPVZW04SCfRhXO6I5S9lXYXCfZjtZdlkv5kscQ/UgwH9evLkiK14=';

const secret = fromHex(SECRET_HEX);
const roomKey = fromHex(ROOM_KEY_HEX);
const FIXED_IV = fromHex('000102030405060708090a0b'); // test only: never reuse an IV in real code
const place: CellPlace = { roomId: ROOM_ID, datasetId: DATASET_ID, column: 'name', rowNumber: 1, keyVersion: 1 };
const secretSlot: DatasetSecretSlot = { roomId: ROOM_ID, datasetId: DATASET_ID, userId: USER_ID };
const keySlot: ColumnKeySlot = { ...secretSlot, column: 'name' };

// Flips one bit of one byte of the envelope's body (enc || ciphertext || tag).
function tamper(envelope: string, index: number): string {
  const body = fromBase64(envelope.slice('hpke1.'.length))!;
  body[index] ^= 0x01;
  return `hpke1.${toBase64(body)}`;
}

describe('withheld column keys (known answers)', () => {
  it('derive from the data set secret with HKDF-SHA256, salt = room id, info parley/v1/withheld|<set>|<column>', async () => {
    expect(withheldKeyInfo(DATASET_ID, 'name')).toBe(`parley/v1/withheld|${DATASET_ID}|name`);
    expect(toHex(await deriveWithheldKeyBytes(secret, ROOM_ID, DATASET_ID, 'name'))).toBe(WITHHELD_NAME_KEY_HEX);
  });

  it('seal a cell exactly as Python does (same AAD and padding as room-sealed cells)', async () => {
    const key = await deriveWithheldSealKey(secret, ROOM_ID, DATASET_ID, 'name', 'encrypt');
    const sealed = await sealCell(key, 'Zo\u00EB \u00C5ngstr\u00F6m', place, { testOnlyIv: FIXED_IV });
    expect(toHex(sealed)).toBe(WITHHELD_CELL_HEX);
    const open = await deriveWithheldSealKey(secret, ROOM_ID, DATASET_ID, 'name', 'decrypt');
    expect(await openCell(open, fromHex(WITHHELD_CELL_HEX), place)).toBe('Zo\u00EB \u00C5ngstr\u00F6m');
  });

  it('differ from the room-derived key of the same column: the room key does not open a withheld cell', async () => {
    const roomDerived = await deriveKeyBytes(roomKey, ROOM_ID, sealKeyInfo(DATASET_ID, 'name'));
    expect(toHex(roomDerived)).not.toBe(WITHHELD_NAME_KEY_HEX);
    // nor does the room key used as if it were the data set's secret
    for (const key of [
      await deriveSealKey(roomKey, ROOM_ID, DATASET_ID, 'name', 'decrypt'),
      await deriveWithheldSealKey(roomKey, ROOM_ID, DATASET_ID, 'name', 'decrypt'),
    ]) {
      await expectCryptoError(openCell(key, fromHex(WITHHELD_CELL_HEX), place), 'CELL_OPEN_FAILED');
    }
  });

  it('of one column do not open another column', async () => {
    const other = await deriveWithheldSealKey(secret, ROOM_ID, DATASET_ID, 'city', 'decrypt');
    await expectCryptoError(openCell(other, fromHex(WITHHELD_CELL_HEX), place), 'CELL_OPEN_FAILED');
    await expectCryptoError(
      openCell(await importColumnKey(fromHex(WITHHELD_NAME_KEY_HEX), 'decrypt'), fromHex(WITHHELD_CELL_HEX), {
        ...place,
        column: 'city',
      }),
      'CELL_OPEN_FAILED',
    );
  });

  it('import from 32 bytes only', async () => {
    await expectCryptoError(importColumnKey(new Uint8Array(16), 'decrypt'), 'INVALID_ARGUMENT');
  });
});

describe('the data set secret, sealed to its uploader', () => {
  it('opens a stored envelope (sealed by Python to key A, info dataset-secret|<room>|<set>|<user>)', async () => {
    expect(toHex(await openDatasetSecret(KEY_A.privatePem, SECRET_ENVELOPE, secretSlot))).toBe(SECRET_HEX);
  });

  it('round-trips a fresh random secret', async () => {
    const fresh = generateDatasetSecret();
    expect(fresh.length).toBe(32);
    const envelope = await sealDatasetSecret(KEY_B.publicPem, fresh, secretSlot);
    expect(await openDatasetSecret(KEY_B.privatePem, envelope, secretSlot)).toEqual(fresh);
  });

  it.each([
    ['another room', { ...secretSlot, roomId: 'other-room' }],
    ['another data set', { ...secretSlot, datasetId: 'other-set' }],
    ['another user', { ...secretSlot, userId: 'other-user' }],
  ])('does not open in the place of %s', async (_case, slot) => {
    await expectCryptoError(openDatasetSecret(KEY_A.privatePem, SECRET_ENVELOPE, slot), 'HPKE_OPEN_FAILED');
  });

  it('does not open with another private key, nor as a column key', async () => {
    await expectCryptoError(openDatasetSecret(KEY_B.privatePem, SECRET_ENVELOPE, secretSlot), 'HPKE_OPEN_FAILED');
    await expectCryptoError(openColumnKey(KEY_A.privatePem, SECRET_ENVELOPE, keySlot), 'HPKE_OPEN_FAILED');
  });

  it('fails after a one-byte change anywhere in the envelope', async () => {
    const body = fromBase64(SECRET_ENVELOPE.slice('hpke1.'.length))!;
    for (let index = 0; index < body.length; index++) {
      await expectCryptoError(
        openDatasetSecret(KEY_A.privatePem, tamper(SECRET_ENVELOPE, index), secretSlot),
        'HPKE_OPEN_FAILED',
      );
    }
  });

  it('is 32 bytes', async () => {
    await expectCryptoError(sealDatasetSecret(KEY_A.publicPem, new Uint8Array(31), secretSlot), 'BAD_SECRET');
  });
});

describe('a column key granted to a partner', () => {
  it('opens a stored envelope to the withheld key of that column (info column-key|<room>|<set>|<column>|<user>)', async () => {
    const key = await openColumnKey(KEY_A.privatePem, COLUMN_KEY_ENVELOPE, keySlot);
    expect(toHex(key)).toBe(WITHHELD_NAME_KEY_HEX);
    expect(await openCell(await importColumnKey(key, 'decrypt'), fromHex(WITHHELD_CELL_HEX), place)).toBe(
      'Zo\u00EB \u00C5ngstr\u00F6m',
    );
  });

  it('opens only for its column and member', async () => {
    await expectCryptoError(
      openColumnKey(KEY_A.privatePem, COLUMN_KEY_ENVELOPE, { ...keySlot, column: 'city' }),
      'HPKE_OPEN_FAILED',
    );
    await expectCryptoError(
      openColumnKey(KEY_A.privatePem, COLUMN_KEY_ENVELOPE, { ...keySlot, userId: 'other-user' }),
      'HPKE_OPEN_FAILED',
    );
    await expectCryptoError(openColumnKey(KEY_B.privatePem, COLUMN_KEY_ENVELOPE, keySlot), 'HPKE_OPEN_FAILED');
  });

  it('fails after a one-byte change anywhere in the envelope', async () => {
    const body = fromBase64(COLUMN_KEY_ENVELOPE.slice('hpke1.'.length))!;
    for (let index = 0; index < body.length; index++) {
      await expectCryptoError(
        openColumnKey(KEY_A.privatePem, tamper(COLUMN_KEY_ENVELOPE, index), keySlot),
        'HPKE_OPEN_FAILED',
      );
    }
  });

  it('round-trips: the uploader seals the derived key, the partner opens it', async () => {
    const bytes = await deriveWithheldKeyBytes(generateDatasetSecret(), ROOM_ID, DATASET_ID, 'city');
    const envelope = await sealColumnKey(KEY_B.publicPem, bytes, { ...keySlot, column: 'city' });
    expect(await openColumnKey(KEY_B.privatePem, envelope, { ...keySlot, column: 'city' })).toEqual(bytes);
  });
});
