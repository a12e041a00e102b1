// Prices come from the server in cents of their currency; only formatting happens here.

// "FREE" for the free plan (the spec's wording), otherwise "$10" or "$9.50".
export function formatPrice(priceCents: number, currency: string): string {
  if (priceCents === 0) return 'FREE';
  return formatAmount(priceCents, currency);
}

// "$0.00", "$10", "$9.50": whole amounts without decimals, like the spec's plan list.
export function formatAmount(cents: number, currency: string): string {
  const whole = cents % 100 === 0;
  try {
    return new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: currency.toUpperCase(),
      minimumFractionDigits: whole && cents !== 0 ? 0 : 2,
      maximumFractionDigits: 2,
    }).format(cents / 100);
  } catch {
    // an unknown currency code: the number and the code
    return `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;
  }
}

// What one IPT costs in a plan, "$0.91"; null for the free plan.
export function pricePerToken(priceCents: number, tokens: number, currency: string): string | null {
  if (priceCents === 0 || tokens <= 0) return null;
  const cents = Math.round(priceCents / tokens);
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);
  } catch {
    return null;
  }
}

export function checkoutPath(item: string, currency: string): string {
  return `/admin/checkout-page/${encodeURIComponent(item)}/${encodeURIComponent(currency)}`;
}
