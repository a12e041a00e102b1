import { describe, expect, it } from 'vitest';
import { newWebhookSecret, signedHeaders } from './signing';

describe('webhook signatures (Standard Webhooks)', () => {
  it('match the specification’s published example', () => {
    expect(
      signedHeaders(
        'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
        'msg_p5jXN8AQM9LWM0D4loKWxJek',
        1614265330,
        '{"test": 2432232314}',
      ),
    ).toEqual({
      'webhook-id': 'msg_p5jXN8AQM9LWM0D4loKWxJek',
      'webhook-timestamp': '1614265330',
      'webhook-signature': 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
    });
  });

  it('change with any byte of the id, time or body', () => {
    const secret = newWebhookSecret();
    const sig = (id: string, t: number, body: string) => signedHeaders(secret, id, t, body)['webhook-signature'];
    const base = sig('msg_1', 1000, '{"a":1}');
    expect(
      new Set([base, sig('msg_2', 1000, '{"a":1}'), sig('msg_1', 1001, '{"a":1}'), sig('msg_1', 1000, '{"a":2}')]).size,
    ).toBe(4);
    expect(sig('msg_1', 1000, '{"a":1}')).toBe(base);
  });

  it('makes secrets of 24 random bytes after "whsec_"', () => {
    const a = newWebhookSecret();
    expect(a).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(Buffer.from(a.slice(6), 'base64')).toHaveLength(24);
    expect(newWebhookSecret()).not.toBe(a);
  });
});
