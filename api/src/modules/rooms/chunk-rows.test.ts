import { describe, expect, it } from 'vitest';
import { AppError } from '../../shared/errors';
import { BinaryCopyWriter } from './binary-copy';
import { decodeChunk, tokenEntries } from './chunk-rows';
import { buildColumns } from './datasets.service';

const columns = buildColumns([
  { name: 'email', role: 'join' },
  { name: 'age', role: 'clear' },
  { name: 'name', role: 'sealed' },
]);
const b64 = (bytes: number[] | Buffer) => Buffer.from(bytes).toString('base64');
const token = (fill: number) => b64(Buffer.alloc(16, fill));
const sealed = (fill: number, length = 44) => b64(Buffer.alloc(length, fill));

function refusal(f: () => unknown): string {
  try {
    f();
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    return (err as AppError).message;
  }
  throw new Error('expected a refusal');
}

describe('decodeChunk', () => {
  it('lays the cells of every role out in one buffer, with empty cells marked', () => {
    const c = decodeChunk(
      columns,
      [
        [[token(1), sealed(2)], '34', sealed(3, 60)],
        [null, null, null],
        [[null, sealed(4)], 'x', sealed(5)],
      ],
      100,
    );
    expect([c.firstRow, c.rowCount, c.tokenCols, c.sealedCols, c.clearCols]).toEqual([100, 3, 1, 2, 1]);
    const bytes = (at: number, length: number) => [...c.blob.subarray(at, at + length)];
    expect(bytes(c.tokenAt[0], 16)).toEqual(Array(16).fill(1));
    expect([c.tokenAt[1], c.tokenAt[2]]).toEqual([-1, -1]);
    // sealed slots: the join key's sealed copy first, then the sealed column
    expect([c.sealedLength[0], c.sealedLength[1]]).toEqual([44, 60]);
    expect(bytes(c.sealedAt[0], 44)).toEqual(Array(44).fill(2));
    expect(bytes(c.sealedAt[1], 60)).toEqual(Array(60).fill(3));
    expect([c.sealedAt[2], c.sealedAt[3], c.sealedLength[2]]).toEqual([-1, -1, -1]);
    expect(bytes(c.sealedAt[4], 44)).toEqual(Array(44).fill(4));
    expect(c.clear).toEqual(['34', null, 'x']);
    expect(tokenEntries(c)).toEqual({ col: [1], at: [c.tokenAt[0]], rowNo: [100] });
  });

  it('grows its buffer for cells larger than it planned for', () => {
    const rows = Array.from({ length: 3 }, (_, i) => [[token(i), sealed(i, 4000)], null, sealed(9, 8000)]);
    const c = decodeChunk(columns, rows, 0);
    expect(c.blob.length).toBe(3 * (16 + 4000 + 8000));
    expect([...c.blob.subarray(c.sealedAt[5], c.sealedAt[5] + 8000)]).toEqual(Array(8000).fill(9));
    expect([...c.blob.subarray(c.tokenAt[2], c.tokenAt[2] + 16)]).toEqual(Array(16).fill(2));
  });

  it.each([
    ['a row of the wrong width', [[null, null]], 'encrypted.0: expected 3 cells, got 2'],
    ['a token of 15 bytes', [[[b64(Buffer.alloc(15)), null], null, null]], 'encrypted.0.0: a token is base64'],
    ['a join cell that is not a pair', [[token(1), null, null]], 'encrypted.0.0: a join cell is [token, sealed]'],
    [
      'base64 with a character outside the alphabet',
      [[null, null, '!' + sealed(1).slice(1)]],
      'encrypted.0.2: a sealed cell',
    ],
    ['base64 with a bad length', [[null, null, sealed(1) + 'A']], 'encrypted.0.2: a sealed cell'],
    ['a sealed cell too short to hold an IV and a tag', [[null, null, sealed(1, 27)]], 'encrypted.0.2: a sealed cell'],
    ['a sealed cell over 8192 bytes', [[null, null, sealed(1, 8193)]], 'encrypted.0.2: a sealed cell'],
    ['a clear number', [[null, 34, null]], 'encrypted.0.1: a clear cell'],
    ['a clear cell with NUL', [[null, 'a\u0000b', null]], 'encrypted.0.1: a clear cell'],
    ['a clear cell over 1000 characters', [[null, 'x'.repeat(1001), null]], 'encrypted.0.1: a clear cell'],
  ])('refuses %s, naming the place and never the content', (_label, rows, message) => {
    const text = refusal(() => decodeChunk(columns, rows as unknown[][], 0));
    expect(text).toContain(message);
    expect(text).not.toMatch(/AAAA|!|xxxx/);
  });
});

describe('BinaryCopyWriter', () => {
  it("writes PostgreSQL's binary COPY format", () => {
    const source = Buffer.from([0xaa, 0xbb, 0xcc]);
    const w = new BinaryCopyWriter(8);
    w.tuple(4)
      .int32(7)
      .int16(-2)
      .null()
      .byteaArray(source, Int32Array.from([1, -1]), 0, 2, 2);
    w.tuple(1).textArray(['é', null], 0, 2);
    const hex = w.finish().toString('hex');
    const expected = [
      Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1').toString('hex'),
      '00000000', // flags
      '00000000', // header extension
      '0004', // fields
      '00000004' + '00000007',
      '00000002' + 'fffe',
      'ffffffff', // NULL
      // bytea[]: size, 1 dimension, has nulls, oid 17, 2 elements from 1, [bb cc], NULL
      '0000001e' + '00000001' + '00000001' + '00000011' + '00000002' + '00000001' + '00000002bbcc' + 'ffffffff',
      '0001',
      // text[]: 'é' is 2 bytes of UTF-8
      '0000001e' + '00000001' + '00000001' + '00000019' + '00000002' + '00000001' + '00000002c3a9' + 'ffffffff',
      'ffff', // trailer
    ].join('');
    expect(hex).toBe(expected);
  });
});
