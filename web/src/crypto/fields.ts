// Checks for the pieces we join with `|` into HPKE infos, HKDF infos and AAD. Rejecting `|`
// keeps every joined string unambiguous: ("a|b", "c") can never collide with ("a", "b|c").
import { CryptoError } from './errors';

export function assertField(name: string, value: string): void {
  if (typeof value !== 'string' || value.length === 0 || value.includes('|')) {
    throw new CryptoError('INVALID_ARGUMENT', `${name} must be a non-empty string without "|"`);
  }
}

export function assertCount(name: string, value: number, min: 0 | 1): void {
  if (!Number.isSafeInteger(value) || value < min) {
    throw new CryptoError('INVALID_ARGUMENT', `${name} must be an integer >= ${min}`);
  }
}
