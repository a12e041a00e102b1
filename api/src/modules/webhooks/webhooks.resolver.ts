import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { requireUser, type RequestContext } from '../../shared/context';
import { parseArgs } from '../../shared/validation';
import { toWebhookDelivery, toWebhookEndpoint } from './webhooks.mappers';
import { createEndpointCommand, webhookRef } from './webhooks.schemas';
import {
  CreatedWebhookEndpoint,
  CreateWebhookEndpointInput,
  WebhookDeliveryType,
  WebhookEndpointType,
} from './webhooks.types';
import type { User } from '../users/user.entity';
import type { WebhooksService } from './webhooks.service';

/** The request context of these handlers: the services they use (the root hands them in) and the user type. */
export type Ctx = RequestContext<{ webhooks: WebhooksService }, User>;

@Resolver()
export class WebhooksResolver {
  @Query(() => [WebhookEndpointType], { description: 'Your webhook endpoints' })
  async webhookEndpoints(@Ctx() ctx: Ctx) {
    return (await ctx.services.webhooks.list(ctx.em, requireUser(ctx))).map(toWebhookEndpoint);
  }

  @Query(() => [WebhookDeliveryType], { description: "One of your endpoints' latest 50 deliveries, newest first" })
  async webhookDeliveries(
    @Arg('endpointId', () => ID, { description: 'the endpoint' }) endpointId: string,
    @Ctx() ctx: Ctx,
  ) {
    return (
      await ctx.services.webhooks.deliveries(ctx.em, requireUser(ctx), parseArgs(webhookRef, { id: endpointId }))
    ).map(toWebhookDelivery);
  }

  @Mutation(() => CreatedWebhookEndpoint, { description: 'Add an endpoint; its signing secret is shown only now' })
  async createWebhookEndpoint(
    @Arg('input', () => CreateWebhookEndpointInput, { description: 'the fields: see the input type' })
    input: CreateWebhookEndpointInput,
    @Ctx() ctx: Ctx,
  ) {
    const { endpoint, secret } = await ctx.services.webhooks.create(
      ctx.em,
      requireUser(ctx),
      parseArgs(createEndpointCommand, input),
    );
    return { secret, endpoint: toWebhookEndpoint(endpoint) };
  }

  @Mutation(() => Boolean, { description: 'Remove one of your endpoints and its delivery log' })
  async deleteWebhookEndpoint(@Arg('id', () => ID, { description: 'the endpoint' }) id: string, @Ctx() ctx: Ctx) {
    await ctx.services.webhooks.remove(ctx.em, requireUser(ctx), parseArgs(webhookRef, { id }));
    return true;
  }

  @Mutation(() => WebhookDeliveryType, { description: 'Send a delivery again (same webhook-id); enables its endpoint' })
  async redeliverWebhook(
    @Arg('id', () => ID, { description: 'the delivery to send again' }) id: string,
    @Ctx() ctx: Ctx,
  ) {
    return toWebhookDelivery(
      await ctx.services.webhooks.redeliver(ctx.em, requireUser(ctx), parseArgs(webhookRef, { id })),
    );
  }
}
