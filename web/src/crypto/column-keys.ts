// Per-column keys from the room key K (CRYPTO.md s.4): HKDF-SHA256 with salt = UTF-8 room id and
// a versioned info string naming the key's purpose. Each derived key is non-extractable and
// allowed exactly one usage (STYLE 15).
import { copyBytes, utf8, type Bytes } from './bytes';
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

// The raw 32 derived bytes. Exported for the known-answer tests; application code should take
// the CryptoKeys below, which cannot be read back.
export async function deriveKeyBytes(roomKey: Uint8Array, roomId: string, info: string): Promise<Bytes> {
  assertRoomKey(roomKey);
  assertField('roomId', roomId);
  const ikm = await crypto.subtle.importKey('raw', copyBytes(roomKey), 'HKDF', false, ['deriveBits']);
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
