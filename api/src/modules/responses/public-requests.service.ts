import type { EntityManager } from '@mikro-orm/postgresql';
import { badInput, notFound } from '../../shared/errors';
import { TAKES_A_PLACE } from '../payouts/payout.entity';
import type { PayoutsService } from '../payouts/payouts.service';
import type { OpenRequestsCommand, PublishedRequestRef } from './phone.schemas';
import type { SurveysService } from '../surveys/surveys.service';
import type { QuestionView } from '../surveys/surveys.views';
import { assertClientKnows } from '../surveys/survey-answers';
import { capacityOf, DataRequest } from '../requests/request.entity';
import { pageWindow, toPage } from '../../shared/paging';

export type PublicRequest = {
  request: DataRequest;
  questions: QuestionView[] | null;
  /** paid responses still available: capacity minus payouts made or owed */
  remaining: number;
};

/** What the phone app may read: published requests only (a draft is "not found"). */
export class PublicRequestsService {
  constructor(
    private readonly surveys: SurveysService,
    private readonly payouts: PayoutsService,
  ) {}

  async endUserData(em: EntityManager, { requestId, surveyVersion }: PublishedRequestRef): Promise<PublicRequest> {
    const request = await this.published(em, requestId);
    const questions = request.type === 'survey' ? await this.questionsOf(em, request) : null;
    if (questions) assertClientKnows(questions, surveyVersion ?? 1);
    const { count } = await this.payouts.totals(em, request.id);
    // a request a quota closed has no place left for anyone, whatever its escrow holds
    const remaining = request.closedAt ? 0 : Math.max(0, capacityOf(request) - count);
    return { request, questions, remaining };
  }

  /** A survey's questions; a client of survey format 1 gets a 409 for one using newer types. */
  async surveyQuestions(
    em: EntityManager,
    { requestId, surveyVersion }: PublishedRequestRef,
  ): Promise<{ request: DataRequest; questions: QuestionView[] }> {
    const request = await this.published(em, requestId);
    if (request.type !== 'survey') throw badInput('This request is a collection: it has no questions');
    const questions = await this.questionsOf(em, request);
    assertClientKnows(questions, surveyVersion ?? 1);
    return { request, questions };
  }

  async escrowOf(em: EntityManager, { requestId }: PublishedRequestRef): Promise<DataRequest> {
    return this.published(em, requestId);
  }

  /**
   * Published requests that still have a paid place and no quota closed, newest first, for the phone's list of what it
   * can answer, each with its places left (capacity minus payouts made or owed, as endUserData).
   */
  async open(em: EntityManager, { type, ...query }: OpenRequestsCommand) {
    const { limit, offset } = pageWindow(query);
    const rows = await em.execute<{ id: string; remaining: number; total: number }[]>(
      `select r.id, (r.bonus_amount / r.bonus_each - p.n)::int as remaining, count(*) over ()::int as total
         from requests r
         cross join lateral (
           select count(*)::int as n from payouts where request_id = r.id and ${TAKES_A_PLACE}
         ) p
        where r.status = 1 and r.closed_at is null and (?::text is null or r.type = ?)
          and r.bonus_amount / r.bonus_each > p.n
        order by r.published_at desc, r.id desc
        limit ? offset ?`,
      [type ?? null, type ?? null, limit, offset],
    );
    const requests = new Map(
      (await em.find(DataRequest, { id: { $in: rows.map((row) => row.id) } })).map((r) => [r.id, r]),
    );
    const list = rows.map((row) => ({ request: requests.get(row.id)!, remaining: Number(row.remaining) }));
    // past the last page the window has no rows to count on: ask once more
    const count = rows.length ? Number(rows[0].total) : query.page > 1 ? await this.countOpen(em, type) : 0;
    return toPage(list, count, query);
  }

  private async countOpen(em: EntityManager, type: string | undefined): Promise<number> {
    const [row] = await em.execute<{ n: number }[]>(
      `select count(*)::int as n from requests r
        where r.status = 1 and r.closed_at is null and (?::text is null or r.type = ?)
          and r.bonus_amount / r.bonus_each >
              (select count(*) from payouts where request_id = r.id and ${TAKES_A_PLACE})`,
      [type ?? null, type ?? null],
    );
    return Number(row?.n ?? 0);
  }

  private async published(em: EntityManager, id: string): Promise<DataRequest> {
    const request = await em.findOne(DataRequest, { id, status: 1 });
    if (!request) throw notFound('Request');
    return request;
  }

  private async questionsOf(em: EntityManager, request: DataRequest): Promise<QuestionView[]> {
    return (await this.surveys.load(em, [request.id])).get(request.id) ?? [];
  }
}
