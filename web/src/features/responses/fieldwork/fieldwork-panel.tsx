import FactCheck from '@mui/icons-material/FactCheck';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
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
import { toApiError } from '../../../shared/apollo/graphql-errors';
import { IconCard } from '../../../shared/ui/icon-card';
import { LoadErrorAlert } from '../../../shared/ui/load-error-alert';
import { SurveyResultsDocument } from '../responses.generated';
import {
  FieldworkDocument,
  PayTopUpDocument,
  PayTopUpFromWalletDocument,
  ReviewByFlagDocument,
  type FieldworkQuery,
} from './fieldwork.generated';
import { FieldworkSetup, type ClosedQuestion } from './fieldwork-setup';

type FlagRow = FieldworkQuery['responseFlags'][number];
const FLAGS: { key: string; label: string; has: (r: FlagRow) => boolean }[] = [
  { key: 'attention', label: 'Failed attention checks', has: (r) => (r.attentionFailed ?? 0) >= 1 },
  { key: 'speeding', label: 'Speeding', has: (r) => Boolean(r.speeding) },
  { key: 'straight_lining', label: 'Straight-lining', has: (r) => Boolean(r.straightLining) },
  { key: 'repeated_device', label: 'Repeated device', has: (r) => Boolean(r.repeatedDevice) },
  { key: 'repeated_wallet', label: 'Repeated wallet', has: (r) => Boolean(r.repeatedWallet) },
];
const minutes = (ms: number) => (ms < 60_000 ? `${Math.round(ms / 1000)} s` : `${(ms / 60_000).toFixed(1)} min`);

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <Box sx={{ minWidth: 140 }}>
      <Typography variant="caption" color="text.secondary" component="p">
        {label}
      </Typography>
      <Typography variant="h6" component="p" sx={{ fontWeight: 400 }}>
        {value}
      </Typography>
    </Box>
  );
}

/** Each quota's fill, and the answers it ended once full: the results split by quota. */
function Quotas({ fieldwork }: { fieldwork: FieldworkQuery['fieldwork'] }) {
  if (!fieldwork.quotas.length) return null;
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }} aria-label="Quotas" role="list">
      {fieldwork.quotas.map((q) => (
        <Box key={q.id} role="listitem" data-quota={q.name}>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
            <Typography variant="body2">
              {q.name}{' '}
              <Typography component="span" variant="caption" color="text.secondary">
                ({q.options.join(', ')})
              </Typography>
            </Typography>
            <Typography variant="body2">
              {q.filled} of {q.size}
              {q.filledAt ? <Chip size="small" color="warning" label="Full" sx={{ ml: 1 }} /> : null}
              {q.ended ? ` · ${q.ended} ended` : ''}
            </Typography>
          </Box>
          <LinearProgress
            variant="determinate"
            value={Math.min(100, (q.filled / q.size) * 100)}
            aria-label={`${q.name}: ${q.filled} of ${q.size}`}
            sx={{ mt: 0.5, height: 8, borderRadius: 1 }}
          />
        </Box>
      ))}
    </Box>
  );
}

/** The flagged responses, with approve and reject for everyone carrying a flag. */
function Flags({ requestId, rows, onDone }: { requestId: string; rows: FlagRow[]; onDone: () => void }) {
  const [review, { loading }] = useMutation(ReviewByFlagDocument);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const flagged = rows.filter((r) => FLAGS.some((f) => f.has(r)));
  const run = async (flag: string, decision: 'approve' | 'reject') => {
    setMessage(null);
    try {
      const res = await review({ variables: { requestId, flag, decision } });
      const n = res.data?.reviewByFlag.length ?? 0;
      setMessage({
        ok: true,
        text: `${decision === 'approve' ? 'Approved' : 'Rejected'} ${n} response${n === 1 ? '' : 's'}.`,
      });
      onDone();
    } catch (e) {
      setMessage({ ok: false, text: toApiError(e).message });
    }
  };
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <Typography variant="subtitle1" component="h3">
        Quality flags
      </Typography>
      {message ? <Alert severity={message.ok ? 'success' : 'error'}>{message.text}</Alert> : null}
      {!flagged.length ? (
        <Typography variant="body2" color="text.secondary">
          No response is flagged.
        </Typography>
      ) : (
        <>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            {FLAGS.filter((f) => flagged.some((r) => f.has(r) && r.payoutStatus === 'awaiting_review')).map((f) => (
              <Box
                key={f.key}
                sx={{
                  display: 'flex',
                  gap: 0.5,
                  alignItems: 'center',
                  border: 1,
                  borderColor: 'divider',
                  borderRadius: 1,
                  p: 0.5,
                  pl: 1,
                }}
              >
                <Typography variant="body2">{f.label}</Typography>
                <Button size="small" disabled={loading} onClick={() => void run(f.key, 'approve')}>
                  Approve all
                </Button>
                <Button size="small" color="error" disabled={loading} onClick={() => void run(f.key, 'reject')}>
                  Reject all
                </Button>
              </Box>
            ))}
          </Box>
          {/* it scrolls sideways on a phone: a keyboard user must be able to reach and scroll it */}
          <TableContainer
            tabIndex={0}
            role="region"
            aria-label="Flagged responses, scrollable"
            sx={{ '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' } }}
          >
            <Table size="small" aria-label="Flagged responses">
              <TableHead>
                <TableRow>
                  <TableCell>Member ID</TableCell>
                  <TableCell>Flags</TableCell>
                  <TableCell>Time</TableCell>
                  <TableCell>Payout</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {flagged.map((r) => (
                  <TableRow key={r.responseId}>
                    <TableCell>{r.memberId}</TableCell>
                    <TableCell>
                      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
                        {FLAGS.filter((f) => f.has(r)).map((f) => (
                          <Chip
                            key={f.key}
                            size="small"
                            color="warning"
                            label={
                              f.key === 'attention'
                                ? `${r.attentionFailed} of ${r.attentionChecks} checks failed`
                                : f.label
                            }
                          />
                        ))}
                      </Box>
                    </TableCell>
                    <TableCell>{r.durationMs == null ? '—' : minutes(r.durationMs)}</TableCell>
                    <TableCell>{r.payoutStatus ?? '—'}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </>
      )}
    </Box>
  );
}

/** Median time, hourly reward against the minimum, and the top-up when the study underpays. */
function FairPay({
  fieldwork,
  bonusEach,
  onDone,
}: {
  fieldwork: FieldworkQuery['fieldwork'];
  bonusEach: number;
  onDone: () => void;
}) {
  const under = fieldwork.hourlyReward !== null && fieldwork.hourlyReward < fieldwork.minHourly;
  const paid = fieldwork.topUpsPaid;
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 3 }}>
        <Stat label="Median completion time" value={fieldwork.medianMs == null ? '—' : minutes(fieldwork.medianMs)} />
        <Stat
          label="Effective reward per hour"
          value={fieldwork.hourlyReward == null ? '—' : `${fieldwork.hourlyReward} IPT`}
        />
        <Stat label="Minimum per hour" value={`${fieldwork.minHourly} IPT`} />
        <Stat label="Screened out (paid)" value={`${fieldwork.screenedOut} (${fieldwork.screenedOutPaid})`} />
        <Stat label="Ended by a full quota" value={String(fieldwork.quotaFull)} />
      </Box>
      {paid > 0 ? (
        <Alert severity="success" data-testid="top-up-paid">
          A top-up was paid to {paid} approved participant{paid === 1 ? '' : 's'}, once each.
        </Alert>
      ) : null}
      {under && fieldwork.topUpEach > 0 && fieldwork.topUpOwed > 0 ? (
        <TopUpOffer fieldwork={fieldwork} bonusEach={bonusEach} onDone={onDone} />
      ) : null}
    </Box>
  );
}

/**
 * The top-up offer: every approved participant not topped up yet gets topUpEach, from credit or
 * from the wallet. The wallet funds an escrow for it as it funds a request's (approve, then
 * createEscrow under the id the server names), then the server pays each participant from it.
 */
function TopUpOffer({
  fieldwork,
  bonusEach,
  onDone,
}: {
  fieldwork: FieldworkQuery['fieldwork'];
  bonusEach: number;
  onDone: () => void;
}) {
  const [fromCredit] = useMutation(PayTopUpDocument);
  const [fromWallet] = useMutation(PayTopUpFromWalletDocument);
  const [busy, setBusy] = useState<'credit' | 'wallet' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const owed = fieldwork.topUpOwed;
  const each = fieldwork.topUpEach;
  const variables = { requestId: fieldwork.requestId };
  const run = async (how: 'credit' | 'wallet') => {
    setError(null);
    setBusy(how);
    try {
      if (how === 'wallet') {
        const { fundRequestEscrow } = await import('../../../wallet/escrow');
        await fundRequestEscrow({ requestId: fieldwork.topUpWalletId, amount: owed * each, bonusEach: each });
        await fromWallet({ variables });
      } else {
        await fromCredit({ variables });
      }
      onDone();
    } catch (e) {
      setError(toApiError(e).message);
    } finally {
      setBusy(null);
    }
  };
  return (
    <>
      <Alert severity="warning" aria-labelledby="top-up-title" role="region">
        <Typography id="top-up-title" variant="subtitle2" component="h3">
          Top-up owed
        </Typography>
        <Typography variant="body2" sx={{ mb: 1 }}>
          At the median time, {bonusEach} IPT pays {fieldwork.hourlyReward} IPT an hour, under your minimum of{' '}
          {fieldwork.minHourly} IPT. Top up {owed} approved participant{owed === 1 ? '' : 's'} by {each} IPT each (
          {owed * each} IPT in all), once each.
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          <Button
            variant="outlined"
            color="inherit"
            size="small"
            disabled={busy !== null}
            onClick={() => run('credit')}
          >
            {busy === 'credit' ? 'Paying…' : 'Pay from credit'}
          </Button>
          <Button
            variant="outlined"
            color="inherit"
            size="small"
            disabled={busy !== null}
            onClick={() => run('wallet')}
          >
            {busy === 'wallet' ? 'Waiting for your wallet…' : 'Pay from wallet'}
          </Button>
        </Box>
      </Alert>
      {error ? (
        <Alert severity="error" data-testid="top-up-error">
          {error}
        </Alert>
      ) : null}
    </>
  );
}

/** The survey detail's fieldwork card: setup before the first answer, then how it is going. */
export function FieldworkPanel({ request }: { request: { id: string; responseCount: number; bonusEach: number } }) {
  const { data, error, refetch } = useQuery(FieldworkDocument, { variables: { requestId: request.id } });
  const stats = useQuery(SurveyResultsDocument, { variables: { requestId: request.id } });
  const questions: ClosedQuestion[] = (stats.data?.surveyStatistics ?? [])
    .filter((g) => g.type !== 'stars')
    .map((g) => ({ questionId: g.questionId, title: g.title, options: g.data.map((d) => d.option) }));
  const fieldwork = data?.fieldwork;
  const reload = () => void refetch();
  return (
    <IconCard
      icon={FactCheck}
      color="orange"
      title="Fieldwork"
      subtitle="Screening, quotas, quality checks and fair pay"
      id="fieldwork"
    >
      {error && !fieldwork ? (
        <LoadErrorAlert message="The fieldwork could not be loaded." onRetry={reload} />
      ) : !fieldwork || !stats.data ? (
        <Skeleton variant="rounded" height={160} />
      ) : (
        <Box sx={{ display: 'grid', gap: 3 }}>
          <FairPay fieldwork={fieldwork} bonusEach={request.bonusEach} onDone={reload} />
          <Quotas fieldwork={fieldwork} />
          {request.responseCount === 0 && fieldwork.screenedOut + fieldwork.quotaFull === 0 ? (
            <FieldworkSetup requestId={request.id} questions={questions} current={fieldwork} onSaved={reload} />
          ) : (
            <Flags requestId={request.id} rows={data.responseFlags} onDone={reload} />
          )}
        </Box>
      )}
    </IconCard>
  );
}
