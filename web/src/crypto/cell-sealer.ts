// Sealing a column's cells in bulk (CRYPTO.md s.4): byte for byte the cells of cells.ts's
// `sealCell` (AES-256-GCM, a fresh random 96-bit IV per cell, the same AAD and padding), but
// synchronous, through @noble/ciphers' AES and GHASH, with the per-key work done once per column
// instead of once per cell: the AES key schedule, the GHASH multiplication table and the GHASH of
// the AAD's constant prefix (`roomId|datasetId|column|`, whose whole 16-byte blocks do not depend
// on the row). A WebCrypto call per cell costs a promise and a trip to the crypto thread; here a
// 32-byte cell is three AES blocks and a handful of table lookups. Used inside the encryption
// workers; cells.test.ts checks it against the known-answer vectors and against `openCell`.
import { GHASH } from '@noble/ciphers/_polyval.js';
import { gcm, unsafe } from '@noble/ciphers/aes.js';
import { type Bytes } from './bytes';
import {
  cellAad,
  DEFAULT_PAD_BUCKET,
  IV_BYTES,
  PAD_BUCKETS,
  padCellValue,
  paddedLength,
  type CellPlace,
  type PadBucket,
} from './cells';
import { CryptoError } from './errors';
import { assertCount } from './fields';
import { writeUtf8 } from '../../../shared/wire-format';

const BLOCK = 16;
const TAG_BYTES = 16;
// GHASH table window of 8 bits: 16 lookups per block; the 64 kB table is built once per column
const GHASH_TABLE_HINT = 1 << 17;
// getRandomValues fills at most 65,536 bytes per call
const IV_POOL = Math.floor(65536 / IV_BYTES) * IV_BYTES;

type GhashState = readonly [number, number, number, number];

// noble's GHASH (8-bit windows) whose state can be saved and continued from, so one table
// serves every cell, fed whole blocks from a word view. `absorbFrom` is noble's `_updateBlock`
// over the same table copied into one flat Uint32Array (16 windows x 256 entries x 4 words):
// the same lookups and XORs, without an object per entry or an array per block.
class ColumnGhash extends GHASH {
  private readonly flat: Uint32Array;
  constructor(key: Uint8Array) {
    super(key, GHASH_TABLE_HINT);
    if (this.t.length !== 16 * 256) throw new CryptoError('INVALID_ARGUMENT', 'unexpected GHASH table');
    this.flat = new Uint32Array(this.t.length * 4);
    this.t.forEach(({ s0, s1, s2, s3 }, i) => this.flat.set([s0, s1, s2, s3], i * 4));
  }
  state(): GhashState {
    return [this.s0, this.s1, this.s2, this.s3];
  }
  // GHASH of `blocks` blocks of `words` (little-endian 32-bit words, as noble's own update reads
  // them) continued from the saved state `from`; the result goes to `into`'s first four words
  absorbFrom(from: GhashState, words: Uint32Array, blocks: number, into: Uint32Array): void {
    const t = this.flat;
    let s0 = from[0], s1 = from[1], s2 = from[2], s3 = from[3]; // prettier-ignore
    for (let i = 0; i < blocks * 4; i += 4) {
      // window w reads byte w & 3 of word w >> 2: 4 windows from each of the block's 4 words
      let o0 = 0, o1 = 0, o2 = 0, o3 = 0; // prettier-ignore
      for (let word = 0; word < 4; word++) {
        const x = (word === 0 ? s0 : word === 1 ? s1 : word === 2 ? s2 : s3) ^ words[i + word];
        for (let byte = 0; byte < 4; byte++) {
          const at = ((((word << 2) | byte) << 8) | ((x >>> (byte << 3)) & 0xff)) << 2;
          o0 ^= t[at];
          o1 ^= t[at + 1];
          o2 ^= t[at + 2];
          o3 ^= t[at + 3];
        }
      }
      s0 = o0;
      s1 = o1;
      s2 = o2;
      s3 = o3;
    }
    into[0] = s0;
    into[1] = s1;
    into[2] = s2;
    into[3] = s3;
  }
}

// The word-level paths below read bytes as little-endian words, as noble does on such hosts;
// a big-endian host takes noble's whole gcm() per cell instead.
const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;
const putWordLE = (out: Uint8Array, at: number, word: number) => {
  out[at] = word;
  out[at + 1] = word >>> 8;
  out[at + 2] = word >>> 16;
  out[at + 3] = word >>> 24;
};
const bswap32 = (n: number) => ((n & 0xff) << 24) | ((n & 0xff00) << 8) | ((n >>> 8) & 0xff00) | (n >>> 24);

export type ColumnCells = Omit<CellPlace, 'rowNumber'>;

export type CellSealer = {
  // IV (12) || ciphertext || tag (16), as `sealCell` makes it for `{ ...column, rowNumber }`
  seal(value: string, rowNumber: number): Bytes;
};

export type CellSealerOptions = {
  padBucket?: PadBucket;
  // TEST ONLY: the IV of every cell (see SealCellOptions.testOnlyIv); never in production
  testOnlyIv?: Uint8Array;
};

// `keyBytes`: the 32 raw bytes of the column's seal key (deriveKeyBytes with sealKeyInfo, or
// deriveWithheldKeyBytes). The caller should wipe them afterwards; the sealer keeps only the key
// schedule.
export function createCellSealer(
  keyBytes: Uint8Array,
  column: ColumnCells,
  options: CellSealerOptions = {},
): CellSealer {
  if (keyBytes.length !== 32) throw new CryptoError('INVALID_ARGUMENT', 'a seal key is 32 bytes');
  const padBucket = options.padBucket ?? DEFAULT_PAD_BUCKET;
  if (!PAD_BUCKETS.includes(padBucket)) throw new CryptoError('INVALID_ARGUMENT', `bad pad bucket ${padBucket}`);
  const fixedIv = options.testOnlyIv;
  if (fixedIv !== undefined && fixedIv.length !== IV_BYTES) {
    throw new CryptoError('INVALID_ARGUMENT', `the IV must be ${IV_BYTES} bytes`);
  }
  // validates every field of the place once; the row number is checked per cell
  const fullAad = cellAad({ ...column, rowNumber: 0 });
  const prefix = fullAad.subarray(0, fullAad.length - `0|${column.keyVersion}`.length);
  const prefixBlocks = prefix.length - (prefix.length % BLOCK);
  const aadHead = prefix.slice(prefixBlocks);
  const keyVersionTail = new TextEncoder().encode(`|${column.keyVersion}`);

  const xk = unsafe.expandKeyLE(keyBytes);
  const hashKey = new Uint8Array(BLOCK);
  unsafe.encryptBlock(xk, hashKey);
  const ghash = new ColumnGhash(hashKey);
  hashKey.fill(0);
  if (prefixBlocks > 0) ghash.update(prefix.subarray(0, prefixBlocks));
  const prefixState = ghash.state();

  if (!LITTLE_ENDIAN) {
    const key = keyBytes.slice();
    return {
      seal(value, rowNumber) {
        const iv = fixedIv ?? crypto.getRandomValues(new Uint8Array(IV_BYTES));
        const sealed = gcm(key, iv, cellAad({ ...column, rowNumber })).encrypt(padCellValue(value, padBucket));
        const out = new Uint8Array(IV_BYTES + sealed.length);
        out.set(iv);
        out.set(sealed, IV_BYTES);
        return out;
      },
    };
  }

  // Scratch space reused by every cell, with 32-bit word views over it. `plain` holds the padded
  // value; `hashIn` the AAD tail, the ciphertext and the length block, each segment zero-padded
  // to 16 bytes, which is what GCM's three GHASH segments absorb.
  const aadTailMax = aadHead.length + 16 + keyVersionTail.length;
  const aadTailBlocks = Math.ceil(aadTailMax / BLOCK) * BLOCK;
  let plain = new Uint8Array(0);
  let plainValue = plain;
  let plainView = new DataView(plain.buffer);
  let plainWords = new Uint32Array(0);
  let hashIn = new Uint8Array(0);
  let hashView = new DataView(hashIn.buffer);
  let hashWords = new Uint32Array(0);
  const grow = (padded: number) => {
    plain = new Uint8Array(padded);
    plainValue = plain.subarray(4);
    plainView = new DataView(plain.buffer);
    plainWords = new Uint32Array(plain.buffer);
    hashIn = new Uint8Array(aadTailBlocks + padded + BLOCK);
    hashView = new DataView(hashIn.buffer);
    hashWords = new Uint32Array(hashIn.buffer);
  };
  const tagWords = new Uint32Array(4);
  let ivs = new Uint8Array(0);
  let ivWords = new Uint32Array(0);
  let ivAt = 0;

  return {
    seal(value, rowNumber) {
      assertCount('rowNumber', rowNumber, 0);
      // the value, UTF-8, padded: uint32 length || bytes || zeros (padCellValue)
      const room = paddedLength(value.length * 3, padBucket);
      if (plain.length < room) grow(room);
      const written = writeUtf8(value, plainValue);
      const padded = paddedLength(written, padBucket);
      for (let i = 4 + written; i < padded; i++) plain[i] = 0;
      plainView.setUint32(0, written);

      // the IV, as three words
      let i0: number, i1: number, i2: number;
      if (fixedIv !== undefined) {
        const view = new DataView(fixedIv.buffer, fixedIv.byteOffset, IV_BYTES);
        [i0, i1, i2] = [view.getUint32(0, true), view.getUint32(4, true), view.getUint32(8, true)];
      } else {
        if (ivAt === ivWords.length) {
          ivs = crypto.getRandomValues(new Uint8Array(IV_POOL));
          ivWords = new Uint32Array(ivs.buffer);
          ivAt = 0;
        }
        i0 = ivWords[ivAt];
        i1 = ivWords[ivAt + 1];
        i2 = ivWords[ivAt + 2];
        ivWords[ivAt] = ivWords[ivAt + 1] = ivWords[ivAt + 2] = 0;
        ivAt += 3;
      }

      // the AAD's tail: what is left of the prefix, the row number, `|keyVersion`
      // (plain loops: for these few bytes a typed array builtin's call costs more than the copy)
      for (let i = 0; i < aadTailBlocks; i++) hashIn[i] = 0;
      let tailLength = 0;
      for (let i = 0; i < aadHead.length; i++) hashIn[tailLength++] = aadHead[i];
      const digits = String(rowNumber);
      for (let i = 0; i < digits.length; i++) hashIn[tailLength++] = digits.charCodeAt(i);
      for (let i = 0; i < keyVersionTail.length; i++) hashIn[tailLength++] = keyVersionTail[i];
      const tailBlocks = Math.ceil(tailLength / BLOCK) * BLOCK;

      // CTR: block n of the payload is encrypted with J0 + 1 + n, where J0 = IV || 0x00000001;
      // E(J0) masks the tag. The counter word is big-endian, so byte-swapped in a word.
      const mask = unsafe.encrypt(xk, i0, i1, i2, bswap32(1));
      for (let b = 0, c = tailBlocks / 4; b < padded / 4; b += 4, c += 4) {
        const k = unsafe.encrypt(xk, i0, i1, i2, bswap32(b / 4 + 2));
        hashWords[c] = plainWords[b] ^ k.s0;
        hashWords[c + 1] = plainWords[b + 1] ^ k.s1;
        hashWords[c + 2] = plainWords[b + 2] ^ k.s2;
        hashWords[c + 3] = plainWords[b + 3] ^ k.s3;
      }
      // bit lengths of AAD and ciphertext as two big-endian u64 (both fit in 32 bits)
      const lengthsAt = tailBlocks + padded;
      hashView.setUint32(lengthsAt, 0);
      hashView.setUint32(lengthsAt + 4, (prefixBlocks + tailLength) * 8);
      hashView.setUint32(lengthsAt + 8, 0);
      hashView.setUint32(lengthsAt + 12, padded * 8);
      ghash.absorbFrom(prefixState, hashWords, (lengthsAt + BLOCK) / BLOCK, tagWords);
      const t0 = tagWords[0], t1 = tagWords[1], t2 = tagWords[2], t3 = tagWords[3]; // prettier-ignore

      // IV || ciphertext || tag, written byte by byte: a cell this small lives on V8's heap, and
      // asking for its buffer (a DataView, a word view) would move it off the heap, per cell
      const out = new Uint8Array(IV_BYTES + padded + TAG_BYTES);
      putWordLE(out, 0, i0);
      putWordLE(out, 4, i1);
      putWordLE(out, 8, i2);
      for (let k = 0; k < padded; k++) out[IV_BYTES + k] = hashIn[tailBlocks + k];
      const tagAt = IV_BYTES + padded;
      putWordLE(out, tagAt, t0 ^ mask.s0);
      putWordLE(out, tagAt + 4, t1 ^ mask.s1);
      putWordLE(out, tagAt + 8, t2 ^ mask.s2);
      putWordLE(out, tagAt + 12, t3 ^ mask.s3);
      return out;
    },
  };
}
