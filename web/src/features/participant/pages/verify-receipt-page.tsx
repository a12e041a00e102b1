import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { checkReceipt, KeysUnavailable, publishedKeys, type ReceiptCheck } from '../receipt-check';
import { useFormat, useT } from '../i18n/i18n';

function Claims({ check }: { check: Extract<ReceiptCheck, { genuine: true }> }) {
  const t = useT();
  const format = useFormat();
  const c = check.claims;
  const purpose = c.services[0]?.purposes[0];
  // the labels in the participant's language; the values as signed (the receipt is in English)
  const rows: [string, string][] = [
    [t('Request'), c.services[0]?.service ?? ''],
    [t('Shared with'), c.piiControllers.map((p) => p.piiController).join(', ')],
    [t('Purpose'), purpose?.purpose ?? ''],
    [t('What'), purpose?.piiCategory.join(' · ') ?? ''],
    [t('Reward'), `${format.number(c.reward.amount)} ${c.reward.currency}`],
    [t('Kept'), c.retention.text],
    [t('Sent'), format.dateTime(c.submission.receivedAt)],
    [t('Your member id'), c.piiPrincipalId],
    [t('Answer hash (SHA-256)'), c.submission.hash],
    [t('Signing key'), check.kid],
  ];
  return (
    <Box component="dl" sx={{ m: 0, mt: 2 }}>
      {rows.map(([term, value]) => (
        <Box key={term} sx={{ py: 0.5 }}>
          <Typography component="dt" variant="caption" color="text.secondary">
            {term}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

// /p/verify: is this receipt genuine? Checked in this browser against the published keys.
export function VerifyReceiptPage() {
  const t = useT();
  const [text, setText] = useState('');
  const [check, setCheck] = useState<ReceiptCheck | null>(null);
  const [error, setError] = useState<string | null>(null);
  const run = async (input: string) => {
    setError(null);
    setCheck(null);
    try {
      setCheck(await checkReceipt(input, await publishedKeys()));
    } catch (e) {
      setError(
        !(e instanceof KeysUnavailable)
          ? t('The receipt could not be checked.')
          : e.status === 0
            ? t("Parley's keys could not be loaded: the server was not reached. Check your connection and try again.")
            : t("Parley's keys could not be loaded (the server answered {{status}}). Try again later.", {
                status: String(e.status),
              }),
      );
    }
  };
  return (
    <Card sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 400 }}>
        {t('Check a receipt')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, mb: 2 }}>
        {t(
          'Choose a receipt file from My answers, or paste its text. It is checked in this browser against the keys Parley publishes: a receipt changed in any way does not pass.',
        )}
      </Typography>
      <Button variant="outlined" component="label">
        {t('Choose a receipt file')}
        <input
          hidden
          type="file"
          accept=".json,application/json,.jwt,.txt"
          aria-label={t('Receipt file')}
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) void file.text().then((t) => (setText(t), run(t)));
          }}
        />
      </Button>
      <TextField
        label={t('Or paste the receipt')}
        value={text}
        onChange={(e) => setText(e.target.value)}
        multiline
        minRows={3}
        maxRows={8}
        fullWidth
        sx={{ mt: 2 }}
        slotProps={{ htmlInput: { spellCheck: false, dir: 'ltr', style: { fontFamily: 'monospace', fontSize: 12 } } }}
      />
      <Button variant="contained" sx={{ mt: 1.5 }} disabled={!text.trim()} onClick={() => void run(text)}>
        {t('Check')}
      </Button>
      {error ? (
        <Alert severity="warning" sx={{ mt: 2 }}>
          {error}
        </Alert>
      ) : null}
      {check ? (
        <Box role="status" sx={{ mt: 2 }}>
          {check.genuine ? (
            <Alert severity="success">{t('Genuine: signed by Parley and unchanged since.')}</Alert>
          ) : (
            <Alert severity="error">{t('Not genuine. {{reason}}', { reason: t(check.reason) })}</Alert>
          )}
          {check.genuine ? <Claims check={check} /> : null}
        </Box>
      ) : null}
    </Card>
  );
}
