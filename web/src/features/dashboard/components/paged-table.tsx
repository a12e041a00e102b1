import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { ReactNode } from 'react';
import { LoadErrorAlert } from '../../../shared/ui/load-error-alert';
import { PrevNextPager } from './prev-next-pager';

export type PagedTableColumn = { name: string; align?: 'left' | 'right' };

type Props = {
  // The table's accessible name; the pager is "<label> pages".
  label: string;
  columns: readonly PagedTableColumn[];
  // What the query gave: rows of the page shown (null before the first answer).
  rows: ReactNode[] | null;
  count: number | null;
  loading: boolean;
  failed: boolean;
  errorMessage: string;
  onRetry: () => void;
  empty: ReactNode;
  page: number;
  pages: number;
  onPage: (page: number) => void;
  // Rows stacked in one cell each (phones): the column heads would only take room.
  stacked?: boolean;
};

// A dashboard table with its states: skeleton rows while the first page loads, a bar while another
// page loads, an empty state, a load error with Retry, and Prev/Next under it.
export function PagedTable({
  label,
  columns,
  rows,
  count,
  loading,
  failed,
  errorMessage,
  onRetry,
  empty,
  stacked = false,
  ...paging
}: Props) {
  if (failed && rows === null) return <LoadErrorAlert message={errorMessage} onRetry={onRetry} />;
  if (!loading && count === 0) return empty;
  return (
    <>
      <TableContainer sx={{ position: 'relative' }}>
        {loading && rows ? (
          <LinearProgress aria-label="Loading page" sx={{ position: 'absolute', inset: '0 0 auto 0' }} />
        ) : null}
        <Table aria-label={label} size="small">
          {stacked ? null : (
            <TableHead>
              <TableRow>
                {columns.map((column) => (
                  <TableCell key={column.name} align={column.align ?? 'left'}>
                    {column.name}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
          )}
          <TableBody>
            {rows ??
              Array.from({ length: 3 }, (_, i) => (
                <TableRow key={i}>
                  <TableCell colSpan={columns.length}>
                    <Skeleton />
                  </TableCell>
                </TableRow>
              ))}
          </TableBody>
        </Table>
      </TableContainer>
      <PrevNextPager label={`${label} pages`} {...paging} />
    </>
  );
}
