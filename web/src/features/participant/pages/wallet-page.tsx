import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import { useParticipantWallet } from '../wallet/use-participant-wallet';
import { WalletSetup } from '../wallet/wallet-setup';
import { WalletSummary } from '../wallet/wallet-summary';

// /p/wallet: where bonuses are paid.
export function WalletPage() {
  const wallet = useParticipantWallet();
  return (
    <Box>
      <Card sx={{ p: { xs: 2, sm: 3 }, mb: 2 }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 400 }}>
          Wallet
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          Bonuses are paid in IPT to this address on the chain. It is kept in this browser only.
        </Typography>
      </Card>
      <Card sx={{ p: { xs: 2, sm: 3 } }}>{wallet ? <WalletSummary wallet={wallet} /> : <WalletSetup />}</Card>
    </Box>
  );
}
