import { describe, expect, it } from 'vitest';
import { type AppError } from '../../shared/errors';
import { buildColumns } from '../datasets/dataset-settings';
import { conditionWords, listWords, reportWords } from './condition-words';
import { compileFilter, compilePairs, leaves, parseCondition, parseFilter } from './join-condition';

const A = buildColumns(
  [
    { name: 'email', role: 'join', kind: 'email', shared: false },
    { name: 'age', role: 'clear', shared: true },
    { name: 'name', role: 'sealed', shared: false },
  ],
  'matches',
);
const B = buildColumns(
  [
    { name: 'mail', role: 'join', domain: 'email', shared: true },
    { name: 'city', role: 'clear', shared: true },
  ],
  'matches',
);
const tables = (id: string) => ({ rows: `"rows_${id}"`, sealed: `"sealed_${id}"` });
const eq = { left: { set: 1, column: 'email' }, op: '=', right: { set: 2, column: 'mail' } };
const code = (f: () => unknown) => {
  try {
    f();
  } catch (err) {
    return (err as AppError).code;
  }
  return 'no error';
};

describe('parseCondition', () => {
  it('validates leaves against the sets’ columns', () => {
    const tree = parseCondition(
      { op: 'and', conditions: [eq, { left: { set: 1, column: 'AGE' }, op: '>', value: 30 }] },
      { 1: A, 2: B },
    );
    expect(leaves(tree).map((l) => l.kind)).toEqual(['join', 'value']);
    expect(code(() => parseCondition({ left: { set: 1, column: 'name' }, op: '=', value: 'x' }, { 1: A, 2: B }))).toBe(
      'INVALID_CONDITION',
    );
    expect(code(() => parseCondition('select * from users', { 1: A, 2: B }))).toBe('SQL_NOT_ALLOWED');
    expect(code(() => parseCondition({ left: { set: 1, column: 'nope' }, op: '=', value: 1 }, { 1: A, 2: B }))).toBe(
      'UNKNOWN_COLUMN',
    );
  });

  it('a filter over one set compares values, never joins', () => {
    expect(leaves(parseFilter({ left: { set: 1, column: 'age' }, op: '<', value: 3 }, A))).toHaveLength(1);
    expect(code(() => parseFilter(eq, A))).toBe('UNKNOWN_COLUMN');
  });
});

describe('compilePairs', () => {
  it('joins the rows tables on the typed token columns', () => {
    const { sql, params } = compilePairs(parseCondition(eq, { 1: A, 2: B }), tables('a'), tables('b'));
    expect(sql).toBe('select a.row_no as ra, b.row_no as rb from "rows_a" a join "rows_b" b on b.t1 = a.t1');
    expect(params).toEqual([]);
  });

  it('filters on the typed cells: text as uploaded, numbers as numbers; values are parameters', () => {
    const tree = parseCondition(
      {
        op: 'and',
        conditions: [
          eq,
          { left: { set: 2, column: 'city' }, op: '=', value: "x' or '1'='1" },
          { left: { set: 1, column: 'age' }, op: '!=', value: -2.5 },
        ],
      },
      { 1: A, 2: B },
    );
    const { sql, params } = compilePairs(tree, tables('a'), tables('b'), (p) => [`a.c1 as g1`, `${p(7)} as x`]);
    expect(sql).toBe(
      'select a.row_no as ra, b.row_no as rb, a.c1 as g1, $3 as x from "rows_a" a join "rows_b" b on b.t1 = a.t1 where b.c1 = $1::text and a.n1 <> $2::numeric',
    );
    expect(params).toEqual(["x' or '1'='1", '-2.5', 7]);
  });

  it('combines OR alternatives, each with its own join equality, by UNION', () => {
    const tree = parseCondition(
      {
        op: 'or',
        conditions: [
          { op: 'and', conditions: [eq, { left: { set: 1, column: 'age' }, op: '<', value: 20 }] },
          { op: 'and', conditions: [eq, { left: { set: 1, column: 'age' }, op: '>', value: 60 }] },
        ],
      },
      { 1: A, 2: B },
    );
    expect(compilePairs(tree, tables('a'), tables('b')).sql.split(' union ')).toHaveLength(2);
    const noJoin = parseCondition(
      { op: 'or', conditions: [eq, { left: { set: 1, column: 'age' }, op: '<', value: 2 }] },
      { 1: A, 2: B },
    );
    expect(code(() => compilePairs(noJoin, tables('a'), tables('b')))).toBe('INVALID_CONDITION');
  });

  it('a filter of one set selects its row numbers and what the caller adds', () => {
    const tree = parseFilter({ left: { set: 1, column: 'age' }, op: '=', value: null }, A);
    expect(compileFilter(tree, tables('a'), () => ['a.row_no as x1'])).toEqual({
      sql: 'select a.row_no as ra, a.row_no as x1 from "rows_a" a where a.c1 is null',
      params: [],
    });
    const token = parseFilter({ left: { set: 1, column: 'email' }, op: '=', token: 'AAAAAAAAAAAAAAAAAAAAAA==' }, A);
    expect(compileFilter(token, tables('a'))).toEqual({
      sql: 'select a.row_no as ra from "rows_a" a where a.t1 = $1::bytea',
      params: [Buffer.alloc(16)],
    });
    expect(compileFilter(null, tables('a')).sql).toBe('select a.row_no as ra from "rows_a" a');
  });
});

describe('conditions in words', () => {
  const names = { 1: 'customers', 2: 'leads' };
  it('names columns with their sets, values as given, token literals as "a given value"', () => {
    const tree = parseCondition(
      {
        op: 'and',
        conditions: [
          eq,
          {
            op: 'or',
            conditions: [
              { left: { set: 1, column: 'age' }, op: '>=', value: 30 },
              { left: { set: 2, column: 'city' }, op: '!=', value: 'Rome' },
              { left: { set: 2, column: 'city' }, op: '=', value: null },
            ],
          },
          { left: { set: 1, column: 'email' }, op: '=', token: 'AAAAAAAAAAAAAAAAAAAAAA==' },
        ],
      },
      { 1: A, 2: B },
    );
    expect(conditionWords(tree, names)).toBe(
      'email of customers matches mail of leads and (age of customers is at least 30 or city of leads is not "Rome" or city of leads is empty) and email of customers is a given value',
    );
    expect(reportWords(names, parseCondition(eq, { 1: A, 2: B }))).toBe(
      'customers joined with leads where email of customers matches mail of leads',
    );
    expect(reportWords({ 1: 'customers' }, null)).toBe('customers alone');
    expect([listWords([]), listWords(['a']), listWords(['a', 'b', 'c'])]).toEqual(['nothing', 'a', 'a, b and c']);
  });
});
