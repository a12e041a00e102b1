import { describe, expect, it } from 'vitest';
import { MAX_ENTRY_AMOUNT } from '../billing/ledger.service';
import { iptAmount } from './amounts';

const amount = iptAmount('bonus_amount', 1);
const problem = (value: unknown) => {
  const result = amount.safeParse(value);
  return result.success ? null : result.error.issues.map((i) => i.message).join('; ');
};

describe('a whole-IPT amount', () => {
  it('reads numbers and decimal strings, with or without a zero fraction', () => {
    expect(amount.parse(10)).toBe(10);
    expect(amount.parse('10')).toBe(10);
    expect(amount.parse(' 10.0 ')).toBe(10);
    expect(amount.parse('0001')).toBe(1);
    expect(amount.parse(MAX_ENTRY_AMOUNT)).toBe(MAX_ENTRY_AMOUNT);
  });

  it('refuses fractions, as IPT has no decimals', () => {
    expect(problem('10.5')).toBe('bonus_amount must be a whole number of IPT (IPT has no decimals)');
    expect(problem(0.5)).toBe('bonus_amount must be a whole number of IPT (IPT has no decimals)');
  });

  it('refuses negative, malformed, infinite and too long values, naming the field', () => {
    expect(problem(-3)).toBe('bonus_amount must not be negative');
    expect(problem('-3')).toBe('bonus_amount must not be negative');
    expect(problem('1e3')).toBe('bonus_amount must be a decimal number');
    expect(problem('ten')).toBe('bonus_amount must be a decimal number');
    expect(problem('')).toBe('bonus_amount must be a decimal number');
    expect(problem(Number.POSITIVE_INFINITY)).not.toBeNull();
    expect(problem('1'.repeat(21))).toBe('bonus_amount is too long');
    expect(problem(null)).not.toBeNull();
  });

  it('holds its bounds: the minimum given, and at most the ledger’s largest entry', () => {
    expect(problem(0)).toBe('bonus_amount must be at least 1');
    expect(iptAmount('amount', 0).parse(0)).toBe(0);
    expect(problem(MAX_ENTRY_AMOUNT + 1)).toBe(`bonus_amount must be at most ${MAX_ENTRY_AMOUNT}`);
  });
});
