import Assessment from '@mui/icons-material/Assessment';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Inbox from '@mui/icons-material/Inbox';
import ListAlt from '@mui/icons-material/ListAlt';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Pagination from '@mui/material/Pagination';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { Navigate, Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import {
  DeleteListedRequestDocument,
  RequestListPageDocument,
  type RequestListRow_RequestFragment,
} from '../requests.generated';
import type { RequestKind } from '../../../gql/types';
import { toApiError } from '../../../shared/apollo/graphql-errors';
import { CreateRequestButtons } from '../../../shared/requests/create-request-buttons';
import { requestDetailPath, requestNavState } from '../../../shared/requests/request-routes';
import { ConfirmDeleteDialog } from '../../../shared/ui/confirm-delete-dialog';
import { EmptyState } from '../../../shared/ui/empty-state';
import { formatDateTime } from '../../../shared/ui/format-date';
import { IconCard } from '../../../shared/ui/icon-card';
import { MessageDialog } from '../../../shared/ui/message-dialog';
import { Hint } from '../../../shared/ui/hint';

/** A status beside a request's title: a span, as the title's paragraph may hold (MUI's Chip is a div). */
function TitleChip({ label }: { label: string }) {
  return <Chip component="span" label={label} size="small" variant="outlined" sx={{ ml: 1, height: 20 }} />;
}

// Spec s.9: the request list shows 10 per page.
export const LIST_PAGE_SIZE = 10;

const TITLES: Record<RequestKind, string> = { collection: 'Collections', survey: 'Surveys' };

// Phones keep Title (with its date), Responses and the actions; the list is of one type anyway.
const HIDE_ON_PHONES = { display: { xs: 'none', sm: 'table-cell' } } as const;

// The page in ?page=n; anything else is page 1.
function pageOf(raw: string | null): number {
  const page = Number(raw);
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
}

// /admin/request/{type}/list: the user's requests of one type, newest first (spec s.2).
export function RequestListPage({ type }: { type: RequestKind }) {
  const [search] = useSearchParams();
  const page = pageOf(search.get('page'));
  // One list per page: the router renders a page change as a transition, and a query whose
  // variables change inside an interrupted transition would flip back and forth between pages.
  return <RequestListView key={`${type}:${page}`} type={type} page={page} />;
}

function RequestListView({ type, page }: { type: RequestKind; page: number }) {
  const navigate = useNavigate();
  const [, setSearch] = useSearchParams();
  const { data, loading, error, refetch } = useQuery(RequestListPageDocument, {
    variables: { type, page, limit: LIST_PAGE_SIZE },
    // fresh when the screen opens (a request may have been saved elsewhere), then from the cache
    fetchPolicy: 'cache-and-network',
    nextFetchPolicy: 'cache-first',
  });
  const [deleteRequest, { loading: deleting }] = useMutation(DeleteListedRequestDocument);
  const [pending, setPending] = useState<RequestListRow_RequestFragment | null>(null);
  const [deleted, setDeleted] = useState<string | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  const shown = data;
  const rows = shown?.requests.list ?? [];
  const pages = shown?.requests.info.pages ?? 0;

  const confirmDelete = async () => {
    if (!pending) return;
    setDeleteError(null);
    try {
      await deleteRequest({
        variables: { id: pending.id },
        update(cache) {
          cache.evict({ id: cache.identify({ __typename: 'Request', id: pending.id }) });
          cache.gc();
        },
      });
    } catch (caught) {
      // shown in the confirmation, which stays open for another try
      setDeleteError(toApiError(caught).message);
      return;
    }
    setDeleted(pending.title);
    setPending(null);
    await refetch();
  };

  // a page past the end (the last row of the last page was deleted, or a stale link)
  if (data && pages > 0 && page > pages) {
    return <Navigate to={`?page=${pages}`} replace />;
  }

  return (
    <Box sx={{ maxWidth: 1400, mx: 'auto' }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 300, mt: 1 }}>
        {TITLES[type]}
      </Typography>
      <IconCard
        icon={ListAlt}
        color={type === 'survey' ? 'purple' : 'green'}
        title={`Your ${type === 'survey' ? 'surveys' : 'data access requests'}`}
        subtitle={shown ? `${shown.requests.info.count} in all` : ' '}
        action={<CreateRequestButtons />}
      >
        {error && !shown ? (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void refetch()}>
                Try again
              </Button>
            }
          >
            The list could not be loaded: {toApiError(error).message}
          </Alert>
        ) : !shown && loading ? (
          <Box role="status" aria-label="Loading the list">
            {Array.from({ length: 3 }, (_, i) => (
              <Skeleton key={i} height={48} />
            ))}
          </Box>
        ) : rows.length === 0 ? (
          <EmptyState icon={Inbox} title={`No ${type === 'survey' ? 'surveys' : 'collections'} yet`}>
            Create one with the buttons above.
          </EmptyState>
        ) : (
          <TableContainer>
            <Table aria-label={TITLES[type]} size="small" sx={{ '& td, & th': { px: { xs: 1, sm: 2 } } }}>
              <TableHead>
                <TableRow>
                  <TableCell>Title</TableCell>
                  <TableCell sx={HIDE_ON_PHONES}>Type</TableCell>
                  <TableCell align="right">Responses</TableCell>
                  <TableCell sx={HIDE_ON_PHONES}>Last Modified</TableCell>
                  <TableCell align="right">Actions</TableCell>
                </TableRow>
              </TableHead>
              <TableBody aria-busy={loading || undefined}>
                {rows.map((row) => (
                  <TableRow key={row.id} hover>
                    <TableCell sx={{ maxWidth: 360, overflowWrap: 'anywhere' }}>
                      <Typography variant="body2" sx={{ fontWeight: 500 }}>
                        {row.title}
                        {row.status === 0 ? (
                          <TitleChip label="Draft" />
                        ) : row.closedAt ? (
                          // a quota that closes the study filled: it takes no more answers
                          <TitleChip label="Closed" />
                        ) : null}
                      </Typography>
                      <Typography variant="caption" color="text.secondary">
                        {formatDateTime(row.createdAt)}
                      </Typography>
                    </TableCell>
                    <TableCell sx={HIDE_ON_PHONES}>
                      <Chip label={row.typeName} size="small" color={row.type === 'survey' ? 'primary' : 'secondary'} />
                    </TableCell>
                    <TableCell align="right">{row.responseCount}</TableCell>
                    <TableCell sx={{ ...HIDE_ON_PHONES, whiteSpace: 'nowrap' }}>
                      {formatDateTime(row.lastModified)}
                    </TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap', px: { xs: 0.5, sm: 2 } }}>
                      <Hint title="Edit">
                        <IconButton
                          component={RouterLink}
                          to={`/request/${row.type}/edit/${row.id}`}
                          aria-label={`Edit ${row.title}`}
                          size="small"
                        >
                          <EditOutlined fontSize="small" />
                        </IconButton>
                      </Hint>
                      <Hint title="Analyze">
                        <IconButton
                          aria-label={`Analyze ${row.title}`}
                          size="small"
                          color="primary"
                          onClick={() => navigate(requestDetailPath(row.type, row.id), { state: requestNavState(row) })}
                        >
                          <Assessment fontSize="small" />
                        </IconButton>
                      </Hint>
                      <Hint title="Delete">
                        <IconButton
                          aria-label={`Delete ${row.title}`}
                          size="small"
                          color="error"
                          onClick={() => {
                            setDeleteError(null);
                            setPending(row);
                          }}
                        >
                          <DeleteOutlined fontSize="small" />
                        </IconButton>
                      </Hint>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
        {pages > 1 ? (
          <Pagination
            page={Math.min(page, pages)}
            count={pages}
            color="primary"
            onChange={(_, next) => setSearch({ page: String(next) })}
            sx={{ display: 'flex', justifyContent: 'center', mt: 2 }}
          />
        ) : null}
      </IconCard>
      <ConfirmDeleteDialog
        subject={pending?.title ?? null}
        deleting={deleting}
        error={deleteError}
        onCancel={() => setPending(null)}
        onConfirm={() => void confirmDelete()}
      />
      <MessageDialog
        open={deleted !== null}
        severity="success"
        title="Deleted!"
        message={`“${deleted ?? ''}” has been deleted.`}
        onConfirm={() => setDeleted(null)}
      />
    </Box>
  );
}
