import TaskAlt from '@mui/icons-material/TaskAlt';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { EmptyState } from '../../../shared/ui/empty-state';
import { PhoneApiError, phoneApi, type Submitted } from '../api/phone-api';
import { AccessLog } from '../components/access-log';
import { serverErrorText, useErrorText } from '../components/error-text';
import { MyData } from '../components/my-data';
import { PayoutStatus } from '../components/payout-status';
import { ReceiptDownload } from '../components/receipt-download';
import { deviceId, loadAnswers, type AnsweredRequest } from '../participant-storage';
import { msg, useFormat, useT } from '../i18n/i18n';

// Pending payouts are sent by the server's payout job within seconds; the list looks again meanwhile.
const POLL_MS = 3000;

type Row = { answer: AnsweredRequest; state: Submitted | null; error: unknown };

function WithdrawDialog({
  answer,
  onClose,
  onWithdrawn,
}: {
  answer: AnsweredRequest;
  onClose: () => void;
  onWithdrawn: () => void;
}) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await phoneApi.withdraw(answer.requestId, deviceId());
      onWithdrawn();
    } catch (e) {
      setError(e instanceof PhoneApiError ? serverErrorText(e, t) : t('Your answer could not be withdrawn.'));
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby="withdraw-title" fullWidth maxWidth="xs">
      <DialogTitle id="withdraw-title">{t('Withdraw your answer?')}</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {t(
            'Your answer to “{{title}}” is deleted and no longer counted. A bonus already paid stays yours, and answering again later earns no second bonus. This cannot be undone.',
            { title: answer.title },
          )}
        </DialogContentText>
        {error ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {t('Keep it')}
        </Button>
        <Button color="error" variant="contained" onClick={() => void confirm()} disabled={busy}>
          {t('Withdraw my answer')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

async function loadRows(): Promise<Row[]> {
  const device = deviceId();
  return Promise.all(
    loadAnswers().map(async (answer) => {
      try {
        return { answer, state: await phoneApi.checkSubmitted(answer.requestId, device), error: null };
      } catch (e) {
        return { answer, state: null, error: e };
      }
    }),
  );
}

// /p/answers: what this browser answered, each with its payout and the right to withdraw.
export function MyAnswersPage() {
  const t = useT();
  const errorText = useErrorText();
  const format = useFormat();
  const [rows, setRows] = useState<Row[] | null>(null);
  const [round, setRound] = useState(0);
  const [withdrawing, setWithdrawing] = useState<AnsweredRequest | null>(null);

  useEffect(() => {
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    void loadRows().then((loaded) => {
      if (cancelled) return;
      setRows(loaded);
      if (loaded.some((r) => r.state?.payout?.status === 'pending')) {
        timer = setTimeout(() => setRound((n) => n + 1), POLL_MS);
      }
    });
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [round]);

  return (
    <Box>
      <Card sx={{ p: { xs: 2, sm: 3 }, mb: 2 }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 400 }}>
          {t('My answers')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {t('What you answered in this browser, and the bonus for each.')}
        </Typography>
      </Card>
      {rows === null ? <Skeleton variant="rounded" height={140} /> : null}
      {rows && rows.length === 0 ? (
        <Card>
          <EmptyState icon={TaskAlt} title={t('No answers yet').toLocaleUpperCase(format.language)}>
            <Button component={RouterLink} to="/p" sx={{ mt: 1 }}>
              {t('See open requests')}
            </Button>
          </EmptyState>
        </Card>
      ) : null}
      <Box component="ul" aria-label={t('My answers')} sx={{ display: 'grid', gap: 1.5, p: 0, m: 0 }}>
        {rows?.map(({ answer, state, error }) => (
          <Card component="li" key={answer.requestId} sx={{ listStyle: 'none', p: 2 }} aria-label={answer.title}>
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
              <Box sx={{ flex: 1, minWidth: 180 }}>
                <Typography
                  component={RouterLink}
                  to={`/p/r/${answer.requestId}`}
                  dir="auto"
                  sx={{ fontWeight: 500, color: 'text.primary', textDecoration: 'none', overflowWrap: 'anywhere' }}
                >
                  {answer.title}
                </Typography>
                <Typography variant="caption" color="text.secondary" component="p">
                  {answer.type === 'survey' ? t('Survey') : t('Data collection')} ·{' '}
                  {state?.submittedAt
                    ? t('submitted {{at}}', { at: format.dateTime(state.submittedAt) })
                    : t('sent {{at}}', { at: format.dateTime(answer.at) })}
                </Typography>
              </Box>
              {state && !state.submitted ? <Chip size="small" label={t('Withdrawn')} /> : null}
            </Box>
            <Box sx={{ mt: 1.5 }}>
              {error ? (
                <Alert severity="warning">{errorText(error, msg('Could not be checked.'))}</Alert>
              ) : (
                <PayoutStatus payout={state?.payout ?? null} />
              )}
            </Box>
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
              <ReceiptDownload requestId={answer.requestId} />
              {state?.submitted ? (
                <Button color="error" size="small" sx={{ mt: 1.5 }} onClick={() => setWithdrawing(answer)}>
                  {t('Withdraw my answer')}
                </Button>
              ) : null}
            </Box>
          </Card>
        ))}
      </Box>
      <AccessLog round={round} />
      <MyData onDeleted={() => setRound((n) => n + 1)} />
      <Typography variant="body2" sx={{ mt: 2, textAlign: 'center' }}>
        <Box component={RouterLink} to="/p/verify" sx={{ color: 'primary.main', fontWeight: 500 }}>
          {t('Check a receipt')}
        </Box>
      </Typography>
      {withdrawing ? (
        <WithdrawDialog
          answer={withdrawing}
          onClose={() => setWithdrawing(null)}
          onWithdrawn={() => {
            setWithdrawing(null);
            setRound((n) => n + 1);
          }}
        />
      ) : null}
    </Box>
  );
}
