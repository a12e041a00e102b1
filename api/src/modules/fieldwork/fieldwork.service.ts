import type { EntityManager } from '@mikro-orm/postgresql';
import { badInput, conflict, notFound } from '../../shared/errors';
import type { WithdrawalsService } from '../billing/withdrawals.service';
import type { PayoutsService } from '../payouts/payouts.service';
import type { RequestsService } from '../requests/requests.service';
import type { ResponseView } from '../responses/responses.service';
import type { ReviewsService } from '../responses/reviews.service';
import type { QuestionView } from '../surveys/surveys.views';
import type { SurveysService } from '../surveys/surveys.service';
import type { User } from '../users/user.entity';
import {
  AttentionCheck,
  DEFAULT_MIN_HOURLY,
  DEFAULT_REJECTION_SHARE,
  DEFAULT_SCREEN_OUT_SHARE,
  FieldworkSettings,
  Quota,
  Screener,
} from './fieldwork.entity';
import { ATTENTION_FAILS_TO_REJECT, hourlyReward, topUpEach } from './fieldwork.rules';
import { owedCount, topUpEscrowId, topUpRound, TopUps, type EscrowReader } from './fieldwork-top-up';
import type { ConfigureCommand, Flag, FieldworkRef, ReviewByFlagCommand } from './fieldwork.schemas';

const CLOSED_TYPES = ['radios', 'checkboxes', 'dropdown'];

export type QuotaView = {
  id: string;
  name: string;
  questionId: string;
  options: string[];
  size: number;
  action: string;
  filled: number;
  ended: number;
  filledAt: Date | null;
};
export type FlagsView = {
  responseId: string;
  memberId: string;
  payoutStatus: string | null;
  attentionFailed: number;
  attentionChecks: number;
  speeding: boolean;
  straightLining: boolean;
  repeatedDevice: boolean;
  repeatedWallet: boolean;
  durationMs: number | null;
  quotaIds: string[];
};
export type FieldworkView = {
  requestId: string;
  payScreenOut: boolean;
  screenOutShare: number;
  minHourly: number;
  rejectionShare: number;
  screeners: { questionId: string; qualifying: string[] }[];
  quotas: QuotaView[];
  attentionChecks: { questionId: string; expected: string[] }[];
  screenedOut: number;
  screenedOutPaid: number;
  quotaFull: number;
  medianMs: number | null;
  hourlyReward: number | null;
  topUpEach: number;
  topUpPaidAt: Date | null;
  topUpsPaid: number;
  // approved participants without a top-up yet, and the id the wallet funds their escrow under
  topUpOwed: number;
  topUpWalletId: string;
};

// what a participant reads when rejected on a flag's grounds, unless the requester words it
const FLAG_REASONS: Record<Flag, string> = {
  attention: `Your answers failed ${ATTENTION_FAILS_TO_REJECT} or more attention checks.`,
  speeding: 'Your answers came far faster than the questions can be read.',
  straight_lining: 'Your answers to the grid questions were all in one column.',
  repeated_device: 'This device answered with several wallets.',
  repeated_wallet: 'This wallet answered from several devices.',
};
const FLAG_SQL: Record<Flag, string> = {
  attention: 'f.attention_failed >= 1',
  speeding: 'f.speeding',
  straight_lining: 'f.straight_lining',
  repeated_device: 'f.repeated_device',
  repeated_wallet: 'f.repeated_wallet',
};

const FLAGS_SQL = `select s.id as "responseId", pt.member_id as "memberId", p.status as "payoutStatus",
    f.attention_failed as "attentionFailed", f.attention_checks as "attentionChecks", f.speeding,
    f.straight_lining as "straightLining", f.repeated_device as "repeatedDevice", f.repeated_wallet as "repeatedWallet",
    f.duration_ms as "durationMs",
    coalesce((select json_agg(m.quota_id) from fieldwork_quota_members m where m.submission_id = s.id), '[]') as "quotaIds"
  from submissions s
  join participants pt on pt.id = s.participant_id
  left join fieldwork_flags f on f.submission_id = s.id
  left join payouts p on p.escrow_address = ? and p.wallet_address = s.wallet_address
  where s.request_id = ?`;

/**
 * The requester's side of fieldwork: setting a study's screeners, quotas, attention checks and pay
 * rules; seeing its quotas, outcomes, median time and hourly reward; reviewing by quality flag under
 * the rejection rules; and paying the top-up that brings approved participants to the minimum rate.
 */
export class FieldworkService {
  constructor(
    private readonly requests: RequestsService,
    private readonly surveys: SurveysService,
    private readonly reviews: ReviewsService,
    withdrawals: WithdrawalsService,
    payouts: PayoutsService,
    private readonly chain: EscrowReader,
  ) {
    this.topUps = new TopUps(withdrawals, payouts);
  }

  private readonly topUps: TopUps;

  /** Replaces a survey's fieldwork; only before its first answer (the quotas count from zero). */
  async configure(em: EntityManager, user: User, c: ConfigureCommand): Promise<FieldworkView> {
    const request = await this.requests.owned(em, user, c.requestId, 'survey');
    const questions = (await this.surveys.load(em, [request.id])).get(request.id) ?? [];
    const ids = (questionId: string, labels: string[], path: string) =>
      closedOptions(questions, questionId, labels, path);
    const screeners = c.screeners.map((s, i) => ({
      ...s,
      qualifying: ids(s.questionId, s.qualifying, `screeners.${i}`),
    }));
    const quotas = c.quotas.map((q, i) => ({ ...q, options: ids(q.questionId, q.options, `quotas.${i}`) }));
    const checks = c.attentionChecks.map((a, i) => ({
      ...a,
      expected: ids(a.questionId, a.expected, `attentionChecks.${i}`),
    }));
    await em.transactional(async (tx) => {
      await tx.execute('select 1 from requests where id = ? for update', [request.id]);
      const [n] = await tx.execute<{ n: number }[]>(
        `select (select count(*) from submissions where request_id = ?) + (select count(*) from fieldwork_outcomes
           where request_id = ?) as n`,
        [request.id, request.id],
      );
      if (Number(n.n) > 0) throw conflict('The fieldwork of a request cannot change once answers have arrived');
      await tx.nativeDelete(Screener, { request: request.id });
      await tx.nativeDelete(Quota, { request: request.id });
      await tx.nativeDelete(AttentionCheck, { request: request.id });
      await tx.upsert(FieldworkSettings, {
        request,
        payScreenOut: c.payScreenOut,
        screenOutShare: c.screenOutShare,
        minHourly: c.minHourly,
        rejectionShare: c.rejectionShare,
      });
      for (const s of screeners) tx.create(Screener, { request, question: s.questionId, qualifying: s.qualifying });
      for (const q of quotas) {
        tx.create(Quota, {
          request,
          name: q.name,
          question: q.questionId,
          options: q.options,
          size: q.size,
          action: q.action,
        });
      }
      for (const a of checks) {
        tx.create(AttentionCheck, { request, question: a.questionId, expected: a.expected });
      }
      await tx.flush();
    });
    return this.view(em, user, { requestId: request.id });
  }

  /** A request's fieldwork and how it is going: quotas filled, answers ended, time and pay. */
  async view(em: EntityManager, user: User, { requestId }: FieldworkRef): Promise<FieldworkView> {
    const request = await this.requests.owned(em, user, requestId);
    const conn = em.getConnection();
    const questions = (await this.surveys.load(em, [request.id])).get(request.id) ?? [];
    const [settings, screeners, quotas, checks, counts, owed, round] = await Promise.all([
      em.findOne(FieldworkSettings, { request: request.id }, { refresh: true }),
      em.find(Screener, { request: request.id }, { refresh: true }),
      conn.execute<QuotaView[]>(
        `select q.id, q.name, q.question_id as "questionId", q.options, q.size, q.action, q.filled_at as "filledAt",
           (select count(*)::int from fieldwork_quota_members m where m.quota_id = q.id) as filled,
           (select count(*)::int from fieldwork_outcomes o where o.quota_id = q.id) as ended
         from fieldwork_quotas q where q.request_id = ? order by q.name, q.id`,
        [request.id],
      ),
      em.find(AttentionCheck, { request: request.id }, { refresh: true }),
      conn.execute<{ screenedOut: number; paid: number; quotaFull: number; median: number | null; topUps: number }[]>(
        `select count(*) filter (where outcome = 'screened_out')::int as "screenedOut",
           count(*) filter (where payout_id is not null)::int as paid,
           count(*) filter (where outcome = 'quota_full')::int as "quotaFull",
           (select percentile_cont(0.5) within group (order by duration_ms) from fieldwork_flags
             where request_id = ?) as median,
           (select count(*)::int from fieldwork_top_ups where request_id = ?) as "topUps"
         from fieldwork_outcomes where request_id = ?`,
        [request.id, request.id, request.id],
      ),
      owedCount(em, request.id),
      topUpRound(em, request.id),
    ]);
    const c = counts[0];
    const medianMs = c.median === null ? null : Math.round(Number(c.median));
    const minHourly = settings?.minHourly ?? DEFAULT_MIN_HOURLY;
    return {
      requestId: request.id,
      payScreenOut: settings?.payScreenOut ?? false,
      screenOutShare: settings?.screenOutShare ?? DEFAULT_SCREEN_OUT_SHARE,
      minHourly,
      rejectionShare: settings?.rejectionShare ?? DEFAULT_REJECTION_SHARE,
      screeners: screeners.map((s) => ({ questionId: s.question.id, qualifying: labelsOf(questions, s.qualifying) })),
      quotas: quotas.map((q) => ({
        ...q,
        options: labelsOf(questions, q.options),
        filledAt: q.filledAt ? new Date(q.filledAt) : null,
      })),
      attentionChecks: checks.map((a) => ({ questionId: a.question.id, expected: labelsOf(questions, a.expected) })),
      screenedOut: c.screenedOut,
      screenedOutPaid: c.paid,
      quotaFull: c.quotaFull,
      medianMs,
      hourlyReward: hourlyReward(request.bonusEach, medianMs),
      topUpEach: topUpEach(request.bonusEach, medianMs, minHourly),
      topUpPaidAt: settings?.topUpPaidAt ?? null,
      topUpsPaid: c.topUps,
      topUpOwed: owed,
      topUpWalletId: topUpEscrowId(request.id, round),
    };
  }

  /** Every response's quality flags and quotas, oldest first (the reviewer's table). */
  async flags(em: EntityManager, user: User, { requestId }: FieldworkRef): Promise<FlagsView[]> {
    const request = await this.requests.owned(em, user, requestId);
    return em
      .getConnection()
      .execute<FlagsView[]>(`${FLAGS_SQL} order by s.created_at, s.id`, [request.escrowAddress ?? '', request.id]);
  }

  /**
   * Approves or rejects, in one call, the responses awaiting review that carry a flag. Rejecting on
   * attention grounds needs two failed checks on each; one reason for many past the rejection share
   * is refused (reject those one by one, each with its own reason).
   */
  async reviewByFlag(em: EntityManager, user: User, c: ReviewByFlagCommand): Promise<ResponseView[]> {
    const request = await this.requests.owned(em, user, c.requestId);
    const flagged = await em
      .getConnection()
      .execute<FlagsView[]>(
        `${FLAGS_SQL} and p.status = 'awaiting_review' and ${FLAG_SQL[c.flag]} order by s.created_at, s.id limit 100`,
        [request.escrowAddress ?? '', request.id],
      );
    const rows = c.responseIds ? flagged.filter((r) => c.responseIds!.includes(r.responseId)) : flagged;
    const missing = c.responseIds?.find((id) => !rows.some((r) => r.responseId === id));
    if (missing) throw conflict(`Response ${missing} is not awaiting review flagged ${c.flag}`);
    if (!rows.length) throw notFound(`Responses awaiting review flagged ${c.flag}`);
    const responseIds = rows.map((r) => r.responseId);
    if (c.decision === 'approve') return this.reviews.approve(em, user, { requestId: request.id, responseIds });
    // the review rules (two failed checks on attention grounds, the rejection share) are the
    // reviews' own, the same on every rejection path (FieldworkReviewRules)
    return this.reviews.reject(em, user, {
      requestId: request.id,
      responseIds,
      reason: c.reason ?? FLAG_REASONS[c.flag],
      grounds: c.flag === 'attention' ? 'attention' : 'other',
    });
  }

  /**
   * Pays the top-up that brings every approved participant up to the minimum hourly rate at the
   * median time, from the requester's credit: once to each (fieldwork-top-up.ts); when everyone
   * approved has had it, a second attempt is a 409.
   */
  async payTopUp(em: EntityManager, user: User, ref: FieldworkRef): Promise<FieldworkView> {
    await this.topUps.fromCredit(em, user, await this.topUpTerms(em, user, ref));
    return this.view(em, user, ref);
  }

  /**
   * The same top-up from the requester's wallet: the browser funded an escrow under the view's
   * topUpWalletId paying topUpEach to each (as it funds a request's escrow); the treasury pays the
   * approved participants from it, once each.
   */
  async payTopUpFromWallet(em: EntityManager, user: User, ref: FieldworkRef): Promise<FieldworkView> {
    const terms = await this.topUpTerms(em, user, ref);
    const round = await topUpRound(em, ref.requestId);
    const escrow = await this.chain.escrowFor(topUpEscrowId(ref.requestId, round));
    await this.topUps.fromWallet(em, terms, escrow, round);
    return this.view(em, user, ref);
  }

  private async topUpTerms(em: EntityManager, user: User, ref: FieldworkRef) {
    const view = await this.view(em, user, ref);
    if (view.topUpEach <= 0) throw conflict('This study already pays the minimum hourly rate at its median time');
    return { requestId: view.requestId, each: view.topUpEach };
  }

  /** What the participant app shows before a survey: how many attention checks, and the rule. */
  async forParticipant(em: EntityManager, requestId: string): Promise<{ attentionChecks: number; screeners: number }> {
    const [row] = await em.getConnection().execute<{ checks: number; screeners: number }[]>(
      `select (select count(*)::int from fieldwork_attention_checks where request_id = r.id) as checks,
         (select count(*)::int from fieldwork_screeners where request_id = r.id) as screeners
       from requests r where r.id = ? and r.status = 1`,
      [requestId],
    );
    if (!row) throw notFound('Request');
    return { attentionChecks: row.checks, screeners: row.screeners };
  }
}

/** The ids of a closed question's options named by label (the question must be the survey's own). */
function closedOptions(questions: QuestionView[], questionId: string, labels: string[], path: string): string[] {
  const q = questions.find((x) => x.id === questionId);
  if (!q) throw badInput(`${path}: no such question in this survey`, [{ path, message: 'no such question' }]);
  if (!CLOSED_TYPES.includes(q.type)) throw badInput(`${path}: "${q.title}" is not a closed question`);
  return labels.map((label) => {
    const option = q.options.find((o) => o.label === label);
    if (!option) throw badInput(`${path}: "${label}" is not an option of "${q.title}"`);
    return option.id;
  });
}

/** Option ids back to their labels, for the requester's view. */
function labelsOf(questions: QuestionView[], ids: string[]): string[] {
  const all = new Map(questions.flatMap((q) => q.options.map((o) => [o.id, o.label] as const)));
  return ids.map((id) => all.get(id) ?? id);
}
