import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Inbox from '@mui/icons-material/Inbox';
import ListAlt from '@mui/icons-material/ListAlt';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@apollo/client/react';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { DashboardRequestsDocument, type RecentRequestRow_RequestFragment } from '../dashboard.generated';
import { CreateRequestButtons } from '../../../shared/requests/create-request-buttons';
import { requestDetailPath, requestNavState } from '../../../shared/requests/request-routes';
import { useIsPhone } from '../../../shared/hooks/use-is-phone';
import { EmptyState } from '../../../shared/ui/empty-state';
import { formatDateTime } from '../../../shared/ui/format-date';
import { IconCard } from '../../../shared/ui/icon-card';
import { DASHBOARD_PAGE_SIZE, pagedFetchPolicy } from '../dashboard-constants';
import { PagedTable } from './paged-table';
import { RequestTypeBadge } from './request-type-badge';
import { Hint } from '../../../shared/ui/hint';

const COLUMNS = [
  { name: 'Title' },
  { name: 'Type' },
  { name: 'Questions', align: 'right' },
  { name: 'Responses', align: 'right' },
  { name: 'Actions', align: 'right' },
] as const;

function RowActions({ row, onDelete }: { row: RecentRequestRow_RequestFragment; onDelete: () => void }) {
  return (
    <>
      <Link
        component={RouterLink}
        to={requestDetailPath(row.type, row.id)}
        state={requestNavState(row)}
        aria-label={`Analyse ${row.title}`}
        sx={{ fontWeight: 500 }}
      >
        Analyse
      </Link>
      <Hint title="Delete">
        <IconButton size="small" color="error" aria-label={`Delete ${row.title}`} onClick={onDelete} sx={{ ml: 0.5 }}>
          <DeleteOutlined fontSize="small" />
        </IconButton>
      </Hint>
    </>
  );
}

// A phone's row: the same facts stacked in one cell.
function StackedRequestRow({ row, onDelete }: { row: RecentRequestRow_RequestFragment; onDelete: () => void }) {
  return (
    <TableRow>
      <TableCell>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, alignItems: 'flex-start' }}>
          <Typography variant="body2" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
            {row.title}
          </Typography>
          <RequestTypeBadge type={row.type} label={row.typeName} />
        </Box>
        <Typography variant="caption" color="text.secondary" component="p">
          {formatDateTime(String(row.createdAt))}
        </Typography>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', mt: 0.5 }}>
          <Typography variant="body2" color="text.secondary">
            Questions {row.questionCount ?? '--'} · Responses {row.responseCount ?? 0}
          </Typography>
          <Box sx={{ whiteSpace: 'nowrap' }}>
            <RowActions row={row} onDelete={onDelete} />
          </Box>
        </Box>
      </TableCell>
    </TableRow>
  );
}

function RequestRow({ row, onDelete }: { row: RecentRequestRow_RequestFragment; onDelete: () => void }) {
  return (
    <TableRow hover>
      <TableCell sx={{ minWidth: 120, maxWidth: 360 }}>
        <Typography variant="body2" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
          {row.title}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {formatDateTime(String(row.createdAt))}
        </Typography>
      </TableCell>
      <TableCell>
        <RequestTypeBadge type={row.type} label={row.typeName} />
      </TableCell>
      <TableCell align="right">{row.questionCount ?? '--'}</TableCell>
      <TableCell align="right">{row.responseCount ?? 0}</TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        <RowActions row={row} onDelete={onDelete} />
      </TableCell>
    </TableRow>
  );
}

// Recent Requests (spec "Dashboard"): 5 a page, newest first, Analyse carries the row to the detail screen.
export function RecentRequestsCard({ onDelete }: { onDelete: (row: RecentRequestRow_RequestFragment) => void }) {
  const [page, setPage] = useState(1);
  const phone = useIsPhone();
  const Row = phone ? StackedRequestRow : RequestRow;
  const { data, previousData, loading, error, refetch } = useQuery(DashboardRequestsDocument, {
    variables: { page, limit: DASHBOARD_PAGE_SIZE },
    // page 1 came with the route's loader (dashboard-prefetch.ts); another page is asked for anew
    fetchPolicy: 'cache-first',
    nextFetchPolicy: pagedFetchPolicy,
  });
  useEffect(() => {
    // Spec s.8: dashboard call failures are logged.
    if (error) console.error('Recent requests failed to load', error);
  }, [error]);
  const shown = (data ?? previousData)?.requests;
  // After a delete the last page can vanish: step back to the new last page.
  const lastPage = data ? Math.max(1, data.requests.info.pages) : null;
  if (lastPage !== null && page > lastPage) setPage(lastPage);

  return (
    <IconCard
      icon={ListAlt}
      color="purple"
      title="Recent Requests"
      subtitle={
        shown
          ? `${shown.info.count} request${shown.info.count === 1 ? '' : 's'}`
          : 'Your surveys and data access requests'
      }
      action={<CreateRequestButtons />}
      id="recent-requests"
    >
      <PagedTable
        label="Recent Requests"
        columns={COLUMNS}
        rows={shown?.list.map((row) => <Row key={row.id} row={row} onDelete={() => onDelete(row)} />) ?? null}
        stacked={phone}
        count={shown?.info.count ?? null}
        loading={loading}
        failed={Boolean(error)}
        errorMessage="Your requests could not be loaded."
        onRetry={() => void refetch()}
        empty={
          <EmptyState icon={Inbox} title="No requests yet">
            Create a survey or a data access request to start collecting answers.
          </EmptyState>
        }
        page={page}
        pages={shown?.info.pages ?? 1}
        onPage={setPage}
      />
    </IconCard>
  );
}
