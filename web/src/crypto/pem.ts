// PEM armour (RFC 7468) for the two formats we exchange: SPKI public keys and unencrypted
// PKCS#8 private keys. Strict on what we read, so a wrong file fails with a useful message.
import { fromBase64, toBase64, type Bytes } from './bytes';
import { CryptoError } from './errors';

export type PemLabel = 'PUBLIC KEY' | 'PRIVATE KEY';

// RFC 7468 "strict" form: 64 base64 characters per line.
const LINE_LENGTH = 64;

export function encodePem(label: PemLabel, der: Uint8Array): string {
  const body = toBase64(der).match(new RegExp(`.{1,${LINE_LENGTH}}`, 'g')) ?? [];
  return [`-----BEGIN ${label}-----`, ...body, `-----END ${label}-----`, ''].join('\n');
}

// Hints for labels users commonly have on disk instead of ours (e.g. `openssl ecparam -genkey`).
const LABEL_HINTS: Record<string, string> = {
  'EC PRIVATE KEY': 'this is a SEC1 key; convert it with `openssl pkcs8 -topk8 -nocrypt` to a PKCS#8 PRIVATE KEY',
  'ENCRYPTED PRIVATE KEY': 'password-protected private keys are not supported',
  'RSA PRIVATE KEY': 'RSA keys are not supported; keys must be P-256',
  'RSA PUBLIC KEY': 'RSA keys are not supported; keys must be P-256',
  CERTIFICATE: 'certificates are not accepted; provide the bare PUBLIC KEY',
};

const BLOCK = /-----BEGIN ([A-Z0-9 ]+)-----([\s\S]*?)-----END ([A-Z0-9 ]+)-----/g;

// Returns the DER inside the one block carrying `label`. Other blocks (such as an
// "EC PARAMETERS" block that OpenSSL writes alongside) and surrounding text are ignored.
export function decodePem(pem: string, label: PemLabel): Bytes {
  const blocks = [...pem.matchAll(BLOCK)];
  const ours = blocks.filter((block) => block[1] === label);
  if (ours.length === 0) {
    const found = blocks.map((block) => block[1]);
    const hint = found.map((name) => LABEL_HINTS[name]).find((text) => text !== undefined);
    const seen = found.length > 0 ? `found ${found.join(', ')}` : 'no PEM block found';
    throw new CryptoError('BAD_PEM', `expected a ${label} PEM block; ${seen}${hint ? `: ${hint}` : ''}`);
  }
  if (ours.length > 1) throw new CryptoError('BAD_PEM', `more than one ${label} PEM block`);
  const [, , rawBody, endLabel] = ours[0];
  if (endLabel !== label) throw new CryptoError('BAD_PEM', `BEGIN ${label} closed by END ${endLabel}`);
  const der = fromBase64(rawBody.replace(/\s+/g, ''));
  if (der === null || der.length === 0) {
    throw new CryptoError('BAD_PEM', `the ${label} PEM body is not valid base64`);
  }
  return der;
}
