import { describe, expect, it } from 'vitest';
import { expectCryptoError } from './known-answers.fixture';
import { normalise, NORMALISATION_VERSION, type NormalisationVersion, type ValueKind } from './normalise';

// Version 1 table. Escapes make invisible differences (NFD, NBSP, tabs) explicit.
const TABLE: [ValueKind, string, string][] = [
  // NFC composition: e + combining diaeresis -> ë, A + combining ring -> Å.
  ['text', 'Zoe\u0308 A\u030Angstro\u0308m', 'Zo\u00EB \u00C5ngstr\u00F6m'],
  ['text', 'Zo\u00EB \u00C5ngstr\u00F6m', 'Zo\u00EB \u00C5ngstr\u00F6m'],
  // Trim and collapse: spaces, tabs, newlines, NBSP, ideographic space.
  ['text', '  Alice \t\n Smith  ', 'Alice Smith'],
  ['text', 'Alice\u00A0\u00A0Smith\u3000', 'Alice Smith'],
  // Text keeps its case and emoji untouched (a ZWJ family is one sequence, not white space).
  ['text', 'Big Fox', 'Big Fox'],
  ['text', ' 🦊  Fox\u00A0Club 👨\u200D👩\u200D👧 ', '🦊 Fox Club 👨\u200D👩\u200D👧'],
  ['text', '   ', ''],
  // E-mail: lower-cased whole, including non-ASCII letters.
  ['email', '  Alice@Example.COM ', 'alice@example.com'],
  ['email', '\u00C5SA@Example.SE', '\u00E5sa@example.se'],
  ['email', 'A\u030ASA@example.se', '\u00E5sa@example.se'],
  // Tidy ASCII (no white space to trim or collapse) and its near misses.
  ['text', 'Person 12, Jr.', 'Person 12, Jr.'],
  ['text', 'a b', 'a b'],
  ['text', 'a  b', 'a b'],
  ['text', ' a', 'a'],
  ['text', 'a\t', 'a'],
  ['text', 'a\u007Fb', 'a\u007Fb'],
  ['email', 'User12@Example.com', 'user12@example.com'],
  // Phone: ASCII digits only.
  ['phone', '+44 (0)20 7946-0958', '4402079460958'],
  ['phone', '020.7946.0958 ext', '02079460958'],
  ['phone', 'n/a', ''],
];

describe('normalise v1', () => {
  it('is version 1', () => {
    expect(NORMALISATION_VERSION).toBe(1);
  });

  it.each(TABLE)('%s %j -> %j', (kind, input, expected) => {
    expect(normalise(input, kind)).toBe(expected);
    expect(normalise(input, kind, 1)).toBe(expected);
  });

  it('is idempotent', () => {
    for (const [kind, input] of TABLE) expect(normalise(normalise(input, kind), kind)).toBe(normalise(input, kind));
  });

  it('refuses versions it does not know', async () => {
    await expectCryptoError(() => normalise('x', 'text', 2 as NormalisationVersion), 'UNSUPPORTED_VERSION');
  });
});
