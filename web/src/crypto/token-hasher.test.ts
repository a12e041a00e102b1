import { describe, expect, it } from 'vitest';
import { fromHex, toHex } from './bytes';
import { ROOM_ID, ROOM_KEY_HEX } from './known-answers.fixture';
import { deriveTokenKey } from './column-keys';
import { type ValueKind } from './normalise';
import { createTokenHasher } from './token-hasher';
import { tokenize } from './tokens';

const roomKey = fromHex(ROOM_KEY_HEX);
const hex = (bytes: Uint8Array | null) => (bytes === null ? null : toHex(bytes));

// The same known answers as tokens.test.ts (computed by known-answers.py): the fast path must
// give exactly the tokens of `tokenize`.
describe('token hasher (known answers)', () => {
  it('ASCII e-mail, UTF-8 text, emoji text and phone numbers', async () => {
    const email = await createTokenHasher(roomKey, ROOM_ID, 'email');
    const name = await createTokenHasher(roomKey, ROOM_ID, 'name');
    const phone = await createTokenHasher(roomKey, ROOM_ID, 'phone');
    expect(hex(email.token('alice@example.com', 'email'))).toBe('a242efc0e7337d47c54c55c2d7be8d1a');
    expect(hex(name.token('Zo\u00EB \u00C5ngstr\u00F6m', 'text'))).toBe('1f6079b59823891310b344ed930e4f10');
    expect(hex(name.token('🦊 Fox Club', 'text'))).toBe('fbfb8663664048d3521567ede617758e');
    expect(hex(phone.token('+44 (0)20 7946-0958', 'phone'))).toBe('2f45e6ce5ebb842a46334486343673d0');
  });

  it('reuses its keyed state: repeated and interleaved calls give the same tokens', async () => {
    const email = await createTokenHasher(roomKey, ROOM_ID, 'email');
    expect(hex(email.token('  ALICE@Example.com ', 'email'))).toBe('a242efc0e7337d47c54c55c2d7be8d1a');
    expect(hex(email.token('bob@example.com', 'email'))).not.toBe('a242efc0e7337d47c54c55c2d7be8d1a');
    expect(hex(email.token('alice@example.com', 'email'))).toBe('a242efc0e7337d47c54c55c2d7be8d1a');
    expect(email.token(' \t ', 'email')).toBeNull();
  });

  it('keeps one tagged state per value kind: interleaved kinds give the tokens of tokenize', async () => {
    const hasher = await createTokenHasher(roomKey, ROOM_ID, 'contact');
    const key = await deriveTokenKey(roomKey, ROOM_ID, 'contact');
    const values: [string, ValueKind][] = [
      ['Alice@Example.com', 'email'],
      ['Alice@Example.com', 'text'],
      ['+44 20 7946 0958', 'phone'],
      ['alice@example.com', 'email'],
      ['x'.repeat(300), 'text'],
    ];
    for (const [value, kind] of values)
      expect(hex(hasher.token(value, kind))).toBe(hex(await tokenize(key, value, kind)));
  });
});
