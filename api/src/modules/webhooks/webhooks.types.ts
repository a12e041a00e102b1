import { Field, GraphQLISODateTime, ID, InputType, Int, ObjectType } from 'type-graphql';

@ObjectType('WebhookEndpoint', { description: 'An integrator endpoint receiving signed events (Standard Webhooks)' })
export class WebhookEndpointType {
  @Field(() => ID, { description: 'the endpoint id' })
  id!: string;

  @Field(() => String, { description: 'where events are POSTed (https)' })
  url!: string;

  @Field(() => [String], { description: 'the event types sent to it' })
  events!: string[];

  @Field(() => Boolean, { description: 'false after deliveries failed for 3 days (a Redeliver enables it again)' })
  enabled!: boolean;

  @Field(() => String, { nullable: true, description: 'why it was disabled' })
  disabledReason!: string | null;

  @Field(() => GraphQLISODateTime, { nullable: true, description: 'first failed attempt since the last success' })
  failingSince!: Date | null;

  @Field(() => GraphQLISODateTime, { description: 'when it was added' })
  createdAt!: Date;
}

@ObjectType({ description: 'A new endpoint and its signing secret' })
export class CreatedWebhookEndpoint {
  @Field(() => String, { description: 'the signing secret (whsec_...); shown only now' })
  secret!: string;

  @Field(() => WebhookEndpointType, { description: 'the endpoint' })
  endpoint!: WebhookEndpointType;
}

@ObjectType('WebhookDelivery', { description: 'One message sent (or being sent) to an endpoint' })
export class WebhookDeliveryType {
  @Field(() => ID, { description: 'the delivery id (Redeliver takes it)' })
  id!: string;

  @Field(() => String, { description: 'the webhook-id header: the same for every attempt and redelivery' })
  messageId!: string;

  @Field(() => String, { description: 'the event type' })
  eventType!: string;

  @Field(() => String, { description: 'pending, succeeded or failed (retries used up)' })
  status!: string;

  @Field(() => Int, { description: 'attempts made' })
  attempts!: number;

  @Field(() => Int, { nullable: true, description: "the last attempt's HTTP status" })
  responseStatus!: number | null;

  @Field(() => Int, { nullable: true, description: "the last attempt's duration in milliseconds" })
  durationMs!: number | null;

  @Field(() => String, { nullable: true, description: "the last attempt's error" })
  lastError!: string | null;

  @Field(() => GraphQLISODateTime, { description: 'when the event happened (or the redelivery was asked for)' })
  createdAt!: Date;

  @Field(() => GraphQLISODateTime, { nullable: true, description: 'when it succeeded or failed for good' })
  completedAt!: Date | null;
}

@InputType({ description: 'A new webhook endpoint' })
export class CreateWebhookEndpointInput {
  @Field(() => String, { description: 'an https URL' })
  url!: string;

  @Field(() => [String], {
    description:
      'event types: response.created, response.withdrawn, request.published, payout.sent, payout.failed, report.created, response.screened_out, quota.filled',
  })
  events!: string[];
}
