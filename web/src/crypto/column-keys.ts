// Per-column keys from the room key K (CRYPTO.md s.4): HKDF-SHA256 with salt = UTF-8 room id and
// a versioned info string naming the key's purpose. Each derived key is non-extractable and
// allowed exactly one usage (STYLE 15).
import { copyBytes, utf8, type Bytes } from './bytes';
import { CryptoError } from './errors';
import { assertField } from './fields';
import { assertRoomKey } from './room-key';

const KEY_BITS = 256;

// `parley/v1/token|<domain>`: one token key per join domain, so columns of one domain (say
// `email` and `mail_address`) join, while unrelated columns never yield comparable tokens.
export function tokenKeyInfo(domain: string): string {
  assertField('domain', domain);
  return `parley/v1/token|${domain}`;
}

// `parley/v1/seal|<datasetId>|<column>`: one sealing key per data set column.
export function sealKeyInfo(datasetId: string, column: string): string {
  assertField('datasetId', datasetId);
  assertField('column', column);
  return `parley/v1/seal|${datasetId}|${column}`;
}

// `parley/v1/withheld|<datasetId>|<column>`, from the data set's own secret instead of the room
// key (CRYPTO.md s.5b): the key of a column its uploader does not share with partners.
export function withheldKeyInfo(datasetId: string, column: string): string {
  assertField('datasetId', datasetId);
  assertField('column', column);
  return `parley/v1/withheld|${datasetId}|${column}`;
}

// The raw 32 derived bytes. Exported for the known-answer tests; application code should take
// the CryptoKeys below, which cannot be read back. `secret` is the room key, or a data set's own
// secret for withheld columns: both are 32 random bytes.
export async function deriveKeyBytes(secret: Uint8Array, roomId: string, info: string): Promise<Bytes> {
  assertRoomKey(secret);
  assertField('roomId', roomId);
  const ikm = await crypto.subtle.importKey('raw', copyBytes(secret), 'HKDF', false, ['deriveBits']);
  const bits = await crypto.subtle.deriveBits(
    { name: 'HKDF', hash: 'SHA-256', salt: utf8(roomId), info: utf8(info) },
    ikm,
    KEY_BITS,
  );
  return new Uint8Array(bits);
}

// HMAC-SHA256 key for join tokens; `sign` only.
export async function deriveTokenKey(roomKey: Uint8Array, roomId: string, domain: string): Promise<CryptoKey> {
  const raw = await deriveKeyBytes(roomKey, roomId, tokenKeyInfo(domain));
  return crypto.subtle.importKey('raw', raw, { name: 'HMAC', hash: 'SHA-256', length: KEY_BITS }, false, ['sign']);
}

// The uploader needs 'encrypt', report readers 'decrypt'; never both on one key object.
export type SealKeyUsage = 'encrypt' | 'decrypt';

// AES-256-GCM key for sealed cells of one data set column.
export async function deriveSealKey(
  roomKey: Uint8Array,
  roomId: string,
  datasetId: string,
  column: string,
  usage: SealKeyUsage,
): Promise<CryptoKey> {
  const raw = await deriveKeyBytes(roomKey, roomId, sealKeyInfo(datasetId, column));
  return crypto.subtle.importKey('raw', raw, { name: 'AES-GCM', length: KEY_BITS }, false, [usage]);
}

// The 32 bytes of a withheld column's key: what the uploader's browser seals to a partner when it
// grants that column (dataset-secret.ts sealColumnKey).
export function deriveWithheldKeyBytes(
  datasetSecret: Uint8Array,
  roomId: string,
  datasetId: string,
  column: string,
): Promise<Bytes> {
  return deriveKeyBytes(datasetSecret, roomId, withheldKeyInfo(datasetId, column));
}

// AES-256-GCM key of a withheld column, derived from the data set's own secret.
export async function deriveWithheldSealKey(
  datasetSecret: Uint8Array,
  roomId: string,
  datasetId: string,
  column: string,
  usage: SealKeyUsage,
): Promise<CryptoKey> {
  return importColumnKey(await deriveWithheldKeyBytes(datasetSecret, roomId, datasetId, column), usage);
}

// A column key received as bytes (a grant opened with the member's private key).
export function importColumnKey(raw: Uint8Array, usage: SealKeyUsage): Promise<CryptoKey> {
  if (raw.length !== KEY_BITS / 8) {
    return Promise.reject(new CryptoError('INVALID_ARGUMENT', `a column key is ${KEY_BITS / 8} bytes`));
  }
  return crypto.subtle.importKey('raw', copyBytes(raw), { name: 'AES-GCM', length: KEY_BITS }, false, [usage]);
}
