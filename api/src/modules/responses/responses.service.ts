import type { EntityManager } from '@mikro-orm/postgresql';
import type { AccessEntry, AccessLog } from '../access-log/access-log.service';
import { Payout } from '../payouts/payout.entity';
import type { PayoutsService } from '../payouts/payouts.service';
import type { DataRequest } from '../requests/request.entity';
import type { RequestsService } from '../requests/requests.service';
import type { User } from '../users/user.entity';
import { matrixCell } from '../surveys/surveys.views';
import type { ResponsesPageCommand } from './responses.schemas';
import { Submission } from './submission.entity';

export type AnswerView = { questionId: string; option: string };

/** An answer as the requester reads it: a matrix cell as "row: column", a ranking place as "1. choice". */
const answerText = (r: { label: string; type: string; rows: string[] | null; rank: number | null }): string => {
  if (r.type === 'matrix') {
    const cell = matrixCell(r.label);
    return `${r.rows?.[cell.row] ?? cell.row}: ${cell.column}`;
  }
  return r.rank === null ? r.label : `${r.rank}. ${r.label}`;
};

/** One response as its requester sees it: still encrypted (collections) or the chosen options. */
export type ResponseView = {
  submission: Submission;
  memberId: string;
  answers: AnswerView[] | null;
  payout: Payout | null;
};

export type ResponsePage = {
  request: DataRequest;
  list: ResponseView[];
  count: number;
  offset: number;
  /** responses to the request whose payout awaits the requester's review (on every page) */
  awaitingReview: number;
};

/**
 * The requester's view of the responses to one of their requests, oldest first. A page costs a
 * fixed number of statements (rows with participants, answers, payouts), whatever its size.
 */
export class ResponsesService {
  constructor(
    private readonly requests: RequestsService,
    private readonly payouts: PayoutsService,
    // participants see in their access log each time their submission is listed or exported
    private readonly accessLog?: AccessLog,
  ) {}

  /** A line in each submission's participant's access log (see AccessLogService). */
  async logAccess(em: EntityManager, submissionIds: string[], entry: AccessEntry): Promise<void> {
    await this.accessLog?.forSubmissions(em, submissionIds, entry);
  }

  async list(em: EntityManager, user: User, { id, type, offset, limit }: ResponsesPageCommand): Promise<ResponsePage> {
    const request = await this.requests.owned(em, user, id, type);
    const [rows, count] = await em.findAndCount(
      Submission,
      { request },
      { orderBy: { createdAt: 'asc', id: 'asc' }, offset, limit, populate: ['participant'] },
    );
    const awaitingReview = request.payAfterReview
      ? await em.count(Payout, { request: request.id, status: 'awaiting_review' })
      : 0;
    await this.logAccess(
      em,
      rows.map((r) => r.id),
      { kind: 'listed', actor: 'requester', detail: request.type },
    );
    return { request, list: await this.viewsOf(em, request, rows), count, offset, awaitingReview };
  }

  /** Some responses of a request the caller owns (already checked), oldest first. */
  async byIds(em: EntityManager, request: DataRequest, ids: string[]): Promise<ResponseView[]> {
    const rows = await em.find(
      Submission,
      { request, id: { $in: ids } },
      { orderBy: { createdAt: 'asc', id: 'asc' }, populate: ['participant'], refresh: true },
    );
    return this.viewsOf(em, request, rows);
  }

  /**
   * Export rows: up to `limit` responses of a request the caller owns (already checked), oldest
   * first, from `offset` or after a cursor (the last row of the previous page), which keeps a long
   * export's later pages as cheap as its first. Without payouts: an export does not show them.
   */
  async exportPage(
    em: EntityManager,
    request: DataRequest,
    from: { offset: number } | { after: { createdAt: Date; id: string } },
    limit: number,
  ): Promise<Omit<ResponseView, 'payout'>[]> {
    const after =
      'after' in from
        ? {
            $or: [
              { createdAt: { $gt: from.after.createdAt } },
              { createdAt: from.after.createdAt, id: { $gt: from.after.id } },
            ],
          }
        : {};
    const rows = await em.find(
      Submission,
      { request: request.id, ...after },
      {
        orderBy: { createdAt: 'asc', id: 'asc' },
        ...('offset' in from ? { offset: from.offset } : {}),
        limit,
        populate: ['participant'],
      },
    );
    const answers = request.type === 'survey' ? await this.answersOf(em, rows) : null;
    await this.logAccess(
      em,
      rows.map((r) => r.id),
      { kind: 'exported', actor: 'requester', detail: request.type },
    );
    return rows.map((submission) => ({
      submission,
      memberId: submission.participant.memberId,
      answers: answers ? (answers.get(submission.id) ?? []) : null,
    }));
  }

  private async viewsOf(em: EntityManager, request: DataRequest, rows: Submission[]): Promise<ResponseView[]> {
    const answers = request.type === 'survey' ? await this.answersOf(em, rows) : null;
    const payouts = request.escrowAddress
      ? await this.payouts.forWallets(
          em,
          request.escrowAddress,
          rows.map((s) => s.walletAddress),
        )
      : new Map<string, Payout>();
    return rows.map((submission) => ({
      submission,
      memberId: submission.participant.memberId,
      answers: answers ? (answers.get(submission.id) ?? []) : null,
      payout: payouts.get(submission.walletAddress) ?? null,
    }));
  }

  private async answersOf(em: EntityManager, rows: Submission[]): Promise<Map<string, AnswerView[]>> {
    const out = new Map<string, AnswerView[]>();
    if (!rows.length) return out;
    const found = await em.execute<
      {
        submission_id: string;
        question_id: string;
        label: string;
        type: string;
        rows: string[] | null;
        rank: number | null;
      }[]
    >(
      `select a.submission_id, o.question_id, o.label, q.type, q.settings -> 'rows' as rows, a.rank
         from survey_answers a
         join survey_options o on o.id = a.option_id
         join survey_questions q on q.id = o.question_id
        where a.submission_id in (?)
        order by q.position, a.rank nulls last, o.position`,
      [rows.map((s) => s.id)],
    );
    for (const r of found) {
      const list = out.get(r.submission_id) ?? [];
      list.push({ questionId: r.question_id, option: answerText(r) });
      out.set(r.submission_id, list);
    }
    return out;
  }
}
