import { describe, expect, it } from 'vitest';
import { PackedRowsWriter, partsPerRow, unpackRows } from './wire-format';

const toHex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

describe('packed rows', () => {
  it('writes each part as a 2-byte length and its bytes, null as 0xffff, strings as UTF-8', () => {
    const w = new PackedRowsWriter(4);
    w.part(new Uint8Array([1, 2, 3]));
    w.part(null);
    w.part('');
    w.part('é');
    const packed = w.finish();
    expect(toHex(packed)).toBe('0003010203' + 'ffff' + '0000' + '0002c3a9');
    // the buffer is exactly the bytes written (it is transferred to the page as is)
    expect(packed.buffer.byteLength).toBe(packed.length);
    expect(unpackRows(packed, 2).map((row) => row.map((p) => (p === null ? null : toHex(p))))).toEqual([
      ['010203', null],
      ['', 'c3a9'],
    ]);
  });

  it('counts two parts for a join key (token, sealed copy), one for the others', () => {
    expect(partsPerRow(['join', 'clear', 'sealed', 'join'])).toBe(6);
  });

  it('refuses a part too long for its length, and reads no rows past the end', () => {
    expect(() => new PackedRowsWriter().part(new Uint8Array(0xffff))).toThrow(RangeError);
    expect(() => unpackRows(new Uint8Array([0, 5, 1]), 1)).toThrow('end early');
  });
});
