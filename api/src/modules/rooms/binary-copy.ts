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
   * A one-dimensional bytea[] of `count` elements: element i is `length` bytes of `source` at
   * `offsets[start + i]` (-1: NULL), `length` a number for all or an array aligned with `offsets`.
   */
  byteaArray(source: Buffer, offsets: Int32Array, start: number, count: number, length: number | Int32Array): this {
    const len = (i: number) => (typeof length === 'number' ? length : length[i]);
    let size = 20;
    let hasNull = 0;
    for (let i = start; i < start + count; i++) {
      if (offsets[i] < 0) hasNull = 1;
      else size += len(i);
      size += 4;
    }
    this.arrayHeader(size, hasNull, OID.bytea, count);
    for (let i = start; i < start + count; i++) {
      if (offsets[i] < 0) this.i32(-1);
      else this.bytea(source, offsets[i], len(i));
    }
    return this;
  }

  /** A one-dimensional text[] of `values[from .. from + count)`. */
  textArray(values: readonly (string | null)[], from: number, count: number): this {
    let size = 20;
    let hasNull = 0;
    for (let i = from; i < from + count; i++) {
      const v = values[i];
      if (v === null) hasNull = 1;
      size += 4 + (v === null ? 0 : Buffer.byteLength(v, 'utf8'));
    }
    this.arrayHeader(size, hasNull, OID.text, count);
    for (let i = from; i < from + count; i++) {
      const v = values[i];
      if (v === null) {
        this.i32(-1);
        continue;
      }
      const length = Buffer.byteLength(v, 'utf8');
      this.i32(length);
      this.ensure(length);
      this.at += this.buf.write(v, this.at, length, 'utf8');
    }
    return this;
  }

  /** The whole stream, trailer included. The writer must not be used afterwards. */
  finish(): Buffer {
    this.i16(-1);
    return this.buf.subarray(0, this.at);
  }

  private arrayHeader(size: number, hasNull: number, oid: number, count: number) {
    this.i32(size);
    this.i32(1); // dimensions
    this.i32(hasNull);
    this.i32(oid);
    this.i32(count);
    this.i32(1); // lower bound
  }

  private ensure(n: number) {
    if (this.at + n <= this.buf.length) return;
    const next = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.at + n));
    this.buf.copy(next, 0, 0, this.at);
    this.buf = next;
  }

  private i16(v: number) {
    this.ensure(2);
    this.at = this.buf.writeInt16BE(v, this.at);
  }

  private i32(v: number) {
    this.ensure(4);
    this.at = this.buf.writeInt32BE(v, this.at);
  }

  private raw(bytes: Buffer) {
    this.ensure(bytes.length);
    this.at += bytes.copy(this.buf, this.at);
  }
}
