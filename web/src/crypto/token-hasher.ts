// Join tokens in bulk (CRYPTO.md s.6). The same token as tokens.ts's `tokenize`, but through a
// library HMAC whose keyed state is computed once per join domain and cloned per cell: for a
// million cells that is several times faster than one `crypto.subtle.sign` promise per cell.
// Used inside the encryption workers; the raw token key never leaves the browser.
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { type Bytes } from './bytes';
import { deriveKeyBytes, tokenKeyInfo } from './column-keys';
import { NORMALISATION_VERSION, type NormalisationVersion, type ValueKind } from './normalise';
import { TOKEN_BYTES, tokenMessage } from './tokens';

export type TokenHasher = {
  readonly domain: string;
  // null for a value that normalises to "" (the caller applies the empty-cell policy)
  token(value: string, kind: ValueKind): Bytes | null;
};

export async function createTokenHasher(
  roomKey: Uint8Array,
  roomId: string,
  domain: string,
  version: NormalisationVersion = NORMALISATION_VERSION,
): Promise<TokenHasher> {
  const keyBytes = await deriveKeyBytes(roomKey, roomId, tokenKeyInfo(domain));
  const keyed = hmac.create(sha256, keyBytes);
  // the state holds the key; the bytes themselves are not kept
  keyBytes.fill(0);
  const digest = new Uint8Array(32);
  return {
    domain,
    token(value, kind) {
      const message = tokenMessage(value, kind, version);
      if (message === null) return null;
      const mac = keyed.clone();
      mac.update(message);
      mac.digestInto(digest);
      mac.destroy();
      return digest.slice(0, TOKEN_BYTES);
    },
  };
}
