// Personal images of a collection response (docs/phone-response-encryption.md, "Images"). Each
// image is encrypted with the response's own 32-byte data key before it leaves the browser:
//   body = iv[12] || AES-256-GCM(dataKey, iv, image file bytes, aad)
//   aad  = utf8("response-image|<requestId>|<index>")   (index: 0-based position in image_upload)
// The server stores the body as opaque bytes; the requester opens it with the data key recovered
// from the response's sealedKey. The AAD binds an image to its request and its place in the list.
import { concatBytes, randomBytes, utf8, type Bytes } from './bytes';
import { CryptoError } from './errors';
import { GCM_IV_BYTES, GCM_TAG_BYTES, MAX_IMAGE_BYTES } from '../../../shared/crypto-constants';
import { assertField } from './fields';

export const IMAGE_IV_BYTES = GCM_IV_BYTES;
const TAG_BYTES = GCM_TAG_BYTES;
export { MAX_IMAGE_BYTES };
export const MAX_RESPONSE_IMAGES = 5;

export type ImageType = 'image/jpeg' | 'image/png' | 'image/webp' | 'image/gif';

export function responseImageAad(requestId: string, index: number): Bytes {
  assertField('requestId', requestId);
  if (!Number.isInteger(index) || index < 0 || index >= MAX_RESPONSE_IMAGES) {
    throw new CryptoError('INVALID_ARGUMENT', `an image index is 0 to ${MAX_RESPONSE_IMAGES - 1}`);
  }
  return utf8(`response-image|${requestId}|${index}`);
}

const startsWith = (bytes: Uint8Array, magic: number[], at = 0) => magic.every((b, i) => bytes[at + i] === b);

/** The image type from the file's first bytes (not its name or claimed type); null when not an image we take. */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0x47, 0x49, 0x46, 0x38])) return 'image/gif';
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8))
    return 'image/webp';
  return null;
}

async function aesKey(dataKey: Uint8Array, usage: 'encrypt' | 'decrypt'): Promise<CryptoKey> {
  if (dataKey.length !== 32) throw new CryptoError('INVALID_ARGUMENT', 'a data key is 32 bytes');
  return crypto.subtle.importKey('raw', new Uint8Array(dataKey), 'AES-GCM', false, [usage]);
}

/** `iv` is a parameter for known-answer tests only (a fresh one otherwise). */
export async function encryptResponseImage(
  dataKey: Uint8Array,
  requestId: string,
  index: number,
  image: Uint8Array,
  iv: Bytes = randomBytes(IMAGE_IV_BYTES),
): Promise<Bytes> {
  if (image.length === 0 || image.length > MAX_IMAGE_BYTES) {
    throw new CryptoError('INVALID_ARGUMENT', `an image is 1 byte to ${MAX_IMAGE_BYTES} bytes`);
  }
  const key = await aesKey(dataKey, 'encrypt');
  const sealed = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: responseImageAad(requestId, index) },
    key,
    new Uint8Array(image),
  );
  return concatBytes(iv, new Uint8Array(sealed));
}

/** Opens an image body; fails with RESPONSE_OPEN_FAILED (wrong key, request, index or tampered). */
export async function decryptResponseImage(
  dataKey: Uint8Array,
  requestId: string,
  index: number,
  body: Uint8Array,
): Promise<Bytes> {
  const aad = responseImageAad(requestId, index);
  if (body.length < IMAGE_IV_BYTES + TAG_BYTES) throw new CryptoError('BAD_RESPONSE_DATA', 'image data too short');
  const key = await aesKey(dataKey, 'decrypt');
  try {
    return new Uint8Array(
      await crypto.subtle.decrypt(
        { name: 'AES-GCM', iv: new Uint8Array(body.slice(0, IMAGE_IV_BYTES)), additionalData: aad },
        key,
        new Uint8Array(body.slice(IMAGE_IV_BYTES)),
      ),
    );
  } catch (cause) {
    throw new CryptoError('RESPONSE_OPEN_FAILED', 'image failed to open: wrong key, request, index or tampered', {
      cause,
    });
  }
}
