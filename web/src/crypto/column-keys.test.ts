import { describe, expect, it } from 'vitest';
import { fromHex, toHex } from './bytes';
import { deriveKeyBytes, deriveSealKey, deriveTokenKey, sealKeyInfo, tokenKeyInfo } from './column-keys';
import { DATASET_ID, expectCryptoError, ROOM_ID, ROOM_KEY_HEX } from './known-answers.fixture';

const roomKey = fromHex(ROOM_KEY_HEX);

describe('HKDF info strings', () => {
  it('are versioned and name the purpose', () => {
    expect(tokenKeyInfo('email')).toBe('parley/v1/token|email');
    expect(sealKeyInfo('ds-1', 'name')).toBe('parley/v1/seal|ds-1|name');
  });

  it.each([
    () => tokenKeyInfo(''),
    () => tokenKeyInfo('a|b'),
    () => sealKeyInfo('ds|1', 'x'),
    () => sealKeyInfo('ds', ''),
  ])('reject parts that would make them ambiguous (%#)', async (build) => {
    await expectCryptoError(build, 'INVALID_ARGUMENT');
  });
});

describe('deriveKeyBytes (known answers: HKDF-SHA256, salt = room id)', () => {
  it('derives the token key of the email domain', async () => {
    const bytes = await deriveKeyBytes(roomKey, ROOM_ID, tokenKeyInfo('email'));
    expect(toHex(bytes)).toBe('2b39b37cda0c425bae15e994e94e2aab90d8f6d43f5cf971b36ed79955e950a3');
  });

  it('derives the sealing key of one data set column', async () => {
    const bytes = await deriveKeyBytes(roomKey, ROOM_ID, sealKeyInfo(DATASET_ID, 'name'));
    expect(toHex(bytes)).toBe('d302c9c6ea3ee914309b92c3e7f9bc260ed47d1b40602650e4979b2a1517f8c5');
  });

  it('gives unrelated keys for another room id (salt), domain or column', async () => {
    const base = toHex(await deriveKeyBytes(roomKey, ROOM_ID, tokenKeyInfo('email')));
    const others = await Promise.all([
      deriveKeyBytes(roomKey, 'another-room', tokenKeyInfo('email')),
      deriveKeyBytes(roomKey, ROOM_ID, tokenKeyInfo('mail')),
      deriveKeyBytes(roomKey, ROOM_ID, sealKeyInfo(DATASET_ID, 'email')),
    ]);
    for (const other of others) expect(toHex(other)).not.toBe(base);
  });

  it('needs a 32-byte room key', async () => {
    await expectCryptoError(deriveKeyBytes(new Uint8Array(16), ROOM_ID, tokenKeyInfo('email')), 'BAD_ROOM_KEY');
  });
});

describe('derived CryptoKeys', () => {
  it('token keys are non-extractable HMAC-SHA256 keys for sign only', async () => {
    const key = await deriveTokenKey(roomKey, ROOM_ID, 'email');
    expect(key.extractable).toBe(false);
    expect(key.usages).toEqual(['sign']);
    expect(key.algorithm).toMatchObject({ name: 'HMAC', hash: { name: 'SHA-256' }, length: 256 });
  });

  it('sealing keys are non-extractable AES-256-GCM keys with exactly one usage', async () => {
    const encryptKey = await deriveSealKey(roomKey, ROOM_ID, DATASET_ID, 'name', 'encrypt');
    const decryptKey = await deriveSealKey(roomKey, ROOM_ID, DATASET_ID, 'name', 'decrypt');
    expect(encryptKey.extractable).toBe(false);
    expect(encryptKey.usages).toEqual(['encrypt']);
    expect(decryptKey.usages).toEqual(['decrypt']);
    expect(encryptKey.algorithm).toMatchObject({ name: 'AES-GCM', length: 256 });
  });
});
