// Building blocks of the REST output schemas (what a `result` looks like on the wire, JSON).
import { z } from 'zod';

export const uuid = z.uuid();
/** a date as JSON carries it: ISO 8601 in UTC, `2026-11-25T07:41:00.000Z` */
export const isoDate = z.iso.datetime();
export const nullableDate = isoDate.nullable();
export const wholeNumber = z.int();
export const count = z.int().min(0);
export const evmAddressOut = z.string().regex(/^0x[0-9a-fA-F]{40}$/);
/** the answer of a route that only confirms */
export const done = z.literal(true);
/** a transaction hash: 0x and 64 hex digits */
export const txHashOut = z.string().regex(/^0x[0-9a-fA-F]{64}$/);
/** where a page stands in a list */
export const pageInfoOut = z.strictObject({
  count: count.describe('items in all pages'),
  pages: count.describe('pages in all'),
  page: wholeNumber.min(1).describe('this page, from 1'),
});
