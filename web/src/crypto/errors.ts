// One error type for the whole crypto module: callers branch on `code`, never on message text
// (STYLE 8). Messages are for logs and developers; the UI maps codes to its own wording.

export type CryptoErrorCode =
  // PEM armour missing, wrong label, or body not valid base64.
  | 'BAD_PEM'
  // Well-formed PEM, but the DER is not a P-256 EC key (other curve, RSA, garbage).
  | 'NOT_P256_KEY'
  // A key id that is not 32 lowercase hex characters.
  | 'BAD_KEY_ID'
  // HPKE envelope without our version prefix, not base64, or too short.
  | 'BAD_ENVELOPE'
  // The HPKE library refused to seal (should not happen with a valid public key).
  | 'HPKE_SEAL_FAILED'
  // Wrong private key, wrong info, or a tampered enc/ciphertext/tag.
  | 'HPKE_OPEN_FAILED'
  // An envelope opened, but did not hold a 32-byte room key.
  | 'BAD_ROOM_KEY'
  // A data set secret or column key that is not 32 bytes (before sealing, or after opening).
  | 'BAD_SECRET'
  // Wrong key, wrong place (AAD), or a tampered IV/ciphertext/tag.
  | 'CELL_OPEN_FAILED'
  // Authentic cell whose padding is malformed: a bug in the writer, not an attack.
  | 'CELL_MALFORMED'
  // Collection response data without the aesgcm1. prefix, not base64, or too short.
  | 'BAD_RESPONSE_DATA'
  // Wrong data key, another request (AAD), or a tampered IV/ciphertext/tag.
  | 'RESPONSE_OPEN_FAILED'
  // Authentic response data that is not a JSON object: a bug in the phone app, not an attack.
  | 'RESPONSE_MALFORMED'
  // A caller passed a value the format cannot carry (e.g. `|` inside an id).
  | 'INVALID_ARGUMENT'
  // A normalisation version this build does not know.
  | 'UNSUPPORTED_VERSION'
  // Not a key backup file, or one with a version or parameters this build does not accept.
  | 'BAD_BACKUP'
  // Wrong passphrase, or a tampered backup (salt, IV, ciphertext, tag or key id).
  | 'BACKUP_OPEN_FAILED';

export class CryptoError extends Error {
  override readonly name = 'CryptoError';
  readonly code: CryptoErrorCode;

  constructor(code: CryptoErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}

export function isCryptoError(error: unknown, code?: CryptoErrorCode): error is CryptoError {
  return error instanceof CryptoError && (code === undefined || error.code === code);
}
