import { useApolloClient, useMutation } from '@apollo/client/react';
import { useRef, useState } from 'react';
import {
  ConfirmPurchaseDocument,
  ConfirmSandboxPaymentDocument,
  CreatePaymentIntentDocument,
  type CheckoutResult_PurchaseFragment,
} from '../checkout.generated';
import { CreditHistoryDocument } from '../credit.generated';
import { MeDocument } from '../../../shared/session/session.generated';
import { toApiError, type ApiError } from '../../../shared/apollo/graphql-errors';

// Spec s.8: "Payment failed {message}", exactly this prefix.
export const PAYMENT_FAILED_PREFIX = 'Payment failed';
export const paymentFailed = (message: string) => `${PAYMENT_FAILED_PREFIX} ${message}`;

export type SandboxCard = { cardNumber: string; expiry: string; cvc: string };

// Confirms a Stripe PaymentIntent in the browser (Stripe.js); resolves the provider's error message.
export type StripeConfirm = (clientSecret: string) => Promise<{ errorMessage: string | null }>;

export type CheckoutState =
  | { status: 'idle' }
  | { status: 'paying' }
  | { status: 'succeeded'; purchase: CheckoutResult_PurchaseFragment }
  // `fields`: per-field problems the server found in the card form (test mode)
  | { status: 'failed'; message: string; code: ApiError['code'] | null; fields: Record<string, string> };

type Started = { purchaseId: string; clientSecret: string | null };

// One checkout of one plan. The purchase is created on the first Pay and reused by the next ones,
// so a declined card can be retried with another without starting over (the server allows it).
export function useCheckout(item: string, currency: string) {
  const client = useApolloClient();
  const [createIntent] = useMutation(CreatePaymentIntentDocument);
  const [confirmPurchase] = useMutation(ConfirmPurchaseDocument);
  const [confirmSandbox] = useMutation(ConfirmSandboxPaymentDocument);
  const [state, setState] = useState<CheckoutState>({ status: 'idle' });
  const started = useRef<Started | null>(null);
  const busy = useRef(false);

  const start = async (): Promise<Started> => {
    if (started.current) return started.current;
    const { data } = await createIntent({ variables: { input: { item, currency } } });
    if (!data) throw new Error('The server did not start the payment.');
    const { purchase, clientSecret } = data.createPaymentIntent;
    started.current = { purchaseId: purchase.id, clientSecret };
    return started.current;
  };

  const settle = async (purchase: CheckoutResult_PurchaseFragment | undefined) => {
    if (!purchase) throw new Error('The server did not answer the payment.');
    if (purchase.status === 'succeeded') {
      setState({ status: 'succeeded', purchase });
      // the header's "{balance} IPT Tokens Bought!" and the credit history
      await client.refetchQueries({ include: [MeDocument, CreditHistoryDocument] }).catch(() => undefined);
      return;
    }
    const message =
      purchase.status === 'failed'
        ? (purchase.failureMessage ?? 'The payment was not completed.')
        : 'The payment is still being processed. Check your credit in a moment.';
    setState({ status: 'failed', message: paymentFailed(message), code: null, fields: {} });
  };

  // Runs one payment attempt; every failure ends as "Payment failed {message}".
  const attempt = async (pay: () => Promise<void>) => {
    if (busy.current) return;
    busy.current = true;
    setState({ status: 'paying' });
    try {
      await pay();
    } catch (error) {
      const apiError = toApiError(error);
      setState({
        status: 'failed',
        message: paymentFailed(apiError.message),
        code: apiError.code,
        fields: apiError.fields,
      });
    } finally {
      busy.current = false;
    }
  };

  return {
    state,
    // A new attempt starts: the last one's failure is no longer the news (a field error the form
    // finds before sending must not appear under an old "Payment failed").
    clearFailure: () => setState((current) => (current.status === 'failed' ? { status: 'idle' } : current)),
    // The free plan: no card, the server credits it once per account.
    payFree: () =>
      attempt(async () => {
        const { purchaseId } = await start();
        const { data } = await confirmPurchase({ variables: { purchaseId } });
        await settle(data?.confirmPurchase);
      }),
    // Test mode: one of the documented test cards.
    paySandbox: (card: SandboxCard) =>
      attempt(async () => {
        const { purchaseId } = await start();
        const { data } = await confirmSandbox({ variables: { input: { purchaseId, ...card } } });
        await settle(data?.confirmSandboxPayment);
      }),
    // Stripe: Stripe.js confirms with the client secret, then the server re-checks with Stripe.
    payStripe: (confirm: StripeConfirm) =>
      attempt(async () => {
        const { purchaseId, clientSecret } = await start();
        if (!clientSecret) throw new Error('The server did not start a card payment.');
        const { errorMessage } = await confirm(clientSecret);
        if (errorMessage) {
          setState({ status: 'failed', message: paymentFailed(errorMessage), code: null, fields: {} });
          return;
        }
        const { data } = await confirmPurchase({ variables: { purchaseId } });
        await settle(data?.confirmPurchase);
      }),
  };
}
