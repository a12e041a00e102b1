import { z } from 'zod';

// Pages of a list, numbered from 1, in one shape for every module: the query's `page` and `limit`,
// the SQL window they make, and the answer's `count` (all rows) and `pages`.
export const MAX_PAGE = 100_000;

/** The `page` and `limit` fields of a paged query: limit defaults to `size`, at most `max`. */
export const pageFields = (size: number, max = 100) => ({
  page: z.coerce.number().int().min(1).max(MAX_PAGE).default(1).describe('the page, from 1 (default 1)'),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(max)
    .default(size)
    .describe(`items per page, 1 to ${max} (default ${size})`),
});

export type PageQuery = { page: number; limit: number };
export type Page<T> = { list: T[]; count: number; pages: number; page: number };

/** The rows a page holds: LIMIT and OFFSET. */
export const pageWindow = ({ page, limit }: PageQuery) => ({ limit, offset: (page - 1) * limit });

/** A page's answer from its rows and the count of all rows. */
export const toPage = <T>(list: T[], count: number, { page, limit }: PageQuery): Page<T> => ({
  list,
  count,
  pages: Math.ceil(count / limit),
  page,
});

/** Where a page stands (GraphQL PageInfo, REST info), from a page or its header. */
export const pageInfo = (h: { count: number; pages: number; page: number }) => ({
  count: h.count,
  pages: h.pages,
  page: h.page,
});
