// The private key lives only in this browser's local storage, under its key id (CRYPTO.md s.1).
// Storage is injectable so tests, and any future non-browser host, can supply their own.
import { CryptoError } from './errors';
import { isKeyId, type KeyId } from './keys';
import { decodePem } from './pem';

// Entry name: `parley.privateKey.<keyId>`, value: the PKCS#8 PEM text as downloaded.
export const PRIVATE_KEY_STORAGE_PREFIX = 'parley.privateKey.';

export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

// `localStorage` is read lazily (default parameters are evaluated per call), so importing this
// module in a Web Worker, which has no localStorage, is safe.
export function savePrivateKey(keyId: KeyId, pem: string, storage: KeyValueStorage = localStorage): void {
  // Cheap shape check; whether the PEM belongs to keyId is checked by checkKeyPairMatches.
  decodePem(pem, 'PRIVATE KEY');
  storage.setItem(storageKey(keyId), pem);
}

export function loadPrivateKey(keyId: KeyId, storage: KeyValueStorage = localStorage): string | null {
  return storage.getItem(storageKey(keyId));
}

export function removePrivateKey(keyId: KeyId, storage: KeyValueStorage = localStorage): void {
  storage.removeItem(storageKey(keyId));
}

// Validated so a crafted id can never address another storage entry.
function storageKey(keyId: KeyId): string {
  if (!isKeyId(keyId)) throw new CryptoError('BAD_KEY_ID', 'a key id is 32 lowercase hex characters');
  return PRIVATE_KEY_STORAGE_PREFIX + keyId;
}
