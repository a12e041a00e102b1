import { describe, expect, it } from 'vitest';
import { AppError } from '../../shared/errors';
import type { DatasetColumn } from '../datasets/dataset.entity';
import {
  checkRowLevelReport,
  checkTokenLiteral,
  checkColumnUse,
  coversEnough,
  reportColumns,
  suppressOverlap,
  visibleGroups,
  withheldColumns,
  type RuledSet,
} from './analysis-rules';

const column = (name: string, role: DatasetColumn['role'], shared = false): DatasetColumn => ({
  name,
  role,
  domain: role === 'join' ? name : null,
  kind: role === 'join' ? 'text' : null,
  padBucket: null,
  tokenIndex: null,
  sealedIndex: null,
  clearIndex: null,
  shared,
  sealing: role === 'clear' ? null : shared ? 'room' : 'dataset',
  partnerRole: shared ? 'shared' : role === 'join' ? 'joinOnly' : 'private',
  lower: null,
  upper: null,
});
const set = (id: string, uploader: string, rule: Partial<RuledSet> = {}): RuledSet => ({
  id,
  name: id,
  uploadedBy: { id: uploader },
  partnerAccess: 'matches',
  minGroupSize: 10,
  columns: [column('email', 'join'), column('city', 'clear', true), column('name', 'sealed')],
  ...rule,
});

const ME = 'me';
const mine = set('mine', ME);
const theirs = set('theirs', 'partner');
const refusal = (f: () => unknown) => {
  try {
    f();
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe('ANALYSIS_RULE');
    return (err as AppError).message;
  }
  throw new Error('expected a refusal');
};

describe('row-level reports', () => {
  it('an uploader reports their own sets, alone or joined, whatever the rule', () => {
    expect(() => checkRowLevelReport(ME, [set('a', ME, { partnerAccess: 'aggregates' })])).not.toThrow();
    expect(() => checkRowLevelReport(ME, [mine, set('b', ME)])).not.toThrow();
  });

  it('matches: a partner set only joined with one of the caller’s own', () => {
    expect(refusal(() => checkRowLevelReport(ME, [theirs]))).toMatch(/must join it with one of your own/);
    expect(() => checkRowLevelReport(ME, [mine, theirs])).not.toThrow();
    expect(refusal(() => checkRowLevelReport(ME, [theirs, set('other', 'third')]))).toMatch(/"other" is not yours/);
  });

  it('aggregates: never; full: always; an approval: this once', () => {
    const counts = set('counts', 'partner', { partnerAccess: 'aggregates' });
    expect(refusal(() => checkRowLevelReport(ME, [mine, counts]))).toMatch(/counts and aggregates only/);
    expect(() => checkRowLevelReport(ME, [set('open', 'partner', { partnerAccess: 'full' })])).not.toThrow();
    expect(() => checkRowLevelReport(ME, [counts], true)).not.toThrow();
  });

  it('carry a partner’s shared columns (all under full), plus those an approval names', () => {
    expect(reportColumns(theirs, ME).map((c) => c.name)).toEqual(['city']);
    expect(reportColumns(theirs, ME, ['name']).map((c) => c.name)).toEqual(['city', 'name']);
    expect(reportColumns(set('o', 'p', { partnerAccess: 'full' }), ME)).toHaveLength(3);
    expect(reportColumns(mine, ME)).toHaveLength(3);
    expect(withheldColumns(theirs, ME).map((c) => c.name)).toEqual(['email', 'name']);
    expect(withheldColumns(mine, ME)).toEqual([]);
  });
});

describe('literals and values', () => {
  it('token literals only against the caller’s own sets or a full one', () => {
    expect(refusal(() => checkTokenLiteral(ME, theirs, theirs.columns[0]))).toMatch(/rule "matches"/);
    expect(() => checkTokenLiteral(ME, mine, mine.columns[0])).not.toThrow();
    expect(() => checkTokenLiteral(ME, set('o', 'p', { partnerAccess: 'full' }), theirs.columns[0])).not.toThrow();
  });

  it('a partner’s filter, grouping, aggregate or join needs a column role that allows it', () => {
    const role = (
      name: string,
      partnerRole: DatasetColumn['partnerRole'],
      storage: DatasetColumn['role'] = 'clear',
    ) => ({
      ...column(name, storage),
      partnerRole,
    });
    expect(() => checkColumnUse(ME, theirs, column('city', 'clear', true), 'group')).not.toThrow();
    expect(() => checkColumnUse(ME, theirs, role('zip', 'dimension'), 'filter')).not.toThrow();
    expect(() => checkColumnUse(ME, theirs, role('salary', 'metric'), 'aggregate')).not.toThrow();
    expect(() => checkColumnUse(ME, theirs, role('email', 'joinOnly', 'join'), 'join')).not.toThrow();
    expect(refusal(() => checkColumnUse(ME, theirs, column('amount', 'clear'), 'group'))).toMatch(
      /column amount .* private/,
    );
    expect(refusal(() => checkColumnUse(ME, theirs, role('salary', 'metric'), 'filter'))).toMatch(/salary .* a metric/);
    expect(refusal(() => checkColumnUse(ME, theirs, role('zip', 'dimension'), 'aggregate'))).toMatch(/zip/);
    expect(refusal(() => checkColumnUse(ME, theirs, role('email', 'private', 'join'), 'join'))).toMatch(/email/);
    // the uploader and a set under full: every use
    expect(() => checkColumnUse(ME, mine, column('amount', 'clear'), 'aggregate')).not.toThrow();
    const full = set('o', 'p', { partnerAccess: 'full' });
    expect(() => checkColumnUse(ME, full, column('amount', 'clear'), 'filter')).not.toThrow();
  });
});

describe('k on counts', () => {
  it('covers enough when every partner set has at least k rows; the caller’s own never matter', () => {
    expect(coversEnough(ME, [mine, theirs], [0, 10])).toBe(true);
    expect(coversEnough(ME, [mine, theirs], [100, 9])).toBe(false);
  });

  it('Compare: the three counts go together, whichever covers too few of a partner’s set', () => {
    const counts = (onlyA: number, both: number, onlyB: number) => ({ onlyA, both, onlyB });
    expect(suppressOverlap(ME, mine, theirs, counts(5, 20, 30))).toEqual({ ...counts(5, 20, 30), suppressed: false });
    const hidden = { onlyA: null, both: null, onlyB: null, suppressed: true };
    expect(suppressOverlap(ME, mine, theirs, counts(5, 9, 30))).toEqual(hidden);
    // "only in theirs" of 3 is 3 of their rows: it goes, and with it the others (subtraction)
    expect(suppressOverlap(ME, mine, theirs, counts(500, 20, 3))).toEqual(hidden);
    expect(suppressOverlap(ME, theirs, mine, counts(3, 20, 500))).toEqual(hidden);
    // no overlap at all is a count of 0: suppressed too (a one-row probe learns nothing)
    expect(suppressOverlap(ME, mine, theirs, counts(1, 0, 40))).toEqual(hidden);
    // their set alone: its distinct count
    expect(suppressOverlap(ME, theirs, null, counts(9, 0, 0))).toEqual(hidden);
    expect(suppressOverlap(ME, mine, null, counts(1, 0, 0)).suppressed).toBe(false);
  });

  it('aggregate groups under k are left out, and the smallest shown one when the hidden could be worked out', () => {
    const group = (key: string, rows: number) => ({ rows: [rows, rows], value: key });
    const shownKeys = (groups: ReturnType<typeof group>[], total: number) =>
      visibleGroups(ME, [mine, theirs], groups, [total, total]).map((g) => g.value);
    // nothing hidden
    expect(shownKeys([group('a', 10), group('b', 12)], 22)).toEqual(['a', 'b']);
    // Rome 5 and Oslo 5 hidden: together 10 (total 20 less Paris 10): Paris may show
    expect(shownKeys([group('Paris', 10), group('Rome', 5), group('Oslo', 5)], 20)).toEqual(['Paris']);
    // one group of 3 hidden: the total less the others would give it away: the smallest goes too
    expect(shownKeys([group('a', 10), group('b', 12), group('c', 3)], 25)).toEqual(['b']);
    // the caller's own sets only: everything
    expect(visibleGroups(ME, [mine], [{ rows: [1], value: 'x' }], [1]).map((g) => g.value)).toEqual(['x']);
  });
});
