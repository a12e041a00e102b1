// Billing's error codes and their HTTP statuses (composed in api/src/app/error-codes.ts).
export const BILLING_ERRORS = {
  // the prepaid IPT credit does not cover what was asked
  INSUFFICIENT_CREDIT: 402,
  // the card payment provider (Stripe) failed or could not be reached
  PAYMENT_PROVIDER_ERROR: 502,
} as const;

declare module '../../shared/errors' {
  interface ErrorCodeMaps {
    billing: typeof BILLING_ERRORS;
  }
}
