import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import { AppError, badInput, conflict, notFound } from '../../shared/errors';
import type { User } from '../users/user.entity';
import type { PaymentIntentCommand, PurchaseRef, SandboxPaymentCommand } from './billing.schemas';
import type { LedgerService } from './ledger.service';
import type { PaymentResult } from './payment-gateway';
import { isFree, resolvePlan } from './plans';
import { Purchase } from './purchase.entity';
import type { SandboxGateway } from './sandbox-gateway';
import { StripeGateway } from './stripe-gateway';
import { TOO_MANY_ATTEMPTS, takeHits } from '../../shared/rate-limit';

/** Checkouts a user may start per window (each may create a provider PaymentIntent). */
export const PAYMENT_INTENT_LIMIT = { max: 20, windowMs: 10 * 60_000 };

export type Gateway = StripeGateway | SandboxGateway;

export type StartedPurchase = { purchase: Purchase; clientSecret: string | null };

export const FREE_PLAN_USED = 'The free plan can be claimed once per account';
export const freePlanReference = (userId: string) => `free-plan:${userId}`;
const purchaseReference = (purchaseId: string) => `purchase:${purchaseId}`;

// PaymentIntent events that change what we know about a purchase; Stripe sends many others.
const INTENT_EVENTS = new Set(['payment_intent.succeeded', 'payment_intent.payment_failed', 'payment_intent.canceled']);

/**
 * Buying prepaid credit. A purchase is created from the plan table (the client names an item,
 * never an amount) and credits the ledger exactly once, under the reference `purchase:<id>`,
 * whichever of the webhook, the re-check or a retry gets there first.
 */
export class PurchasesService {
  constructor(
    private readonly ledger: LedgerService,
    readonly gateway: Gateway,
    private readonly log: Pick<FastifyBaseLogger, 'error' | 'warn'>,
  ) {}

  get paymentMode(): Gateway['mode'] {
    return this.gateway.mode;
  }

  /** the cards test mode accepts (none with Stripe), for the web app's payment form */
  get testCards(): Gateway['testCards'] {
    return this.gateway.testCards;
  }

  /** Starts checking out one plan: a pending purchase, and for Stripe the PaymentIntent's secret. */
  async createPaymentIntent(em: EntityManager, user: User, input: PaymentIntentCommand): Promise<StartedPurchase> {
    const plan = resolvePlan(input.item);
    // a refused start writes nothing, not even a count against the limit
    if (isFree(plan) && (await this.ledger.findByReference(em, freePlanReference(user.id))))
      throw conflict(FREE_PLAN_USED);
    // Each start may call the payment provider: a signed-in script must not hammer it. The count is
    // taken atomically before the purchase exists, so parallel starts never pass the limit.
    await takeHits(em, [
      {
        bucket: `payment-intent:${user.id}`,
        max: PAYMENT_INTENT_LIMIT.max,
        windowMs: PAYMENT_INTENT_LIMIT.windowMs,
        message: TOO_MANY_ATTEMPTS,
      },
    ]);
    const base = { user, item: plan.item, amountCents: plan.priceCents, currency: plan.currency, tokens: plan.tokens };
    if (isFree(plan)) {
      const purchase = em.create(Purchase, { ...base, gateway: 'free' });
      await em.flush();
      return { purchase, clientSecret: null };
    }
    const purchase = em.create(Purchase, { ...base, gateway: this.gateway.mode });
    await em.flush();
    try {
      const intent = await this.gateway.createIntent({
        purchaseId: purchase.id,
        userId: user.id,
        item: plan.item,
        amountCents: plan.priceCents,
        currency: plan.currency,
      });
      purchase.externalId = intent.externalId;
      await em.flush();
      return { purchase, clientSecret: intent.clientSecret };
    } catch (err) {
      purchase.status = 'failed';
      purchase.failureMessage = err instanceof AppError ? err.message : 'The payment could not be started';
      await em.flush();
      throw err;
    }
  }

  /** One of the caller's purchases; someone else's is NOT_FOUND. */
  async get(em: EntityManager, user: User, { purchaseId }: PurchaseRef): Promise<Purchase> {
    const purchase = await em.findOne(Purchase, { id: purchaseId, user });
    if (!purchase) throw notFound('Purchase');
    return purchase;
  }

  /**
   * The server-side re-check after the browser confirmed: asks Stripe where the payment stands and
   * credits if it succeeded. Claims the free plan. Sandbox purchases are paid with
   * confirmSandboxPayment; here they just report their state.
   */
  async confirmPurchase(em: EntityManager, user: User, ref: PurchaseRef): Promise<Purchase> {
    const purchase = await this.get(em, user, ref);
    if (purchase.status === 'succeeded') return purchase;
    if (purchase.gateway === 'free') return this.claimFree(em, purchase);
    if (purchase.gateway === 'stripe') {
      if (!(this.gateway instanceof StripeGateway) || !purchase.externalId) {
        throw new AppError('PAYMENT_PROVIDER_ERROR', 'Stripe is not configured on this server');
      }
      return this.settle(em, purchase.id, await this.gateway.retrieve(purchase.externalId));
    }
    return purchase;
  }

  /** Test mode: pays a sandbox purchase with one of the documented test cards. */
  async confirmSandboxPayment(em: EntityManager, user: User, input: SandboxPaymentCommand): Promise<Purchase> {
    if (this.gateway.mode !== 'sandbox') {
      throw badInput('Test mode is off: this server takes card payments through Stripe');
    }
    const purchase = await this.get(em, user, { purchaseId: input.purchaseId });
    if (purchase.status === 'succeeded') return purchase;
    // validates the card first: test mode refuses anything but the documented test cards
    const result = this.gateway.charge(input, { amountCents: purchase.amountCents, currency: purchase.currency });
    if (purchase.gateway === 'free') return this.claimFree(em, purchase); // $0: nothing to charge
    if (purchase.gateway !== 'sandbox') throw badInput('This purchase is not a test-mode purchase');
    return this.settle(em, purchase.id, result);
  }

  /** A signed Stripe webhook: verified against the raw body, then applied like the re-check. */
  async handleStripeWebhook(em: EntityManager, rawBody: unknown, signature: string | undefined) {
    if (!(this.gateway instanceof StripeGateway)) {
      throw new AppError('NOT_FOUND', 'Stripe is not configured on this server');
    }
    if (!Buffer.isBuffer(rawBody)) throw badInput('Send the event as application/json');
    const event = this.gateway.verifyWebhook(rawBody, signature);
    if (!INTENT_EVENTS.has(event.type)) return { received: true };
    const intent = event.data.object as Stripe.PaymentIntent;
    const purchase = await em.findOne(Purchase, { externalId: intent.id, gateway: 'stripe' });
    if (!purchase) {
      // not ours (another integration on the same Stripe account): acknowledge so Stripe stops retrying
      this.log.warn({ intent: intent.id, type: event.type }, 'webhook for an unknown PaymentIntent');
      return { received: true };
    }
    await this.settle(em, purchase.id, StripeGateway.toResult(intent));
    return { received: true };
  }

  /** Applies a gateway result under a row lock; success credits `purchase:<id>` once. */
  private settle(em: EntityManager, purchaseId: string, result: PaymentResult): Promise<Purchase> {
    return em.transactional(async (tx) => {
      const p = await tx.findOneOrFail(Purchase, purchaseId, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
      if (p.status === 'succeeded' || result.status === 'pending') return p;
      if (result.status === 'failed') {
        p.status = 'failed';
        p.failureMessage = result.failureMessage.slice(0, 500);
        return p;
      }
      if (result.amountCents !== p.amountCents || result.currency.toLowerCase() !== p.currency) {
        this.log.error({ purchaseId, paid: result.amountCents, price: p.amountCents }, 'paid amount is not the price');
        p.status = 'failed';
        p.failureMessage = 'The amount paid does not match the plan price; contact support';
        return p;
      }
      await this.ledger.post(tx, {
        userId: p.user.id,
        amount: p.tokens,
        kind: 'purchase',
        reference: purchaseReference(p.id),
        metadata: { purchaseId: p.id, item: p.item, gateway: p.gateway },
      });
      p.status = 'succeeded';
      p.failureMessage = null;
      p.completedAt = new Date();
      return p;
    });
  }

  /** Credits the free plan, once per account (the ledger reference is per user). */
  private async claimFree(em: EntityManager, purchase: Purchase): Promise<Purchase> {
    const claimed = await em.transactional(async (tx) => {
      const p = await tx.findOneOrFail(Purchase, purchase.id, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
      if (p.status === 'succeeded') return p;
      const { entry } = await this.ledger.post(tx, {
        userId: p.user.id,
        amount: p.tokens,
        kind: 'free-plan',
        reference: freePlanReference(p.user.id),
        metadata: { purchaseId: p.id, item: p.item, gateway: 'free' },
      });
      if (entry.metadata?.purchaseId !== p.id) {
        p.status = 'failed';
        p.failureMessage = FREE_PLAN_USED;
        return p;
      }
      p.status = 'succeeded';
      p.completedAt = new Date();
      return p;
    });
    if (claimed.status === 'failed') throw conflict(FREE_PLAN_USED);
    return claimed;
  }
}
