/** The outcome of a payment attempt as the gateway sees it. */
export type PaymentResult =
  | { status: 'succeeded'; amountCents: number; currency: string }
  | { status: 'failed'; failureMessage: string }
  | { status: 'pending' };

export type CreateIntent = {
  purchaseId: string;
  userId: string;
  item: string;
  amountCents: number;
  currency: string;
};

/** A card number test mode accepts, and what paying with it does. */
export type TestCard = {
  number: string;
  brand: string;
  /** what paying with it does */
  outcome: 'succeeds' | 'declined';
  /** the decline message, as Stripe words it */
  message: string | null;
};

/**
 * A card payment provider. `stripe` confirms in the browser (Stripe.js) and tells us through a signed
 * webhook and `retrieve`; `sandbox` is built in, needs no network, and takes test cards only.
 */
export type PaymentGateway = {
  readonly mode: 'stripe' | 'sandbox';
  /** the cards this gateway takes in test mode (none for real payments) */
  readonly testCards: readonly TestCard[];
  /** Starts a payment for an amount taken from the plan table; returns the gateway's id for it. */
  createIntent(intent: CreateIntent): Promise<{ externalId: string; clientSecret: string | null }>;
};
