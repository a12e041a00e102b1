// Join tokens (CRYPTO.md s.4): HMAC-SHA256(token key, type tag || normalise(value)), truncated to
// 16 bytes and stored by the server as bytea. Equal normalised values of one kind in one join
// domain give equal tokens; nothing else is comparable.
import { concatBytes, randomBytes, utf8, type Bytes } from './bytes';
import { CryptoError } from './errors';
import { normalise, NORMALISATION_VERSION, type NormalisationVersion, type ValueKind } from './normalise';
import { TOKEN_BYTES } from '../../../shared/wire-format';

export { TOKEN_BYTES };

// Type tag = ASCII `<kind>:v<normalisation version>` followed by one 0x00 byte, e.g.
// "email:v1\0". It keeps an e-mail and a text column (or two normalisation versions) from
// producing equal tokens by accident; the NUL ends the tag, so tag and value cannot run together.
export function tokenTypeTag(kind: ValueKind, version: NormalisationVersion = NORMALISATION_VERSION): Bytes {
  return concatBytes(utf8(`${kind}:v${version}`), new Uint8Array([0]));
}

// The exact bytes that get MACed; null when the value normalises to "" (an empty cell, whose
// treatment, NULL or randomUniqueToken(), is a per-data-set choice made by the caller).
export function tokenMessage(
  value: string,
  kind: ValueKind,
  version: NormalisationVersion = NORMALISATION_VERSION,
): Bytes | null {
  const normalised = normalise(value, kind, version);
  return normalised === '' ? null : concatBytes(tokenTypeTag(kind, version), utf8(normalised));
}

export async function tokenize(
  tokenKey: CryptoKey,
  value: string,
  kind: ValueKind,
  version: NormalisationVersion = NORMALISATION_VERSION,
): Promise<Bytes | null> {
  assertTokenKey(tokenKey);
  const message = tokenMessage(value, kind, version);
  if (message === null) return null;
  const mac = await crypto.subtle.sign('HMAC', tokenKey, message);
  return new Uint8Array(mac, 0, TOKEN_BYTES).slice();
}

// WebCrypto has no keyed HMAC state to reuse, so the fast path is concurrency: all sign calls of
// a chunk are issued at once and the engine pipelines them (run it in a worker pool for big
// files, CRYPTO.md s.6). Output order matches input order.
export async function tokenizeBatch(
  tokenKey: CryptoKey,
  values: readonly string[],
  kind: ValueKind,
  version: NormalisationVersion = NORMALISATION_VERSION,
): Promise<(Bytes | null)[]> {
  assertTokenKey(tokenKey);
  return Promise.all(values.map((value) => tokenize(tokenKey, value, kind, version)));
}

// For the "random unique token" empty-cell policy: 16 random bytes never equal a real token
// (or each other) in practice, so empty cells never join.
export function randomUniqueToken(): Bytes {
  return randomBytes(TOKEN_BYTES);
}

function assertTokenKey(key: CryptoKey): void {
  if (key.algorithm.name !== 'HMAC' || !key.usages.includes('sign')) {
    throw new CryptoError('INVALID_ARGUMENT', 'expected an HMAC token key from deriveTokenKey');
  }
}
