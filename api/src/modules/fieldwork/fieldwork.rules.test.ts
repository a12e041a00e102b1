import { describe, expect, it } from 'vitest';
import {
  failedChecks,
  failedScreener,
  hourlyReward,
  isSpeeding,
  isStraightLined,
  quotasOf,
  rejectionProblem,
  screenOutCap,
  topUpEach,
} from './fieldwork.rules';

const quota = (id: string, options: string[]) => ({
  id,
  name: id,
  questionId: 'q',
  options,
  size: 1,
  action: 'screen_out',
});

describe('fieldwork rules', () => {
  it('screens out an answer that picks no qualifying option of a screener', () => {
    const s = [{ questionId: 'age', qualifying: ['a1', 'a2'] }];
    expect(failedScreener(s, new Set(['a1']))).toBeNull();
    expect(failedScreener(s, new Set(['a3']))).toEqual(s[0]);
    expect(failedScreener(s, new Set())).toEqual(s[0]);
  });

  it('puts an answer in every quota one of whose options it chose', () => {
    const qs = [quota('young', ['a1']), quota('old', ['a2'])];
    expect(quotasOf(qs, new Set(['a2', 'x'])).map((q) => q.id)).toEqual(['old']);
    expect(quotasOf(qs, new Set(['a1', 'a2'])).map((q) => q.id)).toEqual(['young', 'old']);
  });

  it('fails an attention check unless exactly the expected options were chosen', () => {
    const checks = [{ questionId: 'c', expected: ['r', 'b'], options: ['r', 'g', 'b'] }];
    expect(failedChecks(checks, new Set(['r', 'b', 'other']))).toBe(0);
    expect(failedChecks(checks, new Set(['r']))).toBe(1);
    expect(failedChecks(checks, new Set(['r', 'b', 'g']))).toBe(1);
  });

  it('calls speeding under a third of the median, only once ten answers are timed', () => {
    expect(isSpeeding(19_000, 60_000, 10)).toBe(true);
    expect(isSpeeding(21_000, 60_000, 10)).toBe(false);
    expect(isSpeeding(1_000, 60_000, 9)).toBe(false);
    expect(isSpeeding(undefined, 60_000, 50)).toBe(false);
  });

  it('calls straight-lining three or more matrix rows in one column', () => {
    expect(isStraightLined([2, 2, 2])).toBe(true);
    expect(isStraightLined([2, 2])).toBe(false);
    expect(isStraightLined([2, 1, 2])).toBe(false);
  });

  it('pays screen-outs from a share of the places, and works out the hourly reward and top-up', () => {
    expect(screenOutCap(10, 0.2)).toBe(2);
    expect(screenOutCap(7, 0.1)).toBe(0);
    expect(hourlyReward(3, 60_000)).toBe(180);
    expect(hourlyReward(3, null)).toBeNull();
    // 12 IPT an hour for a 30-minute median is 6 IPT: 2 more than a bonus of 4
    expect(topUpEach(4, 1_800_000, 12)).toBe(2);
    expect(topUpEach(6, 1_800_000, 12)).toBe(0);
  });

  it('needs two failed checks for attention, and a reason to each past the rejection share', () => {
    const base = { rejectedBefore: 0, rejecting: 1, total: 10, share: 0.1, reasonGiven: false };
    expect(rejectionProblem({ ...base, grounds: 'attention', failedChecks: [1] })).toContain('at least 2');
    expect(rejectionProblem({ ...base, grounds: 'attention', failedChecks: [2] })).toBeNull();
    expect(rejectionProblem({ ...base, grounds: 'other', failedChecks: [0, 0], rejecting: 2 })).toContain(
      'needs a reason',
    );
    expect(
      rejectionProblem({ ...base, grounds: 'other', failedChecks: [0, 0], rejecting: 2, reasonGiven: true }),
    ).toBeNull();
  });
});
