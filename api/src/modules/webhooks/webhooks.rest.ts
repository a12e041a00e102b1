import { z } from 'zod';
import { routeWith } from '../../rest/registry';
import { done } from '../../rest/wire';
import { requireUser, type RequestContext } from '../../shared/context';
import { createdEndpointOut, webhookDeliveryOut, webhookEndpointOut } from './webhooks.outputs';
import { toWebhookDelivery, toWebhookEndpoint } from './webhooks.mappers';
import { createEndpointCommand, webhookRef } from './webhooks.schemas';
import type { User } from '../users/user.entity';
import type { WebhooksService } from './webhooks.service';

/** The request context of these handlers: the services they use (the root hands them in) and the user type. */
export type Ctx = RequestContext<{ webhooks: WebhooksService }, User>;
const route = routeWith<Ctx>();

const tag = 'webhooks';

export const webhooksRoutes = [
  route({
    method: 'GET',
    path: '/v1/webhooks/endpoints',
    output: z.array(webhookEndpointOut),
    errors: [],
    tag,
    auth: 'user',
    summary: 'Your webhook endpoints: id, url, events, enabled, disabledReason, failingSince, createdAt',
    handler: async (ctx) => (await ctx.services.webhooks.list(ctx.em, requireUser(ctx))).map(toWebhookEndpoint),
  }),
  route({
    method: 'POST',
    path: '/v1/webhooks/createEndpoint',
    output: createdEndpointOut,
    errors: [],
    tag,
    auth: 'user',
    summary:
      'Add an endpoint (url: https; events: response.created, response.withdrawn, request.published, payout.sent, payout.failed, report.created, response.screened_out, quota.filled). Returns { secret, endpoint }: the signing secret (whsec_...) is shown only now',
    input: createEndpointCommand,
    handler: async (ctx, input) => {
      const { endpoint, secret } = await ctx.services.webhooks.create(ctx.em, requireUser(ctx), input);
      return { secret, endpoint: toWebhookEndpoint(endpoint) };
    },
  }),
  route({
    method: 'POST',
    path: '/v1/webhooks/deleteEndpoint',
    output: done,
    errors: ['NOT_FOUND'],
    tag,
    auth: 'user',
    summary: 'Remove one of your endpoints (id) and its delivery log',
    input: webhookRef,
    handler: async (ctx, input) => {
      await ctx.services.webhooks.remove(ctx.em, requireUser(ctx), input);
      return true;
    },
  }),
  route({
    method: 'GET',
    path: '/v1/webhooks/deliveries',
    output: z.array(webhookDeliveryOut),
    errors: ['NOT_FOUND'],
    tag,
    auth: 'user',
    summary:
      "An endpoint's (id) latest 50 deliveries, newest first: messageId, eventType, status, attempts, responseStatus, durationMs, lastError",
    input: webhookRef,
    handler: async (ctx, input) =>
      (await ctx.services.webhooks.deliveries(ctx.em, requireUser(ctx), input)).map(toWebhookDelivery),
  }),
  route({
    method: 'POST',
    path: '/v1/webhooks/redeliver',
    output: webhookDeliveryOut,
    errors: ['NOT_FOUND'],
    tag,
    auth: 'user',
    summary: 'Send a delivery (id) again, with the same webhook-id; enables its endpoint again',
    input: webhookRef,
    handler: async (ctx, input) =>
      toWebhookDelivery(await ctx.services.webhooks.redeliver(ctx.em, requireUser(ctx), input)),
  }),
];
