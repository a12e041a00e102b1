import { createHash, createPublicKey, type KeyObject } from 'node:crypto';
import { badInput } from '../../shared/errors';

const PEM = /^-----BEGIN PUBLIC KEY-----\r?\n([A-Za-z0-9+/=\r\n]+)-----END PUBLIC KEY-----\s*$/;

export type ParsedPublicKey = { id: string; pem: string };

/**
 * Validates a P-256 SubjectPublicKeyInfo PEM and computes its key id: the first 16 bytes of
 * SHA-256 over the SPKI DER, as lowercase hex (the UI shows it as colon-separated pairs).
 */
export function parseP256PublicKey(pem: string): ParsedPublicKey {
  const trimmed = pem.trim() + '\n';
  if (!PEM.test(trimmed)) throw badInput('Public key must be a PEM "PUBLIC KEY" (SPKI) block');
  let key: KeyObject;
  try {
    key = createPublicKey({ key: trimmed, format: 'pem' });
  } catch {
    throw badInput('Public key is not a valid SPKI key');
  }
  if (key.asymmetricKeyType !== 'ec' || key.asymmetricKeyDetails?.namedCurve !== 'prime256v1') {
    throw badInput('Public key must be an elliptic-curve P-256 key');
  }
  const der = key.export({ type: 'spki', format: 'der' });
  return {
    id: createHash('sha256').update(der).digest().subarray(0, 16).toString('hex'),
    pem: key.export({ type: 'spki', format: 'pem' }).toString(),
  };
}

/** Accepts a key id as plain hex or colon-separated pairs, any case. */
export function normaliseKeyId(id: string): string | null {
  const hex = id.trim().toLowerCase().replace(/:/g, '');
  return /^[0-9a-f]{32}$/.test(hex) ? hex : null;
}
