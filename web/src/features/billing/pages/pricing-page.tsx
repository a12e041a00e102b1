import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useQuery } from '@apollo/client/react';
import { PlansDocument } from '../pricing.generated';
import { PlanCard } from '../components/plan-card';

// The plan the page lifts visually: the biggest bundle is the best price per token.
const HIGHLIGHTED_ITEM = '120credits';

// /auth/pricing-page, "Purchase IPT Tokens": the server's plans. Choosing one opens the checkout,
// behind the login for visitors who are not signed in (they come back to it after logging in).
export function PricingPage() {
  const { data, loading, error, refetch } = useQuery(PlansDocument, { fetchPolicy: 'cache-first' });
  const plans = data?.plans ?? [];
  return (
    <Box sx={{ width: '100%', maxWidth: 1200, mx: 'auto', color: '#fff' }}>
      <Box sx={{ textAlign: 'center', mb: { xs: 3, md: 5 } }}>
        <Typography component="h1" variant="h3" sx={{ fontSize: { xs: '2rem', md: '2.6rem' } }}>
          Purchase IPT Tokens
        </Typography>
        <Typography sx={{ mt: 1.5, opacity: 0.9, maxWidth: 640, mx: 'auto' }}>
          Prepaid IPT credit pays for clean-room reports (1 IPT each) and can be moved to your wallet to fund requests.
          Pick a plan; you pay by card on the next page.
        </Typography>
      </Box>
      {error && plans.length === 0 ? (
        <Alert
          severity="error"
          sx={{ maxWidth: 560, mx: 'auto' }}
          action={
            <Button color="inherit" size="small" onClick={() => void refetch()}>
              Retry
            </Button>
          }
        >
          The plans could not be loaded. Check your connection and try again.
        </Alert>
      ) : (
        <Box
          component="section"
          aria-label="Plans"
          aria-busy={loading && plans.length === 0}
          sx={{
            display: 'grid',
            gap: { xs: 3, md: 3 },
            gridTemplateColumns: {
              xs: 'minmax(0, 1fr)',
              sm: 'repeat(2, minmax(0, 1fr))',
              md: 'repeat(4, minmax(0, 1fr))',
            },
            maxWidth: { xs: 360, sm: 'none' },
            mx: 'auto',
          }}
        >
          {plans.length > 0
            ? plans.map((plan, index) => (
                <PlanCard key={plan.item} plan={plan} index={index} highlighted={plan.item === HIGHLIGHTED_ITEM} />
              ))
            : [0, 1, 2, 3].map((index) => (
                <Skeleton key={index} variant="rounded" height={380} sx={{ bgcolor: 'rgba(255,255,255,.2)' }} />
              ))}
        </Box>
      )}
    </Box>
  );
}
