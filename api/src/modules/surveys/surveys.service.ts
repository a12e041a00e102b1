import type { EntityManager } from '@mikro-orm/postgresql';
import { raw } from '@mikro-orm/core';
import { badInput, notFound } from '../../shared/errors';
import { SurveyAnswer } from './survey-answer.entity';
import { SurveyOption } from './survey-option.entity';
import { SurveyQuestion, type SurveyOwner } from './survey-question.entity';
import { checkSurveyAnswers, optionsChosen, type Chosen, type SurveySubmission } from './survey-answers';
import type { CountCommand, QuestionInput } from './surveys.schemas';
import type { StatementWrite } from '../../shared/statement-writes';
import { matrixCell, optionLabels, type OptionView, type QuestionView } from './surveys.views';

export type ResultGroup = {
  questionId: string;
  title: string;
  type: QuestionView['type'];
  // a matrix's cells name their row; a ranking's options carry their mean rank (null: unranked)
  data: { option: string; counter: number; row?: string; meanRank?: number | null }[];
};

/**
 * Survey questions, their options and counters. Every method that changes answers runs in the
 * caller's transaction (the submission's); concurrent submissions to one survey lock the option
 * counters they update in id order, so their updates never deadlock.
 */
export class SurveysService {
  /**
   * Questions with options, per request id, in order: one statement for any number of requests,
   * read as plain rows (every answer reads its survey: entities would cost it several times the CPU).
   */
  async load(em: EntityManager, requestIds: string[]): Promise<Map<string, QuestionView[]>> {
    const byRequest = new Map<string, QuestionView[]>();
    if (!requestIds.length) return byRequest;
    const rows = await em.execute<(Omit<QuestionView, 'options'> & { request_id: string; options: OptionView[] })[]>(
      `select q.request_id, q.id, q.position, q.type, q.title, q.scale, q.shape, q.settings, q.translations,
              coalesce(json_agg(json_build_object('id', o.id, 'label', o.label, 'counter', o.counter)
                                order by o.position) filter (where o.id is not null), '[]') as options
         from survey_questions q left join survey_options o on o.question_id = q.id
        where q.request_id = any(?::uuid[])
        group by q.id order by q.position`,
      [`{${requestIds.join(',')}}`],
    );
    for (const { request_id, ...q } of rows) {
      const list = byRequest.get(request_id) ?? [];
      list.push({
        id: q.id,
        position: q.position,
        type: q.type,
        title: q.title,
        scale: q.scale ?? null,
        shape: q.shape ?? null,
        settings: q.settings ?? null,
        options: q.options,
        translations: q.translations ?? null,
      });
      byRequest.set(request_id, list);
    }
    return byRequest;
  }

  /** Replaces a survey's questions (only while it has no answers: the caller checks). */
  async replaceQuestions(tx: EntityManager, request: SurveyOwner, questions: QuestionInput[]): Promise<void> {
    await tx.nativeDelete(SurveyQuestion, { request: request.id });
    questions.forEach((q, position) => {
      const question = tx.create(SurveyQuestion, {
        request,
        position,
        type: q.type,
        title: q.title,
        scale: q.scale,
        shape: q.shape,
        settings: q.settings,
        translations: q.translations ?? null,
      });
      optionLabels(q).forEach((label, i) => tx.create(SurveyOption, { question, position: i, label }));
    });
    request.questionCount = questions.length;
  }

  /** Sets the questions' translations, the questions staying as they are (answers keep their meaning). */
  async setTranslations(tx: EntityManager, request: SurveyOwner, questions: QuestionInput[]): Promise<void> {
    for (const [position, q] of questions.entries()) {
      await tx.nativeUpdate(
        SurveyQuestion,
        { request: request.id, position },
        { translations: q.translations ?? null },
      );
    }
  }

  /** The survey's result groups: one per question, every option with its counter (the personal
   * types have none: their answers are ciphertext). */
  async statistics(em: EntityManager, request: SurveyOwner): Promise<ResultGroup[]> {
    const questions = (await this.load(em, [request.id])).get(request.id) ?? [];
    const ranked = questions.filter((q) => q.type === 'ranking').flatMap((q) => q.options.map((o) => o.id));
    const means = new Map<string, number>();
    if (ranked.length) {
      const rows = await em.execute<{ option_id: string; mean: string }[]>(
        `select option_id, avg(rank)::float8 as mean from survey_answers
          where option_id in (${ranked.map(() => '?').join(', ')}) group by option_id`,
        ranked,
      );
      for (const row of rows) means.set(row.option_id, Number(row.mean));
    }
    return questions.map((q) => ({
      questionId: q.id,
      title: q.title,
      type: q.type,
      data: q.options.map((o) => {
        if (q.type === 'matrix') {
          const cell = matrixCell(o.label);
          return { option: cell.column, counter: o.counter, row: q.settings?.rows?.[cell.row] ?? '' };
        }
        if (q.type === 'ranking') return { option: o.label, counter: o.counter, meanRank: means.get(o.id) ?? null };
        return { option: o.label, counter: o.counter };
      }),
    }));
  }

  /**
   * Checks a device's answers against the survey's questions (read by the caller, e.g. with
   * questionsColumn(): every required question answered once, each with its options; a client of
   * format version 1 only on surveys of the four old types) and returns the chosen options, with
   * the questions' titles in order (a consent receipt names them); nothing is written.
   */
  checkAnswersOf(questions: QuestionView[], input: SurveySubmission): { chosen: Chosen[]; titles: string[] } {
    return { chosen: checkSurveyAnswers(questions, input), titles: questions.map((q) => q.title) };
  }

  /**
   * A column of a statement over the request row `r`: its questions with their options in order,
   * as load() reads them, so a caller reading the request reads its survey in the same round trip.
   */
  questionsColumn(): string {
    return `(select coalesce(json_agg(json_build_object('id', q.id, 'position', q.position, 'type', q.type,
        'title', q.title, 'scale', q.scale, 'shape', q.shape, 'settings', q.settings, 'translations', q.translations,
        'options', (select coalesce(json_agg(json_build_object('id', o.id, 'label', o.label, 'counter', o.counter)
                      order by o.position), '[]') from survey_options o where o.question_id = q.id))
        order by q.position), '[]') from survey_questions q where q.request_id = r.id)`;
  }

  /**
   * The options checkAnswersOf chose for a submission, as writes the caller runs inside a statement
   * of its own (the submission's insert): the answers, and their options' counters locked in id
   * order (addAnswers says why).
   * `with`: a common table expression the writes need at the statement's top level.
   * `after`: a common table expression of the caller's, earlier in the statement, whose rows are
   * locked before the counters (the request row: withdrawals lock it first too). The counters' lock
   * reads it, so it runs first whatever order PostgreSQL runs the statement's writes in.
   */
  answerWrites(submissionId: string, chosen: Chosen[], after?: string): StatementWrite[] {
    if (!chosen.length) return [];
    const options = `{${chosen.map((c) => c.optionId).join(',')}}`;
    const first = after ? `${after}, ` : '';
    return [
      {
        sql: `insert into survey_answers (id, submission_id, option_id, rank)
              select gen_random_uuid(), ?, a.option_id, a.rank from unnest(?::uuid[], ?::int[]) as a(option_id, rank)`,
        params: [
          submissionId,
          options,
          `{${chosen.map((c) => (c.rank === null ? 'NULL' : String(c.rank))).join(',')}}`,
        ],
      },
      {
        with: `locked as materialized (select o.id from ${first}survey_options o where o.id = any(?::uuid[])
                 order by o.id for no key update of o)`,
        withParams: [options],
        sql: 'update survey_options o set counter = o.counter + 1 from locked where o.id = locked.id',
        params: [],
      },
    ];
  }

  /** The legacy ranking call: sets (or changes) a device's star answer for question `index`. */
  async setStars(tx: EntityManager, request: SurveyOwner, submissionId: string, index: number, stars: number) {
    const question = ((await this.load(tx, [request.id])).get(request.id) ?? [])[index];
    if (!question) throw badInput(`index: the survey has no question ${index}`);
    if (question.type !== 'stars') throw badInput(`index: question ${index} is not a star rating`);
    const chosen = optionsChosen(question, stars, 'stars');
    const previous = await tx.find(SurveyAnswer, {
      submission: submissionId,
      option: { $in: question.options.map((o) => o.id) },
    });
    if (previous.length) {
      await tx.nativeUpdate(
        SurveyOption,
        { id: { $in: previous.map((a) => a.option.id) } },
        {
          counter: raw('counter - 1'),
        },
      );
      await tx.nativeDelete(SurveyAnswer, { id: { $in: previous.map((a) => a.id) } });
    }
    await this.addAnswers(tx, submissionId, chosen);
    return { questionId: question.id, stars };
  }

  /** Lowers the counters of a submission about to be deleted (its answers go with it). */
  async withdrawAnswers(tx: EntityManager, submissionId: string): Promise<void> {
    await tx.execute(
      `update survey_options o set counter = o.counter - d.n
         from (select option_id, count(*)::int as n from survey_answers where submission_id = ? group by option_id) d
        where o.id = d.option_id`,
      [submissionId],
    );
  }

  /** How many current answers chose `responseAnswer` for a question of a published survey. */
  async count(
    em: EntityManager,
    { questionId, responseAnswer }: CountCommand,
  ): Promise<{ questionId: string; responseAnswer: string; count: number }> {
    const question = await em.findOne(SurveyQuestion, { id: questionId, request: { status: 1 } });
    if (!question) throw notFound('Question');
    const option = await em.findOne(SurveyOption, { question, label: responseAnswer.trim() });
    if (!option) throw badInput('responseAnswer is not an option of this question');
    return { questionId, responseAnswer: option.label, count: option.counter };
  }

  private async addAnswers(tx: EntityManager, submissionId: string, chosen: Chosen[]): Promise<void> {
    if (!chosen.length) return;
    // one statement: the answers, and their options' counters locked in id order (concurrent
    // submissions to one survey update overlapping options, and an update in scan order, which
    // changes as rows are rewritten, could deadlock them; the materialized CTE locks them in order
    // before the update touches any; "no key" as the update itself, and the answers' foreign keys,
    // checked at the end of the statement, take key-share locks this transaction already covers)
    await tx.execute(
      `with answers as (
         insert into survey_answers (id, submission_id, option_id, rank)
         select gen_random_uuid(), ?, a.option_id, a.rank from unnest(?::uuid[], ?::int[]) as a(option_id, rank)),
       locked as materialized (
         select id from survey_options where id = any(?::uuid[]) order by id for no key update)
       update survey_options o set counter = o.counter + 1 from locked where o.id = locked.id`,
      [
        submissionId,
        `{${chosen.map((c) => c.optionId).join(',')}}`,
        `{${chosen.map((c) => (c.rank === null ? 'NULL' : String(c.rank))).join(',')}}`,
        `{${chosen.map((c) => c.optionId).join(',')}}`,
      ],
    );
  }
}
