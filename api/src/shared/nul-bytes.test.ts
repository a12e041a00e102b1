import { describe, expect, it } from 'vitest';
import { findNulByte } from './nul-bytes';

describe('findNulByte', () => {
  it('names the path of the first string or key holding a NUL, in document order', () => {
    expect(findNulByte('a\0')).toBe('(input)');
    expect(findNulByte({ a: 'x', b: ['y', 'z\0'] })).toBe('b.1');
    expect(findNulByte({ a: [{ b: 'ok' }, { c: 'n\0' }], d: 'x\0' })).toBe('a.1.c');
    expect(findNulByte({ ok: { ['k\0']: 1 } })).toBe('ok.k\0');
    expect(findNulByte([['a', ['b\0']], 'c\0'])).toBe('0.1.0');
    expect(
      findNulByte({
        rows: [
          ['x', 'y'],
          ['z', '\0'],
        ],
      }),
    ).toBe('rows.1.1');
  });

  it('walks a parsed query string (an object on a prototype without one: fast-querystring)', () => {
    function Empty() {}
    Empty.prototype = Object.create(null);
    const query = Object.assign(new (Empty as unknown as new () => object)(), {
      questionId: 'q',
      responseAnswer: '\0',
    });
    expect(findNulByte(query)).toBe('responseAnswer');
  });

  it('passes text without NUL, numbers, nulls and class instances (uploads, buffers)', () => {
    expect(findNulByte({ a: 'x', b: [1, null, true, 'y'], c: {} })).toBeNull();
    expect(findNulByte(Buffer.from([0, 0]))).toBeNull();
    expect(findNulByte({ file: new Uint8Array([0]) })).toBeNull();
    expect(findNulByte(42)).toBeNull();
    expect(findNulByte(null)).toBeNull();
  });

  it('walks a body nested 100,000 deep without running out of stack', () => {
    let deep: unknown = 'end\0';
    for (let k = 0; k < 100_000; k++) deep = [deep];
    expect(findNulByte(deep)?.split('.')).toHaveLength(100_000);
    let clean: unknown = 'end';
    for (let k = 0; k < 100_000; k++) clean = { k: clean };
    expect(findNulByte(clean)).toBeNull();
  });
});
