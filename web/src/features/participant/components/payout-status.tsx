import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import Box from '@mui/material/Box';
import type { Payout } from '../api/phone-api';

const LABEL: Record<string, { label: string; color: 'default' | 'success' | 'warning' | 'error' | 'info' }> = {
  pending: { label: 'Payout pending', color: 'warning' },
  sent: { label: 'Payout sent', color: 'success' },
  failed: { label: 'Payout failed', color: 'error' },
  // payout after the requester's review (issue 15 item 2), when the server has it
  rejected: { label: 'Rejected', color: 'error' },
};

/** A payout's state in words, its amount, and its transaction when there is one. */
export function PayoutStatus({ payout }: { payout: Payout | null }) {
  if (!payout) return <Chip size="small" label="No payout" />;
  const known = LABEL[payout.status] ?? { label: `Payout ${payout.status}`, color: 'default' as const };
  return (
    <Box sx={{ display: 'grid', gap: 0.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Chip size="small" color={known.color} label={known.label} data-status={payout.status} />
        <Typography variant="body2">{payout.amount} IPT</Typography>
      </Box>
      {payout.txHash ? (
        <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          Transaction{' '}
          <Box component="span" sx={{ fontFamily: 'monospace' }} aria-label="Payout transaction">
            {payout.txHash}
          </Box>
        </Typography>
      ) : null}
      {payout.failureMessage ? (
        <Typography variant="caption" color="error">
          {payout.status === 'rejected' ? 'Reason: ' : ''}
          {payout.failureMessage}
        </Typography>
      ) : null}
    </Box>
  );
}
