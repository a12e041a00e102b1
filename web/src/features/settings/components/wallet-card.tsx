import AccountBalanceWallet from '@mui/icons-material/AccountBalanceWallet';
import LocalGasStation from '@mui/icons-material/LocalGasStation';
import Refresh from '@mui/icons-material/Refresh';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import type { ChainSettings } from '../../../shared/config/runtime-config';
import { useRuntimeConfig } from '../../../shared/config/use-runtime-config';
import { IconCard } from '../../../shared/ui/icon-card';
import { MessageDialog } from '../../../shared/ui/message-dialog';
import { formatIpt } from '../../../wallet/ipt-amount';
import { watchIptToken, type WatchIptTokenResult } from '../../../wallet/ipt-token';
import { useWalletAccount } from '../../../wallet/use-wallet-account';
import { connectWalletAccount, refreshIptBalance, type WalletAccountState } from '../../../wallet/wallet-account';
import { isWalletError, METAMASK_REQUIRED_TEXT, METAMASK_REQUIRED_TITLE } from '../../../wallet/wallet-errors';
import { requestTestFunds, type TestFundsResult } from '../test-funds';
import { Hint } from '../../../shared/ui/hint';

function describe(result: WatchIptTokenResult): { severity: 'success' | 'info' | 'error'; text: string } | null {
  switch (result.status) {
    case 'added':
      return { severity: 'success', text: `IPT is now listed in ${result.walletName ?? 'your wallet'}.` };
    case 'declined':
      return { severity: 'info', text: 'The wallet request was declined; nothing was changed.' };
    case 'not-configured':
      return {
        severity: 'error',
        text: `The wallet cannot be asked to add IPT: ${result.reason ?? 'the token is not configured on this Parley server yet.'}`,
      };
    case 'failed':
      return { severity: 'error', text: `The wallet refused the request: ${result.message}` };
    case 'no-wallet':
      return null;
  }
}

const shortAddress = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`;

// The browser wallet on the settings page: the connected account and its IPT, and the spec's
// "Add IPT Tokens to your Metamask" (EIP-747), all through web/src/wallet.
export function WalletCard() {
  const { config } = useRuntimeConfig();
  const wallet = useWalletAccount();
  const chain = config?.chain ?? null;
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<WatchIptTokenResult | null>(null);
  const [noWalletOpen, setNoWalletOpen] = useState(false);
  const message = result ? describe(result) : null;

  // Read the balance once an account is known, without asking the wallet to switch networks.
  const needsBalance = wallet.status === 'connected' && wallet.iptBalance === null && !wallet.error;
  useEffect(() => {
    if (needsBalance && chain) void refreshIptBalance(chain, { switchChain: false });
  }, [needsBalance, chain]);

  const addToken = async () => {
    setBusy(true);
    setResult(null);
    try {
      const outcome = await watchIptToken({ tokenAddress: chain?.iptTokenAddress ?? null, reason: config?.chainError });
      if (outcome.status === 'no-wallet') setNoWalletOpen(true);
      else setResult(outcome);
    } finally {
      setBusy(false);
    }
  };

  const connect = async () => {
    try {
      await connectWalletAccount();
    } catch (error) {
      // kept in the store's `error`; a missing wallet also gets the spec's dialog
      if (isWalletError(error) && error.kind === 'no-wallet') setNoWalletOpen(true);
    }
  };

  return (
    <IconCard icon={AccountBalanceWallet} color="orange" title="Wallet" id="wallet">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Participants are paid in IPT tokens from your browser wallet. Add the token so your wallet shows its balance.
      </Typography>
      <WalletStatus wallet={wallet} chain={chain} onConnect={() => void connect()} />
      {config && !chain ? (
        <Alert severity="warning" role="note" sx={{ mb: 2 }}>
          IPT is not available on this server right now: {config.chainError}
        </Alert>
      ) : null}
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
      {chain ? (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1, wordBreak: 'break-all' }}>
          IPT token contract: <code>{chain.iptTokenAddress}</code>
        </Typography>
      ) : null}
      {message ? (
        <Alert severity={message.severity} sx={{ mt: 2 }} role={message.severity === 'error' ? 'alert' : 'status'}>
          {message.text}
        </Alert>
      ) : null}
      {config?.testFunds && chain ? <TestFunds chain={chain} account={wallet.account} /> : null}
      <MessageDialog
        open={noWalletOpen}
        severity="warning"
        title={METAMASK_REQUIRED_TITLE}
        message={METAMASK_REQUIRED_TEXT}
        onConfirm={() => setNoWalletOpen(false)}
      />
    </IconCard>
  );
}

type StatusProps = { wallet: WalletAccountState; chain: ChainSettings | null; onConnect: () => void };

function WalletStatus({ wallet, chain, onConnect }: StatusProps) {
  if (wallet.status === 'unknown') {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Looking for a browser wallet…
      </Typography>
    );
  }
  if (wallet.status === 'no-wallet') {
    return (
      <Alert severity="info" role="note" sx={{ mb: 2 }}>
        No browser wallet found. Install MetaMask (or another Ethereum wallet) to fund requests and hold IPT.
      </Alert>
    );
  }
  const error = wallet.error;
  return (
    <Box sx={{ mb: 2 }}>
      {wallet.account ? (
        <Box
          component="dl"
          aria-label="Connected wallet"
          sx={{
            display: 'grid',
            gridTemplateColumns: 'auto minmax(0, 1fr)',
            columnGap: 2,
            rowGap: 0.5,
            m: 0,
            '& dt': { color: 'text.secondary' },
            '& dd': { m: 0, fontWeight: 500 },
          }}
        >
          <dt>Account</dt>
          <dd title={wallet.account}>
            <code>{shortAddress(wallet.account)}</code>
            {wallet.walletName ? ` (${wallet.walletName})` : ''}
          </dd>
          <dt>IPT balance</dt>
          <dd>
            <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
              <span aria-live="polite">
                {wallet.iptBalance !== null ? `${formatIpt(wallet.iptBalance)} IPT` : error ? '—' : 'Reading…'}
              </span>
              {chain ? (
                <Hint title="Read the balance again">
                  <IconButton
                    size="small"
                    aria-label="Refresh IPT balance"
                    onClick={() => void refreshIptBalance(chain, { switchChain: false })}
                  >
                    <Refresh fontSize="inherit" />
                  </IconButton>
                </Hint>
              ) : null}
            </Box>
          </dd>
        </Box>
      ) : (
        <Button
          variant="outlined"
          color="warning"
          fullWidth
          onClick={onConnect}
          disabled={wallet.status === 'connecting'}
          startIcon={wallet.status === 'connecting' ? <CircularProgress size={16} color="inherit" /> : null}
        >
          Connect wallet
        </Button>
      )}
      {error ? (
        <Alert
          severity={error.kind === 'rejected' ? 'info' : 'warning'}
          sx={{ mt: 1.5 }}
          action={
            error.kind === 'wrong-network' && chain ? (
              <Button color="inherit" size="small" onClick={() => void refreshIptBalance(chain, { switchChain: true })}>
                Switch network
              </Button>
            ) : undefined
          }
        >
          <strong>{error.title}.</strong> {error.message}
        </Alert>
      ) : null}
    </Box>
  );
}

// The local chain's faucet: a fresh wallet account has no ETH for fees and no IPT to publish with.
function TestFunds({ chain, account }: { chain: ChainSettings; account: string | null }) {
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<TestFundsResult | null>(null);
  const get = async () => {
    if (!account) return;
    setSending(true);
    setOutcome(null);
    try {
      const result = await requestTestFunds(account);
      setOutcome(result);
      if (result.ok) await refreshIptBalance(chain, { switchChain: false });
    } finally {
      setSending(false);
    }
  };
  return (
    <Box component="section" aria-label="Test funds" sx={{ mt: 2, pt: 2, borderTop: 1, borderColor: 'divider' }}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        This server runs a local test chain. Its ETH and IPT have no value: get some to pay network fees and to publish
        requests with your wallet.
      </Typography>
      <Button
        variant="outlined"
        color="warning"
        fullWidth
        onClick={() => void get()}
        disabled={!account || sending}
        startIcon={sending ? <CircularProgress size={16} color="inherit" /> : <LocalGasStation />}
      >
        Get test funds
      </Button>
      {!account ? (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
          Connect your wallet first: the funds go to its account.
        </Typography>
      ) : null}
      {outcome ? (
        <Alert severity={outcome.ok ? 'success' : 'error'} sx={{ mt: 1.5 }} role={outcome.ok ? 'status' : 'alert'}>
          {outcome.ok
            ? `Sent ${outcome.eth} ETH and ${formatIpt(BigInt(outcome.ipt))} IPT to ${shortAddress(account ?? '')}.`
            : outcome.message}
        </Alert>
      ) : null}
    </Box>
  );
}
