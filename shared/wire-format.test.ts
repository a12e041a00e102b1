import { describe, expect, it } from 'vitest';
import { decodeChunkBody, encodeChunkBody, PackedRowsWriter, partsPerRow, unpackRows } from './wire-format';

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

describe('binary chunk bodies', () => {
  it('carry a 4-byte length, the fields as JSON, then the packed rows as they are', () => {
    const packed = new Uint8Array([0, 2, 0xc3, 0xa9, 0xff, 0xff]);
    const body = encodeChunkBody({ campaign: 'Zoë', chunk_index: 1 }, packed);
    const json = '{"campaign":"Zoë","chunk_index":1}';
    const length = new TextEncoder().encode(json).length;
    expect(toHex(body.subarray(0, 4))).toBe(length.toString(16).padStart(8, '0'));
    expect(new TextDecoder().decode(body.subarray(4, 4 + length))).toBe(json);
    expect(toHex(body.subarray(4 + length))).toBe('0002c3a9ffff');
    const back = decodeChunkBody(body);
    expect(back.fields).toEqual({ campaign: 'Zoë', chunk_index: 1 });
    expect(toHex(back.packed)).toBe('0002c3a9ffff');
    // a view of a larger buffer reads the same
    const framed = new Uint8Array(body.length + 3);
    framed.set(body, 3);
    expect(decodeChunkBody(framed.subarray(3)).fields).toEqual({ campaign: 'Zoë', chunk_index: 1 });
  });

  it('say what is wrong with a malformed body', () => {
    const withFields = (text: string) => {
      const bytes = new TextEncoder().encode(text);
      return new Uint8Array([0, 0, bytes.length >> 8, bytes.length & 0xff, ...bytes]);
    };
    expect(() => decodeChunkBody(new Uint8Array(3))).toThrow('4-byte length');
    expect(() => decodeChunkBody(new Uint8Array([0, 0, 0, 9, 0x7b]))).toThrow('ends inside');
    expect(() => decodeChunkBody(new Uint8Array([0, 0x10, 0, 0]))).toThrow('at most');
    expect(() => decodeChunkBody(withFields('{"a":'))).toThrow('not JSON');
    expect(() => decodeChunkBody(withFields('{"a":{"__proto__":{"x":1}}}'))).toThrow('__proto__');
    expect(() => decodeChunkBody(withFields('"text"'))).toThrow('a JSON object');
    expect(() => decodeChunkBody(new Uint8Array([0, 0, 0, 2, 0xc3, 0x28]))).toThrow('UTF-8');
  });
});
