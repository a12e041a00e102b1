import { describe, expect, it } from 'vitest';
import { fromHex } from './bytes';
import { expectCryptoError, KEY_A } from './known-answers.fixture';
import { decodePem, encodePem } from './pem';

describe('encodePem', () => {
  it('writes RFC 7468 armour with 64-character lines and a final newline', () => {
    // 100 zero bytes = 136 base64 characters: two full lines and "AAAAAA==".
    const pem = encodePem('PUBLIC KEY', fromHex('00'.repeat(100)));
    expect(pem.split('\n')).toEqual([
      '-----BEGIN PUBLIC KEY-----',
      'A'.repeat(64),
      'A'.repeat(64),
      'AAAAAA==',
      '-----END PUBLIC KEY-----',
      '',
    ]);
  });

  it('reproduces a fixed PEM byte for byte', () => {
    expect(encodePem('PUBLIC KEY', decodePem(KEY_A.publicPem, 'PUBLIC KEY'))).toBe(KEY_A.publicPem);
    expect(encodePem('PRIVATE KEY', decodePem(KEY_A.privatePem, 'PRIVATE KEY'))).toBe(KEY_A.privatePem);
  });
});

describe('decodePem', () => {
  it('accepts CRLF line ends, indentation and text around the block', () => {
    const messy = `key exported by a tool\r\n  ${KEY_A.publicPem.replaceAll('\n', '\r\n  ')}trailing`;
    expect(decodePem(messy, 'PUBLIC KEY')).toEqual(decodePem(KEY_A.publicPem, 'PUBLIC KEY'));
  });

  it('ignores other blocks in the same file (OpenSSL writes EC PARAMETERS first)', () => {
    const withParams = `-----BEGIN EC PARAMETERS-----\nBggqhkjOPQMBBw==\n-----END EC PARAMETERS-----\n${KEY_A.privatePem}`;
    expect(decodePem(withParams, 'PRIVATE KEY')).toEqual(decodePem(KEY_A.privatePem, 'PRIVATE KEY'));
  });

  it.each([
    ['empty text', ''],
    ['no armour', 'MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE'],
    ['the other half', KEY_A.privatePem],
    ['mismatched END label', '-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PRIVATE KEY-----\n'],
    ['body not base64', '-----BEGIN PUBLIC KEY-----\nnot*base64!\n-----END PUBLIC KEY-----\n'],
    ['truncated body', KEY_A.publicPem.replace('==\n', '\n')],
    ['empty body', '-----BEGIN PUBLIC KEY-----\n-----END PUBLIC KEY-----\n'],
    ['two blocks', KEY_A.publicPem + KEY_A.publicPem],
  ])('rejects %s with BAD_PEM', async (_case, text) => {
    await expectCryptoError(() => decodePem(text, 'PUBLIC KEY'), 'BAD_PEM');
  });

  it('explains a SEC1 "EC PRIVATE KEY" file', async () => {
    const sec1 = '-----BEGIN EC PRIVATE KEY-----\nAAAA\n-----END EC PRIVATE KEY-----\n';
    const error = await expectCryptoError(() => decodePem(sec1, 'PRIVATE KEY'), 'BAD_PEM');
    expect(error.message).toContain('openssl pkcs8 -topk8');
  });
});
