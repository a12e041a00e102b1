// What the webhook REST routes answer, as JSON (the OpenAPI document and the contract checks).
import { z } from 'zod';
import { count, isoDate, nullableDate, uuid } from '../../rest/wire';
import { DELIVERY_STATUSES, WEBHOOK_EVENTS } from './webhook.entities';

export const webhookEndpointOut = z.strictObject({
  id: uuid,
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  enabled: z.boolean().describe('false: disabled after failing for 3 days (a Redeliver enables it again)'),
  disabledReason: z.string().nullable(),
  failingSince: nullableDate.describe('the first failed attempt since the last success'),
  createdAt: isoDate,
});

export const createdEndpointOut = z.strictObject({
  secret: z
    .string()
    .regex(/^whsec_/)
    .describe('the signing secret (whsec_<base64>): shown only now'),
  endpoint: webhookEndpointOut,
});

export const webhookDeliveryOut = z.strictObject({
  id: uuid,
  messageId: z.string().describe('the webhook-id header (msg_...), the same for retries and redeliveries'),
  eventType: z.enum(WEBHOOK_EVENTS),
  status: z.enum(DELIVERY_STATUSES).describe('pending (being tried), succeeded (a 2xx) or failed (retries used up)'),
  attempts: count,
  responseStatus: z.int().nullable().describe("the last attempt's HTTP status"),
  durationMs: count.nullable().describe("the last attempt's duration"),
  lastError: z.string().nullable(),
  createdAt: isoDate,
  completedAt: nullableDate,
});
