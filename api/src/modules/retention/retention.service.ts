import type { EntityManager } from '@mikro-orm/postgresql';
import { conflict } from '../../shared/errors';
import type { AccessLogService } from '../access-log/access-log.service';
import { Notification } from '../notifications/notification.entity';
import type { DataRequest } from '../requests/request.entity';
import type { RequestsService } from '../requests/requests.service';
import type { ResponseImagesService } from '../response-images/response-images.service';
import type { SubmissionsService } from '../responses/submissions.service';
import type { User } from '../users/user.entity';
import type { WebhookEvents } from '../webhooks/webhooks.service';
import { NOTICE_DAYS, RequestRetention } from './retention.entity';
import type { SetRetentionCommand } from './retention.schemas';

const DAY_MS = 86_400_000;
/** Answers handled by one sweep at most; the next tick takes the rest. */
const SWEEP_BATCH = 500;

export type RetentionView = {
  requestId: string;
  days: number | null;
  expiringSoon: number;
  deleted: number;
  /** answers withdrawn by their participants (one by one or by a deletion request) */
  withdrawn: number;
};

/**
 * Retention: a request's keeping period, and the sweep that deletes answers when it passes (the
 * encrypted response or survey answers; payouts and consent receipts stay), telling the requester
 * a week before. Every step is idempotent and safe with several processes sweeping at once.
 */
export class RetentionService {
  constructor(
    private readonly requests: RequestsService,
    private readonly submissions: SubmissionsService,
    private readonly accessLog: AccessLogService,
    private readonly images: Pick<ResponseImagesService, 'deleteOf'>,
    private readonly events?: WebhookEvents,
  ) {}

  /**
   * The requester's choice. Participants agreed to the period in force when they answered, so once
   * a request has answers the period may only get shorter.
   */
  async set(em: EntityManager, user: User, { requestId, days }: SetRetentionCommand): Promise<RetentionView> {
    const request = await this.requests.owned(em, user, requestId);
    const current = await em.findOne(RequestRetention, { requestId: request.id });
    if (request.responseCount > 0 && (current === null || days > current.days)) {
      throw conflict('This request has answers: their keeping period can only be made shorter');
    }
    if (current) Object.assign(current, { days, setAt: new Date() });
    else em.create(RequestRetention, { requestId: request.id, days });
    await em.flush();
    return this.view(em, request);
  }

  async get(em: EntityManager, user: User, requestId: string): Promise<RetentionView> {
    return this.view(em, await this.requests.owned(em, user, requestId));
  }

  /** The period of a request and the deletion date of an answer sent now (the receipt's terms). */
  async periodOf(em: EntityManager, request: DataRequest): Promise<{ days: number | null; until: Date | null }> {
    const r = await em.findOne(RequestRetention, { requestId: request.id });
    return r ? { days: r.days, until: new Date(Date.now() + r.days * DAY_MS) } : { days: null, until: null };
  }

  /** The scheduled job: announce answers due within a week, then delete those past their period. */
  async sweep(em: EntityManager, now = new Date()): Promise<{ noticed: number; deleted: number }> {
    return { noticed: await this.announce(em, now), deleted: await this.deleteDue(em, now) };
  }

  private async announce(em: EntityManager, now: Date): Promise<number> {
    return em.transactional(async (tx) => {
      // the insert's conflict rule makes each announcement once, however many sweeps run
      const fresh = await tx.execute<{ submission_id: string; request_id: string }[]>(
        `insert into retention_notices (submission_id, request_id, noticed_at)
         select s.id, s.request_id, ? from submissions s join request_retentions r on r.request_id = s.request_id
          where s.created_at + make_interval(days => r.days) <= ?
          limit ${SWEEP_BATCH}
         on conflict (submission_id) do nothing
         returning submission_id, request_id`,
        [now, new Date(now.getTime() + NOTICE_DAYS * DAY_MS)],
      );
      if (!fresh.length) return 0;
      await this.accessLog.forSubmissions(
        tx,
        fresh.map((f) => f.submission_id),
        { kind: 'retention_notice', actor: 'platform' },
      );
      const byRequest = new Map<string, typeof fresh>();
      for (const f of fresh) byRequest.set(f.request_id, [...(byRequest.get(f.request_id) ?? []), f]);
      for (const [requestId, rows] of byRequest) {
        const [request] = await tx.execute<{ user_id: string; title: string }[]>(
          'select user_id, title from requests where id = ?',
          [requestId],
        );
        const n = rows.length;
        tx.create(Notification, {
          recipient: request.user_id,
          text: `${n} answer${n === 1 ? '' : 's'} to “${request.title.slice(0, 300)}” will be deleted within ${NOTICE_DAYS} days: their keeping period ends. Export what you need before then.`,
        });
        await this.events?.emit(tx, request.user_id, 'retention.expiring', {
          requestId,
          responseIds: rows.map((r) => r.submission_id),
          withinDays: NOTICE_DAYS,
        });
      }
      await tx.flush();
      return fresh.length;
    });
  }

  private async deleteDue(em: EntityManager, now: Date): Promise<number> {
    const due = await em.execute<{ id: string; request_id: string; device_id: string }[]>(
      `select s.id, s.request_id, p.device_id
         from submissions s
         join request_retentions r on r.request_id = s.request_id
         join participants p on p.id = s.participant_id
        where s.created_at + make_interval(days => r.days) <= ?
        order by s.created_at limit ${SWEEP_BATCH}`,
      [now],
    );
    let deleted = 0;
    for (const { id, request_id, device_id } of due) {
      const gone = await this.submissions.expire(em.fork(), id, (tx) =>
        this.accessLog.forSubmissions(tx, [id], { kind: 'expired', actor: 'platform' }),
      );
      if (!gone) continue;
      deleted += 1;
      // the files after the rows: a failed file delete leaves bytes nobody can link to an answer
      await this.images.deleteOf(em.fork(), request_id, device_id);
    }
    return deleted;
  }

  private async view(em: EntityManager, request: DataRequest): Promise<RetentionView> {
    const r = await em.findOne(RequestRetention, { requestId: request.id });
    const [counts] = await em.execute<{ soon: number; deleted: number; withdrawn: number }[]>(
      `select (select count(*)::int from retention_notices n join submissions s on s.id = n.submission_id
                where n.request_id = ?) as soon,
              (select count(*)::int from access_events e where e.request_id = ? and e.kind = 'expired') as deleted,
              (select count(*)::int from access_events e where e.request_id = ? and e.kind = 'withdrawn') as withdrawn`,
      [request.id, request.id, request.id],
    );
    return {
      requestId: request.id,
      days: r?.days ?? null,
      expiringSoon: counts.soon,
      deleted: counts.deleted,
      withdrawn: counts.withdrawn,
    };
  }
}
