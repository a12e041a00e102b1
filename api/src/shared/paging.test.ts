import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { pageFields, pageWindow, toPage } from './paging';

describe('pages', () => {
  const query = z.strictObject(pageFields(10, 50));

  it('read page and limit with their defaults and bounds', () => {
    expect(query.parse({})).toEqual({ page: 1, limit: 10 });
    expect(query.parse({ page: '3', limit: '50' })).toEqual({ page: 3, limit: 50 });
    for (const bad of [{ page: 0 }, { limit: 51 }, { limit: 0 }, { page: 1.5 }, { page: 100_001 }]) {
      expect(query.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it('make the SQL window and the answer', () => {
    expect(pageWindow({ page: 1, limit: 10 })).toEqual({ limit: 10, offset: 0 });
    expect(pageWindow({ page: 4, limit: 25 })).toEqual({ limit: 25, offset: 75 });
    expect(toPage(['a'], 21, { page: 3, limit: 10 })).toEqual({ list: ['a'], count: 21, pages: 3, page: 3 });
    expect(toPage([], 0, { page: 1, limit: 10 })).toEqual({ list: [], count: 0, pages: 0, page: 1 });
  });
});
