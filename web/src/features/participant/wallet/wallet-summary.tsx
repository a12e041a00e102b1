import AccountBalanceWallet from '@mui/icons-material/AccountBalanceWallet';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { saveWallet, type StoredWallet } from '../participant-storage';
import { BackupDialog } from './wallet-setup';
import { msg, useT } from '../i18n/i18n';

const KIND: Record<StoredWallet['kind'], string> = {
  pasted: msg('Address you entered'),
  browser: msg('Browser wallet'),
  created: msg('Wallet made in this browser'),
};

/** The wallet bonuses go to, with a way to change it and, for a wallet made here, its backup. */
export function WalletSummary({ wallet, compact = false }: { wallet: StoredWallet; compact?: boolean }) {
  const t = useT();
  const [backup, setBackup] = useState(wallet.kind === 'created' && !wallet.backedUp);
  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
        <AccountBalanceWallet color="primary" aria-hidden />
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Typography variant="caption" color="text.secondary" component="p">
            {wallet.kind === 'browser' ? wallet.walletName : t(KIND[wallet.kind])}
          </Typography>
          <Typography
            aria-label={t('Wallet address')}
            sx={{ fontFamily: 'monospace', fontSize: '0.85rem', overflowWrap: 'anywhere' }}
          >
            {wallet.address}
          </Typography>
        </Box>
        {compact ? null : (
          <Button size="small" onClick={() => saveWallet(null)}>
            {t('Change')}
          </Button>
        )}
      </Box>
      {wallet.kind === 'created' && !wallet.backedUp ? (
        <Alert
          severity="warning"
          sx={{ mt: 1.5 }}
          action={
            <Button color="inherit" size="small" onClick={() => setBackup(true)}>
              {t('Back up')}
            </Button>
          }
        >
          {t('Not backed up yet: the key exists only in this browser.')}
        </Alert>
      ) : null}
      {wallet.kind === 'created' && !compact && wallet.backedUp ? (
        <Button size="small" sx={{ mt: 1 }} onClick={() => setBackup(true)}>
          {t('Show recovery phrase')}
        </Button>
      ) : null}
      {backup && wallet.kind === 'created' ? <BackupDialog wallet={wallet} onClose={() => setBackup(false)} /> : null}
    </Box>
  );
}
