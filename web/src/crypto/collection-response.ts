// Collection responses (docs/phone-response-encryption.md, docs/api/phone.md). The phone makes a fresh 32-byte
// data key per response and sends
//   encryptedData = "aesgcm1." + base64(iv[12] || AES-256-GCM(dataKey, iv, JSON, aad))
//                   with aad = utf8("response-data|<requestId>")
//   sealedKey     = HPKE seal of the data key to the request's public key, info responseKeyInfo(requestId)
// The requester's browser opens the key with the request key's private half, then the data.
// The participant simulator seals with this same module, so the two sides cannot drift apart.
import { concatBytes, fromBase64, fromUtf8, randomBytes, toBase64, utf8, type Bytes } from './bytes';
import { CryptoError } from './errors';
import { assertField } from './fields';
import { GCM_IV_BYTES, GCM_TAG_BYTES, RESPONSE_DATA_PREFIX } from '../../../shared/crypto-constants';
import { openWithPrivateKey, responseKeyInfo, sealToPublicKey } from './hpke';

export { RESPONSE_DATA_PREFIX };
export const RESPONSE_IV_BYTES = GCM_IV_BYTES;
const TAG_BYTES = GCM_TAG_BYTES;
export const DATA_KEY_BYTES = 32;

/** What a collection response holds (spec s.3 "Response item"): only what the request asked for. */
export type CollectionData = {
  firstName?: string;
  lastName?: string;
  age?: number;
  mobile?: string;
  email?: string;
  gender?: string;
  location?: { name: string; street: string; region: string; district: string; city: string; country: string };
  image_upload?: string[];
  health?: { stepsPerDay: number; restingHeartRate: number; sleepHours: number };
  idDocument?: { type: string; country: string; last4: string };
};

export type SealedResponse = { encryptedData: string; sealedKey: string };

export function responseDataAad(requestId: string): Bytes {
  assertField('requestId', requestId);
  return utf8(`response-data|${requestId}`);
}

async function aesKey(dataKey: Uint8Array, usage: 'encrypt' | 'decrypt'): Promise<CryptoKey> {
  if (dataKey.length !== DATA_KEY_BYTES) throw new CryptoError('INVALID_ARGUMENT', 'a data key is 32 bytes');
  return crypto.subtle.importKey('raw', new Uint8Array(dataKey), 'AES-GCM', false, [usage]);
}

/** The data half; `iv` is a parameter for known-answer tests only (a fresh one otherwise). */
export async function encryptResponseData(
  dataKey: Uint8Array,
  requestId: string,
  data: CollectionData,
  iv: Bytes = randomBytes(RESPONSE_IV_BYTES),
): Promise<string> {
  const key = await aesKey(dataKey, 'encrypt');
  const aad = responseDataAad(requestId);
  const ciphertext = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: aad },
    key,
    utf8(JSON.stringify(data)),
  );
  return RESPONSE_DATA_PREFIX + toBase64(concatBytes(iv, new Uint8Array(ciphertext)));
}

export async function decryptResponseData(
  dataKey: Uint8Array,
  requestId: string,
  encryptedData: string,
): Promise<CollectionData> {
  const aad = responseDataAad(requestId);
  const body = encryptedData.startsWith(RESPONSE_DATA_PREFIX)
    ? fromBase64(encryptedData.slice(RESPONSE_DATA_PREFIX.length))
    : null;
  if (!body) throw new CryptoError('BAD_RESPONSE_DATA', `response data is "${RESPONSE_DATA_PREFIX}" + base64`);
  if (body.length < RESPONSE_IV_BYTES + TAG_BYTES)
    throw new CryptoError('BAD_RESPONSE_DATA', 'response data too short');
  const key = await aesKey(dataKey, 'decrypt');
  let plain: Uint8Array;
  try {
    plain = new Uint8Array(
      await crypto.subtle.decrypt(
        { name: 'AES-GCM', iv: body.slice(0, RESPONSE_IV_BYTES), additionalData: aad },
        key,
        body.slice(RESPONSE_IV_BYTES),
      ),
    );
  } catch (cause) {
    throw new CryptoError('RESPONSE_OPEN_FAILED', 'response data failed to open: wrong key, request or tampered', {
      cause,
    });
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(fromUtf8(plain));
  } catch (cause) {
    throw new CryptoError('RESPONSE_MALFORMED', 'response data is not UTF-8 JSON', { cause });
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new CryptoError('RESPONSE_MALFORMED', 'response data is not a JSON object');
  }
  return parsed as CollectionData;
}

/** The phone's side (and the simulator's): a fresh data key sealed to the request's public key.
 * `dataKey` is given when the client encrypted other parts (the images) with it first. */
export async function sealCollectionResponse(
  requestId: string,
  publicKeyPem: string,
  data: CollectionData,
  dataKey: Bytes = randomBytes(DATA_KEY_BYTES),
): Promise<SealedResponse> {
  if (dataKey.length !== DATA_KEY_BYTES) throw new CryptoError('INVALID_ARGUMENT', 'a data key is 32 bytes');
  return {
    encryptedData: await encryptResponseData(dataKey, requestId, data),
    sealedKey: await sealToPublicKey(publicKeyPem, dataKey, responseKeyInfo(requestId)),
  };
}

/** The requester's side. Fails with a CryptoError: HPKE_OPEN_FAILED (wrong key, request or a tampered
 * sealed key), BAD_ENVELOPE, BAD_RESPONSE_DATA, RESPONSE_OPEN_FAILED or RESPONSE_MALFORMED. */
export async function openCollectionResponse(
  privateKeyPem: string,
  requestId: string,
  response: SealedResponse,
): Promise<CollectionData> {
  return (await openCollectionResponseWithKey(privateKeyPem, requestId, response)).data;
}

/** As openCollectionResponse, also returning the data key (it opens the response's images). */
export async function openCollectionResponseWithKey(
  privateKeyPem: string,
  requestId: string,
  response: SealedResponse,
): Promise<{ data: CollectionData; dataKey: Bytes }> {
  const dataKey = await openWithPrivateKey(privateKeyPem, response.sealedKey, responseKeyInfo(requestId));
  if (dataKey.length !== DATA_KEY_BYTES)
    throw new CryptoError('RESPONSE_MALFORMED', 'the sealed data key is not 32 bytes');
  return { data: await decryptResponseData(dataKey, requestId, response.encryptedData), dataKey };
}
