import type { EntityManager } from '@mikro-orm/postgresql';
import type { FastifyBaseLogger } from 'fastify';
import { randomUUID } from 'node:crypto';
import { lookup as dnsLookup } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { isIP } from 'node:net';
import { badInput, notFound } from '../../shared/errors';
import { underLock } from '../../shared/locks';
import type { AccessLog } from '../access-log/access-log.service';
import type { JobQueue } from '../jobs/job-queue';
import type { MailService } from '../mail/mail.service';
import { Notification } from '../notifications/notification.entity';
import type { User } from '../users/user.entity';
import { isForbiddenAddress } from './address-policy';
import { newWebhookSecret, signedHeaders } from './signing';
import type { CreateEndpointCommand, WebhookRef } from './webhooks.schemas';
import { WebhookDelivery, WebhookEndpoint, type WebhookEvent } from './webhook.entities';

/** What other services call to raise an event (in the transaction of the change). */
export type WebhookEvents = Pick<WebhooksService, 'emit'>;

/** The job queue's name for one delivery (data: { deliveryId }). */
export const WEBHOOK_JOB = 'webhook-deliver';
/**
 * One number for both promises: a message is retried until it has been undelivered this long, and
 * an endpoint that has taken nothing for this long is disabled (and its owner told). A message that
 * fails to the end of its window therefore always leaves its endpoint disabled, unless the endpoint
 * took another message meanwhile.
 */
export const WEBHOOK_RETRY_WINDOW_MS = 3 * 24 * 60 * 60_000;
/** The longest wait between two attempts (the backoff doubles up to it). */
export const WEBHOOK_RETRY_DELAY_MAX_SECONDS = 6 * 60 * 60;
/**
 * A backstop on attempts, so no job retries forever: the window above ends first for any
 * WEBHOOK_RETRY_SECONDS from 1 s up (webhooks.service.test.ts checks it against the queue's backoff).
 */
export const WEBHOOK_MAX_ATTEMPTS = 40;
const TIMEOUT_MS = 10_000;
const MAX_ENDPOINTS = 10;

export type Attempt = { ok: boolean; status: number | null; durationMs: number; error: string | null };

/**
 * Webhooks for integrators (Standard Webhooks): endpoints, signed deliveries through the job queue
 * with exponential backoff, a delivery log with Redeliver. A payload carries ids and metadata,
 * never response plaintext (the server has none). Outside development a delivery never goes to a
 * loopback, private or link-local address, checked on the address the name resolves to at connect
 * time (so a name re-pointed after the check cannot slip through).
 */
export class WebhooksService {
  constructor(
    private readonly jobs: JobQueue,
    private readonly mail: MailService,
    private readonly opts: { allowPrivate: boolean; publicUrl: string },
    private readonly log: Pick<FastifyBaseLogger, 'warn'>,
    // a delivered event about a response is a line in its participant's access log
    private readonly accessLog?: AccessLog,
  ) {}

  async create(
    em: EntityManager,
    user: User,
    input: CreateEndpointCommand,
  ): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
    const url = this.checkUrl(input.url);
    // counted and stored under the account's lock: parallel calls never pass the quota
    return underLock(em, `quota:webhooks:${user.id}`, async (tx) => {
      if ((await tx.count(WebhookEndpoint, { user })) >= MAX_ENDPOINTS) {
        throw badInput(`At most ${MAX_ENDPOINTS} webhook endpoints per account`);
      }
      const secret = newWebhookSecret();
      const endpoint = tx.create(WebhookEndpoint, { user: user.id, url, events: [...new Set(input.events)], secret });
      await tx.flush();
      return { endpoint, secret };
    });
  }

  list(em: EntityManager, user: User): Promise<WebhookEndpoint[]> {
    return em.find(WebhookEndpoint, { user }, { orderBy: { createdAt: 'asc' } });
  }

  async remove(em: EntityManager, user: User, { id }: WebhookRef): Promise<void> {
    const endpoint = await this.owned(em, user, id);
    await em.remove(endpoint).flush();
  }

  /** An endpoint's latest 50 deliveries, newest first. */
  async deliveries(em: EntityManager, user: User, { id }: WebhookRef): Promise<WebhookDelivery[]> {
    const endpoint = await this.owned(em, user, id);
    return em.find(WebhookDelivery, { endpoint }, { orderBy: { createdAt: 'desc' }, limit: 50 });
  }

  /**
   * Sends a delivery's message again (same webhook-id), as a new delivery; re-enables its endpoint
   * (a disabled one gets a fresh 3 days).
   */
  async redeliver(em: EntityManager, user: User, { id }: WebhookRef): Promise<WebhookDelivery> {
    const old = await em.findOne(WebhookDelivery, { id, endpoint: { user } }, { populate: ['endpoint'] });
    if (!old) throw notFound('Webhook delivery');
    return em.transactional(async (tx) => {
      const endpoint = await tx.findOneOrFail(WebhookEndpoint, old.endpoint.id);
      // enabled again by its owner: its failures are counted afresh from the next one
      if (!endpoint.enabled) endpoint.failingSince = null;
      endpoint.enabled = true;
      endpoint.disabledReason = null;
      const again = tx.create(WebhookDelivery, {
        endpoint,
        messageId: old.messageId,
        eventType: old.eventType,
        body: old.body,
      });
      await this.jobs.send(WEBHOOK_JOB, { deliveryId: again.id }, { tx });
      return again;
    });
  }

  /**
   * In the transaction of the change: a delivery (and its job) for each enabled endpoint of `userId`
   * that subscribed to `type`. Nothing is sent unless the change commits.
   */
  async emit(tx: EntityManager, userId: string, type: WebhookEvent, data: Record<string, unknown>): Promise<void> {
    const endpoints = (await tx.find(WebhookEndpoint, { user: userId, enabled: true })).filter((e) =>
      e.events.includes(type),
    );
    if (!endpoints.length) return;
    const messageId = `msg_${randomUUID().replace(/-/g, '')}`;
    const body = JSON.stringify({ type, timestamp: new Date().toISOString(), data });
    for (const endpoint of endpoints) {
      const d = tx.create(WebhookDelivery, { endpoint, messageId, eventType: type, body });
      await this.jobs.send(WEBHOOK_JOB, { deliveryId: d.id }, { tx });
    }
  }

  /**
   * The `webhook-deliver` job: one attempt. A failure still to be retried throws (the queue backs
   * off); a message undelivered for WEBHOOK_RETRY_WINDOW_MS is given up, and an endpoint that has
   * failed for as long is disabled.
   */
  async deliver(em: EntityManager, deliveryId: string): Promise<void> {
    const d = await em.findOne(WebhookDelivery, deliveryId, { populate: ['endpoint.user'] });
    if (!d || d.status !== 'pending') return;
    const endpoint = d.endpoint;
    const attempt: Attempt = endpoint.enabled
      ? await this.post(endpoint.url, endpoint.secret, d)
      : { ok: false, status: null, durationMs: 0, error: 'The endpoint is disabled' };
    const now = new Date();
    d.attempts += 1;
    d.responseStatus = attempt.status;
    d.durationMs = attempt.durationMs;
    d.lastError = attempt.error?.slice(0, 500) ?? null;
    if (attempt.ok) {
      d.status = 'succeeded';
      d.completedAt = now;
      endpoint.failingSince = null;
    } else {
      endpoint.failingSince ??= now;
      const expired = now.getTime() - d.createdAt.getTime() >= WEBHOOK_RETRY_WINDOW_MS;
      // failing for the whole window: every attempt since failingSince failed, or this message
      // found the endpoint taking nothing from its creation to the end of its window
      const failedThroughout =
        now.getTime() - endpoint.failingSince.getTime() >= WEBHOOK_RETRY_WINDOW_MS ||
        (expired && !(await this.tookAnythingSince(em, endpoint, d.createdAt)));
      if (endpoint.enabled && failedThroughout) this.disable(em, endpoint);
      if (expired || !endpoint.enabled || d.attempts >= WEBHOOK_MAX_ATTEMPTS) {
        d.status = 'failed';
        d.completedAt = now;
      }
    }
    await em.flush();
    if (d.status === 'succeeded') await this.logDelivered(em, d);
    if (d.status === 'pending') throw new Error(`Webhook delivery failed: ${d.lastError}`);
  }

  // the response the event was about, if it still exists (a withdrawal's event finds none)
  private async logDelivered(em: EntityManager, d: WebhookDelivery): Promise<void> {
    const responseId = (JSON.parse(d.body) as { data?: { responseId?: unknown } }).data?.responseId;
    if (typeof responseId !== 'string' || !this.accessLog) return;
    await this.accessLog.forSubmissions(em, [responseId], { kind: 'webhook', actor: 'requester', detail: d.eventType });
  }

  private async tookAnythingSince(em: EntityManager, endpoint: WebhookEndpoint, since: Date): Promise<boolean> {
    return (await em.count(WebhookDelivery, { endpoint, status: 'succeeded', completedAt: { $gte: since } })) > 0;
  }

  /** Disables a failing endpoint and tells its owner, by mail and in the app. */
  private disable(em: EntityManager, endpoint: WebhookEndpoint): void {
    endpoint.enabled = false;
    endpoint.disabledReason = 'Deliveries failed for 3 days';
    em.create(Notification, {
      recipient: endpoint.user,
      text: `Your webhook endpoint ${endpoint.url.slice(0, 300)} failed for 3 days and was disabled. Fix it, then Redeliver a message in Settings > Integrations to enable it again.`,
    });
    this.mail.enqueue(em, {
      to: endpoint.user.email,
      kind: 'webhook-disabled',
      subject: 'Parley: a webhook endpoint was disabled',
      text:
        `Deliveries to your webhook endpoint ${endpoint.url} have failed for 3 days, so it was disabled.\n\n` +
        `Fix the endpoint, then redeliver a message from Settings > Integrations to enable it again:\n` +
        `${this.opts.publicUrl}/settings`,
    });
  }

  private async owned(em: EntityManager, user: User, id: string): Promise<WebhookEndpoint> {
    const endpoint = await em.findOne(WebhookEndpoint, { id, user });
    if (!endpoint) throw notFound('Webhook endpoint');
    return endpoint;
  }

  private checkUrl(raw: string): string {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw badInput('url: not a valid URL');
    }
    const schemes = this.opts.allowPrivate ? ['https:', 'http:'] : ['https:'];
    if (!schemes.includes(url.protocol)) throw badInput('url: must be an https URL');
    if (url.username || url.password) throw badInput('url: must not carry a user name or password');
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (!this.opts.allowPrivate && (isIP(host) ? isForbiddenAddress(host) : host === 'localhost')) {
      throw badInput('url: must not point at a loopback, private or link-local address');
    }
    return url.toString();
  }

  /** POSTs the signed message; refuses (outside development) a name resolving to a forbidden address. */
  private post(target: string, secret: string, d: WebhookDelivery): Promise<Attempt> {
    const started = Date.now();
    const headers = {
      ...signedHeaders(secret, d.messageId, Math.floor(started / 1000), d.body),
      'content-type': 'application/json',
      'user-agent': 'Parley-Webhooks/1',
    };
    const lookup: LookupFunction = (hostname, options, callback) =>
      dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
        if (err) return callback(err, '', 0);
        const list = addresses as { address: string; family: number }[];
        const bad = list.find((a) => isForbiddenAddress(a.address));
        if (!this.opts.allowPrivate && bad) {
          return callback(new Error(`refused: ${hostname} resolves to ${bad.address}, a private address`), '', 0);
        }
        if (options.all) return callback(null, list);
        return callback(null, list[0].address, list[0].family);
      });
    const url = new URL(target);
    const literal = url.hostname.replace(/^\[|\]$/g, '');
    return new Promise<Attempt>((resolve) => {
      const done = (status: number | null, error: string | null) =>
        resolve({
          ok: status !== null && status >= 200 && status < 300,
          status,
          durationMs: Date.now() - started,
          error,
        });
      if (!this.opts.allowPrivate && isIP(literal) && isForbiddenAddress(literal)) {
        return done(null, `refused: ${literal} is a private address`);
      }
      const client = url.protocol === 'https:' ? https : http;
      const req = client.request(url, { method: 'POST', headers, lookup, timeout: TIMEOUT_MS }, (res) => {
        res.resume();
        res.on('end', () =>
          done(res.statusCode ?? null, res.statusCode && res.statusCode < 300 ? null : `HTTP ${res.statusCode}`),
        );
      });
      req.on('timeout', () => req.destroy(new Error(`no answer within ${TIMEOUT_MS / 1000} s`)));
      req.on('error', (err) => done(null, err.message));
      req.end(d.body);
    }).then((a) => {
      if (!a.ok) this.log.warn({ deliveryId: d.id, status: a.status, error: a.error }, 'webhook delivery failed');
      return a;
    });
  }
}
