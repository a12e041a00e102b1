import { z } from 'zod';
import { MAX_ENTRY_AMOUNT } from './ledger.service';
import { CURRENCIES } from './plans';

const item = z.string().trim().min(1, 'items is required').max(40, 'Unknown item');

// Legacy clients sent Stripe's sample shape `items: [{ id }]`; a checkout is for exactly one plan.
// There is deliberately no amount field: prices come from the plan table (unknown fields are refused).
export const paymentIntentSchema = z.strictObject({
  items: z
    .union([item, z.array(z.union([item, z.strictObject({ id: item })])).length(1, 'Checkout takes one item')])
    .transform((v) => (typeof v === 'string' ? v : typeof v[0] === 'string' ? v[0] : v[0].id)),
  currency: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.enum(CURRENCIES, { error: 'Only usd is supported' })),
});

export const purchaseIdSchema = z.strictObject({ purchaseId: z.uuid('purchaseId must be a purchase id') });

// Test-mode card fields: bounded here, checked against the test card list by the sandbox gateway.
export const sandboxPaymentSchema = z.strictObject({
  purchaseId: z.uuid('purchaseId must be a purchase id'),
  cardNumber: z.string().max(30, 'Card number is too long'),
  expiry: z.string().max(10, 'Expiry must be MM/YY'),
  cvc: z.string().max(4, 'CVC must be 3 or 4 digits'),
});

export const pageSchema = z.strictObject({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
});

export const withdrawSchema = z.strictObject({
  amount: z
    .number()
    .int('Amount must be a whole number of IPT')
    .min(1, 'Amount must be at least 1')
    .max(MAX_ENTRY_AMOUNT),
  walletAddress: z.string().trim().max(42, 'walletAddress must be a 0x-prefixed 20-byte address'),
  // a retry with the same key resumes that withdrawal instead of starting another
  idempotencyKey: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,64}$/, 'idempotencyKey must be 8-64 letters, digits, - or _')
    .optional(),
});
export type WithdrawInput = z.infer<typeof withdrawSchema>;

export const withdrawalIdSchema = z.strictObject({ id: z.uuid('id must be a withdrawal id') });
