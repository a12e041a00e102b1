import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { requireUser, type RequestContext } from '../../shared/context';
import { parseArgs } from '../../shared/validation';
import { toPurchase } from './billing.mappers';
import { paymentIntentCommand, purchaseRef, sandboxPaymentCommand } from './billing.schemas';
import { CreatePaymentIntentInput, PaymentIntentType, PurchaseType, SandboxPaymentInput } from './billing.types';
import type { User } from '../users/user.entity';
import type { PurchasesService } from './purchases.service';

/** The request context of these handlers: the services they use (the root hands them in) and the user type. */
export type Ctx = RequestContext<{ purchases: PurchasesService }, User>;

@Resolver()
export class PurchasesResolver {
  @Mutation(() => PaymentIntentType, {
    description: 'Starts a checkout; the price comes from the plan table. The free plan: once per account',
  })
  async createPaymentIntent(
    @Arg('input', () => CreatePaymentIntentInput, { description: 'the fields: see the input type' })
    input: CreatePaymentIntentInput,
    @Ctx() ctx: Ctx,
  ) {
    const { purchases } = ctx.services;
    const started = await purchases.createPaymentIntent(
      ctx.em,
      requireUser(ctx),
      parseArgs(paymentIntentCommand, input),
    );
    return {
      clientSecret: started.clientSecret,
      paymentMode: purchases.paymentMode,
      purchase: toPurchase(started.purchase),
    };
  }

  @Mutation(() => PurchaseType, {
    description: 'Re-checks a purchase with the gateway (after Stripe.js confirmed) or claims the free plan',
  })
  async confirmPurchase(
    @Arg('purchaseId', () => ID, { description: 'the purchase' }) purchaseId: string,
    @Ctx() ctx: Ctx,
  ) {
    return toPurchase(
      await ctx.services.purchases.confirmPurchase(ctx.em, requireUser(ctx), parseArgs(purchaseRef, { purchaseId })),
    );
  }

  @Mutation(() => PurchaseType, { description: 'Test mode only: pays a purchase with a documented test card' })
  async confirmSandboxPayment(
    @Arg('input', () => SandboxPaymentInput, { description: 'the fields: see the input type' })
    input: SandboxPaymentInput,
    @Ctx() ctx: Ctx,
  ) {
    return toPurchase(
      await ctx.services.purchases.confirmSandboxPayment(
        ctx.em,
        requireUser(ctx),
        parseArgs(sandboxPaymentCommand, input),
      ),
    );
  }

  @Query(() => PurchaseType, { description: "One of the caller's purchases" })
  async purchase(@Arg('id', () => ID, { description: 'the purchase' }) id: string, @Ctx() ctx: Ctx) {
    return toPurchase(
      await ctx.services.purchases.get(ctx.em, requireUser(ctx), parseArgs(purchaseRef, { purchaseId: id })),
    );
  }
}
