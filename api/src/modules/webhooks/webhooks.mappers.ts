import type { WebhookDelivery, WebhookEndpoint } from './webhook.entities';

export type WebhookEndpointView = {
  id: string;
  url: string;
  events: string[];
  enabled: boolean;
  disabledReason: string | null;
  failingSince: Date | null;
  createdAt: Date;
};

export type WebhookDeliveryView = {
  id: string;
  messageId: string;
  eventType: string;
  status: string;
  attempts: number;
  responseStatus: number | null;
  durationMs: number | null;
  lastError: string | null;
  createdAt: Date;
  completedAt: Date | null;
};

export const toWebhookEndpoint = (e: WebhookEndpoint): WebhookEndpointView => ({
  id: e.id,
  url: e.url,
  events: e.events,
  enabled: e.enabled,
  disabledReason: e.disabledReason ?? null,
  failingSince: e.failingSince ?? null,
  createdAt: e.createdAt,
});

export const toWebhookDelivery = (d: WebhookDelivery): WebhookDeliveryView => ({
  id: d.id,
  messageId: d.messageId,
  eventType: d.eventType,
  status: d.status,
  attempts: d.attempts,
  responseStatus: d.responseStatus ?? null,
  durationMs: d.durationMs ?? null,
  lastError: d.lastError ?? null,
  createdAt: d.createdAt,
  completedAt: d.completedAt ?? null,
});
