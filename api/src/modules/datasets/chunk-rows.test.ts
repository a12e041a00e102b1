import { describe, expect, it } from 'vitest';
import { AppError } from '../../shared/errors';
import { BinaryCopyWriter, BufferPool } from './binary-copy';
import { decodeChunk, decodePackedChunk, numericSpan } from './chunk-rows';
import { buildColumns } from './dataset-settings';

const columns = buildColumns(
  [
    { name: 'email', role: 'join', shared: false },
    { name: 'age', role: 'clear', shared: false },
    { name: 'name', role: 'sealed', shared: true },
  ],
  'matches',
);
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
    const clear = (slot: number) =>
      c.clearAt[slot] < 0 ? null : c.blob.toString('utf8', c.clearAt[slot], c.clearAt[slot] + c.clearLength[slot]);
    expect([0, 1, 2].map(clear)).toEqual(['34', null, 'x']);
    // '34' is a number: its span is the cell itself; 'x' is none
    expect([c.numberAt[0], c.numberLength[0], c.numberAt[1], c.numberAt[2]]).toEqual([c.clearAt[0], 2, -1, -1]);
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

// the packed form of rows: each cell part a 2-byte length (0xffff: null) and its bytes
const pack = (rows: (Buffer | string | null)[][]) =>
  Buffer.concat(
    rows.flat().flatMap((part) => {
      const len = Buffer.alloc(2);
      if (part === null) return [Buffer.from([0xff, 0xff])];
      const bytes = typeof part === 'string' ? Buffer.from(part) : part;
      len.writeUInt16BE(bytes.length);
      return [len, bytes];
    }),
  ).toString('base64');

describe('decodePackedChunk', () => {
  const cells = (fill: number, length: number) => Buffer.alloc(length, fill);
  it('reads the same layout as the JSON rows, leaving the cells where they are', () => {
    const json = decodeChunk(
      columns,
      [
        [[token(1), sealed(2)], 'Zürich', sealed(3, 60)],
        [null, null, null],
      ],
      7,
    );
    const packed = decodePackedChunk(
      columns,
      pack([
        [cells(1, 16), cells(2, 44), 'Zürich', cells(3, 60)],
        [null, null, null, null],
      ]),
      7,
      10,
    );
    const view = (c: typeof json) => ({
      rows: c.rowCount,
      tokens: [...c.tokenAt].map((at) => (at < 0 ? null : c.blob.toString('hex', at, at + 16))),
      sealed: [...c.sealedAt].map((at, i) => (at < 0 ? null : c.blob.toString('hex', at, at + c.sealedLength[i]))),
      clear: [...c.clearAt].map((at, i) => (at < 0 ? null : c.blob.toString('utf8', at, at + c.clearLength[i]))),
      numbers: [...c.numberAt].map((at, i) => (at < 0 ? null : c.blob.toString('utf8', at, at + c.numberLength[i]))),
    });
    expect(view(packed)).toEqual(view(json));
    expect(view(packed).clear).toEqual(['Zürich', null]);
    expect(view(packed).numbers).toEqual([null, null]);
  });

  it.each([
    ['text that is not base64', '!!!!', 'packed: not base64'],
    ['a row cut short', pack([[cells(1, 16), cells(2, 44), '3']]), 'packed: row 0 ends early'],
    ['a part longer than the rest', Buffer.from([0, 200, 1, 2]).toString('base64'), 'packed: row 0 ends early'],
    ['a token of 15 bytes', pack([[cells(1, 15), null, null, null]]), 'encrypted.0.0: a token is base64'],
    ['a sealed cell of 27 bytes', pack([[null, null, null, cells(1, 27)]]), 'encrypted.0.2: a sealed cell'],
    ['clear bytes that are not UTF-8', pack([[null, null, Buffer.from([0xc3, 0x28]), null]]), 'encrypted.0.1'],
    ['a clear cell with NUL', pack([[null, null, 'a\u0000b', null]]), 'encrypted.0.1: a clear cell'],
    ['a clear cell over 1000 characters', pack([[null, null, 'é'.repeat(1001), null]]), 'encrypted.0.1'],
  ])('refuses %s', (_label, packed, message) => {
    expect(refusal(() => decodePackedChunk(columns, packed, 0, 10))).toContain(message);
  });

  it('takes at most the rows it is allowed', () => {
    const rows = Array.from({ length: 3 }, () => [null, null, null, null]);
    expect(decodePackedChunk(columns, pack(rows), 0, 3).rowCount).toBe(3);
    expect(refusal(() => decodePackedChunk(columns, pack(rows), 0, 2))).toContain('packed: at most 2 rows');
  });
});

describe('BinaryCopyWriter', () => {
  it("writes PostgreSQL's binary COPY format", () => {
    const source = Buffer.from([0xaa, 0xbb, 0xcc]);
    const w = new BinaryCopyWriter(8);
    w.tuple(4).int32(7).int16(-2).null().bytea(source, 1, 2);
    const text = Buffer.from('é');
    w.tuple(1).text(text, 0, text.length);
    const hex = w.finish().toString('hex');
    const expected = [
      Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1').toString('hex'),
      '00000000', // flags
      '00000000', // header extension
      '0004', // fields
      '00000004' + '00000007',
      '00000002' + 'fffe',
      'ffffffff', // NULL
      '00000002' + 'bbcc',
      '0001',
      '00000002' + 'c3a9', // 'é' is 2 bytes of UTF-8
      'ffff', // trailer
    ].join('');
    expect(hex).toBe(expected);
  });

  it('writes numerics as base-10000 digits grouped from the point', () => {
    const numeric = (text: string) => {
      const w = new BinaryCopyWriter(8);
      const bytes = Buffer.from(text, 'latin1');
      const all = w.tuple(1).numeric(bytes, 0, bytes.length).finish();
      return all.subarray(19 + 2 + 4, all.length - 2).toString('hex');
    };
    // ndigits, weight, sign, dscale, digits
    expect(numeric('0')).toBe('0000' + 'ffff' + '0000' + '0000');
    expect(numeric('-0.50')).toBe('0001' + 'ffff' + '4000' + '0002' + '1388');
    expect(numeric('0012345.6')).toBe('0003' + '0001' + '0000' + '0001' + '0001' + '0929' + '1770');
    expect(numeric('10000')).toBe('0002' + '0001' + '0000' + '0000' + '0001' + '0000');
  });

  it('writes the same from pooled buffers, grown as needed, and hands them out again once released', () => {
    const pool = new BufferPool(2);
    const source = Buffer.alloc(100, 0x5a);
    const write = (w: BinaryCopyWriter) => {
      for (let i = 0; i < 50; i++) w.tuple(2).int32(i).bytea(source, 0, 100);
      return Buffer.from(w.finish()).toString('hex');
    };
    const plain = write(new BinaryCopyWriter(8));
    // a small buffer left with other bytes in it: the writer grows out of it, and sends only what it wrote
    pool.give(Buffer.alloc(64, 0xee));
    const pooled = new BinaryCopyWriter(8, pool);
    expect(write(pooled)).toBe(plain);
    pooled.release();
    // the buffer it ended with (over 5 kB) is handed out again, once
    const reused = pool.take(5000);
    expect(reused.length).toBeGreaterThanOrEqual(5800);
    expect(pool.take(5000)).not.toBe(reused);
    pool.give(reused);
    const again = new BinaryCopyWriter(5000, pool);
    expect(write(again)).toBe(plain);
  });
});

describe('numericSpan', () => {
  const number = (text: string) => {
    const bytes = Buffer.from(`xx${text}yy`, 'utf8');
    const n = numericSpan(bytes, 2, bytes.length - 4);
    return n && bytes.toString('utf8', n.at, n.at + n.length);
  };
  it('finds the number without the white space around it', () => {
    expect(['42', '-3.5', ' 7 ', '\t-0.25\r\n', '0007', '-0', '123456789012345678901234567890.5'].map(number)).toEqual([
      '42',
      '-3.5',
      '7',
      '-0.25',
      '0007',
      '-0',
      '123456789012345678901234567890.5',
    ]);
  });
  it('is no number otherwise', () => {
    const none = [
      '',
      ' ',
      'abc',
      '1e3',
      '+1',
      '.5',
      '5.',
      '1,5',
      '1 2',
      '--1',
      '-',
      '1.2.3',
      '\u00a05',
      '\u20035',
      '٣',
    ];
    expect(none.map(number)).toEqual(none.map(() => null));
  });
});
