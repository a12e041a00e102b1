import CreditCard from '@mui/icons-material/CreditCard';
import ShoppingCart from '@mui/icons-material/ShoppingCart';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useQuery } from '@apollo/client/react';
import { lazy, Suspense, type ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import Link from '@mui/material/Link';
import { CheckoutPlanDocument, FreePlanClaimedDocument, type PlanCard_PlanFragment } from '../pricing.generated';
import { useRuntimeConfig } from '../../../shared/config/use-runtime-config';
import { IconCard } from '../../../shared/ui/icon-card';
import { PageLoader } from '../../../shared/ui/page-loader';
import { CheckoutSummary } from '../components/checkout-summary';
import { PaymentSucceeded } from '../components/payment-outcome';
import { SandboxCardForm } from '../components/sandbox-card-form';
import { useCheckout, type CheckoutState } from '../hooks/use-checkout';
import { formatAmount } from '../money';

// Stripe.js and its React bindings load only when the server takes real card payments.
const StripeCardForm = lazy(async () => ({
  default: (await import('../components/stripe-card-form')).StripeCardForm,
}));

// /admin/checkout-page/:item/:currency: the plan comes from the server (an unknown item is the free
// plan), then a card payment (test mode or Stripe) or, for the free plan, a claim without a card.
export function CheckoutPage() {
  const { item = '', currency = '' } = useParams();
  const { data, loading, error, refetch } = useQuery(CheckoutPlanDocument, { variables: { item } });
  const plan = data?.plan;

  if (!plan) {
    if (loading) return <PageLoader label="Loading the plan…" />;
    return (
      <Alert
        severity="error"
        sx={{ maxWidth: 720, mx: 'auto', mt: 3 }}
        action={
          <Button color="inherit" size="small" onClick={() => void refetch()}>
            Retry
          </Button>
        }
      >
        The plan could not be loaded{error ? `: ${error.message}` : '.'}
      </Alert>
    );
  }
  return <Checkout key={plan.item} plan={plan} requestedItem={item} requestedCurrency={currency} />;
}

type CheckoutProps = { plan: PlanCard_PlanFragment; requestedItem: string; requestedCurrency: string };

function Checkout({ plan, requestedItem, requestedCurrency }: CheckoutProps) {
  const checkout = useCheckout(plan.item, plan.currency);
  const { state } = checkout;
  return (
    <Box sx={{ maxWidth: 1200, mx: 'auto' }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 300, mt: 1 }}>
        Checkout
      </Typography>
      {requestedItem !== plan.item ? (
        <Alert severity="info" role="note" sx={{ mt: 2 }}>
          There is no plan called “{requestedItem}”, so this checkout offers the free {plan.name} plan.
        </Alert>
      ) : null}
      {requestedCurrency && requestedCurrency.toLowerCase() !== plan.currency.toLowerCase() ? (
        <Alert severity="info" role="note" sx={{ mt: 2 }}>
          Plans are priced in {plan.currency.toUpperCase()} only, not in “{requestedCurrency.toUpperCase()}”: the
          amounts below are in {plan.currency.toUpperCase()}.
        </Alert>
      ) : null}
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 3fr) minmax(0, 2fr)' },
          columnGap: 3,
          alignItems: 'start',
        }}
      >
        <IconCard icon={ShoppingCart} color="rose" title="Order summary" id="order">
          <CheckoutSummary plan={plan} />
          <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
            IPT credit pays for clean-room reports and can be moved to your wallet from the settings page.
          </Typography>
        </IconCard>
        <IconCard icon={CreditCard} color="purple" title="Payment" id="payment">
          {state.status === 'succeeded' ? (
            <PaymentSucceeded purchase={state.purchase} />
          ) : (
            <PaymentForm plan={plan} checkout={checkout} feedback={<PaymentFailure state={state} />} />
          )}
        </IconCard>
      </Box>
    </Box>
  );
}

function PaymentFailure({ state }: { state: CheckoutState }) {
  if (state.status !== 'failed') return null;
  return (
    <Alert severity="error" role="alert" sx={{ mt: 2 }}>
      {state.message}
    </Alert>
  );
}

type FormProps = {
  plan: PlanCard_PlanFragment;
  checkout: ReturnType<typeof useCheckout>;
  // The outcome of the last attempt, shown right under the Pay button.
  feedback: ReactNode;
};

function PaymentForm({ plan, checkout, feedback }: FormProps) {
  const { config, loading, error, refetch } = useRuntimeConfig();
  const paying = checkout.state.status === 'paying';
  const payLabel = `Pay ${formatAmount(plan.priceCents, plan.currency)}`;

  if (plan.free) return <FreePlanClaim plan={plan} checkout={checkout} feedback={feedback} />;
  if (!config) {
    if (loading) return <PageLoader label="Loading the payment form…" minHeight={160} />;
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={refetch}>
            Retry
          </Button>
        }
      >
        The payment settings could not be loaded{error ? `: ${error.message}` : '.'}
      </Alert>
    );
  }
  const serverErrors = checkout.state.status === 'failed' ? checkout.state.fields : {};
  if (config.payments.mode === 'sandbox') {
    return (
      <SandboxCardForm
        testCards={config.payments.testCards}
        payLabel={payLabel}
        paying={paying}
        serverErrors={serverErrors}
        onPay={checkout.paySandbox}
        onAttempt={checkout.clearFailure}
        feedback={feedback}
      />
    );
  }
  if (!config.payments.publishableKey) {
    return (
      <Alert severity="error">
        Card payments are not set up on this server yet (Stripe has no publishable key). Please try again later.
      </Alert>
    );
  }
  return (
    <Suspense fallback={<PageLoader label="Loading the secure card form…" minHeight={160} />}>
      <StripeCardForm
        publishableKey={config.payments.publishableKey}
        payLabel={payLabel}
        paying={paying}
        onPay={checkout.payStripe}
        feedback={feedback}
      />
    </Suspense>
  );
}

// The free plan credits once per account: someone who claimed it is told so before any button.
function FreePlanClaim({ plan, checkout, feedback }: FormProps) {
  const paying = checkout.state.status === 'paying';
  const claimed = useQuery(FreePlanClaimedDocument, { fetchPolicy: 'network-only' });
  if (claimed.loading && !claimed.data) return <PageLoader label="Checking the free plan…" minHeight={120} />;
  if (claimed.data?.freePlanClaimed && checkout.state.status !== 'succeeded') {
    return (
      <Alert severity="info" role="note">
        You have already claimed the free {plan.name} plan: it can be claimed once per account. For more IPT, choose a
        paid plan on the{' '}
        <Link component={RouterLink} to="/auth/pricing-page">
          pricing page
        </Link>
        .
      </Alert>
    );
  }
  return (
    <Box>
      <Typography sx={{ mb: 2 }}>
        The {plan.name} plan is free: no card is needed. It can be claimed once per account.
      </Typography>
      <Button
        variant="contained"
        color="secondary"
        size="large"
        fullWidth
        disabled={paying}
        startIcon={paying ? <CircularProgress size={18} color="inherit" /> : null}
        onClick={() => void checkout.payFree()}
      >
        Get {plan.tokens} free IPT Tokens
      </Button>
      {feedback}
    </Box>
  );
}
