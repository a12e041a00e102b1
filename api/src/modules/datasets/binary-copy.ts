// PostgreSQL's binary COPY format (https://www.postgresql.org/docs/current/sql-copy.html, "Binary
// Format"): a signature, then per tuple a field count and per field a length (-1: NULL) and the
// value in the type's binary send format. Only the types the clean-room tables use are here.

const SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');
const OID = { bytea: 17, text: 25 } as const;

/** A binary COPY stream built in memory: tuples are appended field by field, then `finish()`. */
export class BinaryCopyWriter {
  private buf: Buffer;
  private at = 0;

  constructor(sizeHint = 64 * 1024) {
    this.buf = Buffer.allocUnsafe(Math.max(64, sizeHint));
    this.raw(SIGNATURE);
    this.i32(0); // flags: no OIDs
    this.i32(0); // header extension length
  }

  tuple(fields: number): this {
    this.i16(fields);
    return this;
  }

  null(): this {
    this.i32(-1);
    return this;
  }

  int16(v: number): this {
    this.i32(2);
    this.i16(v);
    return this;
  }

  int32(v: number): this {
    this.i32(4);
    this.i32(v);
    return this;
  }

  /** A bytea field: `length` bytes of `source` from `offset`. */
  bytea(source: Buffer, offset: number, length: number): this {
    this.i32(length);
    this.ensure(length);
    source.copy(this.buf, this.at, offset, offset + length);
    this.at += length;
    return this;
  }

  /**
   * A one-dimensional bytea[] or text[] of `count` elements: element i is `length` bytes of
   * `source` at `offsets[start + i]` (-1: NULL), `length` one number for all or an array aligned
   * with `offsets`. Text elements must be valid UTF-8 without NUL (the server checks).
   */
  array(
    type: keyof typeof OID,
    source: Buffer,
    offsets: Int32Array,
    start: number,
    count: number,
    length: number | Int32Array,
  ): this {
    // no closures here: this runs for every array of every row (millions of times a data set)
    const fixed = typeof length === 'number' ? length : -1;
    let size = 20;
    let hasNull = 0;
    for (let i = start; i < start + count; i++) {
      if (offsets[i] < 0) hasNull = 1;
      else size += fixed >= 0 ? fixed : (length as Int32Array)[i];
      size += 4;
    }
    this.i32(size);
    this.i32(1); // dimensions
    this.i32(hasNull);
    this.i32(OID[type]);
    this.i32(count);
    this.i32(1); // lower bound
    for (let i = start; i < start + count; i++) {
      if (offsets[i] < 0) this.i32(-1);
      else this.bytea(source, offsets[i], fixed >= 0 ? fixed : (length as Int32Array)[i]);
    }
    return this;
  }

  /** The whole stream, trailer included. The writer must not be used afterwards. */
  finish(): Buffer {
    this.i16(-1);
    return this.buf.subarray(0, this.at);
  }

  private ensure(n: number) {
    if (this.at + n <= this.buf.length) return;
    const next = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.at + n));
    this.buf.copy(next, 0, 0, this.at);
    this.buf = next;
  }

  // big-endian, byte by byte: several times cheaper than Buffer's checked writeInt*BE here
  private i16(v: number) {
    this.ensure(2);
    const b = this.buf;
    b[this.at++] = (v >> 8) & 0xff;
    b[this.at++] = v & 0xff;
  }

  private i32(v: number) {
    this.ensure(4);
    const b = this.buf;
    b[this.at++] = (v >>> 24) & 0xff;
    b[this.at++] = (v >>> 16) & 0xff;
    b[this.at++] = (v >>> 8) & 0xff;
    b[this.at++] = v & 0xff;
  }

  private raw(bytes: Buffer) {
    this.ensure(bytes.length);
    this.at += bytes.copy(this.buf, this.at);
  }
}
