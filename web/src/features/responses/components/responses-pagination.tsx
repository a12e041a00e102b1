import Box from '@mui/material/Box';
import type MuiTablePagination from '@mui/material/TablePagination';
import { lazy, Suspense } from 'react';

// MUI's pagination (with its select, menu and tooltips) loads only for a request with more than one page.
// (typed as the component itself: lazy() drops the `component` prop of MUI's polymorphic types)
const TablePagination = lazy(() => import('@mui/material/TablePagination')) as unknown as typeof MuiTablePagination;

export const RESPONSES_PAGE_SIZE = 25;

// Pages of a request's responses, RESPONSES_PAGE_SIZE a page; nothing while the count is unknown or
// when one page holds them all. `onTurn` runs before the page changes (e.g. to drop a selection).
export function ResponsesPagination({
  count,
  page,
  onPage,
  onTurn,
}: {
  count: number | undefined;
  page: number;
  onPage: (page: number) => void;
  onTurn?: () => void;
}) {
  if (count === undefined || count <= RESPONSES_PAGE_SIZE) return null;
  return (
    // (the pagination bar's height while it loads)
    <Suspense fallback={<Box sx={{ minHeight: 52 }} />}>
      <TablePagination
        component="div"
        count={count}
        page={page}
        onPageChange={(_, next) => {
          onTurn?.();
          onPage(next);
        }}
        rowsPerPage={RESPONSES_PAGE_SIZE}
        rowsPerPageOptions={[RESPONSES_PAGE_SIZE]}
      />
    </Suspense>
  );
}
