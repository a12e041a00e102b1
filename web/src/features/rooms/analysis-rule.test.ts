import { describe, expect, it } from 'vitest';
import { minGroupSizeProblem, partnerLearns, ruleLabel } from './analysis-rule';
import { toCsv } from '../../shared/csv';
import { reportFileName, reportHeader } from './report-csv';

const columns = [
  { name: 'email', role: 'join' as const, shared: false },
  { name: 'city', role: 'clear' as const, shared: true },
  { name: 'amount', role: 'clear' as const, shared: false },
  { name: 'plan', role: 'sealed' as const, shared: true },
];

describe('what partners learn, in words', () => {
  it('under matches: counts of at least k, the shared columns of matching rows, nothing withheld', () => {
    const { will, wont } = partnerLearns('matches', 10, columns);
    expect(will).toEqual([
      'How many of their own rows match yours, as counts of at least 10 of your rows.',
      'Counts, sums and averages over groups of at least 10 of your rows, grouped by or measuring city.',
      'For their rows that match yours: city and plan.',
    ]);
    expect(wont).toEqual([
      'This data set alone, or any row of it that does not match theirs.',
      'Any count or aggregate covering fewer than 10 of your rows (it is suppressed), or whether one chosen person is in it.',
      'The values of email: sealed with a key only you hold, unless you approve a request for them.',
      'The values of amount: stored in clear but never shown to partners, unless you approve a request for them.',
    ]);
  });

  it('under aggregates: no row; under full: every row and column', () => {
    expect(partnerLearns('aggregates', 25, columns).wont[0]).toBe('Any row of this data set.');
    expect(partnerLearns('aggregates', 25, columns).will).toHaveLength(2);
    expect(partnerLearns('full', 5, columns).will[0]).toBe(
      'Every row and every column of this data set, in a report of it alone.',
    );
  });

  it('labels a rule, and checks k', () => {
    expect(ruleLabel('aggregates', 12)).toBe('Partners: counts only · k = 12');
    expect(minGroupSizeProblem('10')).toBeNull();
    for (const bad of ['1', '100001', '2.5', 'ten', ''])
      expect(minGroupSizeProblem(bad)).toBe('A whole number from 2 to 100,000');
  });
});

describe('report downloads', () => {
  it('are UTF-8 CSV with a byte order mark, named after their sets and day', () => {
    const csv = toCsv(['name', 'note'], [['Zoë', 'a, "b"']]);
    expect(csv).toBe('\uFEFFname,note\r\nZoë,"a, ""b"""\r\n');
    expect(reportFileName(['customers', 'leads/2026'], '2026-11-25T10:00:00Z')).toBe(
      'customers + leads_2026 2026-11-25.csv',
    );
    expect(reportFileName([], new Date('2026-01-02T00:00:00Z'))).toBe('report 2026-01-02.csv');
  });

  it('title a join’s columns with their set', () => {
    const result = {
      columns: [
        { set: 1, datasetId: 'a', name: 'mail', role: 'join', keyVersion: 1 },
        { set: 2, datasetId: 'b', name: 'city', role: 'clear', keyVersion: 1 },
      ],
      rows: [],
    };
    expect(
      reportHeader(
        result,
        new Map([
          ['a', 'leads'],
          ['b', 'customers'],
        ]),
      ),
    ).toEqual(['leads.mail', 'customers.city']);
  });
});
