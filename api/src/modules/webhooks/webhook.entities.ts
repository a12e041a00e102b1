import { OptionalProps } from '@mikro-orm/core';
import { Check, Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { randomUUID } from 'node:crypto';
import { User } from '../users/user.entity';

export const WEBHOOK_EVENTS = [
  'response.created',
  'response.withdrawn',
  // an answer deleted by the server: its request's retention period ended
  'response.deleted',
  // answers to one of your requests that its retention period deletes within a week
  'retention.expiring',
  'request.published',
  'payout.sent',
  'payout.failed',
  'report.created',
  'response.screened_out',
  'quota.filled',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/**
 * An integrator's endpoint: events of its owner's requests, rooms and payouts are POSTed to `url`,
 * signed as Standard Webhooks describes with `secret` (whsec_..., shown once at creation; stored,
 * as the server must sign with it). Disabled after failing for days.
 */
@Entity({ tableName: 'webhook_endpoints' })
export class WebhookEndpoint {
  [OptionalProps]?: 'createdAt' | 'enabled' | 'disabledReason' | 'failingSince';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => User, { deleteRule: 'cascade', index: true })
  user!: User;

  @Property({ type: 'string', length: 2000 })
  url!: string;

  @Property({ type: 'text[]' })
  events!: string[];

  @Property({ type: 'string', length: 100, hidden: true })
  secret!: string;

  @Property({ type: 'boolean' })
  enabled: boolean = true;

  @Property({ type: 'string', length: 300, nullable: true })
  disabledReason?: string | null = null;

  // the first failed attempt since the last success
  @Property({ type: 'datetime', nullable: true })
  failingSince?: Date | null = null;

  @Property({ type: 'datetime' })
  createdAt: Date = new Date();
}

export const DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/**
 * One message to one endpoint (and a Redeliver makes another row for the same message id): its
 * exact body, and how its attempts went. pending -> succeeded (a 2xx) or failed (retries used up).
 */
@Entity({ tableName: 'webhook_deliveries' })
@Index({ properties: ['endpoint', 'createdAt'] })
@Check({ name: 'webhook_deliveries_status_check', expression: "status in ('pending', 'succeeded', 'failed')" })
export class WebhookDelivery {
  [OptionalProps]?: 'createdAt' | 'status' | 'attempts' | 'responseStatus' | 'durationMs' | 'lastError' | 'completedAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => WebhookEndpoint, { deleteRule: 'cascade' })
  endpoint!: WebhookEndpoint;

  // the webhook-id header: the same for every attempt and redelivery of one message
  @Property({ type: 'string', length: 40 })
  messageId!: string;

  @Property({ type: 'string', length: 40 })
  eventType!: string;

  // the exact JSON body that is signed and sent
  @Property({ type: 'text' })
  body!: string;

  @Property({ type: 'string', length: 10 })
  status: DeliveryStatus = 'pending';

  @Property({ type: 'integer' })
  attempts: number = 0;

  @Property({ type: 'integer', nullable: true })
  responseStatus?: number | null = null;

  @Property({ type: 'integer', nullable: true })
  durationMs?: number | null = null;

  @Property({ type: 'string', length: 500, nullable: true })
  lastError?: string | null = null;

  @Property({ type: 'datetime' })
  createdAt: Date = new Date();

  @Property({ type: 'datetime', nullable: true })
  completedAt?: Date | null = null;
}
