import AccountBalanceWallet from '@mui/icons-material/AccountBalanceWallet';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { watchIptToken, type WatchIptTokenResult } from '../../../wallet/ipt-token';
import { IconCard } from '../../../shared/ui/icon-card';
import { MessageDialog } from '../../../shared/ui/message-dialog';

export const METAMASK_REQUIRED_TITLE = 'Metamask account required';
// Spelling as in the product spec's error catalogue.
export const METAMASK_REQUIRED_TEXT = 'Please install meta to continue to recieve IPT tokens!';

function describe(result: WatchIptTokenResult): { severity: 'success' | 'info' | 'error'; text: string } | null {
  switch (result.status) {
    case 'added':
      return { severity: 'success', text: `IPT is now listed in ${result.walletName ?? 'your wallet'}.` };
    case 'declined':
      return { severity: 'info', text: 'The wallet request was declined; nothing was changed.' };
    case 'not-configured':
      return {
        severity: 'error',
        text: 'The IPT token address is not configured on this Parley server yet, so the wallet cannot be asked to add it.',
      };
    case 'failed':
      return { severity: 'error', text: `The wallet refused the request: ${result.message}` };
    case 'no-wallet':
      return null;
  }
}

// Asks the browser wallet to watch the IPT token (EIP-747), through web/src/wallet.
export function WalletCard() {
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<WatchIptTokenResult | null>(null);
  const message = result ? describe(result) : null;

  const addToken = async () => {
    setBusy(true);
    setResult(null);
    try {
      setResult(await watchIptToken());
    } finally {
      setBusy(false);
    }
  };

  return (
    <IconCard icon={AccountBalanceWallet} color="orange" title="Wallet" id="wallet">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Participants are paid in IPT tokens from your browser wallet. Add the token so your wallet shows its balance.
      </Typography>
      <Button
        variant="contained"
        color="warning"
        fullWidth
        sx={{ color: '#fff' }}
        onClick={() => void addToken()}
        disabled={busy}
        startIcon={busy ? <CircularProgress size={16} color="inherit" /> : <AccountBalanceWallet />}
      >
        Add IPT Tokens to your Metamask
      </Button>
      {message ? (
        <Alert severity={message.severity} sx={{ mt: 2 }} role={message.severity === 'error' ? 'alert' : 'status'}>
          {message.text}
        </Alert>
      ) : null}
      <MessageDialog
        open={result?.status === 'no-wallet'}
        severity="warning"
        title={METAMASK_REQUIRED_TITLE}
        message={METAMASK_REQUIRED_TEXT}
        onConfirm={() => setResult(null)}
      />
    </IconCard>
  );
}
