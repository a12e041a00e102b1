import type { WatchQueryFetchPolicy } from '@apollo/client';

// Spec s.9: the dashboard pages requests and contracts 5 at a time, from page 1.
export const DASHBOARD_PAGE_SIZE = 5;

// A dashboard table's next fetch: a page it turns to is fetched again (the cache shows it meanwhile);
// after a fetch the cache is the source.
export const pagedFetchPolicy = (
  _current: WatchQueryFetchPolicy,
  { reason }: { reason: 'after-fetch' | 'variables-changed' },
): WatchQueryFetchPolicy => (reason === 'variables-changed' ? 'cache-and-network' : 'cache-first');
