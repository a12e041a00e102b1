// The fixed numbers of the encrypted formats that the browser (which seals) and the server (which
// checks their shape only, holding no key) must agree on; written once here for both.

/** A response's data: this prefix, then base64 of the IV, the AES-256-GCM ciphertext and its tag. */
export const RESPONSE_DATA_PREFIX = 'aesgcm1.';
/** A sealed key (an HPKE envelope): this prefix, then base64 of enc and the ciphertext. */
export const ENVELOPE_PREFIX = 'hpke1.';
/** HPKE's enc: an uncompressed P-256 point (0x04 || x || y). */
export const ENC_BYTES = 65;
/** AES-GCM's IV, as every format here uses it. */
export const GCM_IV_BYTES = 12;
/** AES-GCM's authentication tag. */
export const GCM_TAG_BYTES = 16;
/** The largest image of a collection response, before encryption. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
