import { describe, expect, it } from 'vitest';
import { fromHex, randomBytes, toHex } from './bytes';
import { decryptResponseImage, encryptResponseImage, sniffImageType } from './collection-image';
import { isCryptoError } from './errors';

const PNG = fromHex('89504e470d0a1a0a0000000d49484452');
const key = fromHex('00'.repeat(31) + '01');
const iv = fromHex('0102030405060708090a0b0c');

describe('collection images', () => {
  it('round-trips and binds the request and the index', async () => {
    const body = await encryptResponseImage(key, 'req-1', 1, PNG);
    expect(body.length).toBe(12 + PNG.length + 16);
    expect(await decryptResponseImage(key, 'req-1', 1, body)).toEqual(PNG);
    for (const [k, request, index] of [
      [randomBytes(32), 'req-1', 1],
      [key, 'req-2', 1],
      [key, 'req-1', 0],
    ] as const) {
      const failed = await decryptResponseImage(k, request, index, body).catch((e: unknown) => e);
      expect(isCryptoError(failed, 'RESPONSE_OPEN_FAILED')).toBe(true);
    }
    const tampered = new Uint8Array(body);
    tampered[20] ^= 1;
    expect(isCryptoError(await decryptResponseImage(key, 'req-1', 1, tampered).catch((e: unknown) => e))).toBe(true);
  });

  it('matches the documented known answer', async () => {
    // docs/phone-response-encryption.md, "Images": key 00..01, iv 01..0c, request "req-1", index 0
    // (computed with Node's own AES-256-GCM, independently of WebCrypto)
    const body = await encryptResponseImage(key, 'req-1', 0, PNG, iv);
    expect(toHex(body)).toBe(
      '0102030405060708090a0b0c4a859725d7773d169b65bdfb7df3cbbb3c7608cb112d6ab07ff5f8d85b1548ce',
    );
    expect(await decryptResponseImage(key, 'req-1', 0, body)).toEqual(PNG);
  });

  it('knows images by their first bytes', () => {
    expect(sniffImageType(PNG)).toBe('image/png');
    expect(sniffImageType(fromHex('ffd8ffe000104a46'))).toBe('image/jpeg');
    expect(sniffImageType(fromHex('474946383961'))).toBe('image/gif');
    expect(sniffImageType(fromHex('52494646000000005745425056503820'))).toBe('image/webp');
    expect(sniffImageType(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg">'))).toBeNull();
  });
});
