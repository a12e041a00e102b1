import Stripe from 'stripe';
import type { StripeConfig } from '../../config';
import { AppError, badInput } from '../../shared/errors';
import type { CreateIntent, PaymentGateway, PaymentResult, TestCard } from './payment-gateway';

// Stripe's own tolerance: a signed webhook older than five minutes is refused (replay protection).
const WEBHOOK_TOLERANCE_SECONDS = 300;

const providerError = () =>
  new AppError('PAYMENT_PROVIDER_ERROR', 'The card payment provider could not be reached; try again later');

/** Card payments through Stripe: PaymentIntents created here, confirmed in the browser by Stripe.js. */
export class StripeGateway implements PaymentGateway {
  readonly mode = 'stripe' as const;
  readonly testCards: readonly TestCard[] = [];
  private readonly stripe: Stripe;

  constructor(private readonly config: StripeConfig) {
    this.stripe = new Stripe(config.secretKey.reveal(), {
      maxNetworkRetries: 2,
      timeout: 20_000,
      telemetry: false,
      ...(config.api ?? {}),
    });
  }

  get webhooksEnabled(): boolean {
    return Boolean(this.config.webhookSecret);
  }

  async createIntent(intent: CreateIntent) {
    try {
      const pi = await this.stripe.paymentIntents.create(
        {
          amount: intent.amountCents,
          currency: intent.currency,
          allowed_payment_method_types: ['card'],
          description: `Parley IPT credit: ${intent.item}`,
          metadata: { purchaseId: intent.purchaseId, userId: intent.userId, item: intent.item },
        },
        // a retried create returns the same PaymentIntent instead of a second one
        { idempotencyKey: `purchase-${intent.purchaseId}` },
      );
      return { externalId: pi.id, clientSecret: pi.client_secret };
    } catch {
      throw providerError();
    }
  }

  /** The server-side re-check: asks Stripe where the PaymentIntent stands. */
  async retrieve(externalId: string): Promise<PaymentResult> {
    try {
      return StripeGateway.toResult(await this.stripe.paymentIntents.retrieve(externalId));
    } catch {
      throw providerError();
    }
  }

  /** Verifies a webhook against the raw body and the endpoint secret; a bad signature is a 400. */
  verifyWebhook(rawBody: Buffer, signature: string | undefined): Stripe.Event {
    const secret = this.config.webhookSecret;
    if (!secret) throw new AppError('NOT_FOUND', 'Stripe webhooks are not configured (STRIPE_WEBHOOK_SECRET)');
    if (!signature) throw badInput('Missing Stripe-Signature header');
    try {
      return this.stripe.webhooks.constructEvent(rawBody, signature, secret.reveal(), WEBHOOK_TOLERANCE_SECONDS);
    } catch {
      throw badInput('Webhook signature verification failed');
    }
  }

  static toResult(pi: Stripe.PaymentIntent): PaymentResult {
    if (pi.status === 'succeeded')
      return { status: 'succeeded', amountCents: pi.amount_received, currency: pi.currency };
    if (pi.status === 'canceled') return { status: 'failed', failureMessage: 'The payment was canceled.' };
    if (pi.status === 'requires_payment_method' && pi.last_payment_error) {
      return { status: 'failed', failureMessage: pi.last_payment_error.message ?? 'Your card was declined.' };
    }
    return { status: 'pending' };
  }
}
