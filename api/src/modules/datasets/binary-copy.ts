// PostgreSQL's binary COPY format (https://www.postgresql.org/docs/current/sql-copy.html, "Binary
// Format"): a signature, then per tuple a field count and per field a length (-1: NULL) and the
// value in the type's binary send format. Only the types the clean-room tables use are here.

const SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');

/** A binary COPY stream built in memory: tuples are appended field by field, then `finish()`. */
export class BinaryCopyWriter {
  private buf: Buffer;
  private at = 0;

  /** `sizeHint`: bytes to start with; `from`: where the buffers come from (and go back to, see release). */
  constructor(
    sizeHint = 64 * 1024,
    private readonly from?: BufferPool,
  ) {
    this.buf = from ? from.take(Math.max(64, sizeHint)) : Buffer.allocUnsafe(Math.max(64, sizeHint));
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

  /** A text field: `length` bytes of UTF-8 (without NUL: the server checks) of `source` from `offset`. */
  text(source: Buffer, offset: number, length: number): this {
    return this.bytea(source, offset, length);
  }

  /**
   * A numeric field from its decimal digits: `length` ASCII bytes of `source` from `offset`,
   * `-?[0-9]+(\.[0-9]+)?` (numericSpan in chunk-rows.ts checked them), the same value and scale as
   * PostgreSQL's text input gives. The binary form: the count of base-10000 digits, the weight of
   * the first, the sign, the display scale, then the digits, grouped four decimal digits each from
   * the point (the server strips leading and trailing zero digits).
   */
  numeric(source: Uint8Array, offset: number, length: number): this {
    const end = offset + length;
    let k = offset;
    const negative = source[k] === 0x2d;
    if (negative) k++;
    let point = k;
    while (point < end && source[point] !== 0x2e) point++;
    while (k < point && source[k] === 0x30) k++; // leading zeros
    const intDigits = point - k;
    const fracStart = Math.min(point + 1, end);
    const fracDigits = end - fracStart;
    const intGroups = Math.ceil(intDigits / 4);
    const fracGroups = Math.ceil(fracDigits / 4);
    this.i32(8 + 2 * (intGroups + fracGroups));
    this.i16(intGroups + fracGroups);
    this.i16(intGroups - 1); // weight: 10000^weight is the first digit's place
    this.i16(negative ? 0x4000 : 0);
    this.i16(fracDigits);
    // the integer part's first group takes what is left over by the groups of four after it
    let take = intDigits - (intGroups - 1) * 4;
    for (let g = 0; g < intGroups; g++) {
      let v = 0;
      for (let j = 0; j < take; j++) v = v * 10 + source[k++] - 0x30;
      this.i16(v);
      take = 4;
    }
    // the fraction's last group is padded with zeros on the right
    for (let g = 0, at = fracStart; g < fracGroups; g++) {
      let v = 0;
      for (let j = 0; j < 4; j++) v = v * 10 + (at < end ? source[at++] - 0x30 : 0);
      this.i16(v);
    }
    return this;
  }

  /** Gives the writer's buffer back to its pool, once what finish() returned is no longer needed. */
  release(): void {
    this.from?.give(this.buf);
  }

  /** The whole stream, trailer included. The writer must not be used afterwards. */
  finish(): Buffer {
    this.i16(-1);
    return this.buf.subarray(0, this.at);
  }

  private ensure(n: number) {
    if (this.at + n <= this.buf.length) return;
    const size = Math.max(this.buf.length * 2, this.at + n);
    const next = this.from ? this.from.take(size) : Buffer.allocUnsafe(size);
    this.buf.copy(next, 0, 0, this.at);
    this.from?.give(this.buf);
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

/**
 * Large buffers kept for reuse. The COPY data of a 20,000-row chunk is about 4 MB: allocating it
 * afresh for every chunk made V8 run a full garbage collection every few chunks (memory outside
 * its heap counts towards its collections), which cost more CPU than the COPY itself. A buffer is
 * handed out to one writer at a time; what a writer sends is only the part it wrote.
 */
export class BufferPool {
  private readonly spare: Buffer[] = [];

  constructor(private readonly keep = 8) {}

  /** A buffer of at least `size` bytes (its contents are whatever it held before). */
  take(size: number): Buffer {
    const i = this.spare.findIndex((b) => b.length >= size);
    if (i >= 0) return this.spare.splice(i, 1)[0];
    return Buffer.allocUnsafe(size);
  }

  /** Takes a buffer back; when `keep` are already kept, the smallest of them all goes. */
  give(buf: Buffer): void {
    if (this.spare.includes(buf)) return;
    this.spare.push(buf);
    if (this.spare.length > this.keep) {
      const smallest = this.spare.reduce((min, b, i) => (b.length < this.spare[min].length ? i : min), 0);
      this.spare.splice(smallest, 1);
    }
  }
}
