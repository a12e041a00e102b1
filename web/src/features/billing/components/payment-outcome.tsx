import CheckCircle from '@mui/icons-material/CheckCircle';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';
import type { CheckoutResult_PurchaseFragment } from '../checkout.generated';
import { useSessionUser } from '../../../shared/session/use-session-user';

// After a successful payment: what was credited and the new balance (the header shows it too).
export function PaymentSucceeded({ purchase }: { purchase: CheckoutResult_PurchaseFragment }) {
  const { user } = useSessionUser();
  return (
    <Box>
      <Alert severity="success" icon={<CheckCircle />} role="status">
        <AlertTitle>Payment successful</AlertTitle>
        {purchase.tokens} IPT Tokens were added to your account.
        {user ? ` Your credit is now ${user.credit} IPT Tokens.` : null}
      </Alert>
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', mt: 2 }}>
        <Button component={RouterLink} to="/admin/dashboard" variant="contained" color="secondary">
          Go to the dashboard
        </Button>
        <Button component={RouterLink} to="/auth/pricing-page" variant="outlined">
          Buy more tokens
        </Button>
        <Button component={RouterLink} to="/admin/settings" variant="text">
          Credit history
        </Button>
      </Box>
    </Box>
  );
}
