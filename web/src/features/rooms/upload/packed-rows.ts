// The packed form of an upload chunk (the `packed` field of POST /v1/vcr/uploadEncrypted): rows
// back to back, per row and column each cell part a 2-byte big-endian length (0xFFFF: NULL) and
// that many bytes. Clear cells are UTF-8, sealed cells their bytes, join keys the 16-byte token
// then the sealed copy. Bytes instead of JSON arrays of base64 strings: nothing to encode per cell
// here, nothing to parse per cell on the server, and one buffer to hand back from a worker.
import { utf8 } from '../../../crypto/bytes';

const NULL_PART = 0xffff;

export class PackedRowsWriter {
  private buf: Uint8Array<ArrayBuffer>;
  private at = 0;

  constructor(sizeHint = 64 * 1024) {
    this.buf = new Uint8Array(Math.max(64, sizeHint));
  }

  /** One cell part: bytes, a string (as UTF-8), or null. */
  part(value: Uint8Array | string | null): void {
    if (value === null) {
      this.length(NULL_PART);
      return;
    }
    const bytes = typeof value === 'string' ? utf8(value) : value;
    if (bytes.length >= NULL_PART) throw new RangeError('a cell part holds at most 65534 bytes');
    this.length(bytes.length);
    this.ensure(bytes.length);
    this.buf.set(bytes, this.at);
    this.at += bytes.length;
  }

  /** The packed rows (a copy sized to fit: its buffer can be transferred). */
  finish(): Uint8Array<ArrayBuffer> {
    return this.buf.slice(0, this.at);
  }

  private length(n: number) {
    this.ensure(2);
    this.buf[this.at++] = n >> 8;
    this.buf[this.at++] = n & 0xff;
  }

  private ensure(n: number) {
    if (this.at + n <= this.buf.length) return;
    const grown = new Uint8Array(Math.max(this.buf.length * 2, this.at + n));
    grown.set(this.buf.subarray(0, this.at));
    this.buf = grown;
  }
}

/** Reads packed rows back, `partsPerRow` parts a row (a join key counts two); null parts as null. */
export function unpackRows(packed: Uint8Array, partsPerRow: number): (Uint8Array | null)[][] {
  const rows: (Uint8Array | null)[][] = [];
  let at = 0;
  while (at < packed.length) {
    const row: (Uint8Array | null)[] = [];
    for (let p = 0; p < partsPerRow; p++) {
      if (at + 2 > packed.length) throw new RangeError('packed rows end early');
      const length = (packed[at] << 8) | packed[at + 1];
      at += 2;
      if (length === NULL_PART) {
        row.push(null);
        continue;
      }
      if (at + length > packed.length) throw new RangeError('packed rows end early');
      row.push(packed.subarray(at, at + length));
      at += length;
    }
    rows.push(row);
  }
  return rows;
}
