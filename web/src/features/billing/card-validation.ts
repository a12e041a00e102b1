import type { FormErrors } from '../../shared/forms/use-form';

export type CardValues = { cardNumber: string; expiry: string; cvc: string };

export const digitsOnly = (value: string) => value.replace(/\D/g, '');

// "4242424242424242" -> "4242 4242 4242 4242", as the user types.
export function formatCardNumber(value: string): string {
  return digitsOnly(value)
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

// "1239" -> "12/39"; keeps what the user typed otherwise.
export function formatExpiry(value: string): string {
  const digits = digitsOnly(value).slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

// The shape only; whether the card pays is the server's (test mode) or Stripe's decision.
export function validateCard(values: CardValues, now = new Date()): FormErrors<CardValues> {
  const errors: FormErrors<CardValues> = {};
  const number = digitsOnly(values.cardNumber);
  if (!number) errors.cardNumber = 'Enter the card number';
  else if (number.length < 12 || number.length > 19) errors.cardNumber = 'A card number has 12 to 19 digits';
  const expiry = /^(\d{2})\s*\/\s*(\d{2})$/.exec(values.expiry.trim());
  const month = Number(expiry?.[1]);
  if (!values.expiry.trim()) errors.expiry = 'Enter the expiry date';
  else if (!expiry || month < 1 || month > 12) errors.expiry = 'Use MM/YY, e.g. 12/30';
  else {
    const year = 2000 + Number(expiry[2]);
    // valid through the last day of the month
    if (new Date(year, month, 1) <= now) errors.expiry = 'Your card has expired.';
  }
  if (!values.cvc.trim()) errors.cvc = 'Enter the CVC';
  else if (!/^\d{3,4}$/.test(values.cvc.trim())) errors.cvc = 'The CVC has 3 or 4 digits';
  return errors;
}
