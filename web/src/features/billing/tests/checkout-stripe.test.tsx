import { act, screen, within } from '@testing-library/react';
import { graphql, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConfirmPurchaseDocument, CreatePaymentIntentDocument } from '../checkout.generated';
import { MeDocument } from '../../../shared/session/session.generated';
import type { CreatePaymentIntentInput } from '../../../gql/types';
import { buildProfile, buildPurchase, planFor } from '../../../test/factories';
import { server } from '../../../test/msw-server';
import { givenRuntimeConfig, givenSignedInSession, renderApp } from '../../../test/render-app';

// Stripe.js stands in for the real thing (which loads from js.stripe.com): an Elements card field
// that reports "complete" when told to, and confirmCardPayment answering what the test scripts.
type ChangeHandler = (event: { complete: boolean; error?: { message: string } }) => void;
const stripe = vi.hoisted(() => {
  const handlers: { change?: (event: { complete: boolean; error?: { message: string } }) => void } = {};
  const element = {
    mount: () => undefined,
    destroy: () => undefined,
    update: () => undefined,
    on: (event: string, handler: ChangeHandler) => {
      if (event === 'change') handlers.change = handler;
    },
    off: () => undefined,
  };
  const instance = {
    elements: () => ({ create: () => element, getElement: () => element, update: () => undefined }),
    createToken: () => undefined,
    createPaymentMethod: () => undefined,
    confirmCardPayment: vi.fn(),
  };
  return { handlers, element, instance, loadStripe: vi.fn() };
});
vi.mock('@stripe/stripe-js/pure', () => ({ loadStripe: stripe.loadStripe }));

const KEY = 'pk_test_parley';

beforeEach(() => {
  stripe.loadStripe.mockReset().mockResolvedValue(stripe.instance);
  stripe.instance.confirmCardPayment.mockReset();
});
afterEach(() => vi.useRealTimers());

// Stripe.js loads once per key and page: a test that needs a fresh load uses a key of its own.
function givenStripeCheckout(key = KEY) {
  const calls: { intents: CreatePaymentIntentInput[]; confirms: string[] } = { intents: [], confirms: [] };
  let credit = 0;
  givenSignedInSession(buildProfile({ credit }));
  givenRuntimeConfig({ paymentMode: 'stripe', stripePublishableKey: key, testCards: [] });
  const plan = planFor('10credits');
  server.use(
    graphql.query(MeDocument, () => HttpResponse.json({ data: { me: buildProfile({ credit }) } })),
    graphql.mutation(CreatePaymentIntentDocument, ({ variables }) => {
      calls.intents.push(variables.input);
      return HttpResponse.json({
        data: {
          createPaymentIntent: {
            clientSecret: 'pi_123_secret_456',
            paymentMode: 'stripe',
            purchase: buildPurchase(plan, { id: 'purchase-stripe', gateway: 'stripe' }),
          },
        },
      });
    }),
    graphql.mutation(ConfirmPurchaseDocument, ({ variables }) => {
      calls.confirms.push(variables.purchaseId);
      credit += plan.tokens;
      return HttpResponse.json({
        data: {
          confirmPurchase: buildPurchase(plan, { id: variables.purchaseId, gateway: 'stripe', status: 'succeeded' }),
        },
      });
    }),
  );
  return calls;
}

async function fillCard() {
  await screen.findByRole('form', { name: 'Card details' });
  await act(async () => stripe.handlers.change?.({ complete: true }));
}

describe('checkout with Stripe', () => {
  it('confirms the card with Stripe.js, then has the server re-check and credit', async () => {
    // a key of its own: the load is asserted, whichever test loaded Stripe.js for KEY before
    const calls = givenStripeCheckout('pk_test_confirm');
    stripe.instance.confirmCardPayment.mockResolvedValue({ paymentIntent: { status: 'succeeded' } });
    const { user } = renderApp('/admin/checkout-page/10credits/usd');
    await fillCard();
    expect(stripe.loadStripe).toHaveBeenCalledWith('pk_test_confirm');
    expect(screen.queryByText('TEST MODE')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Pay $10' }));
    expect(await screen.findByText('Payment successful')).toBeInTheDocument();
    expect(stripe.instance.confirmCardPayment).toHaveBeenCalledWith('pi_123_secret_456', {
      payment_method: { card: stripe.element },
    });
    expect(calls.intents).toEqual([{ item: '10credits', currency: 'usd' }]);
    expect(calls.confirms).toEqual(['purchase-stripe']);
  });

  it('shows Stripe\'s decline as "Payment failed ..." without asking the server to credit', async () => {
    const calls = givenStripeCheckout();
    stripe.instance.confirmCardPayment.mockResolvedValue({
      error: { type: 'card_error', message: 'Your card was declined.' },
    });
    const { user } = renderApp('/admin/checkout-page/10credits/usd');
    await fillCard();
    await user.click(screen.getByRole('button', { name: 'Pay $10' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Payment failed Your card was declined\.$/);
    expect(calls.confirms).toEqual([]);
  });

  it('gives up on a Stripe.js that does not load, and retries on request', async () => {
    givenStripeCheckout('pk_test_silent_network');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stripe.loadStripe.mockReturnValueOnce(new Promise(() => undefined)); // a silent network
    renderApp('/admin/checkout-page/10credits/usd');
    await screen.findByText('Loading the secure card form…');
    await act(() => vi.advanceTimersByTimeAsync(15_000));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('did not load in time');
    vi.useRealTimers();
    await act(async () => within(alert).getByRole('button', { name: 'Retry' }).click());
    expect(await screen.findByRole('form', { name: 'Card details' })).toBeInTheDocument();
  });
});
