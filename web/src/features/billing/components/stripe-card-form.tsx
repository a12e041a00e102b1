import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import type { StripeConfirm } from '../hooks/use-checkout';
import { loadStripeWithTimeout } from '../stripe-loader';

type Props = {
  publishableKey: string;
  payLabel: string;
  paying: boolean;
  onPay: (confirm: StripeConfirm) => Promise<void>;
  // Shown under the Pay button (the last attempt's outcome).
  feedback?: ReactNode;
};

type Load = { status: 'loading' } | { status: 'ready'; stripe: Stripe } | { status: 'failed'; message: string };

// Real card payments: Stripe Elements' card field (the card number never touches our server) and
// stripe.confirmCardPayment with the PaymentIntent's client secret. Loaded only in Stripe mode.
export function StripeCardForm({ publishableKey, ...props }: Props) {
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    loadStripeWithTimeout(publishableKey).then(
      (stripe) => live && setLoad({ status: 'ready', stripe }),
      (error: unknown) =>
        live && setLoad({ status: 'failed', message: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      live = false;
    };
  }, [publishableKey, attempt]);

  if (load.status === 'loading') {
    return (
      <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1.5, py: 2 }}>
        <CircularProgress size={20} aria-hidden />
        <Typography variant="body2" color="text.secondary">
          Loading the secure card form…
        </Typography>
      </Box>
    );
  }
  if (load.status === 'failed') {
    return (
      <Alert
        severity="error"
        action={
          <Button
            color="inherit"
            size="small"
            onClick={() => {
              setLoad({ status: 'loading' });
              setAttempt((n) => n + 1);
            }}
          >
            Retry
          </Button>
        }
      >
        {load.message}
      </Alert>
    );
  }
  return (
    <Elements stripe={load.stripe}>
      <CardForm {...props} />
    </Elements>
  );
}

function CardForm({ payLabel, paying, onPay, feedback }: Omit<Props, 'publishableKey'>) {
  const stripe = useStripe();
  const elements = useElements();
  const titleId = useId();
  const [complete, setComplete] = useState(false);
  const [fieldError, setFieldError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const card = elements?.getElement(CardElement);
    if (!stripe || !card) return;
    void onPay(async (clientSecret) => {
      const result = await stripe.confirmCardPayment(clientSecret, { payment_method: { card } });
      return { errorMessage: result.error ? (result.error.message ?? 'The card was not charged.') : null };
    });
  };

  return (
    <Box component="form" noValidate aria-labelledby={titleId} onSubmit={submit}>
      <Typography id={titleId} component="h2" variant="h6" sx={{ mb: 1.5 }}>
        Card details
      </Typography>
      <Box
        sx={{
          border: '1px solid',
          borderColor: fieldError ? 'error.main' : 'divider',
          borderRadius: 1,
          px: 1.5,
          py: 1.5,
        }}
      >
        <CardElement
          options={{ hidePostalCode: true, style: { base: { fontSize: '16px', color: '#3c4858' } } }}
          onChange={(event) => {
            setComplete(event.complete);
            setFieldError(event.error?.message ?? null);
          }}
        />
      </Box>
      <Typography variant="caption" color={fieldError ? 'error' : 'text.secondary'} component="p" sx={{ mt: 0.5 }}>
        {fieldError ?? 'Card payments are processed by Stripe.'}
      </Typography>
      <Button
        type="submit"
        variant="contained"
        color="secondary"
        size="large"
        fullWidth
        disabled={paying || !stripe || !complete}
        startIcon={paying ? <CircularProgress size={18} color="inherit" /> : null}
        sx={{ mt: 2 }}
      >
        {payLabel}
      </Button>
      {feedback}
    </Box>
  );
}
