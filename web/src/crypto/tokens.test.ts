import { describe, expect, it } from 'vitest';
import { fromHex, toHex } from './bytes';
import { deriveSealKey, deriveTokenKey } from './column-keys';
import { expectCryptoError, DATASET_ID, ROOM_ID, ROOM_KEY_HEX } from './known-answers.fixture';
import { randomUniqueToken, tokenize, tokenizeBatch, tokenMessage, tokenTypeTag } from './tokens';

const roomKey = fromHex(ROOM_KEY_HEX);
const tokenKey = (domain: string) => deriveTokenKey(roomKey, ROOM_ID, domain);
const hex = (bytes: Uint8Array | null) => (bytes === null ? null : toHex(bytes));

describe('token message', () => {
  it('is the type tag "<kind>:v1\\0" followed by the normalised UTF-8 value', () => {
    expect(toHex(tokenTypeTag('email'))).toBe('656d61696c3a763100');
    expect(hex(tokenMessage(' Bob@X.org ', 'email'))).toBe('656d61696c3a763100626f6240782e6f7267');
    expect(tokenMessage(' \t ', 'text')).toBeNull();
  });
});

describe('tokenize (known answers)', () => {
  it('ASCII e-mail', async () => {
    expect(hex(await tokenize(await tokenKey('email'), 'alice@example.com', 'email'))).toBe(
      'a242efc0e7337d47c54c55c2d7be8d1a',
    );
  });

  it('UTF-8 text', async () => {
    expect(hex(await tokenize(await tokenKey('name'), 'Zo\u00EB \u00C5ngstr\u00F6m', 'text'))).toBe(
      '1f6079b59823891310b344ed930e4f10',
    );
  });

  it('emoji text', async () => {
    expect(hex(await tokenize(await tokenKey('name'), '🦊 Fox Club', 'text'))).toBe('fbfb8663664048d3521567ede617758e');
  });

  it('phone number', async () => {
    expect(hex(await tokenize(await tokenKey('phone'), '+44 (0)20 7946-0958', 'phone'))).toBe(
      '2f45e6ce5ebb842a46334486343673d0',
    );
  });
});

describe('tokenize', () => {
  it('gives equal tokens for values equal after normalisation', async () => {
    const email = await tokenKey('email');
    const name = await tokenKey('name');
    expect(hex(await tokenize(email, '  ALICE@Example.com ', 'email'))).toBe('a242efc0e7337d47c54c55c2d7be8d1a');
    expect(hex(await tokenize(name, ' Zoe\u0308   A\u030Angstro\u0308m', 'text'))).toBe(
      '1f6079b59823891310b344ed930e4f10',
    );
  });

  it('keeps domains, kinds and rooms apart', async () => {
    const value = 'alice@example.com';
    const base = hex(await tokenize(await tokenKey('email'), value, 'email'));
    const others = await Promise.all([
      tokenize(await tokenKey('name'), value, 'email'),
      tokenize(await tokenKey('email'), value, 'text'),
      tokenize(await deriveTokenKey(roomKey, 'another-room', 'email'), value, 'email'),
    ]);
    for (const other of others) expect(hex(other)).not.toBe(base);
  });

  it('returns null for values that normalise to nothing', async () => {
    expect(await tokenize(await tokenKey('phone'), 'n/a', 'phone')).toBeNull();
    expect(await tokenize(await tokenKey('name'), '   ', 'text')).toBeNull();
  });

  it('is 16 bytes', async () => {
    expect((await tokenize(await tokenKey('name'), 'x', 'text'))?.length).toBe(16);
  });

  it('only accepts token keys', async () => {
    const sealKey = await deriveSealKey(roomKey, ROOM_ID, DATASET_ID, 'name', 'encrypt');
    await expectCryptoError(tokenize(sealKey, 'x', 'text'), 'INVALID_ARGUMENT');
  });
});

describe('tokenizeBatch', () => {
  it('matches tokenize value by value, in order, with nulls kept in place', async () => {
    const key = await tokenKey('name');
    const values = ['Zo\u00EB \u00C5ngstr\u00F6m', '', '🦊 Fox Club', 'Zoe\u0308 A\u030Angstro\u0308m'];
    expect((await tokenizeBatch(key, values, 'text')).map(hex)).toEqual([
      '1f6079b59823891310b344ed930e4f10',
      null,
      'fbfb8663664048d3521567ede617758e',
      '1f6079b59823891310b344ed930e4f10',
    ]);
  });
});

describe('randomUniqueToken', () => {
  it('is 16 random bytes, different each time', () => {
    const one = randomUniqueToken();
    expect(one.length).toBe(16);
    expect(toHex(one)).not.toBe(toHex(randomUniqueToken()));
  });
});
