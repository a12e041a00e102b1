import History from '@mui/icons-material/History';
import ReceiptLong from '@mui/icons-material/ReceiptLong';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { CreditHistoryDocument, type CreditHistoryRow_EntryFragment } from '../credit.generated';
import { useSessionUser } from '../../../shared/session/use-session-user';
import { EmptyState } from '../../../shared/ui/empty-state';
import { LoadErrorAlert } from '../../../shared/ui/load-error-alert';
import { formatDateTime } from '../../../shared/ui/format-date';
import { IconCard } from '../../../shared/ui/icon-card';

export const CREDIT_HISTORY_PAGE_SIZE = 5;

// What a ledger entry was for, from its kind and reference (docs/guide/money.md, "Credit ledger").
export function describeEntry(entry: Pick<CreditHistoryRow_EntryFragment, 'kind' | 'reference' | 'amount'>): string {
  switch (entry.kind) {
    case 'purchase':
      return 'Card purchase';
    case 'free-plan':
      return 'Free Trial plan';
    case 'report':
      return 'Clean-room report';
    case 'withdrawal':
      return entry.reference.startsWith('withdrawal-refund:') ? 'Wallet transfer refunded' : 'Moved to a wallet';
    case 'adjustment':
      return 'Adjustment';
    default:
      return entry.kind;
  }
}

const signed = (amount: number) => (amount > 0 ? `+${amount}` : amount < 0 ? `−${Math.abs(amount)}` : '0');

// Every change of the prepaid credit, newest first, a page at a time.
export function CreditHistoryCard() {
  const { user } = useSessionUser();
  const [page, setPage] = useState(1);
  const { data, previousData, loading, error, refetch } = useQuery(CreditHistoryDocument, {
    variables: { page, limit: CREDIT_HISTORY_PAGE_SIZE },
  });
  const history = (data ?? previousData)?.creditHistory;
  const pages = history?.info.pages ?? 0;

  return (
    <IconCard
      icon={History}
      color="green"
      title="IPT credit history"
      subtitle={user ? `Balance: ${user.credit} IPT Tokens` : undefined}
      id="credit-history"
    >
      {error && !history ? (
        <LoadErrorAlert
          severity="error"
          message="The credit history could not be loaded."
          onRetry={() => void refetch()}
        />
      ) : !history ? (
        <Box role="status" aria-label="Loading the credit history">
          {[0, 1, 2].map((row) => (
            <Skeleton key={row} height={44} />
          ))}
        </Box>
      ) : history.list.length === 0 ? (
        <EmptyState icon={ReceiptLong} title="No credit changes yet">
          Bought tokens and spent credit show up here.{' '}
          <Link component={RouterLink} to="/auth/pricing-page">
            Purchase IPT Tokens
          </Link>
        </EmptyState>
      ) : (
        <>
          <List aria-label="Credit changes" dense disablePadding aria-busy={loading}>
            {history.list.map((entry) => (
              <ListItem key={entry.id} disableGutters divider>
                <ListItemText
                  primary={describeEntry(entry)}
                  secondary={formatDateTime(entry.createdAt)}
                  sx={{ minWidth: 0 }}
                />
                <Typography
                  component="span"
                  sx={{
                    fontWeight: 500,
                    whiteSpace: 'nowrap',
                    color: entry.amount < 0 ? 'error.main' : 'success.dark',
                  }}
                >
                  {signed(entry.amount)} IPT
                </Typography>
              </ListItem>
            ))}
          </List>
          {pages > 1 ? (
            <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mt: 1.5 }}>
              <Button size="small" disabled={page <= 1 || loading} onClick={() => setPage((p) => p - 1)}>
                Newer
              </Button>
              <Typography variant="caption" color="text.secondary">
                Page {page} of {pages}
              </Typography>
              <Button size="small" disabled={page >= pages || loading} onClick={() => setPage((p) => p + 1)}>
                Older
              </Button>
            </Box>
          ) : null}
        </>
      )}
    </IconCard>
  );
}
