import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { conflict } from '../../shared/errors';
import { Payout, TAKES_A_PLACE } from '../payouts/payout.entity';
import type { ParticipantsService } from '../participants/participants.service';
import type { PayoutsService } from '../payouts/payouts.service';
import { capacityOf, DataRequest } from '../requests/request.entity';
import {
  QuotaFull,
  type EndedAnswer,
  type FieldworkAnswer,
  type FieldworkPlan,
  type SubmissionFieldwork,
} from '../responses/submission-fieldwork';
import type { WebhookEvents } from '../webhooks/webhooks.service';
import type { StatementWrite } from '../../shared/statement-writes';
import {
  failedChecks,
  failedScreener,
  isSpeeding,
  isStraightLined,
  quotasOf,
  screenOutCap,
  type CheckRule,
  type QuotaRule,
  type ScreenerRule,
} from './fieldwork.rules';
import { preparedQuery } from '../../db/sql';

type Settings = { payScreenOut: boolean; screenOutShare: number };
type Loaded = {
  settings: Settings | null;
  screeners: ScreenerRule[];
  quotas: (QuotaRule & { filled: boolean })[];
  checks: CheckRule[];
  endedBefore: boolean;
  repeatedDevice: boolean;
  repeatedWallet: boolean;
};
/** What plan() worked out, carried to record() and takePlace() (FieldworkPlan.data). */
type Work = {
  quotas: QuotaRule[];
  attentionFailed: number;
  attentionChecks: number;
  speeding: boolean;
  straightLining: boolean;
  repeatedDevice: boolean;
  repeatedWallet: boolean;
  durationMs: number | null;
  settings: Settings | null;
  screenerId: string | null;
  // whether the request has quotas at all (takePlace then checks the closing ones)
  hasQuotas: boolean;
};

// Everything plan() needs, as columns of the statement that enrols the participant `p`: the
// request's fieldwork configuration, whether this device or wallet already ended an answer here,
// and whether they were seen with others before.
const PLAN_SQL = `(select json_build_object('payScreenOut', pay_screen_out, 'screenOutShare', screen_out_share)
     from fieldwork_settings where request_id = ?) as settings,
  coalesce((select json_agg(json_build_object('questionId', question_id, 'qualifying', qualifying))
     from fieldwork_screeners where request_id = ?), '[]') as screeners,
  coalesce((select json_agg(json_build_object('id', id, 'name', name, 'questionId', question_id, 'options', options,
       'size', size, 'action', action, 'filled', filled_at is not null))
     from fieldwork_quotas where request_id = ?), '[]') as quotas,
  coalesce((select json_agg(json_build_object('questionId', c.question_id, 'expected', c.expected,
       'options', (select json_agg(o.id) from survey_options o where o.question_id = c.question_id)))
     from fieldwork_attention_checks c where c.request_id = ?), '[]') as checks,
  exists (select 1 from fieldwork_outcomes where request_id = ? and (participant_id = p.id or wallet_address = ?))
    as "endedBefore",
  exists (select 1 from fieldwork_flags where participant_id = p.id and wallet_address <> ?) as "repeatedDevice",
  exists (select 1 from fieldwork_flags where wallet_address = ? and participant_id <> p.id) as "repeatedWallet"`;

const MEDIAN_SQL = `select percentile_cont(0.5) within group (order by duration_ms) as median,
  count(duration_ms)::int as timed from fieldwork_flags where request_id = ?`;

/**
 * Fieldwork on the submission path (the SubmissionFieldwork port): screening and the full-quota
 * check before anything is stored, the quota memberships and quality flags with the submission,
 * and the one locked step that takes the paid place and the quota places at the very end.
 */
export class FieldworkSubmissionService implements SubmissionFieldwork {
  constructor(
    private readonly participants: ParticipantsService,
    private readonly payouts: PayoutsService,
    private readonly events?: WebhookEvents,
  ) {}

  reads(requestId: string, walletAddress: string): { select: string; params: unknown[] } {
    const r = requestId;
    const w = walletAddress;
    return { select: PLAN_SQL, params: [r, r, r, r, r, w, w, w] };
  }

  async plan(tx: EntityManager, a: FieldworkAnswer, read: unknown): Promise<FieldworkPlan> {
    const r = a.request.id;
    const row = read as Loaded;
    if (row.endedBefore) throw conflict('This device or wallet has already answered this request');
    const chosen = new Set(a.optionIds);
    const closedBy = row.quotas.find((q) => q.action === 'close_request' && q.filled);
    const inQuotas = quotasOf(row.quotas, chosen);
    const screener = failedScreener(row.screeners, chosen);
    const timing = a.durationMs !== undefined ? await this.median(tx, r) : null;
    const work: Work = {
      quotas: inQuotas,
      attentionFailed: failedChecks(row.checks, chosen),
      attentionChecks: row.checks.length,
      speeding: isSpeeding(a.durationMs, timing?.median ?? null, timing?.timed ?? 0),
      straightLining: (a.matrices ?? []).some(isStraightLined),
      repeatedDevice: row.repeatedDevice,
      repeatedWallet: row.repeatedWallet,
      durationMs: a.durationMs ?? null,
      settings: row.settings,
      screenerId: screener?.questionId ?? null,
      hasQuotas: row.quotas.length > 0,
    };
    // a screener ends the answer first: someone who does not qualify never counts in a quota
    if (screener) return { ended: 'screened_out', data: work };
    const fullQuota = closedBy ?? inQuotas.find((q) => q.filled);
    if (fullQuota) return { ended: 'quota_full', quotaId: fullQuota.id, data: work };
    return { ended: null, data: work };
  }

  private async median(tx: EntityManager, requestId: string) {
    const [m] = await tx.execute<{ median: number | null; timed: number }[]>(MEDIAN_SQL, [requestId]);
    return { median: m.median === null ? null : Number(m.median), timed: Number(m.timed) };
  }

  /**
   * The quota memberships and quality flags of an accepted submission: writes for the statement
   * that stores the submission, which also raises the response count, locking the request row
   * (two round trips fewer on every submission than statements of their own).
   */
  record(submissionId: string, a: FieldworkAnswer, plan: FieldworkPlan): StatementWrite[] {
    const w = plan.data as Work;
    return [
      ...(w.quotas.length
        ? [
            {
              sql: 'insert into fieldwork_quota_members (quota_id, submission_id) select unnest(?::uuid[]), ?',
              params: [`{${w.quotas.map((q) => q.id).join(',')}}`, submissionId],
            },
          ]
        : []),
      {
        sql: `insert into fieldwork_flags (submission_id, request_id, participant_id, wallet_address, attention_failed,
                attention_checks, speeding, straight_lining, repeated_device, repeated_wallet, duration_ms, created_at)
              values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, now())`,
        params: [
          submissionId,
          a.request.id,
          a.participant.id,
          a.walletAddress,
          w.attentionFailed,
          w.attentionChecks,
          w.speeding,
          w.straightLining,
          w.repeatedDevice,
          w.repeatedWallet,
          w.durationMs,
        ],
      },
    ];
  }

  /**
   * The locked step, last in the submission's transaction: the statement that stored the answer
   * raised the response count, locking the request row, so this statement sees every earlier
   * submission committed. Too much owed from the escrow refuses the submission; a quota over its
   * size (or closed by another) throws QuotaFull, rolling it back; a quota that has just reached its
   * size is marked filled (quota.filled).
   */
  async takePlace(tx: EntityManager, request: DataRequest, plan: FieldworkPlan, newPayout: boolean): Promise<void> {
    const w = plan.data as Work;
    // the quotas by id, one placeholder each: a text per count, planned once per connection
    const ids = w.quotas.map((q) => q.id);
    const [row] = await preparedQuery<{
      owed: number;
      closedBy: string | null;
      quotas: { id: string; n: number; filled: boolean }[] | null;
    }>(
      tx,
      `select (select coalesce(sum(amount), 0)::int from payouts where request_id = ? and ${TAKES_A_PLACE}) as owed,
         ${
           w.hasQuotas
             ? `(select id from fieldwork_quotas where request_id = ? and action = 'close_request' and filled_at is not null
                  limit 1)`
             : 'null'
         } as "closedBy",
         ${
           ids.length
             ? `(select json_agg(json_build_object('id', q.id, 'filled', q.filled_at is not null,
                   'n', (select count(*) from fieldwork_quota_members m where m.quota_id = q.id)))
                   from fieldwork_quotas q where q.id in (${ids.map(() => '?').join(', ')}))`
             : 'null'
         } as quotas`,
      [request.id, ...(w.hasQuotas ? [request.id] : []), ...ids],
    );
    if (newPayout && Number(row.owed) > request.bonusAmount) {
      throw conflict('This request has all the responses it can pay for');
    }
    if (row.closedBy) throw new QuotaFull(row.closedBy);
    for (const q of row.quotas ?? []) {
      const rule = w.quotas.find((x) => x.id === q.id)!;
      if (Number(q.n) > rule.size) throw new QuotaFull(q.id);
      if (Number(q.n) === rule.size && !q.filled) await this.filled(tx, request, rule);
    }
  }

  private async filled(tx: EntityManager, request: DataRequest, q: QuotaRule): Promise<void> {
    // a close_request quota closes its request too: off the open lists, no more answers taken
    await tx.execute(
      `with q as (update fieldwork_quotas set filled_at = now() where id = ? returning action)
       update requests set closed_at = coalesce(closed_at, now())
        where id = ? and (select action from q) = 'close_request'`,
      [q.id, request.id],
    );
    await this.events?.emit(tx, request.user.id, 'quota.filled', {
      requestId: request.id,
      quotaId: q.id,
      name: q.name,
      size: q.size,
      action: q.action,
    });
  }

  /**
   * Records an answer that ended without a paid place, in its own transaction. A screen-out is
   * paid (one bonus from the escrow) when the requester chose so and fewer than the set share of
   * the places went to screen-outs: decided under the request row's lock, like a place.
   */
  async end(em: EntityManager, a: FieldworkAnswer, plan: FieldworkPlan): Promise<EndedAnswer> {
    const w = plan.data as Work;
    const outcome = plan.ended === 'quota_full' ? 'quota_full' : 'screened_out';
    try {
      const ended = await em.transactional(async (tx) => {
        // enrolled again: a quota-full answer's own transaction, which enrolled it, was rolled back
        const participant = await this.participants.enrol(tx, a.participant.deviceId, a.walletAddress);
        const pay = outcome === 'screened_out' && w.settings?.payScreenOut;
        const payout = pay ? await this.screenOutPay(tx, a, w.settings!) : null;
        const id = randomUUID();
        const createdAt = new Date();
        await tx.execute(
          `insert into fieldwork_outcomes (id, request_id, participant_id, wallet_address, outcome, quota_id, question_id,
             payout_id, idempotency_key, created_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          [
            id,
            a.request.id,
            participant.id,
            a.walletAddress,
            outcome,
            plan.quotaId ?? null,
            w.screenerId,
            payout?.id ?? null,
            a.idempotencyKey ?? null,
            createdAt,
          ],
        );
        const [quota] = plan.quotaId
          ? await tx.execute<{ id: string; name: string }[]>('select id, name from fieldwork_quotas where id = ?', [
              plan.quotaId,
            ])
          : [];
        await this.events?.emit(tx, a.request.user.id, 'response.screened_out', {
          requestId: a.request.id,
          outcomeId: id,
          reason: outcome === 'quota_full' ? 'quota' : 'screener',
          quotaId: plan.quotaId ?? null,
          paid: payout !== null,
        });
        return {
          id,
          outcome,
          quota: quota ?? null,
          payout,
          createdAt,
          memberId: participant.memberId,
        } satisfies EndedAnswer;
      });
      if (ended.payout) this.payouts.wake();
      return ended;
    } catch (err) {
      if (err instanceof UniqueConstraintViolationException) {
        // the same answer sent twice at once with its key: the send that committed answers both
        const raced = a.idempotencyKey
          ? await this.replay(em.fork(), a.request.id, a.participant.id, a.idempotencyKey)
          : null;
        if (raced) return raced;
        throw conflict('This device or wallet has already answered this request');
      }
      throw err;
    }
  }

  async replay(
    em: EntityManager,
    requestId: string,
    participantId: string,
    idempotencyKey: string,
  ): Promise<EndedAnswer | null> {
    const [row] = await em.execute<
      {
        id: string;
        outcome: EndedAnswer['outcome'];
        quota_id: string | null;
        quota_name: string | null;
        payout_id: string | null;
        created_at: Date;
        member_id: string;
      }[]
    >(
      `select o.id, o.outcome, o.quota_id, q.name as quota_name, o.payout_id, o.created_at, p.member_id
         from fieldwork_outcomes o join participants p on p.id = o.participant_id
         left join fieldwork_quotas q on q.id = o.quota_id
        where o.request_id = ? and o.participant_id = ? and o.idempotency_key = ?`,
      [requestId, participantId, idempotencyKey],
    );
    if (!row) return null;
    return {
      id: row.id,
      outcome: row.outcome,
      quota: row.quota_id ? { id: row.quota_id, name: row.quota_name ?? '' } : null,
      // as it is now (it may have been paid since), as a replayed submission's payout
      payout: row.payout_id ? await em.findOne(Payout, row.payout_id) : null,
      createdAt: new Date(row.created_at),
      memberId: row.member_id,
    };
  }

  private async screenOutPay(tx: EntityManager, a: FieldworkAnswer, s: Settings): Promise<Payout | null> {
    const r = a.request;
    if (!r.escrowAddress) return null;
    // the lock first, then the counts: a statement that waits for a lock keeps its older snapshot
    await tx.execute('select 1 from requests where id = ? for update', [r.id]);
    const [row] = await tx.execute<{ places: number; paid: number; wallet: boolean }[]>(
      `select (select count(*)::int from payouts where request_id = ? and ${TAKES_A_PLACE}) as places,
         (select count(*)::int from fieldwork_outcomes where request_id = ? and payout_id is not null) as paid,
         exists (select 1 from payouts where escrow_address = ? and wallet_address = ?) as wallet`,
      [r.id, r.id, r.escrowAddress, a.walletAddress],
    );
    const capacity = capacityOf(r);
    if (!row || row.wallet || row.places >= capacity || row.paid >= screenOutCap(capacity, s.screenOutShare)) {
      return null;
    }
    const payout = tx.create(Payout, {
      // a reference: the submission path reads its request as a plain object, not an entity of tx
      request: tx.getReference(DataRequest, r.id),
      escrowAddress: r.escrowAddress,
      walletAddress: a.walletAddress,
      amount: r.bonusEach,
    });
    await tx.flush();
    await this.payouts.queue(tx, payout.id);
    return payout;
  }
}
