import { z } from 'zod';
import { MAX_ENTRY_AMOUNT } from './ledger.service';
import { CURRENCIES } from './plans';
import { pageFields } from '../../shared/paging';

// The commands of the billing services (credit, purchases, withdrawals), in the domain's words.
// The legacy REST spelling of a checkout (`items`) is translated in billing.rest.ts only; GraphQL
// resolvers parse their arguments with these (parseArgs).

/** A plan item ("10credits"); an unknown one falls back to the free plan. */
export const planItem = z.string().trim().min(1, 'items is required').max(40, 'Unknown item');

// There is deliberately no amount field: prices come from the plan table (unknown fields are refused).
export const paymentIntentFields = {
  item: planItem,
  currency: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.enum(CURRENCIES, { error: 'Only usd is supported' }))
    .describe('the currency: usd (any case)'),
};
export const paymentIntentCommand = z.strictObject(paymentIntentFields);
export type PaymentIntentCommand = z.infer<typeof paymentIntentCommand>;

const purchaseId = z.uuid('purchaseId must be a purchase id').describe('the purchase, from paymentIntent');
export const purchaseRef = z.strictObject({ purchaseId });
export type PurchaseRef = z.infer<typeof purchaseRef>;

// Test-mode card fields: bounded here, checked against the test card list by the sandbox gateway.
export const sandboxPaymentCommand = z.strictObject({
  purchaseId,
  cardNumber: z.string().max(30, 'Card number is too long').describe('a test card number (spaces allowed)'),
  expiry: z.string().max(10, 'Expiry must be MM/YY').describe('MM/YY, in the future'),
  cvc: z.string().max(4, 'CVC must be 3 or 4 digits').describe('3 or 4 digits'),
});
export type SandboxPaymentCommand = z.infer<typeof sandboxPaymentCommand>;

export const pageQuery = z.strictObject(pageFields(10));

export const withdrawCommand = z.strictObject({
  amount: z
    .number()
    .int('Amount must be a whole number of IPT')
    .min(1, 'Amount must be at least 1')
    .max(MAX_ENTRY_AMOUNT)
    .describe('whole IPT to withdraw from your credit, at least 1'),
  walletAddress: z
    .string()
    .trim()
    .max(42, 'walletAddress must be a 0x-prefixed 20-byte address')
    .describe('the wallet the IPT are sent to: 0x and 40 hex digits'),
  // a retry with the same key resumes that withdrawal instead of starting another
  idempotencyKey: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,64}$/, 'idempotencyKey must be 8-64 letters, digits, - or _')
    .optional()
    .describe(
      'any 8 to 64 letters, digits, - or _ you choose: a retry with the same key and amount resumes that withdrawal; with other parameters it is a 409',
    ),
});
export type WithdrawCommand = z.infer<typeof withdrawCommand>;

export const withdrawalRef = z.strictObject({ id: z.uuid('id must be a withdrawal id').describe('the withdrawal') });
export type WithdrawalRef = z.infer<typeof withdrawalRef>;
