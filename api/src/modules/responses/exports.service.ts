import type { EntityManager } from '@mikro-orm/postgresql';
import type { DataRequest } from '../requests/request.entity';
import type { RequestsService } from '../requests/requests.service';
import type { SurveysService } from '../surveys/surveys.service';
import type { User } from '../users/user.entity';
import {
  STATISTICS_CSV_COLUMNS,
  statisticsRows,
  surveyResponseCells,
  surveyResponsesColumns,
  type QuestionColumn,
} from '../../../../shared/export-format';
import { isRandomised } from '../../../../shared/survey-order';
import type { CollectionExportCommand, SurveyExportCommand } from './exports.schemas';
import type { ResponsesService } from './responses.service';
import { Submission } from './submission.entity';

/** Rows read from the database at a time while an export streams: memory stays flat. */
export const EXPORT_BATCH = 500;

/**
 * A table as the downloads write it: its columns, how many rows there are in all (`count`), where
 * this answer starts (`offset`) and its rows, batch by batch as they are read (cells are the CSV's
 * cells before CSV quoting).
 */
export type ExportTable = {
  request: DataRequest;
  columns: string[];
  count: number;
  offset: number;
  batches: AsyncIterable<string[][]>;
};

/** One sealed collection response as the phone sent it: the requester opens it with the request key. */
export type SealedRecord = {
  id: string;
  memberId: string;
  createdAt: Date;
  encryptedData: string | null;
  sealedKey: string | null;
};

export type CollectionRecordsPage = { request: DataRequest; count: number; offset: number; records: SealedRecord[] };

async function* once<T>(value: T): AsyncIterable<T> {
  yield value;
}

/**
 * The requester's exports: survey responses and statistics in the web app's download columns
 * (export-format.ts), and collection responses as the sealed records only. Only the request's owner
 * gets any of them; anyone else gets NOT_FOUND, as for a request that does not exist. The server
 * never decrypts a collection response: it holds no key that could.
 */
export class ExportsService {
  constructor(
    private readonly requests: RequestsService,
    private readonly responses: ResponsesService,
    private readonly surveys: SurveysService,
  ) {}

  async surveyResponses(
    em: EntityManager,
    user: User,
    { id, offset, limit }: SurveyExportCommand,
  ): Promise<ExportTable> {
    const request = await this.requests.owned(em, user, id, 'survey');
    const views = (await this.surveys.load(em, [request.id])).get(request.id) ?? [];
    const questions: QuestionColumn[] = views.map(({ id, title }) => ({ questionId: id, title }));
    // a randomised survey's export says the order each participant saw
    const randomised = isRandomised(views.map((v) => ({ type: v.type, ...v.settings })));
    const count = await em.count(Submission, { request: request.id });
    const wanted = Math.max(0, Math.min(limit ?? Infinity, count - offset));
    return {
      request,
      columns: surveyResponsesColumns(questions, randomised),
      count,
      offset,
      batches: this.surveyBatches(em, request, { questions, randomised }, offset, wanted),
    };
  }

  // Reads `wanted` responses from `offset`, a batch at a time, each batch in an EntityManager of its
  // own (nothing accumulates), the first by offset and the rest after the previous batch's last row.
  private async *surveyBatches(
    em: EntityManager,
    request: DataRequest,
    { questions, randomised }: { questions: QuestionColumn[]; randomised: boolean },
    offset: number,
    wanted: number,
  ): AsyncIterable<string[][]> {
    let after: { createdAt: Date; id: string } | null = null;
    for (let done = 0; done < wanted;) {
      const size = Math.min(EXPORT_BATCH, wanted - done);
      const rows = await this.responses.exportPage(em.fork(), request, after ? { after } : { offset }, size);
      if (!rows.length) return;
      yield rows.map((r) =>
        surveyResponseCells(
          questions,
          {
            memberId: r.memberId,
            createdAt: r.submission.createdAt.toISOString(),
            answers: r.answers,
            presented: r.submission.presented ?? null,
          },
          randomised,
        ),
      );
      done += rows.length;
      const last = rows[rows.length - 1].submission;
      after = { createdAt: last.createdAt, id: last.id };
      if (rows.length < size) return;
    }
  }

  /** The option counts of a survey: one row per question and option (small: not paged). */
  async surveyStatistics(em: EntityManager, user: User, { id }: { id: string }): Promise<ExportTable> {
    const request = await this.requests.owned(em, user, id, 'survey');
    const rows = statisticsRows(await this.surveys.statistics(em, request));
    return { request, columns: [...STATISTICS_CSV_COLUMNS], count: rows.length, offset: 0, batches: once(rows) };
  }

  /** A page of a collection's sealed responses, oldest first, for the requester to open locally. */
  async collectionRecords(
    em: EntityManager,
    user: User,
    { id, offset, limit }: CollectionExportCommand,
  ): Promise<CollectionRecordsPage> {
    const request = await this.requests.owned(em, user, id, 'collection');
    const count = await em.count(Submission, { request: request.id });
    const rows = await this.responses.exportPage(em, request, { offset }, limit);
    return {
      request,
      count,
      offset,
      records: rows.map(({ submission: s, memberId }) => ({
        id: s.id,
        memberId,
        createdAt: s.createdAt,
        encryptedData: s.encryptedData ?? null,
        sealedKey: s.sealedKey ?? null,
      })),
    };
  }
}
