import type { EntityManager } from '@mikro-orm/postgresql';
import { badInput, notFound } from '../../shared/errors';
import { parseInput } from '../../shared/validation';
import type { PayoutsService } from '../payouts/payouts.service';
import { endUserDataSchema, openRequestsSchema, phoneRequestSchema } from '../responses/phone.schemas';
import type { SurveysService } from '../surveys/surveys.service';
import type { QuestionView } from '../surveys/surveys.views';
import { capacityOf, DataRequest } from './request.entity';

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

  async endUserData(em: EntityManager, raw: unknown): Promise<PublicRequest> {
    const { requestID } = parseInput(endUserDataSchema, raw);
    const request = await this.published(em, requestID);
    const questions = request.type === 'survey' ? await this.questionsOf(em, request) : null;
    const { count } = await this.payouts.totals(em, request.id);
    return { request, questions, remaining: Math.max(0, capacityOf(request) - count) };
  }

  async surveyQuestions(em: EntityManager, raw: unknown): Promise<QuestionView[]> {
    const { requestId } = parseInput(phoneRequestSchema, raw);
    const request = await this.published(em, requestId);
    if (request.type !== 'survey') throw badInput('This request is a collection: it has no questions');
    return this.questionsOf(em, request);
  }

  async escrowOf(em: EntityManager, raw: unknown): Promise<DataRequest> {
    const { requestId } = parseInput(phoneRequestSchema, raw);
    return this.published(em, requestId);
  }

  /** Published requests, newest first, for the phone's list of what it can answer. */
  async open(em: EntityManager, raw: unknown) {
    const { page, limit, type } = parseInput(openRequestsSchema, raw);
    const [list, count] = await em.findAndCount(
      DataRequest,
      { status: 1, ...(type ? { type } : {}) },
      { orderBy: { publishedAt: 'desc', id: 'desc' }, limit, offset: (page - 1) * limit },
    );
    return { list, count, pages: Math.ceil(count / limit), page };
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
