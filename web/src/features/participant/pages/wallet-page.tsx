import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import { useParticipantWallet } from '../wallet/use-participant-wallet';
import { WalletSetup } from '../wallet/wallet-setup';
import { WalletSummary } from '../wallet/wallet-summary';
import { useT } from '../i18n/i18n';

// /p/wallet: where bonuses are paid.
export function WalletPage() {
  const wallet = useParticipantWallet();
  const t = useT();
  return (
    <Box>
      <Card sx={{ p: { xs: 2, sm: 3 }, mb: 2 }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 400 }}>
          {t('Wallet')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {t('Bonuses are paid in IPT to this address on the chain. It is kept in this browser only.')}
        </Typography>
      </Card>
      <Card sx={{ p: { xs: 2, sm: 3 } }}>{wallet ? <WalletSummary wallet={wallet} /> : <WalletSetup />}</Card>
    </Box>
  );
}
