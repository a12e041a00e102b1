import { createHmac, randomBytes } from 'node:crypto';

/** A new endpoint secret as Standard Webhooks writes it: "whsec_" and the base64 of 24 random bytes. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString('base64')}`;
}

/**
 * The headers of one signed message (Standard Webhooks): webhook-id, webhook-timestamp (Unix
 * seconds) and webhook-signature "v1,<base64 HMAC-SHA256 of `${id}.${timestamp}.${body}`>", the
 * key being the secret's base64 part after "whsec_".
 */
export function signedHeaders(secret: string, id: string, timestamp: number, body: string): Record<string, string> {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const signature = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64');
  return { 'webhook-id': id, 'webhook-timestamp': String(timestamp), 'webhook-signature': `v1,${signature}` };
}
