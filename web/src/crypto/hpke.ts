// Sealing a small secret to a public key (CRYPTO.md s.2): RFC 9180 base mode with
// DHKEM(P-256, HKDF-SHA256), HKDF-SHA256 and AES-256-GCM, all done by @hpke/core on WebCrypto.
import { Aes256Gcm, CipherSuite, DhkemP256HkdfSha256, HkdfSha256 } from '@hpke/core';
import { concatBytes, copyBytes, fromBase64, toBase64, utf8, type Bytes } from './bytes';
import { CryptoError } from './errors';
import { assertCount, assertField } from './fields';
import { importPrivateKeyPair, importPublicKeyPem } from './keys';
import { ENC_BYTES, ENVELOPE_PREFIX, GCM_TAG_BYTES } from '../../../shared/crypto-constants';

const suite = new CipherSuite({
  kem: new DhkemP256HkdfSha256(),
  kdf: new HkdfSha256(),
  aead: new Aes256Gcm(),
});

// Envelope = ENVELOPE_PREFIX + base64(enc || ciphertext), standard base64 with padding.
// The prefix names the whole suite; a future suite gets `hpke2.` and old envelopes still open.
export { ENVELOPE_PREFIX };
// enc is an uncompressed P-256 point (0x04 || x || y); the AES-GCM tag is 16 bytes.
export { ENC_BYTES };
export const TAG_BYTES = GCM_TAG_BYTES;

// The HPKE info binds purpose and place, so a sealed key copied to another room, user, key
// version or request does not open. Branded so only the helpers below can produce one.
declare const sealInfoBrand: unique symbol;
export type SealInfo = string & { readonly [sealInfoBrand]: true };

// `room-key|<roomId>|<userId>|v<keyVersion>`
export function roomKeyInfo(roomId: string, userId: string, keyVersion: number): SealInfo {
  assertField('roomId', roomId);
  assertField('userId', userId);
  assertCount('keyVersion', keyVersion, 1);
  return `room-key|${roomId}|${userId}|v${keyVersion}` as SealInfo;
}

// `dataset-secret|<roomId>|<datasetId>|<userId>`: a data set's own secret, sealed to its uploader.
export function datasetSecretInfo(roomId: string, datasetId: string, userId: string): SealInfo {
  assertField('roomId', roomId);
  assertField('datasetId', datasetId);
  assertField('userId', userId);
  return `dataset-secret|${roomId}|${datasetId}|${userId}` as SealInfo;
}

// `column-key|<roomId>|<datasetId>|<column>|<userId>`: one withheld column's key, sealed to a member.
export function columnKeyInfo(roomId: string, datasetId: string, column: string, userId: string): SealInfo {
  assertField('roomId', roomId);
  assertField('datasetId', datasetId);
  assertField('column', column);
  assertField('userId', userId);
  return `column-key|${roomId}|${datasetId}|${column}|${userId}` as SealInfo;
}

// `response-key|<requestId>`
export function responseKeyInfo(requestId: string): SealInfo {
  assertField('requestId', requestId);
  return `response-key|${requestId}` as SealInfo;
}

export type Envelope = { enc: Bytes; ciphertext: Bytes };

export function encodeEnvelope({ enc, ciphertext }: Envelope): string {
  return ENVELOPE_PREFIX + toBase64(concatBytes(enc, ciphertext));
}

export function decodeEnvelope(envelope: string): Envelope {
  if (typeof envelope !== 'string' || !envelope.startsWith(ENVELOPE_PREFIX)) {
    throw new CryptoError('BAD_ENVELOPE', `an envelope starts with "${ENVELOPE_PREFIX}"`);
  }
  const body = fromBase64(envelope.slice(ENVELOPE_PREFIX.length));
  if (body === null) throw new CryptoError('BAD_ENVELOPE', 'the envelope body is not base64');
  if (body.length < ENC_BYTES + TAG_BYTES) throw new CryptoError('BAD_ENVELOPE', 'envelope too short');
  return { enc: body.slice(0, ENC_BYTES), ciphertext: body.slice(ENC_BYTES) };
}

/**
 * `ephemeralIkm` is for known-answer tests only (docs/vectors/phone-response.json): the input keying
 * material RFC 9180's DeriveKeyPair turns into the ephemeral key. Without it (always, in the app) the
 * ephemeral key is fresh and random.
 */
export async function sealToPublicKey(
  publicKeyPem: string,
  plaintext: Uint8Array,
  info: SealInfo,
  ephemeralIkm?: Bytes,
): Promise<string> {
  const recipientPublicKey = await importPublicKeyPem(publicKeyPem);
  try {
    const ekm = ephemeralIkm ? copyBytes(ephemeralIkm) : undefined;
    const sealed = await suite.seal(
      { recipientPublicKey, info: utf8(info), ...(ekm ? { ekm } : {}) },
      copyBytes(plaintext),
    );
    return encodeEnvelope({
      enc: new Uint8Array(sealed.enc),
      ciphertext: new Uint8Array(sealed.ct),
    });
  } catch (cause) {
    throw new CryptoError('HPKE_SEAL_FAILED', 'HPKE seal failed', { cause });
  }
}

// Every failure after parsing is HPKE_OPEN_FAILED, whatever the library's reason (an enc that is
// not on the curve, a wrong key or info, a bad tag): the caller can do nothing different, and
// one code gives an attacker nothing to distinguish.
export async function openWithPrivateKey(privateKeyPem: string, envelope: string, info: SealInfo): Promise<Bytes> {
  const { enc, ciphertext } = decodeEnvelope(envelope);
  const recipientKey = await recipientKeyOf(privateKeyPem);
  try {
    return new Uint8Array(await suite.open({ recipientKey, enc, info: utf8(info) }, ciphertext));
  } catch (cause) {
    const message = 'HPKE open failed: wrong key, wrong info or tampered envelope';
    throw new CryptoError('HPKE_OPEN_FAILED', message, { cause });
  }
}

// A table of responses opens one envelope per row and per image with the same private key, and
// importing it (a PEM parse and four WebCrypto calls) added about a third to each open: the
// last key imported is kept, as the non-extractable key pair the import makes, beside its file's
// text, which the page holds anyway. A file that failed to import is tried again next time.
let lastImported: { pem: string; pair: Promise<CryptoKeyPair> } | null = null;
function recipientKeyOf(privateKeyPem: string): Promise<CryptoKeyPair> {
  if (lastImported?.pem === privateKeyPem) return lastImported.pair;
  const pair = importPrivateKeyPair(privateKeyPem);
  const entry = { pem: privateKeyPem, pair };
  lastImported = entry;
  pair.catch(() => {
    if (lastImported === entry) lastImported = null;
  });
  return pair;
}
