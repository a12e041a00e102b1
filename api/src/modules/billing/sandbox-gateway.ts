import { randomUUID } from 'node:crypto';
import { badInput } from '../../shared/errors';
import type { CreateIntent, PaymentGateway, PaymentResult, TestCard } from './payment-gateway';

// Stripe's own test numbers, so the same cards work in both modes. Any future expiry, any CVC.
export const TEST_CARDS: readonly TestCard[] = [
  { number: '4242424242424242', brand: 'Visa', outcome: 'succeeds', message: null },
  { number: '5555555555554444', brand: 'Mastercard', outcome: 'succeeds', message: null },
  { number: '4000000000000002', brand: 'Visa', outcome: 'declined', message: 'Your card was declined.' },
  { number: '4000000000009995', brand: 'Visa', outcome: 'declined', message: 'Your card has insufficient funds.' },
  { number: '4000000000000069', brand: 'Visa', outcome: 'declined', message: 'Your card has expired.' },
  {
    number: '4000000000000127',
    brand: 'Visa',
    outcome: 'declined',
    message: "Your card's security code is incorrect.",
  },
  {
    number: '4000000000000119',
    brand: 'Visa',
    outcome: 'declined',
    message: 'An error occurred while processing your card. Try again in a little bit.',
  },
];

export type SandboxCard = { cardNumber: string; expiry: string; cvc: string };

/**
 * The built-in gateway for the embedded default: no network, no real money. It accepts only the
 * documented test card numbers; anything else is refused outright (never stored or logged), so a
 * real card typed into test mode cannot go anywhere.
 */
export class SandboxGateway implements PaymentGateway {
  readonly mode = 'sandbox' as const;
  readonly testCards = TEST_CARDS;

  async createIntent(_intent: CreateIntent) {
    return { externalId: `sbx_${randomUUID().replaceAll('-', '')}`, clientSecret: null };
  }

  /** Pays with a test card. Unknown numbers and malformed fields are BAD_USER_INPUT. */
  charge(card: SandboxCard, amount: { amountCents: number; currency: string }, now = new Date()): PaymentResult {
    const number = card.cardNumber.replace(/[\s-]/g, '');
    const test = TEST_CARDS.find((c) => c.number === number);
    if (!test) {
      throw badInput('Test mode accepts only the documented test cards, e.g. 4242 4242 4242 4242', [
        { path: 'cardNumber', message: 'not a test card' },
      ]);
    }
    const expiry = /^(\d{2})\s*\/\s*(\d{2}|\d{4})$/.exec(card.expiry.trim());
    const month = Number(expiry?.[1]);
    if (!expiry || month < 1 || month > 12) {
      throw badInput('Expiry must be MM/YY', [{ path: 'expiry', message: 'must be MM/YY' }]);
    }
    if (!/^\d{3,4}$/.test(card.cvc.trim())) {
      throw badInput('CVC must be 3 or 4 digits', [{ path: 'cvc', message: 'must be 3 or 4 digits' }]);
    }
    const year = expiry[2].length === 2 ? 2000 + Number(expiry[2]) : Number(expiry[2]);
    // a card is valid through the last day of its expiry month
    if (new Date(Date.UTC(year, month, 1)) <= now)
      return { status: 'failed', failureMessage: 'Your card has expired.' };
    if (test.outcome === 'declined') return { status: 'failed', failureMessage: test.message! };
    return { status: 'succeeded', ...amount };
  }
}
