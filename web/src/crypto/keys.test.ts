import { describe, expect, it } from 'vitest';
import {
  checkKeyPairMatches,
  exportPrivateKeyPem,
  exportPublicKeyPem,
  formatKeyId,
  generateKeyPair,
  importPrivateKeyPair,
  importPrivateKeyPem,
  importPublicKeyPem,
  KEY_FILE_NAMES,
  keyIdFromPublicKeyPem,
} from './keys';
import { expectCryptoError, KEY_A, KEY_B, KEY_P384 } from './known-answers.fixture';

// Key A's public key as an SPKI with a compressed point (known-answers.py).
const KEY_A_COMPRESSED_PEM = `-----BEGIN PUBLIC KEY-----
MDkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDIgAC6MyAESDZNZ31FOrxyxkTpZk4opZN
NBNratLRLwspyyA=
-----END PUBLIC KEY-----
`;
// The point -A: same x as key A, the other y. A different key that a x-only check would accept.
const MINUS_KEY_A_PEM = `-----BEGIN PUBLIC KEY-----
MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE6MyAESDZNZ31FOrxyxkTpZk4opZN
NBNratLRLwspyyAAq94+o5lr6+m4kTMciSHr/GplUMY5t1S2TkhoIW2RfQ==
-----END PUBLIC KEY-----
`;
// Valid armour around 40 bytes that are no key at all.
const GARBAGE_DER_PEM = `-----BEGIN PUBLIC KEY-----\n${'QUFB'.repeat(13)}QQ==\n-----END PUBLIC KEY-----\n`;

describe('key ids', () => {
  it('is the first 16 bytes of SHA-256 over the SPKI DER, as lowercase hex (fixed vectors)', async () => {
    expect(await keyIdFromPublicKeyPem(KEY_A.publicPem)).toBe('63073e7232ce145b245b7d764ad2e9bc');
    expect(await keyIdFromPublicKeyPem(KEY_B.publicPem)).toBe('eb64f59650dad7f5362eec19e7a15c3b');
  });

  it('does not depend on the point encoding of the file', async () => {
    expect(await keyIdFromPublicKeyPem(KEY_A_COMPRESSED_PEM)).toBe(KEY_A.id);
  });

  it('is displayed as lowercase colon-separated pairs', () => {
    expect(formatKeyId(KEY_A.id)).toBe('63:07:3e:72:32:ce:14:5b:24:5b:7d:76:4a:d2:e9:bc');
  });

  it.each(['', '63073e72', KEY_A.id.toUpperCase(), `${KEY_A.id}00`, 'g'.repeat(32)])(
    'refuses to format %j',
    async (keyId) => {
      await expectCryptoError(() => formatKeyId(keyId), 'BAD_KEY_ID');
    },
  );
});

describe('generated key pairs', () => {
  it('round-trips through PEM files and still matches', async () => {
    const pair = await generateKeyPair();
    const publicPem = await exportPublicKeyPem(pair.publicKey);
    const privatePem = await exportPrivateKeyPem(pair.privateKey);

    expect(publicPem).toMatch(/^-----BEGIN PUBLIC KEY-----\n([A-Za-z0-9+/=]{1,64}\n)+-----END PUBLIC KEY-----\n$/);
    expect(privatePem).toMatch(/^-----BEGIN PRIVATE KEY-----\n([A-Za-z0-9+/=]{1,64}\n)+-----END PRIVATE KEY-----\n$/);
    expect(await exportPublicKeyPem(await importPublicKeyPem(publicPem))).toBe(publicPem);
    expect(await checkKeyPairMatches(publicPem, privatePem)).toBe(true);
    expect(await keyIdFromPublicKeyPem(publicPem)).toMatch(/^[0-9a-f]{32}$/);
  });

  it('gives every pair a different key', async () => {
    const [one, two] = await Promise.all([generateKeyPair(), generateKeyPair()]);
    const [pemOne, pemTwo] = await Promise.all([exportPublicKeyPem(one.publicKey), exportPublicKeyPem(two.publicKey)]);
    expect(pemOne).not.toBe(pemTwo);
  });

  it('refuses to export the wrong half', async () => {
    const pair = await generateKeyPair();
    await expectCryptoError(exportPublicKeyPem(pair.privateKey), 'INVALID_ARGUMENT');
    await expectCryptoError(exportPrivateKeyPem(pair.publicKey), 'INVALID_ARGUMENT');
  });

  it('offers the documented download names', () => {
    expect(KEY_FILE_NAMES).toEqual({ publicKey: 'publicKey.txt', privateKey: 'privateKey.txt' });
  });
});

describe('importing PEM files', () => {
  it('imports private keys non-extractable and for deriveBits only', async () => {
    const privateKey = await importPrivateKeyPem(KEY_A.privatePem);
    expect(privateKey.extractable).toBe(false);
    expect(privateKey.usages).toEqual(['deriveBits']);
    expect(privateKey.algorithm).toMatchObject({ name: 'ECDH', namedCurve: 'P-256' });
  });

  it('recovers the public half from a PKCS#8 file', async () => {
    const { publicKey } = await importPrivateKeyPair(KEY_A.privatePem);
    expect(await exportPublicKeyPem(publicKey)).toBe(KEY_A.publicPem);
  });

  it('tells matching and mismatching halves apart', async () => {
    expect(await checkKeyPairMatches(KEY_A.publicPem, KEY_A.privatePem)).toBe(true);
    expect(await checkKeyPairMatches(KEY_B.publicPem, KEY_B.privatePem)).toBe(true);
    expect(await checkKeyPairMatches(KEY_A.publicPem, KEY_B.privatePem)).toBe(false);
    expect(await checkKeyPairMatches(KEY_B.publicPem, KEY_A.privatePem)).toBe(false);
    expect(await checkKeyPairMatches(MINUS_KEY_A_PEM, KEY_A.privatePem)).toBe(false);
  });

  it('rejects text that is not PEM with BAD_PEM', async () => {
    await expectCryptoError(importPublicKeyPem('hello'), 'BAD_PEM');
    await expectCryptoError(importPrivateKeyPem('hello'), 'BAD_PEM');
    await expectCryptoError(keyIdFromPublicKeyPem(KEY_A.privatePem), 'BAD_PEM');
    await expectCryptoError(importPrivateKeyPem(KEY_A.publicPem), 'BAD_PEM');
    await expectCryptoError(checkKeyPairMatches(KEY_A.publicPem, 'hello'), 'BAD_PEM');
  });

  it('rejects P-384 keys and non-keys with NOT_P256_KEY', async () => {
    await expectCryptoError(importPublicKeyPem(KEY_P384.publicPem), 'NOT_P256_KEY');
    await expectCryptoError(keyIdFromPublicKeyPem(KEY_P384.publicPem), 'NOT_P256_KEY');
    await expectCryptoError(importPrivateKeyPem(KEY_P384.privatePem), 'NOT_P256_KEY');
    await expectCryptoError(checkKeyPairMatches(KEY_P384.publicPem, KEY_A.privatePem), 'NOT_P256_KEY');
    await expectCryptoError(importPublicKeyPem(GARBAGE_DER_PEM), 'NOT_P256_KEY');
  });
});
