// How a phone encrypts a collection response (README "Phone-app API", CRYPTO.md section 2), using
// the browser's own crypto module so the two can never drift apart:
//   encryptedData = "aesgcm1." + base64(iv[12] || AES-256-GCM(dataKey, iv, json, aad))
//                   with aad = utf8("response-data|<requestId>")
//   sealedKey     = sealToPublicKey(request publicKey PEM, dataKey[32], "response-key|<requestId>")
// The data key is fresh per response; the AAD binds the ciphertext to its request.
import { concatBytes, fromBase64, fromUtf8, randomBytes, toBase64, utf8 } from '../../web/src/crypto/bytes';
import { openWithPrivateKey, responseKeyInfo, sealToPublicKey } from '../../web/src/crypto/hpke';

export const DATA_PREFIX = 'aesgcm1.';
const IV_BYTES = 12;

export const responseDataAad = (requestId: string) => utf8(`response-data|${requestId}`);

/** What a collection response holds (spec section 3 "Response item"). */
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

export async function encryptCollectionResponse(
  requestId: string,
  publicKeyPem: string,
  data: CollectionData,
): Promise<SealedResponse> {
  const dataKey = randomBytes(32);
  const iv = randomBytes(IV_BYTES);
  const key = await crypto.subtle.importKey('raw', dataKey, 'AES-GCM', false, ['encrypt']);
  const ciphertext = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: responseDataAad(requestId) },
    key,
    utf8(JSON.stringify(data)),
  );
  return {
    encryptedData: DATA_PREFIX + toBase64(concatBytes(iv, new Uint8Array(ciphertext))),
    sealedKey: await sealToPublicKey(publicKeyPem, dataKey, responseKeyInfo(requestId)),
  };
}

/** What the requester's browser does with a response and the request key's private half. */
export async function decryptCollectionResponse(
  privateKeyPem: string,
  requestId: string,
  response: SealedResponse,
): Promise<CollectionData> {
  const dataKey = await openWithPrivateKey(privateKeyPem, response.sealedKey, responseKeyInfo(requestId));
  const body = response.encryptedData.startsWith(DATA_PREFIX)
    ? fromBase64(response.encryptedData.slice(DATA_PREFIX.length))
    : null;
  if (!body || body.length < IV_BYTES + 16) throw new Error('encryptedData is not aesgcm1.<base64>');
  const key = await crypto.subtle.importKey('raw', dataKey, 'AES-GCM', false, ['decrypt']);
  const plain = await crypto.subtle.decrypt(
    { name: 'AES-GCM', iv: body.slice(0, IV_BYTES), additionalData: responseDataAad(requestId) },
    key,
    body.slice(IV_BYTES),
  );
  return JSON.parse(fromUtf8(new Uint8Array(plain))) as CollectionData;
}
