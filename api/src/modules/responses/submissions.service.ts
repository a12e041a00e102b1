import { LockMode, UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { badInput, conflict, notFound } from '../../shared/errors';
import type { Participant } from '../participants/participant.entity';
import type { ParticipantsService } from '../participants/participants.service';
import { Payout } from '../payouts/payout.entity';
import type { PayoutsService } from '../payouts/payouts.service';
import { capacityOf, DataRequest, type RequestKind } from '../requests/request.entity';
import type { SurveysService } from '../surveys/surveys.service';
import type { QuestionView } from '../surveys/surveys.views';
import type { WebhookEvents } from '../webhooks/webhooks.service';
import type { DeviceSubmissionRef, RankCommand, SubmitCollectionCommand, SubmitSurveyCommand } from './phone.schemas';
import { Submission, WithdrawnSubmission } from './submission.entity';
import { REQUEST_ROW, requestRowFirst, type Place } from './submission-place';
import { enrolForAnswer, newSubmission, type KnownOfRequest } from './submission-read';
import { writesStatement, type StatementWrite } from '../../shared/statement-writes';
import { duplicate, replayOf, type Replayable } from './submission-replay';
import {
  matricesOf,
  QuotaFull,
  type EndedAnswer,
  type FieldworkAnswer,
  type FieldworkPlan,
  type SubmissionFieldwork,
} from './submission-fieldwork';
import { preparedQuery } from '../../db/sql';

/** What store() is handed: the checked answer, its place and fieldwork plan, what the participant sent. */
type StoreInput = {
  request: DataRequest;
  known: KnownOfRequest;
  participant: Participant;
  type: RequestKind;
  sealed: Partial<Sealed>;
  prepared: Prepared | undefined;
  place: Place;
  plan: FieldworkPlan;
  answer: FieldworkAnswer;
  content: unknown;
};

export type Accepted = { submission: Submission; participant: Participant; payout: Payout | null; ended?: undefined };
/** What a submission comes to: accepted, or ended without a paid place (screened out, quota full). */
export type Answered = Accepted | { ended: EndedAnswer; participant: Participant };
// titles: the survey's question titles, read once here and handed to the listeners (a receipt names them)
type Prepared = {
  optionIds: string[];
  titles: string[];
  matrices?: string[][];
  // the writes that store the chosen options, for the submission's insert statement
  writes: (submissionId: string) => StatementWrite[];
};
type Sealed = Pick<Submission, 'encryptedData' | 'sealedKey' | 'presented' | 'idempotencyKey'>;

const full = () => conflict('This request has all the responses it can pay for');
/**
 * Told of each accepted or withdrawn submission inside its transaction (consent receipts and the
 * participants' access log are filled this way); `content` is exactly what the participant sent.
 */
export type SubmissionListener = {
  /** The listener's writes for an accepted answer, run in the statement that stores the answer. */
  submitted(accepted: AcceptedAnswer): Promise<StatementWrite[]>;
  withdrawn(tx: EntityManager, gone: { submission: Submission; request: DataRequest }): Promise<void>;
};

/**
 * An accepted answer as the listeners see it: `known` is what was read with the request (its
 * owner's name, its keeping period) and, for a survey, `questionTitles` are its questions' titles
 * in order, so a listener reads nothing inside the submission's transaction. Nothing of it is
 * stored yet: the listeners' writes go in the statement that stores it.
 */
export type AcceptedAnswer = Accepted & {
  request: DataRequest;
  known: KnownOfRequest;
  content: unknown;
  questionTitles?: string[];
};

/** Deletes what an answer left outside the database (its encrypted images), after it went. */
export type AnswerFiles = (em: EntityManager, ref: DeviceSubmissionRef) => Promise<unknown>;

export type SubmittedState = {
  submitted: boolean;
  memberId: string | null;
  submittedAt: Date | null;
  payout: Payout | null;
};

/**
 * What the phone app sends: a collection response (ciphertext and sealed key only), survey
 * answers, a star rating, and the withdrawal of its own submission. A submission runs in one
 * transaction that locks the request row only at its end, where the paid place and the quota places
 * are taken (fieldwork's takePlace): the one-per-device and one-per-wallet rules are the tables'
 * unique keys, and the capacity and quotas are checked under the lock with every earlier
 * submission committed, so they hold under concurrent submissions without queueing the rest.
 */
export class SubmissionsService {
  constructor(
    private readonly participants: ParticipantsService,
    private readonly surveys: SurveysService,
    private readonly payouts: PayoutsService,
    private readonly fieldwork: SubmissionFieldwork,
    private readonly events?: WebhookEvents,
    private readonly listeners: readonly SubmissionListener[] = [],
    private readonly dropFiles?: AnswerFiles,
  ) {}

  async submitCollection(em: EntityManager, input: SubmitCollectionCommand): Promise<Answered> {
    const sealed = { encryptedData: input.encryptedData, sealedKey: input.sealedKey };
    return this.accept(em, input, 'collection', { ...sealed, idempotencyKey: input.idempotencyKey }, undefined, sealed);
  }

  async submitSurvey(em: EntityManager, input: SubmitSurveyCommand): Promise<Answered> {
    const { encryptedData, sealedKey, presented, idempotencyKey } = input;
    const sealed = { encryptedData, sealedKey, presented, idempotencyKey };
    return this.accept(
      em,
      input,
      'survey',
      sealed,
      (questions) => {
        const { chosen, titles } = this.surveys.checkAnswersOf(questions, {
          answers: input.answers,
          personal: input.personal ?? [],
          version: input.surveyVersion ?? 1,
          presented: input.presented ?? null,
        });
        return {
          optionIds: chosen.map((c) => c.optionId),
          titles,
          matrices: matricesOf(input.answers),
          writes: (submissionId) => this.surveys.answerWrites(submissionId, chosen, REQUEST_ROW),
        };
      },
      // what the receipt hashes: the closed answers, and the personal ones as the ciphertext sent
      { answers: input.answers, ...(input.encryptedData ? { encryptedData: input.encryptedData } : {}) },
    );
  }

  /**
   * The participant withdraws their submission: it goes, counters drop; a payout is not reversed.
   * A payout still awaiting the requester's review goes with it (nothing was paid, and nothing is
   * left to review): its place is free again, and the wallet may answer again later.
   */
  async withdraw(em: EntityManager, { requestId, deviceId }: DeviceSubmissionRef): Promise<void> {
    await this.withdrawRows(em, { requestId, deviceId });
    // the files after the rows: a failed file delete leaves bytes nobody can link to an answer
    await this.dropFiles?.(em.fork(), { requestId, deviceId });
  }

  private async withdrawRows(em: EntityManager, { requestId, deviceId }: DeviceSubmissionRef): Promise<void> {
    await em.transactional(async (tx) => {
      const request = await tx.findOne(DataRequest, requestId, { lockMode: LockMode.PESSIMISTIC_WRITE });
      const submission = request ? await this.submissionOf(tx, request, deviceId) : null;
      if (!request || !submission) throw notFound('Submission');
      // the wallet stays known to this device, so checkSubmitted still shows a payout made to it
      // (the request row is locked: no concurrent withdrawal of the same device races this)
      const earlier = await tx.findOne(WithdrawnSubmission, { request, participant: submission.participant });
      if (earlier) Object.assign(earlier, { walletAddress: submission.walletAddress, withdrawnAt: new Date() });
      else
        tx.create(WithdrawnSubmission, {
          request,
          participant: submission.participant,
          walletAddress: submission.walletAddress,
        });
      await tx.flush();
      if (request.escrowAddress) {
        await tx.nativeDelete(Payout, {
          escrowAddress: request.escrowAddress,
          walletAddress: submission.walletAddress,
          status: 'awaiting_review',
        });
      }
      await this.surveys.withdrawAnswers(tx, submission.id);
      // before the row goes: the access log's lines point at the submission
      for (const l of this.listeners) await l.withdrawn(tx, { submission, request });
      await tx.nativeDelete(Submission, { id: submission.id });
      await tx.execute('update requests set response_count = response_count - 1 where id = ?', [request.id]);
      await this.events?.emit(tx, request.user.id, 'response.withdrawn', {
        requestId: request.id,
        responseId: submission.id,
      });
    });
  }
  /**
   * Retention: an answer whose keeping period ended goes as a withdrawal's does (its response,
   * survey answers and count; the wallet stays known for its payout), but payouts are untouched
   * and the requester hears `response.deleted`. Locks the request row first, as a withdrawal does,
   * so two processes expiring the same answer delete it once; false: it was already gone.
   */
  async expire(
    em: EntityManager,
    submissionId: string,
    before: (tx: EntityManager) => Promise<void>,
  ): Promise<boolean> {
    return em.transactional(async (tx) => {
      const [row] = await tx.execute<{ request_id: string }[]>('select request_id from submissions where id = ?', [
        submissionId,
      ]);
      if (!row) return false;
      const request = await tx.findOne(DataRequest, row.request_id, { lockMode: LockMode.PESSIMISTIC_WRITE });
      const submission = await tx.findOne(Submission, submissionId, { refresh: true });
      if (!request || !submission) return false;
      await before(tx);
      await tx.upsert(
        WithdrawnSubmission,
        {
          id: randomUUID(),
          request: request.id,
          participant: submission.participant.id,
          walletAddress: submission.walletAddress,
          withdrawnAt: new Date(),
        },
        {
          onConflictFields: ['request', 'participant'],
          onConflictAction: 'merge',
          onConflictMergeFields: ['walletAddress', 'withdrawnAt'],
        },
      );
      await this.surveys.withdrawAnswers(tx, submission.id);
      await tx.nativeDelete(Submission, { id: submission.id });
      await tx.execute('update requests set response_count = response_count - 1 where id = ?', [request.id]);
      await this.events?.emit(tx, request.user.id, 'response.deleted', {
        requestId: request.id,
        responseId: submission.id,
        reason: 'retention',
      });
      return true;
    });
  }

  /** The legacy ranking call: this device's star answer for question `index` of a survey. */
  async rank(
    em: EntityManager,
    { index, stars, requestId, deviceId }: RankCommand,
  ): Promise<{ questionId: string; stars: number }> {
    return em.transactional(async (tx) => {
      const request = await this.lockedSurvey(tx, requestId);
      const submission = await this.submissionOf(tx, request, deviceId);
      if (!submission) throw notFound('Submission of this device (submit the survey first)');
      return this.surveys.setStars(tx, request, submission.id, index, stars);
    });
  }

  async checkSubmitted(em: EntityManager, { requestId, deviceId }: DeviceSubmissionRef): Promise<SubmittedState> {
    const request = await em.findOne(DataRequest, { id: requestId, status: 1 });
    if (!request) throw notFound('Request');
    const participant = await this.participants.findByDevice(em, deviceId);
    const submission = participant ? await em.findOne(Submission, { request, participant }) : null;
    // after a withdrawal the response is gone but a payout made to its wallet is not reversed
    const wallet =
      submission?.walletAddress ??
      (participant ? (await em.findOne(WithdrawnSubmission, { request, participant }))?.walletAddress : undefined);
    const payout =
      wallet && request.escrowAddress ? await this.payouts.forWallet(em, request.escrowAddress, wallet) : null;
    return {
      submitted: Boolean(submission),
      memberId: participant?.memberId ?? null,
      submittedAt: submission?.createdAt ?? null,
      payout,
    };
  }

  private readonly endedReplay = (em: EntityManager, requestId: string, participantId: string, key: string) =>
    this.fieldwork.replay(em, requestId, participantId, key);

  private async accept(
    em: EntityManager,
    input: Replayable & { walletAddress: string; durationMs?: number },
    type: RequestKind,
    sealed: Partial<Sealed>,
    // checks the answers against the survey's questions (a bad answer is a 400 before any 409) and
    // returns the options chosen and the writes that store them once the submission's id is known
    prepare?: (questions: QuestionView[]) => Prepared,
    // what the participant sent, for the listeners (a receipt hashes it)
    content?: unknown,
  ): Promise<Answered> {
    let plan: FieldworkPlan | null = null;
    let answer: FieldworkAnswer | null = null;
    // the same answer sent again with its key: the first one's result, nothing taken twice
    const replayed = await replayOf(em, this.participants, this.payouts, input, this.endedReplay);
    if (replayed) return replayed;
    try {
      // a fork with an empty identity map: every row is read as it is now, without `refresh`
      const accepted = await em.fork().transactional(async (tx) => {
        // one statement: the device enrolled, the request with what the listeners need (its owner's
        // name, keeping period, survey questions), the place and fieldwork's configuration
        const { request, known, questions, participant, place, also } = await enrolForAnswer(
          this.participants,
          this.surveys,
          tx,
          { ...input, type },
          this.fieldwork.reads(input.requestId, input.walletAddress),
        );
        const prepared = prepare?.(questions ?? []);
        if (place.deviceAnswered) throw conflict('This device has already answered this request');
        if (place.walletAnswered) throw conflict('This wallet has already answered this request');
        if (place.payoutStatus === 'rejected') {
          throw conflict(`The requester rejected this wallet's answer to this request: ${place.rejectionReason ?? ''}`);
        }
        // an early refusal without the lock (places only free up when a payout is rejected or fails);
        // takePlace decides for certain
        if (place.payoutStatus === null && place.placesTaken >= capacityOf(request)) throw full();
        answer = { request, participant, walletAddress: input.walletAddress, optionIds: prepared?.optionIds ?? [] };
        if (prepared?.matrices?.length) answer.matrices = prepared.matrices;
        if (input.durationMs !== undefined) answer.durationMs = input.durationMs;
        if (input.idempotencyKey) answer.idempotencyKey = input.idempotencyKey;
        plan = await this.fieldwork.plan(tx, answer, also);
        if (plan.ended) return null;
        return this.store(tx, { request, known, participant, type, sealed, prepared, place, plan, answer, content });
      });
      if (!accepted)
        return { ended: await this.fieldwork.end(em.fork(), answer!, plan!), participant: answer!.participant };
      // after the commit, with the jobs of the answers committed about now (the sweep is the safety net)
      if (accepted.payout?.status === 'pending') void this.payouts.queueCommitted(accepted.payout.id);
      return accepted;
    } catch (err) {
      if (err instanceof QuotaFull && answer && plan) {
        const ended = { ...(plan as FieldworkPlan), ended: 'quota_full' as const, quotaId: err.quotaId };
        return {
          ended: await this.fieldwork.end(em.fork(), answer, ended),
          participant: (answer as FieldworkAnswer).participant,
        };
      }
      // the same key sent twice at once: the send that committed answers both
      const raced = await replayOf(em.fork(), this.participants, this.payouts, input, this.endedReplay);
      if (raced) return raced;
      throw err instanceof UniqueConstraintViolationException ? duplicate(err) : err;
    }
  }

  /**
   * Stores an accepted answer in one statement, then takes its place: everything before runs
   * without a lock on the request, so submissions to one request run side by side. The submission,
   * its payout, the listeners' rows (receipt, access log), the survey's answers with their option
   * counters and fieldwork's rows are written together, and with them the response count, whose
   * update locks the request row before the counters are locked (requestRowFirst); fieldwork's takePlace then checks the paid places and quotas with
   * every earlier submission committed, and throws, rolling all of it back, when one is overfilled;
   * the commit follows at once. The rows every submission to a request updates are held for those
   * last two round trips only.
   */
  private async store(tx: EntityManager, s: StoreInput): Promise<Accepted> {
    const { request, participant, answer, prepared, plan } = s;
    const walletAddress = answer.walletAddress;
    const { submission, write } = newSubmission(request, participant, walletAddress, s.sealed);
    const writes: StatementWrite[] = [write];
    // a wallet already owed or paid from this escrow (it withdrew and answers again) is not owed twice;
    // paid after review, the payout waits (awaiting_review) for the requester or the deadline
    const owed = s.place.payoutStatus === null ? this.payouts.oweRow(request, walletAddress) : null;
    if (owed) writes.push(owed);
    const payout = owed?.payout ?? null;
    const stored = { submission, participant, payout };
    const seen: AcceptedAnswer = { ...stored, request, known: s.known, content: s.content };
    if (prepared) seen.questionTitles = prepared.titles;
    for (const l of this.listeners) writes.push(...(await l.submitted(seen)));
    if (prepared) writes.push(...prepared.writes(submission.id));
    // ids and metadata only: the response itself is ciphertext for the requester's key (read
    // only when the requester has an endpoint: most answers have none to tell)
    if (s.known.webhooks) {
      await this.events?.emit(tx, request.user.id, 'response.created', {
        requestId: request.id,
        responseId: submission.id,
        requestType: s.type,
        createdAt: submission.createdAt.toISOString(),
      });
      await tx.flush();
    }
    writes.push(...this.fieldwork.record(submission.id, answer, plan));
    // first, the response count's update, which locks the request row until the commit
    const statement = writesStatement(writes, requestRowFirst(request.id));
    await preparedQuery(tx, statement.sql, statement.params);
    await this.fieldwork.takePlace(tx, request, plan, payout !== null);
    return stored;
  }

  /** A published survey (drafts are not served), locked for this transaction (the ranking call). */
  private async lockedSurvey(tx: EntityManager, id: string): Promise<DataRequest> {
    const lock = { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true } as const;
    const request = await tx.findOne(DataRequest, { id, status: 1 }, lock);
    if (!request) throw notFound('Request');
    if (request.type !== 'survey') throw badInput(`This request is a ${request.type}: use submitCollection`);
    return request;
  }

  private async submissionOf(tx: EntityManager, request: DataRequest, deviceId: string): Promise<Submission | null> {
    const participant = await this.participants.findByDevice(tx, deviceId);
    return participant ? tx.findOne(Submission, { request, participant }) : null;
  }
}
