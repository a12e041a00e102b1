import { describe, expect, it } from 'vitest';
import { startOfLocalDay } from './dashboard.service';

describe('startOfLocalDay', () => {
  const now = new Date('2026-03-10T01:30:00Z');

  it('is UTC midnight without an offset', () => {
    expect(startOfLocalDay(now, 0).toISOString()).toBe('2026-03-10T00:00:00.000Z');
  });

  it("follows the caller's day (offsets as Date#getTimezoneOffset: UTC minus local)", () => {
    // New York (UTC-5, offset +300): still 9 March 20:30 locally, so the day began at 05:00Z on the 9th
    expect(startOfLocalDay(now, 300).toISOString()).toBe('2026-03-09T05:00:00.000Z');
    // Berlin (UTC+1, offset -60): 02:30 on the 10th locally, the day began at 23:00Z on the 9th
    expect(startOfLocalDay(now, -60).toISOString()).toBe('2026-03-09T23:00:00.000Z');
    // Kiritimati (UTC+14, offset -840)
    expect(startOfLocalDay(now, -840).toISOString()).toBe('2026-03-09T10:00:00.000Z');
  });
});
