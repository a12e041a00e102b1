// Sealed cells (CRYPTO.md s.4): AES-256-GCM, a fresh random 96-bit IV per cell, AAD binding the
// cell to its place, and the value padded so the ciphertext length says little about it.
import { concatBytes, copyBytes, fromUtf8, randomBytes, utf8, type Bytes } from './bytes';
import { CryptoError } from './errors';
import { assertCount, assertField } from './fields';

export const IV_BYTES = 12;
const TAG_BYTES = 16;
const LENGTH_PREFIX_BYTES = 4;

// Where a cell lives. All five go into the AAD, so a cell copied to another room, data set,
// column, row or key version fails to open instead of showing a plausible wrong value.
export type CellPlace = {
  roomId: string;
  datasetId: string;
  column: string;
  rowNumber: number;
  keyVersion: number;
};

// AAD = UTF-8 of `roomId|datasetId|column|rowNumber|keyVersion` (decimal numbers).
export function cellAad(place: CellPlace): Bytes {
  assertField('roomId', place.roomId);
  assertField('datasetId', place.datasetId);
  assertField('column', place.column);
  assertCount('rowNumber', place.rowNumber, 0);
  assertCount('keyVersion', place.keyVersion, 1);
  return utf8([place.roomId, place.datasetId, place.column, place.rowNumber, place.keyVersion].join('|'));
}

// Padding scheme. Each column has a bucket size B (chosen by the uploader, e.g. with
// padBucketFor over a sample of the column). A value of n UTF-8 bytes becomes
//   uint32 big-endian n || value bytes || zero bytes
// up to the smallest B * 2^k >= 4 + n. So every short value of a column has the same length,
// and a long one reveals only its power-of-two size class.
export type PadBucket = 16 | 32 | 64 | 128 | 256 | 512 | 1024;
export const PAD_BUCKETS: readonly PadBucket[] = [16, 32, 64, 128, 256, 512, 1024];
export const DEFAULT_PAD_BUCKET: PadBucket = 32;

// Smallest bucket that holds a value of maxValueBytes; the largest bucket beyond that.
export function padBucketFor(maxValueBytes: number): PadBucket {
  assertCount('maxValueBytes', maxValueBytes, 0);
  return PAD_BUCKETS.find((bucket) => bucket >= LENGTH_PREFIX_BYTES + maxValueBytes) ?? 1024;
}

// The padded size of a value of `valueBytes` UTF-8 bytes; a sealed cell is IV + this + tag.
export function paddedLength(valueBytes: number, bucket: PadBucket = DEFAULT_PAD_BUCKET): number {
  let size: number = bucket;
  while (size < LENGTH_PREFIX_BYTES + valueBytes) size *= 2;
  return size;
}

export const sealedCellLength = (valueBytes: number, bucket: PadBucket = DEFAULT_PAD_BUCKET) =>
  IV_BYTES + paddedLength(valueBytes, bucket) + TAG_BYTES;

export function padCellValue(value: string, bucket: PadBucket = DEFAULT_PAD_BUCKET): Bytes {
  if (!PAD_BUCKETS.includes(bucket)) throw new CryptoError('INVALID_ARGUMENT', `bad pad bucket ${bucket}`);
  const bytes = utf8(value);
  const padded = new Uint8Array(paddedLength(bytes.length, bucket));
  new DataView(padded.buffer).setUint32(0, bytes.length);
  padded.set(bytes, LENGTH_PREFIX_BYTES);
  return padded;
}

// Strict inverse: the length must fit and every padding byte must be zero.
export function unpadCellValue(padded: Uint8Array): string {
  if (padded.length < LENGTH_PREFIX_BYTES) throw malformed('shorter than its length prefix');
  const length = new DataView(padded.buffer, padded.byteOffset, padded.byteLength).getUint32(0);
  const end = LENGTH_PREFIX_BYTES + length;
  if (end > padded.length) throw malformed('length prefix beyond the padded value');
  if (padded.subarray(end).some((byte) => byte !== 0)) throw malformed('non-zero padding');
  try {
    return fromUtf8(padded.subarray(LENGTH_PREFIX_BYTES, end));
  } catch (cause) {
    throw new CryptoError('CELL_MALFORMED', 'sealed cell is not valid UTF-8', { cause });
  }
}

export type SealCellOptions = {
  padBucket?: PadBucket;
  // TEST ONLY: a fixed IV makes known-answer vectors possible. Reusing an IV with one key breaks
  // AES-GCM completely, so production code must never pass this.
  testOnlyIv?: Uint8Array;
};

// Output bytes = IV (12) || AES-GCM ciphertext || tag (16), stored by the server as bytea.
export async function sealCell(
  sealKey: CryptoKey,
  value: string,
  place: CellPlace,
  options: SealCellOptions = {},
): Promise<Bytes> {
  assertAesKey(sealKey, 'encrypt');
  const iv = options.testOnlyIv === undefined ? randomBytes(IV_BYTES) : copyBytes(options.testOnlyIv);
  if (iv.length !== IV_BYTES) throw new CryptoError('INVALID_ARGUMENT', `the IV must be ${IV_BYTES} bytes`);
  const plaintext = padCellValue(value, options.padBucket);
  const ciphertext = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: cellAad(place), tagLength: TAG_BYTES * 8 },
    sealKey,
    plaintext,
  );
  return concatBytes(iv, new Uint8Array(ciphertext));
}

// Any change to IV, ciphertext, tag, key or place gives CELL_OPEN_FAILED, never a wrong value.
export async function openCell(openKey: CryptoKey, sealed: Uint8Array, place: CellPlace): Promise<string> {
  assertAesKey(openKey, 'decrypt');
  const additionalData = cellAad(place);
  if (sealed.length < IV_BYTES + TAG_BYTES) throw new CryptoError('CELL_OPEN_FAILED', 'sealed cell too short');
  let plaintext: ArrayBuffer;
  try {
    plaintext = await crypto.subtle.decrypt(
      {
        name: 'AES-GCM',
        iv: copyBytes(sealed.subarray(0, IV_BYTES)),
        additionalData,
        tagLength: TAG_BYTES * 8,
      },
      openKey,
      copyBytes(sealed.subarray(IV_BYTES)),
    );
  } catch (cause) {
    throw new CryptoError('CELL_OPEN_FAILED', 'sealed cell did not open: wrong key or place, or tampered', {
      cause,
    });
  }
  return unpadCellValue(new Uint8Array(plaintext));
}

// A key of the wrong kind is a programming error; say so instead of reporting a failed open.
function assertAesKey(key: CryptoKey, usage: KeyUsage): void {
  if (key.algorithm.name !== 'AES-GCM' || !key.usages.includes(usage)) {
    throw new CryptoError('INVALID_ARGUMENT', `expected an AES-GCM key with usage "${usage}" from deriveSealKey`);
  }
}

function malformed(reason: string): CryptoError {
  return new CryptoError('CELL_MALFORMED', `sealed cell padding is malformed: ${reason}`);
}
