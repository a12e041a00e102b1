import Gavel from '@mui/icons-material/Gavel';
import ReceiptLong from '@mui/icons-material/ReceiptLong';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { useQuery } from '@apollo/client/react';
import { useEffect, useState } from 'react';
import { DashboardContractsDocument } from '../dashboard.generated';
import { useIsPhone } from '../../../shared/hooks/use-is-phone';
import { EmptyState } from '../../../shared/ui/empty-state';
import { IconCard } from '../../../shared/ui/icon-card';
import { DASHBOARD_PAGE_SIZE, pagedFetchPolicy } from '../dashboard-constants';
import { PagedTable } from './paged-table';
import { Hint } from '../../../shared/ui/hint';

const COLUMNS = [
  { name: 'Signer Address' },
  { name: 'Request' },
  { name: 'IPT Tokens', align: 'right' },
  { name: 'Status' },
] as const;
const shortAddress = (address: string) =>
  address.length > 14 ? `${address.slice(0, 8)}…${address.slice(-6)}` : address;

// Recent Contracts (spec "Dashboard"): the escrows of published requests, 5 a page, each Completed.
export function RecentContractsCard() {
  const [page, setPage] = useState(1);
  const { data, previousData, loading, error, refetch } = useQuery(DashboardContractsDocument, {
    variables: { page, limit: DASHBOARD_PAGE_SIZE },
    // page 1 came with the route's loader (dashboard-prefetch.ts); another page is asked for anew
    fetchPolicy: 'cache-first',
    nextFetchPolicy: pagedFetchPolicy,
  });
  useEffect(() => {
    if (error) console.error('Recent contracts failed to load', error);
  }, [error]);
  const shown = (data ?? previousData)?.contracts;
  const lastPage = data ? Math.max(1, data.contracts.info.pages) : null;
  if (lastPage !== null && page > lastPage) setPage(lastPage);

  const phone = useIsPhone();
  const rows =
    shown?.list.map((row) =>
      phone ? (
        <TableRow key={row.requestId}>
          <TableCell>
            <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, alignItems: 'flex-start' }}>
              <Box sx={{ overflowWrap: 'anywhere', fontWeight: 500 }}>{row.title}</Box>
              <Chip size="small" color="success" label={row.status} />
            </Box>
            <Box sx={{ color: 'text.secondary', mt: 0.5 }}>
              <Box component="code" aria-label={row.address} sx={{ fontSize: '0.8rem' }}>
                {shortAddress(row.address)}
              </Box>{' '}
              · {row.bonusAmount} IPT Tokens
            </Box>
          </TableCell>
        </TableRow>
      ) : (
        <TableRow key={row.requestId} hover>
          <TableCell>
            <Hint title={`Signer ${row.address}, escrow ${row.escrowAddress}`}>
              <Box component="code" aria-label={row.address} sx={{ fontSize: '0.8rem', whiteSpace: 'nowrap' }}>
                {shortAddress(row.address)}
              </Box>
            </Hint>
          </TableCell>
          <TableCell sx={{ overflowWrap: 'anywhere', minWidth: 100 }}>{row.title}</TableCell>
          <TableCell align="right">{row.bonusAmount}</TableCell>
          <TableCell>
            <Chip size="small" color="success" label={row.status} />
          </TableCell>
        </TableRow>
      ),
    ) ?? null;

  return (
    <IconCard
      icon={Gavel}
      color="green"
      title="Recent Contracts"
      subtitle="Escrows funded for your published requests"
      id="recent-contracts"
    >
      <PagedTable
        label="Recent Contracts"
        columns={COLUMNS}
        rows={rows}
        stacked={phone}
        count={shown?.info.count ?? null}
        loading={loading}
        failed={Boolean(error)}
        errorMessage="Your contracts could not be loaded."
        onRetry={() => void refetch()}
        empty={
          <EmptyState icon={ReceiptLong} title="No contracts yet">
            Publishing a request funds its escrow contract from your wallet; it shows here.
          </EmptyState>
        }
        page={page}
        pages={shown?.info.pages ?? 1}
        onPage={setPage}
      />
    </IconCard>
  );
}
