import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';

// Offline, loadStripe fails fast on a DNS error but can hang for a minute on a silent network.
export const STRIPE_LOAD_TIMEOUT_MS = 15_000;

const loads = new Map<string, Promise<Stripe>>();

// Stripe.js from js.stripe.com (the pure entry loads nothing until this is called), once per key.
export function loadStripeWithTimeout(publishableKey: string, timeoutMs = STRIPE_LOAD_TIMEOUT_MS): Promise<Stripe> {
  const cached = loads.get(publishableKey);
  if (cached) return cached;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error('The card form (Stripe.js) did not load in time. Check your connection and try again.')),
      timeoutMs,
    );
  });
  const load = Promise.race([loadStripe(publishableKey), timeout])
    .then((stripe) => {
      if (!stripe) throw new Error('The card form (Stripe.js) is not available in this browser.');
      return stripe;
    })
    .finally(() => clearTimeout(timer));
  // a failed load may be retried
  load.catch(() => loads.delete(publishableKey));
  loads.set(publishableKey, load);
  return load;
}
