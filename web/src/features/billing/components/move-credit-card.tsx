import AccountBalanceWallet from '@mui/icons-material/AccountBalanceWallet';
import SwapHoriz from '@mui/icons-material/SwapHoriz';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import type { MoveCreditResult_WithdrawalFragment } from '../credit.generated';
import { useRuntimeConfig } from '../../../shared/config/use-runtime-config';
import { useSessionUser } from '../../../shared/session/use-session-user';
import { FormTextField } from '../../../shared/ui/form-text-field';
import { IconCard } from '../../../shared/ui/icon-card';
import { useWalletAccount } from '../../../wallet/use-wallet-account';
import { connectWalletAccount, refreshIptBalance } from '../../../wallet/wallet-account';
import { useMoveCredit } from '../hooks/use-move-credit';

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

type Errors = { amount?: string; walletAddress?: string };

function validate(amountText: string, walletAddress: string, credit: number): Errors {
  const errors: Errors = {};
  const amount = Number(amountText);
  if (!amountText.trim()) errors.amount = 'Enter how many IPT to move';
  else if (!/^\d+$/.test(amountText.trim()) || amount < 1) errors.amount = 'A whole number of IPT, at least 1';
  else if (amount > credit) errors.amount = `You have ${credit} IPT of credit`;
  if (!walletAddress.trim()) errors.walletAddress = 'Enter the wallet address';
  else if (!ADDRESS.test(walletAddress.trim()))
    errors.walletAddress = 'A wallet address is 0x followed by 40 hex digits';
  return errors;
}

// "Move credit to my wallet": prepaid credit becomes on-chain IPT sent by the platform's treasury,
// so card-bought IPT can fund requests. The address defaults to the connected wallet's account.
export function MoveCreditCard() {
  const { user } = useSessionUser();
  const { config } = useRuntimeConfig();
  const wallet = useWalletAccount();
  const chain = config?.chain ?? null;
  const credit = user?.credit ?? 0;
  const [amount, setAmount] = useState('');
  // null: not typed by the user, so the connected account fills it
  const [addressDraft, setAddressDraft] = useState<string | null>(null);
  const walletAddress = addressDraft ?? wallet.account ?? '';
  const [errors, setErrors] = useState<Errors>({});
  const [submitted, setSubmitted] = useState(false);

  const onSettled = (withdrawal: MoveCreditResult_WithdrawalFragment) => {
    if (withdrawal.status !== 'sent') return;
    setAmount('');
    setSubmitted(false);
    // the wallet card's balance, when the credit went to the connected account
    if (chain && wallet.account?.toLowerCase() === withdrawal.walletAddress.toLowerCase()) {
      void refreshIptBalance(chain, { switchChain: false });
    }
  };
  const move = useMoveCredit(onSettled);
  const serverFields = move.error?.fields ?? {};

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const found = validate(amount, walletAddress, credit);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    void move.submit({ amount: Number(amount.trim()), walletAddress: walletAddress.trim() });
  };
  const revalidate = (nextAmount: string, nextAddress: string) => {
    if (submitted) setErrors(validate(nextAmount, nextAddress, credit));
  };

  const fillFromWallet = async () => {
    try {
      const account = await connectWalletAccount();
      setAddressDraft(null);
      revalidate(amount, account);
    } catch {
      // the wallet store keeps the reason; the wallet card shows it
    }
  };

  return (
    <IconCard icon={SwapHoriz} color="blue" title="Move credit to my wallet" id="move-credit">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Turn prepaid credit into IPT in your wallet, to fund requests. You have <strong>{credit} IPT</strong> of credit.
      </Typography>
      {config && !chain ? (
        <Alert severity="warning" role="note">
          Moving credit needs the chain, which is unavailable right now: {config.chainError}
        </Alert>
      ) : credit === 0 && !move.result ? (
        <Alert severity="info" role="note">
          You have no credit to move yet.{' '}
          <Link component={RouterLink} to="/auth/pricing-page">
            Purchase IPT Tokens
          </Link>
        </Alert>
      ) : (
        <Box component="form" noValidate aria-label="Move credit to my wallet" onSubmit={submit}>
          <FormTextField
            label="Amount (IPT)"
            name="amount"
            value={amount}
            shrinkLabel
            placeholder={`1 to ${credit}`}
            inputProps={{ inputMode: 'numeric' }}
            onChange={(event) => {
              setAmount(event.target.value);
              revalidate(event.target.value, walletAddress);
            }}
            error={Boolean(errors.amount ?? serverFields.amount)}
            helperText={errors.amount ?? serverFields.amount ?? ' '}
          />
          <FormTextField
            label="Wallet address"
            name="walletAddress"
            value={walletAddress}
            shrinkLabel
            placeholder="0x…"
            autoComplete="off"
            inputProps={{ spellCheck: false }}
            onChange={(event) => {
              setAddressDraft(event.target.value);
              revalidate(amount, event.target.value);
            }}
            error={Boolean(errors.walletAddress ?? serverFields.walletAddress)}
            helperText={
              errors.walletAddress ??
              serverFields.walletAddress ??
              (wallet.account && walletAddress.toLowerCase() === wallet.account.toLowerCase()
                ? 'Your connected wallet'
                : ' ')
            }
          />
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 1 }}>
            <Button
              type="submit"
              variant="contained"
              color="info"
              sx={{ color: '#fff', flex: '1 1 auto' }}
              disabled={move.submitting}
              startIcon={move.submitting ? <CircularProgress size={16} color="inherit" /> : <SwapHoriz />}
            >
              Move credit to my wallet
            </Button>
            {wallet.status !== 'no-wallet' && (!wallet.account || addressDraft !== null) ? (
              <Button
                variant="outlined"
                color="info"
                startIcon={<AccountBalanceWallet />}
                onClick={() => void fillFromWallet()}
                disabled={wallet.status === 'connecting'}
              >
                Use my wallet
              </Button>
            ) : null}
          </Box>
        </Box>
      )}
      {move.submitting ? (
        <Typography role="status" variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          Sending the transfer and waiting for the chain to confirm it…
        </Typography>
      ) : null}
      {move.error ? (
        <Alert severity="error" role="alert" sx={{ mt: 2 }}>
          The credit was not moved: {move.error.message}
        </Alert>
      ) : null}
      {move.result ? <WithdrawalStatus withdrawal={move.result} /> : null}
    </IconCard>
  );
}

function WithdrawalStatus({ withdrawal }: { withdrawal: MoveCreditResult_WithdrawalFragment }) {
  const tx = withdrawal.txHash ? (
    <Typography component="p" variant="body2" sx={{ mt: 0.5, wordBreak: 'break-all' }}>
      Transaction: <code>{withdrawal.txHash}</code>
    </Typography>
  ) : null;
  const to = (
    <Box component="span" sx={{ wordBreak: 'break-all' }}>
      <code>{withdrawal.walletAddress}</code>
    </Box>
  );
  if (withdrawal.status === 'sent') {
    return (
      <Alert severity="success" role="status" sx={{ mt: 2 }}>
        <AlertTitle>Sent</AlertTitle>
        {withdrawal.amount} IPT are now in the wallet {to}.{tx}
      </Alert>
    );
  }
  if (withdrawal.status === 'failed') {
    return (
      <Alert severity="error" role="alert" sx={{ mt: 2 }}>
        <AlertTitle>The transfer failed</AlertTitle>
        {withdrawal.failureMessage ?? 'The transfer did not go through; your credit was refunded.'}
        {tx}
      </Alert>
    );
  }
  return (
    <Alert severity="info" role="status" sx={{ mt: 2 }}>
      <AlertTitle>Pending</AlertTitle>
      {withdrawal.amount} IPT are on their way to {to}; the chain has not confirmed the transfer yet. Your credit
      already shows the debit, and a failed transfer is refunded.{tx}
    </Alert>
  );
}
