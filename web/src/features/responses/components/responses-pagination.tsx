import TablePagination from '@mui/material/TablePagination';

export const RESPONSES_PAGE_SIZE = 25;

// Pages of a request's responses, RESPONSES_PAGE_SIZE a page; nothing when one page holds them all.
export function ResponsesPagination({
  count,
  page,
  onPage,
}: {
  count: number;
  page: number;
  onPage: (page: number) => void;
}) {
  if (count <= RESPONSES_PAGE_SIZE) return null;
  return (
    <TablePagination
      component="div"
      count={count}
      page={page}
      onPageChange={(_, next) => onPage(next)}
      rowsPerPage={RESPONSES_PAGE_SIZE}
      rowsPerPageOptions={[RESPONSES_PAGE_SIZE]}
    />
  );
}
