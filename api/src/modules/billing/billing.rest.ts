import { z } from 'zod';
import { legacyNames } from '../../rest/legacy-names';
import { routeWith } from '../../rest/registry';
import { requireUser, type RequestContext } from '../../shared/context';
import {
  balanceOut,
  creditHistoryOut,
  paymentIntentOut,
  planOut,
  purchaseOut,
  webhookReceivedOut,
  withdrawalOut,
  withdrawalsOut,
} from './billing.outputs';
import { pageInfo } from '../../shared/paging';
import { toCreditEntry, toPlan, toPurchase, toWithdrawal } from './billing.mappers';
import {
  pageQuery,
  paymentIntentFields,
  planItem,
  purchaseRef,
  sandboxPaymentCommand,
  withdrawalRef,
  withdrawCommand,
} from './billing.schemas';
import { PLANS } from './plans';
import type { User } from '../users/user.entity';
import type { CreditService } from './credit.service';
import type { PurchasesService } from './purchases.service';
import type { WithdrawalsService } from './withdrawals.service';

/** The request context of these handlers: the services they use (the root hands them in) and the user type. */
export type Ctx = RequestContext<
  { credit: CreditService; purchases: PurchasesService; withdrawals: WithdrawalsService },
  User
>;
const route = routeWith<Ctx>();

const tag = 'billing';

// Legacy clients sent Stripe's sample shape `items: [{ id }]` (or the item, or [item]); a checkout
// is for exactly one plan item.
const legacyPaymentIntent = legacyNames(
  {
    ...paymentIntentFields,
    item: z
      .union([
        planItem.describe('one form: the plan item itself, e.g. "10credits"'),
        z
          .array(
            z.union([
              planItem.describe('the plan item'),
              z
                .strictObject({ id: planItem.describe('the plan item') })
                .describe('Stripe’s sample shape: { id: item }'),
            ]),
          )
          .length(1, 'Checkout takes one item')
          .describe('the other form: a list of exactly one item, as the item or as { id: item }'),
      ])
      .describe('the plan item to buy (see /v1/billing/plans), in one of two forms')
      .transform((v) => (typeof v === 'string' ? v : typeof v[0] === 'string' ? v[0] : v[0].id)),
  },
  { item: 'items' },
);

export const billingRoutes = [
  route({
    method: 'GET',
    path: '/v1/billing/plans',
    output: z.array(planOut),
    errors: [],
    tag,
    auth: 'public',
    summary: 'The pricing plans: item, name, priceCents, currency, tokens, free',
    handler: async () => PLANS.map(toPlan),
  }),
  route({
    method: 'POST',
    path: '/v1/billing/paymentIntent',
    output: paymentIntentOut,
    errors: ['CONFLICT', 'PAYMENT_PROVIDER_ERROR'],
    tag,
    auth: 'user',
    summary:
      'Start a checkout for one plan (items: "10credits" or [{ id }]; currency: usd). Returns clientSecret (Stripe mode), paymentMode and the purchase. No amount is accepted: prices come from the plan table',
    input: legacyPaymentIntent,
    handler: async (ctx, input) => {
      const { purchases } = ctx.services;
      const started = await purchases.createPaymentIntent(ctx.em, requireUser(ctx), input);
      return {
        clientSecret: started.clientSecret,
        paymentMode: purchases.paymentMode,
        purchase: toPurchase(started.purchase),
      };
    },
  }),
  route({
    method: 'POST',
    path: '/v1/billing/confirmPurchase',
    output: purchaseOut,
    errors: ['NOT_FOUND', 'CONFLICT', 'PAYMENT_PROVIDER_ERROR'],
    tag,
    auth: 'user',
    summary: 'Re-check a purchase with the gateway after the browser confirmed it, or claim the free plan',
    input: purchaseRef,
    handler: async (ctx, input) =>
      toPurchase(await ctx.services.purchases.confirmPurchase(ctx.em, requireUser(ctx), input)),
  }),
  route({
    method: 'POST',
    path: '/v1/billing/confirmSandboxPayment',
    output: purchaseOut,
    errors: ['NOT_FOUND', 'CONFLICT'],
    tag,
    auth: 'user',
    summary: 'Test mode only: pay a purchase with a documented test card (cardNumber, expiry MM/YY, cvc)',
    input: sandboxPaymentCommand,
    handler: async (ctx, input) =>
      toPurchase(await ctx.services.purchases.confirmSandboxPayment(ctx.em, requireUser(ctx), input)),
  }),
  route({
    method: 'GET',
    path: '/v1/billing/purchase',
    output: purchaseOut,
    errors: ['NOT_FOUND'],
    tag,
    auth: 'user',
    summary: 'One of your purchases, by purchaseId',
    input: purchaseRef,
    handler: async (ctx, input) => toPurchase(await ctx.services.purchases.get(ctx.em, requireUser(ctx), input)),
  }),
  route({
    method: 'POST',
    path: '/v1/billing/webhook',
    output: webhookReceivedOut,
    errors: ['NOT_FOUND'],
    tag,
    auth: 'public',
    summary: 'Stripe webhook endpoint (payment_intent.* events), verified with the Stripe-Signature header',
    rawBody: { description: 'a Stripe event, exactly as Stripe sent it', signatureHeader: 'Stripe-Signature' },
    handler: async (ctx) => {
      const signature = ctx.request.headers['stripe-signature'];
      const header = typeof signature === 'string' ? signature : undefined;
      return ctx.services.purchases.handleStripeWebhook(ctx.em, ctx.request.body, header);
    },
  }),
  route({
    method: 'GET',
    path: '/v1/billing/balance',
    output: balanceOut,
    errors: [],
    tag,
    auth: 'user',
    summary: 'Your prepaid IPT credit: { balance }',
    handler: async (ctx) => ({ balance: await ctx.services.credit.balance(ctx.em, requireUser(ctx)) }),
  }),
  route({
    method: 'GET',
    path: '/v1/billing/history',
    output: creditHistoryOut,
    errors: [],
    tag,
    auth: 'user',
    summary: 'Your credit entries, newest first: { list, info { count, pages, page } }',
    input: pageQuery,
    handler: async (ctx, input) => {
      const h = await ctx.services.credit.history(ctx.em, requireUser(ctx), input);
      return { list: h.list.map(toCreditEntry), info: pageInfo(h) };
    },
  }),
  route({
    method: 'POST',
    path: '/v1/billing/withdraw',
    output: withdrawalOut,
    errors: ['CONFLICT', 'INSUFFICIENT_CREDIT', 'CHAIN_UNAVAILABLE'],
    tag,
    auth: 'user',
    summary:
      'Move credit to a wallet as on-chain IPT (amount, walletAddress, idempotencyKey: send one per withdrawal so a retry resumes it)',
    input: withdrawCommand,
    handler: async (ctx, input) =>
      toWithdrawal(await ctx.services.withdrawals.withdraw(ctx.em, requireUser(ctx), input)),
  }),
  route({
    method: 'GET',
    path: '/v1/billing/withdrawals',
    output: withdrawalsOut,
    errors: [],
    tag,
    auth: 'user',
    summary: 'Your withdrawals, newest first: { list, info }',
    input: pageQuery,
    handler: async (ctx, input) => {
      const h = await ctx.services.withdrawals.list(ctx.em, requireUser(ctx), input);
      return { list: h.list.map(toWithdrawal), info: pageInfo(h) };
    },
  }),
  route({
    method: 'GET',
    path: '/v1/billing/withdrawal',
    output: withdrawalOut,
    errors: ['NOT_FOUND'],
    tag,
    auth: 'user',
    summary: 'One of your withdrawals, by id',
    input: withdrawalRef,
    handler: async (ctx, input) => toWithdrawal(await ctx.services.withdrawals.get(ctx.em, requireUser(ctx), input)),
  }),
];
