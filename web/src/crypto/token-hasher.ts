// Join tokens in bulk (CRYPTO.md s.6). The same token as tokens.ts's `tokenize`, but through a
// library HMAC whose keyed state is computed once per join domain and cloned per cell: for a
// million cells that is several times faster than one `crypto.subtle.sign` promise per cell.
// Used inside the encryption workers; the raw token key never leaves the browser.
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { type Bytes } from './bytes';
import { deriveKeyBytes, tokenKeyInfo } from './column-keys';
import { normalise, NORMALISATION_VERSION, type NormalisationVersion, type ValueKind } from './normalise';
import { TOKEN_BYTES, tokenTypeTag } from './tokens';
import { writeUtf8 } from '../../../shared/wire-format';

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
  // per value kind, the keyed state with its type tag already absorbed: a token is then a copy
  // of that state (into one reused object, no allocation) and the normalised value's bytes
  type Keyed = typeof keyed;
  const tagged = new Map<ValueKind, Keyed>();
  const work = keyed.clone() as Keyed;
  const copyInto = (from: Keyed, to: Keyed) => (from._cloneInto as (into: Keyed) => Keyed).call(from, to);
  let scratch = new Uint8Array(256);
  const digest = new Uint8Array(32);
  return {
    domain,
    token(value, kind) {
      const normalised = normalise(value, kind, version);
      if (normalised === '') return null;
      let state = tagged.get(kind);
      if (state === undefined) {
        state = keyed.clone() as Keyed;
        state.update(tokenTypeTag(kind, version));
        tagged.set(kind, state);
      }
      if (scratch.length < normalised.length * 3) scratch = new Uint8Array(normalised.length * 3);
      const written = writeUtf8(normalised, scratch);
      copyInto(state, work);
      work.update(scratch.subarray(0, written));
      work.digestInto(digest);
      return digest.slice(0, TOKEN_BYTES);
    },
  };
}
