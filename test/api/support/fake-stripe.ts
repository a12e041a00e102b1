import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

// The slice of Stripe's PaymentIntent object the server reads.
export type FakeIntent = {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status: 'requires_payment_method' | 'processing' | 'succeeded' | 'canceled';
  client_secret: string;
  last_payment_error: { message: string; code: string } | null;
  metadata: Record<string, string>;
};

export type RecordedCall = {
  method: string;
  path: string;
  params: URLSearchParams;
  headers: IncomingMessage['headers'];
};

/**
 * A local stand-in for api.stripe.com answering the two calls the server makes (create and
 * retrieve a PaymentIntent), reached through STRIPE_API_BASE. Tests move intents to succeeded or
 * declined the way Stripe.js confirming in a browser would.
 */
export class FakeStripe {
  readonly intents = new Map<string, FakeIntent>();
  readonly calls: RecordedCall[] = [];
  private server?: Server;
  private seq = 0;

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += String(c)));
      req.on('end', () => {
        const url = new URL(req.url ?? '/', 'http://stripe.local');
        const params = new URLSearchParams(req.method === 'GET' ? url.search : body);
        this.calls.push({ method: req.method ?? '', path: url.pathname, params, headers: req.headers });
        const reply = (status: number, json: unknown) =>
          res
            .writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${++this.seq}` })
            .end(JSON.stringify(json));
        if (!String(req.headers.authorization ?? '').startsWith('Bearer sk_test_')) {
          return reply(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
        }
        if (req.method === 'POST' && url.pathname === '/v1/payment_intents') {
          const id = `pi_fake${++this.seq}`;
          const metadata: Record<string, string> = {};
          for (const [k, v] of params) {
            const m = /^metadata\[(.+)\]$/.exec(k);
            if (m) metadata[m[1]] = v;
          }
          const intent: FakeIntent = {
            id,
            object: 'payment_intent',
            amount: Number(params.get('amount')),
            amount_received: 0,
            currency: params.get('currency') ?? '',
            status: 'requires_payment_method',
            client_secret: `${id}_secret_fake`,
            last_payment_error: null,
            metadata,
          };
          this.intents.set(id, intent);
          return reply(200, intent);
        }
        const found = /^\/v1\/payment_intents\/([^/]+)$/.exec(url.pathname);
        if (req.method === 'GET' && found) {
          const intent = this.intents.get(found[1]);
          if (!intent)
            return reply(404, { error: { type: 'invalid_request_error', message: 'No such payment_intent' } });
          return reply(200, intent);
        }
        return reply(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL` } });
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}`;
  }

  /** What Stripe.js confirming a good card leads to. */
  succeed(id: string): FakeIntent {
    const intent = this.intents.get(id)!;
    Object.assign(intent, { status: 'succeeded', amount_received: intent.amount, last_payment_error: null });
    return { ...intent };
  }

  /** What a declined card leads to: back to requires_payment_method with the error. */
  decline(id: string, message = 'Your card was declined.'): FakeIntent {
    const intent = this.intents.get(id)!;
    Object.assign(intent, {
      status: 'requires_payment_method',
      last_payment_error: { message, code: 'card_declined' },
    });
    return { ...intent };
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
