import { z } from 'zod';
import { WEBHOOK_EVENTS } from './webhook.entities';

// The commands of the webhooks service, in the domain's words; REST routes take them as they are
// (webhooks.rest.ts) and GraphQL resolvers parse with them (parseArgs).
export const createEndpointCommand = z.strictObject({
  url: z
    .string()
    .trim()
    .min(1, 'url is required')
    .max(2000)
    .describe(
      'where deliveries are POSTed: an https URL on a public address, at most 2000 characters (http and private addresses only where the operator allows them)',
    ),
  events: z
    .array(z.enum(WEBHOOK_EVENTS))
    .min(1, 'Choose at least one event')
    .max(WEBHOOK_EVENTS.length)
    .describe('the events to deliver, at least one, each once'),
});
export type CreateEndpointCommand = z.infer<typeof createEndpointCommand>;

/** One endpoint or one delivery, by id. */
export const webhookRef = z.strictObject({
  id: z.uuid('id must be a UUID').describe('the endpoint (deleteEndpoint, deliveries) or the delivery (redeliver)'),
});
export type WebhookRef = z.infer<typeof webhookRef>;
