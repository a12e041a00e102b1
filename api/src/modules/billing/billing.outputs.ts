// What the billing REST routes answer, as JSON (the OpenAPI document and the contract checks).
import { z } from 'zod';
import {
  count,
  evmAddressOut,
  isoDate,
  nullableDate,
  pageInfoOut,
  txHashOut,
  uuid,
  wholeNumber,
} from '../../rest/wire';
import { CREDIT_KINDS } from './credit-entry.entity';
import { PLANS, CURRENCIES } from './plans';
import { GATEWAYS, PURCHASE_STATUSES } from './purchase.entity';
import { WITHDRAWAL_STATUSES } from './withdrawal.entity';

const planItem = z.enum(PLANS.map((p) => p.item) as [string, ...string[]]);
const currency = z.enum(CURRENCIES).describe('ISO 4217, lower case');

export const planOut = z.strictObject({
  item: planItem.describe('the checkout item id'),
  name: z.string(),
  priceCents: count.describe('price in cents of currency; 0 for the free plan'),
  currency,
  tokens: count.describe('IPT credited'),
  free: z.boolean().describe('the free plan: no card needed, once per account'),
});

export const purchaseOut = z.strictObject({
  id: uuid,
  item: planItem,
  planName: z.string(),
  amountCents: count,
  currency,
  tokens: count.describe('IPT credited when paid'),
  gateway: z.enum(GATEWAYS),
  status: z.enum(PURCHASE_STATUSES).describe('a failed one can be paid again'),
  failureMessage: z.string().nullable().describe('why the last attempt failed'),
  createdAt: isoDate,
  completedAt: nullableDate.describe('when it was paid and credited'),
});

export const paymentIntentOut = z.strictObject({
  clientSecret: z.string().nullable().describe('Stripe mode: for Stripe.js confirmCardPayment; else null'),
  paymentMode: z.enum(['stripe', 'sandbox']),
  purchase: purchaseOut,
});

export const balanceOut = z.strictObject({ balance: count.describe('prepaid IPT credit') });

export const creditHistoryOut = z.strictObject({
  list: z.array(
    z.strictObject({
      id: uuid,
      amount: wholeNumber.describe('whole IPT: + credit, - debit'),
      kind: z.enum(CREDIT_KINDS),
      reference: z.string().describe('what it was for, unique: purchase:<id>, report:<id>, withdrawal:<id>, ...'),
      createdAt: isoDate,
    }),
  ),
  info: pageInfoOut,
});

export const withdrawalOut = z.strictObject({
  id: uuid,
  amount: count.describe('whole IPT'),
  walletAddress: evmAddressOut.describe('the wallet paid (checksummed)'),
  status: z.enum(WITHDRAWAL_STATUSES).describe('failed ones are refunded to the credit'),
  txHash: txHashOut.nullable().describe("the transfer's transaction, once signed"),
  failureMessage: z.string().nullable(),
  createdAt: isoDate,
  completedAt: nullableDate,
});

export const withdrawalsOut = z.strictObject({ list: z.array(withdrawalOut), info: pageInfoOut });

export const webhookReceivedOut = z.strictObject({ received: z.literal(true) });
