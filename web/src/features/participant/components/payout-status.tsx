import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import Box from '@mui/material/Box';
import type { Payout } from '../api/phone-api';
import { useFormat, useT } from '../i18n/i18n';

const LABEL: Record<string, { label: string; color: 'default' | 'success' | 'warning' | 'error' | 'info' }> = {
  awaiting_review: { label: 'Awaiting review', color: 'info' },
  pending: { label: 'Payout pending', color: 'warning' },
  sent: { label: 'Payout sent', color: 'success' },
  failed: { label: 'Payout failed', color: 'error' },
  rejected: { label: 'Rejected', color: 'error' },
};

/** A payout's state in words, its amount (none once rejected), and its transaction, deadline or reason when there is one. */
export function PayoutStatus({ payout }: { payout: Payout | null }) {
  const t = useT();
  const format = useFormat();
  if (!payout) return <Chip size="small" label={t('No payout')} />;
  const found = LABEL[payout.status];
  const known = found
    ? { ...found, label: t(found.label) }
    : { label: t('Payout {{status}}', { status: payout.status }), color: 'default' as const };
  return (
    <Box sx={{ display: 'grid', gap: 0.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Chip size="small" color={known.color} label={known.label} data-status={payout.status} />
        {/* a rejected answer is paid nothing: its amount beside "Rejected" would read as owed */}
        {payout.status === 'rejected' ? null : (
          <Typography variant="body2">{t('{{amount}} IPT', { amount: payout.amount })}</Typography>
        )}
      </Box>
      {payout.status === 'awaiting_review' ? (
        <Typography variant="caption" color="text.secondary">
          {payout.reviewDueAt
            ? t('The requester reviews your answer before paying; if not decided by {{at}}, it is paid anyway.', {
                at: format.dateTime(payout.reviewDueAt),
              })
            : t('The requester reviews your answer before paying.')}
        </Typography>
      ) : null}
      {payout.txHash ? (
        <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {t('Transaction')}{' '}
          <Box component="span" sx={{ fontFamily: 'monospace' }} aria-label={t('Payout transaction')}>
            {payout.txHash}
          </Box>
        </Typography>
      ) : null}
      {payout.status === 'rejected' ? (
        <Typography variant="caption" color="error" sx={{ overflowWrap: 'anywhere' }}>
          {t('The requester rejected your answer, so no bonus is paid. Reason: {{reason}}', {
            reason: payout.rejectionReason ?? t('none given'),
          })}
        </Typography>
      ) : payout.failureMessage ? (
        <Typography variant="caption" color="error">
          {payout.failureMessage}
        </Typography>
      ) : null}
    </Box>
  );
}
