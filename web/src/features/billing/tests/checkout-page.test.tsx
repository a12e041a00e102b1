import { screen, waitFor, within } from '@testing-library/react';
import { graphql, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  ConfirmPurchaseDocument,
  ConfirmSandboxPaymentDocument,
  CreatePaymentIntentDocument,
} from '../checkout.generated';
import { MeDocument } from '../../../shared/session/session.generated';
import { FreePlanClaimedDocument } from '../pricing.generated';
import type { CreatePaymentIntentInput, SandboxPaymentInput } from '../../../gql/types';
import { buildProfile, buildPurchase, graphQLError, planFor } from '../../../test/factories';
import { server } from '../../../test/msw-server';
import { givenSignedInSession, renderApp } from '../../../test/render-app';
import { enterText } from '../../../test/enter-text';

type Calls = { intents: CreatePaymentIntentInput[]; sandbox: SandboxPaymentInput[]; confirms: string[] };

const DECLINES: Record<string, string> = { '4000000000000002': 'Your card was declined.' };

// The server's checkout in test mode: test cards succeed or decline as documented, a paid purchase
// adds its tokens to the credit `me` reports.
function givenCheckoutServer(options: { credit?: number; freePlanUsed?: boolean } = {}): Calls {
  const calls: Calls = { intents: [], sandbox: [], confirms: [] };
  let credit = options.credit ?? 0;
  const profile = () => buildProfile({ credit });
  givenSignedInSession(profile());
  server.use(
    graphql.query(MeDocument, () => HttpResponse.json({ data: { me: profile() } })),
    graphql.query(FreePlanClaimedDocument, () =>
      HttpResponse.json({ data: { freePlanClaimed: options.freePlanUsed ?? false } }),
    ),
    graphql.mutation(CreatePaymentIntentDocument, ({ variables }) => {
      calls.intents.push(variables.input);
      const plan = planFor(variables.input.item);
      if (plan.free && options.freePlanUsed)
        return graphQLError('CONFLICT', 'The free plan can be claimed once per account');
      return HttpResponse.json({
        data: {
          createPaymentIntent: {
            clientSecret: null,
            paymentMode: 'sandbox',
            purchase: buildPurchase(plan, { id: `purchase-${calls.intents.length}` }),
          },
        },
      });
    }),
    graphql.mutation(ConfirmSandboxPaymentDocument, ({ variables }) => {
      calls.sandbox.push(variables.input);
      const plan = planFor('10credits');
      const decline = DECLINES[variables.input.cardNumber];
      if (!decline && variables.input.cardNumber !== '4242424242424242') {
        return graphQLError(
          'BAD_USER_INPUT',
          'Test mode accepts only the documented test cards, e.g. 4242 4242 4242 4242',
          [{ path: 'cardNumber', message: 'not a test card' }],
        );
      }
      if (!decline) credit += plan.tokens;
      return HttpResponse.json({
        data: {
          confirmSandboxPayment: buildPurchase(plan, {
            id: variables.input.purchaseId,
            status: decline ? 'failed' : 'succeeded',
            failureMessage: decline ?? null,
          }),
        },
      });
    }),
    graphql.mutation(ConfirmPurchaseDocument, ({ variables }) => {
      calls.confirms.push(variables.purchaseId);
      const plan = planFor('5credits');
      credit += plan.tokens;
      return HttpResponse.json({
        data: { confirmPurchase: buildPurchase(plan, { id: variables.purchaseId, status: 'succeeded' }) },
      });
    }),
  );
  return calls;
}

async function openCheckout(path: string) {
  const view = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: 'Checkout' });
  return view;
}

async function payWithCard(user: ReturnType<typeof renderApp>['user'], number: string) {
  const form = screen.getByRole('form', { name: 'Card details' });
  await user.clear(within(form).getByLabelText('Card number'));
  await enterText(user, within(form).getByLabelText('Card number'), number);
  await user.clear(within(form).getByLabelText('Expiry (MM/YY)'));
  await enterText(user, within(form).getByLabelText('Expiry (MM/YY)'), '1239');
  await user.clear(within(form).getByLabelText('CVC'));
  await enterText(user, within(form).getByLabelText('CVC'), '123');
  await user.click(within(form).getByRole('button', { name: 'Pay $10' }));
}

async function headerCredit(user: ReturnType<typeof renderApp>['user']) {
  await user.click(screen.getByRole('button', { name: 'IPT credit' }));
  const text = (await screen.findByText(/IPT Tokens Bought!$/)).textContent;
  await user.keyboard('{Escape}');
  return text;
}

describe('checkout in test mode', () => {
  it('shows the one-line order table and a card form labelled as test mode with the test cards', async () => {
    givenCheckoutServer();
    await openCheckout('/admin/checkout-page/10credits/usd');
    const table = screen.getByRole('table', { name: 'Order summary' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Product', 'Price', 'Quantity', 'Amount']);
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(2);
    expect([...rows[1].querySelectorAll('th, td')].map((cell) => cell.textContent)).toEqual([
      'Starter: 10 IPT Tokens',
      '$10',
      '1',
      '$10',
    ]);
    const form = await screen.findByRole('form', { name: 'Card details' });
    expect(within(form).getByText('TEST MODE')).toBeInTheDocument();
    const cards = within(form).getByRole('region', { name: 'Test cards' });
    expect(within(cards).getByText('4242 4242 4242 4242')).toBeInTheDocument();
    expect(within(cards).getByText(/declined, "Your card was declined\."/)).toBeInTheDocument();
  });

  it('pays the Starter plan with the good test card and shows the new credit in the header', async () => {
    const calls = givenCheckoutServer({ credit: 0 });
    const { user } = await openCheckout('/admin/checkout-page/10credits/usd');
    expect(await headerCredit(user)).toBe('0 IPT Tokens Bought!');

    await payWithCard(user, '4242 4242 4242 4242');
    expect(await screen.findByText('Payment successful')).toBeInTheDocument();
    expect(screen.getByText(/10 IPT Tokens were added to your account/)).toBeInTheDocument();
    expect(calls.intents).toEqual([{ item: '10credits', currency: 'usd' }]);
    expect(calls.sandbox).toEqual([
      { purchaseId: 'purchase-1', cardNumber: '4242424242424242', expiry: '12/39', cvc: '123' },
    ]);
    await waitFor(async () => expect(await headerCredit(user)).toBe('10 IPT Tokens Bought!'));
    expect(screen.getByText(/Your credit is now 10 IPT Tokens/)).toBeInTheDocument();
  });

  it('shows "Payment failed Your card was declined." and takes another card for the same purchase', async () => {
    const calls = givenCheckoutServer();
    const { user } = await openCheckout('/admin/checkout-page/10credits/usd');

    await payWithCard(user, '4000 0000 0000 0002');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/^Payment failed Your card was declined\.$/);

    // a second attempt the form refuses before sending: its field error, without the old banner
    const form = screen.getByRole('form', { name: 'Card details' });
    await user.clear(within(form).getByLabelText('Expiry (MM/YY)'));
    await user.click(within(form).getByRole('button', { name: 'Pay $10' }));
    expect(await within(form).findByText('Enter the expiry date')).toBeInTheDocument();
    expect(screen.queryByText(/Payment failed/)).toBeNull();

    await payWithCard(user, '4242424242424242');
    expect(await screen.findByText('Payment successful')).toBeInTheDocument();
    // one purchase, paid on the second attempt
    expect(calls.intents).toHaveLength(1);
    expect(calls.sandbox.map((c) => [c.purchaseId, c.cardNumber])).toEqual([
      ['purchase-1', '4000000000000002'],
      ['purchase-1', '4242424242424242'],
    ]);
  });

  it('puts a card number test mode refuses on its field, and checks the form before sending', async () => {
    const calls = givenCheckoutServer();
    const { user } = await openCheckout('/admin/checkout-page/10credits/usd');
    const form = await screen.findByRole('form', { name: 'Card details' });
    await user.click(within(form).getByRole('button', { name: 'Pay $10' }));
    expect(within(form).getByLabelText('Card number')).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).getByText('Enter the expiry date')).toBeInTheDocument();
    expect(calls.intents).toEqual([]);

    await payWithCard(user, '4111 1111 1111 1111');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Payment failed Test mode accepts only the documented test cards, e.g. 4242 4242 4242 4242',
    );
    expect(within(form).getByText('not a test card')).toBeInTheDocument();
  });

  it('refuses a past expiry in the words the docs and the server use, sending nothing', async () => {
    const calls = givenCheckoutServer();
    const { user } = await openCheckout('/admin/checkout-page/10credits/usd');
    const form = await screen.findByRole('form', { name: 'Card details' });
    await enterText(user, within(form).getByLabelText('Card number'), '4242424242424242');
    await enterText(user, within(form).getByLabelText('Expiry (MM/YY)'), '0120');
    await enterText(user, within(form).getByLabelText('CVC'), '123');
    await user.click(within(form).getByRole('button', { name: 'Pay $10' }));
    expect(within(form).getByText('Your card has expired.')).toBeInTheDocument();
    expect(calls.intents).toEqual([]);
  });

  it('fills the card number from the test card list', async () => {
    givenCheckoutServer();
    const { user } = await openCheckout('/admin/checkout-page/10credits/usd');
    await user.click(await screen.findByRole('button', { name: 'Use test card 4000 0000 0000 0002' }));
    expect(screen.getByLabelText('Card number')).toHaveValue('4000 0000 0000 0002');
  });
});

describe('checkout of the free plan', () => {
  it('falls back to the free 5-token plan for an unknown item and claims it without a card', async () => {
    const calls = givenCheckoutServer({ credit: 3 });
    const { user } = await openCheckout('/admin/checkout-page/bogus/usd');
    expect(screen.getByText(/There is no plan called “bogus”/)).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Order summary' });
    expect(within(table).getByText('Trial: 5 IPT Tokens')).toBeInTheDocument();
    expect(within(table).getByText('FREE')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Card details' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Get 5 free IPT Tokens' }));
    expect(await screen.findByText('Payment successful')).toBeInTheDocument();
    expect(calls.intents).toEqual([{ item: '5credits', currency: 'usd' }]);
    expect(calls.confirms).toEqual(['purchase-1']);
    await waitFor(async () => expect(await headerCredit(user)).toBe('8 IPT Tokens Bought!'));
  });

  it('says up front that the free plan was already claimed, offering no button', async () => {
    const calls = givenCheckoutServer({ freePlanUsed: true });
    await openCheckout('/admin/checkout-page/5credits/usd');
    expect(await screen.findByText(/You have already claimed the free Trial plan/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'pricing page' })).toHaveAttribute('href', '/auth/pricing-page');
    expect(screen.queryByRole('button', { name: 'Get 5 free IPT Tokens' })).not.toBeInTheDocument();
    expect(calls.intents).toEqual([]);
  });

  it('says so when the checkout address asks for another currency', async () => {
    givenCheckoutServer();
    await openCheckout('/admin/checkout-page/10credits/eur');
    expect(
      await screen.findByText('Plans are priced in USD only, not in “EUR”: the amounts below are in USD.'),
    ).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Pay $10' })).toBeInTheDocument();
  });

  it("says nothing about the currency when it is the plan's own", async () => {
    givenCheckoutServer();
    await openCheckout('/admin/checkout-page/10credits/usd');
    await screen.findByRole('button', { name: 'Pay $10' });
    expect(screen.queryByText(/Plans are priced in/)).not.toBeInTheDocument();
  });
});
