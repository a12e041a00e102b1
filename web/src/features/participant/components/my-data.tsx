import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { PhoneApiError, phoneApi } from '../api/phone-api';
import { deviceId } from '../participant-storage';
import { serverErrorText } from './error-text';
import { msg, useT, type Translate } from '../i18n/i18n';

function saveJson(value: unknown, name: string): void {
  const url = URL.createObjectURL(new Blob([`${JSON.stringify(value, null, 2)}\n`], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

const problem = (e: unknown, failed: string, t: Translate) =>
  e instanceof PhoneApiError ? serverErrorText(e, t) : failed;

// what the server keeps after a deletion, in its words
const KEPT = [
  msg('payout records (what your wallet was paid or is owed)'),
  msg('consent receipts'),
  msg('this access log'),
];
function deletedText(count: number, kept: string[], t: Translate): string {
  const vars = { count, kept: kept.map((k) => (KEPT.includes(k) ? t(k) : k)).join(', ') };
  return count === 1
    ? t('{{count}} answer deleted. Kept: {{kept}}.', vars)
    : t('{{count}} answers deleted. Kept: {{kept}}.', vars);
}

/** The participant's two requests about their data: a copy of everything, or deleting it. */
export function MyData({ onDeleted }: { onDeleted: () => void }) {
  const t = useT();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  const download = async () => {
    setMessage(null);
    try {
      saveJson(await phoneApi.myData(deviceId()), 'my-parley-data.json');
    } catch (e) {
      setMessage({ tone: 'error', text: problem(e, t('The download did not work.'), t) });
    }
  };
  const erase = async () => {
    setBusy(true);
    try {
      const done = await phoneApi.deleteMyData(deviceId());
      setMessage({
        tone: 'success',
        text: deletedText(done.deletedSubmissions, done.kept, t),
      });
      onDeleted();
    } catch (e) {
      setMessage({ tone: 'error', text: problem(e, t('The deletion did not work.'), t) });
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };
  return (
    <Card component="section" aria-label={t('Your data')} sx={{ p: { xs: 2, sm: 3 }, mt: 2 }}>
      <Typography variant="h6" component="h2" sx={{ fontWeight: 400 }}>
        {t('Your data')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {t(
          "Get a copy of everything Parley holds about this browser's answers, or delete it. Both are done at once (at the latest within 30 days) and appear in the log above.",
        )}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button variant="outlined" onClick={() => void download()}>
          {t('Download my data')}
        </Button>
        <Button variant="outlined" color="error" onClick={() => setConfirming(true)}>
          {t('Delete my data')}
        </Button>
      </Box>
      {message ? (
        <Alert severity={message.tone} sx={{ mt: 2 }} role="status">
          {message.text}
        </Alert>
      ) : null}
      {confirming ? (
        <Dialog
          open
          onClose={busy ? undefined : () => setConfirming(false)}
          aria-labelledby="erase-title"
          fullWidth
          maxWidth="xs"
        >
          <DialogTitle id="erase-title">{t('Delete your data?')}</DialogTitle>
          <DialogContent>
            <DialogContentText>
              {t(
                'Every answer sent from this browser is deleted, and requesters can no longer download it. Bonuses already paid stay yours; payout records, your receipts and the access log are kept. This cannot be undone.',
              )}
            </DialogContentText>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setConfirming(false)} disabled={busy}>
              {t('Keep it')}
            </Button>
            <Button color="error" variant="contained" onClick={() => void erase()} disabled={busy}>
              {t('Delete my data')}
            </Button>
          </DialogActions>
        </Dialog>
      ) : null}
    </Card>
  );
}
