import TablePagination from '@mui/material/TablePagination';

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
  );
}
