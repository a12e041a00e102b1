// Value normalisation before tokenising (CRYPTO.md s.4), so that "Alice@Example.com " in one data
// set and "alice@example.com" in another produce the same join token. Versioned: the version is
// stored with each data set and mixed into every token, so changing a rule means a new version,
// never a silent change of existing tokens.
import { CryptoError } from './errors';

export const NORMALISATION_VERSION = 1;
export type NormalisationVersion = typeof NORMALISATION_VERSION;

export type ValueKind = 'text' | 'email' | 'phone';

// Version 1 rules, applied in this order:
// - all kinds: Unicode NFC (composed and decomposed "ë" become one), trim, every run of white
//   space (JS `\s`, which includes NBSP and other Unicode spaces) collapsed to one U+0020;
// - email: the whole address lower-cased (locale-independent toLowerCase);
// - phone: only ASCII digits kept, so "+44 (0)20 7946-0958" becomes "4402079460958". A leading
//   "+" and "00" are not unified; that would need a country-aware library.
// The result may be the empty string; callers decide what an empty cell becomes.
export function normalise(
  value: string,
  kind: ValueKind,
  version: NormalisationVersion = NORMALISATION_VERSION,
): string {
  if (version !== NORMALISATION_VERSION) {
    throw new CryptoError('UNSUPPORTED_VERSION', `unknown normalisation version ${String(version)}`);
  }
  const text = isTidyAscii(value) ? value : value.normalize('NFC').trim().replace(/\s+/g, ' ');
  switch (kind) {
    case 'text':
      return text;
    case 'email':
      return text.toLowerCase();
    case 'phone':
      return text.replace(/[^0-9]/g, '');
    default:
      throw new CryptoError('INVALID_ARGUMENT', `unknown value kind ${String(kind satisfies never)}`);
  }
}

// True when the rules above leave the text as it is: printable ASCII (NFC changes no ASCII
// character, and the only white space left is U+0020) with no space at either end and no two
// spaces together. Most cells are; for them the three string passes are skipped.
function isTidyAscii(text: string): boolean {
  const last = text.length - 1;
  for (let i = 0; i <= last; i++) {
    const c = text.charCodeAt(i);
    if (c > 0x20 && c < 0x7f) continue;
    if (c !== 0x20 || i === 0 || i === last || text.charCodeAt(i + 1) === 0x20) return false;
  }
  return true;
}
