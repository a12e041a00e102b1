// User key pairs (CRYPTO.md s.1): ECDH P-256 through WebCrypto, exchanged as PEM files.
import { toHex, type Bytes } from './bytes';
import { CryptoError } from './errors';
import { decodePem, encodePem } from './pem';

export const P256: EcKeyImportParams = { name: 'ECDH', namedCurve: 'P-256' };

// Download names the UI offers; loading also accepts `.pem` files with the same content.
export const KEY_FILE_NAMES = { publicKey: 'publicKey.txt', privateKey: 'privateKey.txt' } as const;

// Key id: first 16 bytes of SHA-256 over the SPKI DER, as 32 lowercase hex characters.
export type KeyId = string;
export const KEY_ID_BYTES = 16;

export function isKeyId(value: string): value is KeyId {
  return /^[0-9a-f]{32}$/.test(value);
}

// The private half is generated extractable because the user must download it as a PEM file;
// keys imported later are not.
export async function generateKeyPair(): Promise<CryptoKeyPair> {
  return crypto.subtle.generateKey(P256, true, ['deriveBits']);
}

export async function exportPublicKeyPem(publicKey: CryptoKey): Promise<string> {
  assertP256(publicKey, 'public');
  return encodePem('PUBLIC KEY', new Uint8Array(await crypto.subtle.exportKey('spki', publicKey)));
}

export async function exportPrivateKeyPem(privateKey: CryptoKey): Promise<string> {
  assertP256(privateKey, 'private');
  const der = await crypto.subtle.exportKey('pkcs8', privateKey);
  return encodePem('PRIVATE KEY', new Uint8Array(der));
}

// Public ECDH keys carry no usages in WebCrypto; they are only the `public` of a derivation.
export async function importPublicKeyPem(pem: string): Promise<CryptoKey> {
  return importSpki(decodePem(pem, 'PUBLIC KEY'));
}

// Non-extractable and limited to deriveBits (STYLE 15): nothing can read the scalar back out.
export async function importPrivateKeyPem(pem: string): Promise<CryptoKey> {
  const { privateKey } = await importPrivateKeyPair(pem);
  return privateKey;
}

// HPKE decapsulation needs the recipient's public key too (it is hashed into the KEM context),
// and a PKCS#8 file only implies it. We read x/y through a short-lived extractable import and
// keep a non-extractable private key for the actual work.
export async function importPrivateKeyPair(pem: string): Promise<CryptoKeyPair> {
  const der = decodePem(pem, 'PRIVATE KEY');
  try {
    const readable = await crypto.subtle.importKey('pkcs8', der, P256, true, ['deriveBits']);
    const { kty, crv, x, y, d } = await crypto.subtle.exportKey('jwk', readable);
    const [privateKey, publicKey] = await Promise.all([
      crypto.subtle.importKey('jwk', { kty, crv, x, y, d }, P256, false, ['deriveBits']),
      crypto.subtle.importKey('jwk', { kty, crv, x, y }, P256, true, []),
    ]);
    return { privateKey, publicKey };
  } catch (cause) {
    throw new CryptoError('NOT_P256_KEY', 'the PRIVATE KEY is not a P-256 EC key', { cause });
  }
}

// Hashes the re-exported SPKI (uncompressed point) rather than the file's bytes, so every valid
// encoding of one key (e.g. a compressed point) gets the same id. The server must hash the same
// canonical DER; for files we wrote, that is exactly the DER inside the PEM.
export async function keyIdFromPublicKeyPem(pem: string): Promise<KeyId> {
  return keyIdFromPublicKey(await importPublicKeyPem(pem));
}

export async function keyIdFromPublicKey(publicKey: CryptoKey): Promise<KeyId> {
  assertP256(publicKey, 'public');
  const spki = await crypto.subtle.exportKey('spki', publicKey);
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', spki));
  return toHex(digest.subarray(0, KEY_ID_BYTES));
}

// Display form: lowercase colon-separated pairs, "3f:a0:...". Lowercase matches the stored id,
// so users comparing by eye see the same characters everywhere.
export function formatKeyId(keyId: KeyId): string {
  if (!isKeyId(keyId)) throw new CryptoError('BAD_KEY_ID', 'a key id is 32 lowercase hex characters');
  return keyId.match(/../g)?.join(':') ?? '';
}

// True when the private key's public point equals the given public key. Throws BAD_PEM or
// NOT_P256_KEY when either file is not a usable key at all, so the UI can tell the cases apart.
export async function checkKeyPairMatches(publicKeyPem: string, privateKeyPem: string): Promise<boolean> {
  const publicKey = await importPublicKeyPem(publicKeyPem);
  const pair = await importPrivateKeyPair(privateKeyPem);
  const [given, derived] = await Promise.all([
    crypto.subtle.exportKey('jwk', publicKey),
    crypto.subtle.exportKey('jwk', pair.publicKey),
  ]);
  return given.x === derived.x && given.y === derived.y;
}

async function importSpki(der: Bytes): Promise<CryptoKey> {
  try {
    return await crypto.subtle.importKey('spki', der, P256, true, []);
  } catch (cause) {
    throw new CryptoError('NOT_P256_KEY', 'the PUBLIC KEY is not a P-256 EC key', { cause });
  }
}

function assertP256(key: CryptoKey, type: KeyType): void {
  const algorithm = key.algorithm as Partial<EcKeyAlgorithm>;
  if (key.type !== type || algorithm.name !== 'ECDH' || algorithm.namedCurve !== 'P-256') {
    throw new CryptoError('INVALID_ARGUMENT', `expected a ${type} ECDH P-256 CryptoKey`);
  }
}
