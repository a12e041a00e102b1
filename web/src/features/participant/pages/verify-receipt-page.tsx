import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { formatDateTime } from '../../../shared/ui/format-date';
import { checkReceipt, publishedKeys, type ReceiptCheck } from '../receipt-check';

function Claims({ check }: { check: Extract<ReceiptCheck, { genuine: true }> }) {
  const c = check.claims;
  const purpose = c.services[0]?.purposes[0];
  const rows: [string, string][] = [
    ['Request', c.services[0]?.service ?? ''],
    ['Shared with', c.piiControllers.map((p) => p.piiController).join(', ')],
    ['Purpose', purpose?.purpose ?? ''],
    ['What', purpose?.piiCategory.join(' · ') ?? ''],
    ['Reward', `${c.reward.amount} ${c.reward.currency}`],
    ['Kept', c.retention.text],
    ['Sent', formatDateTime(c.submission.receivedAt)],
    ['Your member id', c.piiPrincipalId],
    ['Answer hash (SHA-256)', c.submission.hash],
    ['Signing key', check.kid],
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
  const [text, setText] = useState('');
  const [check, setCheck] = useState<ReceiptCheck | null>(null);
  const [error, setError] = useState<string | null>(null);
  const run = async (input: string) => {
    setError(null);
    setCheck(null);
    try {
      setCheck(await checkReceipt(input, await publishedKeys()));
    } catch (e) {
      setError(e instanceof Error ? e.message : 'The receipt could not be checked.');
    }
  };
  return (
    <Card sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 400 }}>
        Check a receipt
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, mb: 2 }}>
        Choose a receipt file from My answers, or paste its text. It is checked in this browser against the keys Parley
        publishes: a receipt changed in any way does not pass.
      </Typography>
      <Button variant="outlined" component="label">
        Choose a receipt file
        <input
          hidden
          type="file"
          accept=".json,application/json,.jwt,.txt"
          aria-label="Receipt file"
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) void file.text().then((t) => (setText(t), run(t)));
          }}
        />
      </Button>
      <TextField
        label="Or paste the receipt"
        value={text}
        onChange={(e) => setText(e.target.value)}
        multiline
        minRows={3}
        maxRows={8}
        fullWidth
        sx={{ mt: 2 }}
        slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace', fontSize: 12 } } }}
      />
      <Button variant="contained" sx={{ mt: 1.5 }} disabled={!text.trim()} onClick={() => void run(text)}>
        Check
      </Button>
      {error ? (
        <Alert severity="warning" sx={{ mt: 2 }}>
          {error}
        </Alert>
      ) : null}
      {check ? (
        <Box role="status" sx={{ mt: 2 }}>
          {check.genuine ? (
            <Alert severity="success">Genuine: signed by Parley and unchanged since.</Alert>
          ) : (
            <Alert severity="error">Not genuine. {check.reason}</Alert>
          )}
          {check.genuine ? <Claims check={check} /> : null}
        </Box>
      ) : null}
    </Card>
  );
}
