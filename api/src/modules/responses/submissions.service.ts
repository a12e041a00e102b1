import { LockMode, UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { badInput, conflict, notFound } from '../../shared/errors';
import type { Participant } from '../participants/participant.entity';
import type { ParticipantsService } from '../participants/participants.service';
import { Payout, TAKES_A_PLACE } from '../payouts/payout.entity';
import type { PayoutsService } from '../payouts/payouts.service';
import { capacityOf, DataRequest, type RequestKind } from '../requests/request.entity';
import type { SurveysService } from '../surveys/surveys.service';
import type { WebhookEvents } from '../webhooks/webhooks.service';
import type { DeviceSubmissionRef, RankCommand, SubmitCollectionCommand, SubmitSurveyCommand } from './phone.schemas';
import { Submission, WithdrawnSubmission } from './submission.entity';
import { duplicate, replayOf, type Replayable } from './submission-replay';
import {
  matricesOf,
  QuotaFull,
  type EndedAnswer,
  type FieldworkAnswer,
  type FieldworkPlan,
  type SubmissionFieldwork,
} from './submission-fieldwork';

/** What decides whether a device and wallet may answer a request (SubmissionsService.placeFor). */
type Place = {
  deviceAnswered: boolean;
  walletAnswered: boolean;
  // the wallet's payout from the request's escrow, if it has one
  payoutStatus: string | null;
  rejectionReason: string | null;
  // payouts of the request that take a paid place (neither failed nor rejected)
  placesTaken: number;
};

export type Accepted = { submission: Submission; participant: Participant; payout: Payout | null; ended?: undefined };
/** What a submission comes to: accepted, or ended without a paid place (screened out, quota full). */
export type Answered = Accepted | { ended: EndedAnswer; participant: Participant };
type Prepared = { optionIds: string[]; matrices?: string[][]; fill: (submission: Submission) => Promise<void> };
type Sealed = Pick<Submission, 'encryptedData' | 'sealedKey' | 'presented' | 'idempotencyKey'>;

const full = () => conflict('This request has all the responses it can pay for');
/**
 * Told of each accepted or withdrawn submission inside its transaction (consent receipts and the
 * participants' access log are filled this way); `content` is exactly what the participant sent.
 */
export type SubmissionListener = {
  submitted(tx: EntityManager, accepted: Accepted & { request: DataRequest; content: unknown }): Promise<void>;
  withdrawn(tx: EntityManager, gone: { submission: Submission; request: DataRequest }): Promise<void>;
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
      async (tx, request) => {
        const chosen = await this.surveys.checkAnswers(tx, request, {
          answers: input.answers,
          personal: input.personal ?? [],
          version: input.surveyVersion ?? 1,
          presented: input.presented ?? null,
        });
        return {
          optionIds: chosen.map((c) => c.optionId),
          matrices: matricesOf(input.answers),
          fill: (submission) => this.surveys.recordAnswers(tx, submission.id, chosen),
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
      const request = await this.published(tx, requestId, 'survey', true);
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

  private async accept(
    em: EntityManager,
    input: Replayable & { walletAddress: string; durationMs?: number },
    type: RequestKind,
    sealed: Partial<Sealed>,
    // checks the answers against the request (a bad answer is a 400 before any 409) and returns the
    // options chosen and what stores them once the submission exists
    prepare?: (tx: EntityManager, request: DataRequest) => Promise<Prepared>,
    // what the participant sent, for the listeners (a receipt hashes it)
    content?: unknown,
  ): Promise<Answered> {
    let plan: FieldworkPlan | null = null;
    let answer: FieldworkAnswer | null = null;
    // the same answer sent again with its key: the first one's result, nothing taken twice
    const replayed = await replayOf(em, this.participants, this.payouts, input);
    if (replayed) return replayed;
    try {
      const accepted = await em.transactional(async (tx) => {
        const request = await this.published(tx, input.requestId, type);
        const prepared = await prepare?.(tx, request);
        const participant = await this.participants.enrol(tx, input.deviceId, input.walletAddress);
        const place = await this.placeFor(tx, request, participant, input.walletAddress);
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
        plan = await this.fieldwork.plan(tx, answer);
        if (plan.ended) return null;
        const stored = await this.store(
          tx,
          request,
          participant,
          input.walletAddress,
          type,
          sealed,
          prepared,
          place,
          plan,
          answer,
        );
        for (const l of this.listeners) await l.submitted(tx, { ...stored, request, content });
        return stored;
      });
      if (!accepted)
        return { ended: await this.fieldwork.end(em.fork(), answer!, plan!), participant: answer!.participant };
      if (accepted.payout?.status === 'pending') this.payouts.wake();
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
      const raced = await replayOf(em.fork(), this.participants, this.payouts, input);
      if (raced) return raced;
      throw err instanceof UniqueConstraintViolationException ? duplicate(err) : err;
    }
  }

  /**
   * Stores an accepted answer, then takes its place: everything but the last step runs without a
   * lock on the request, so submissions to one request run side by side; the last step (fieldwork's
   * takePlace) locks the request row, checks the paid places and quotas with every earlier
   * submission committed, and throws (rolling all of it back) when one is overfilled.
   */
  private async store(
    tx: EntityManager,
    request: DataRequest,
    participant: Participant,
    walletAddress: string,
    type: RequestKind,
    sealed: Partial<Sealed>,
    prepared: Prepared | undefined,
    place: Place,
    plan: FieldworkPlan,
    answer: FieldworkAnswer,
  ): Promise<Accepted> {
    const submission = tx.create(Submission, {
      request,
      owner: request.user,
      participant,
      walletAddress,
      encryptedData: sealed.encryptedData ?? null,
      sealedKey: sealed.sealedKey ?? null,
      presented: sealed.presented ?? null,
      idempotencyKey: sealed.idempotencyKey ?? null,
    });
    await tx.flush();
    // a wallet already owed or paid from this escrow (it withdrew and answers again) is not owed twice
    const payout = place.payoutStatus === null ? this.payouts.owe(tx, request, walletAddress) : null;
    if (payout) await tx.flush();
    // paid after review, the payout waits (awaiting_review) for the requester or the deadline
    if (payout?.status === 'pending') await this.payouts.queue(tx, payout.id);
    await this.fieldwork.record(tx, submission.id, answer, plan);
    // ids and metadata only: the response itself is ciphertext for the requester's key
    await this.events?.emit(tx, request.user.id, 'response.created', {
      requestId: request.id,
      responseId: submission.id,
      requestType: type,
      createdAt: submission.createdAt.toISOString(),
    });
    await tx.flush();
    // the answers last but one: their option counters are rows other submissions update too, so
    // their locks are taken as late as the request row's
    await prepared?.fill(submission);
    await this.fieldwork.takePlace(tx, request, plan, payout !== null);
    return { submission, participant, payout };
  }

  /**
   * What decides whether this device and wallet may answer the (locked) request, in one statement:
   * whether either has answered it already, the payout this escrow holds for the wallet, if any,
   * and the paid places taken (payouts neither failed nor rejected).
   */
  private async placeFor(
    tx: EntityManager,
    request: DataRequest,
    participant: Participant,
    walletAddress: string,
  ): Promise<Place> {
    const [place] = await tx.execute<Place[]>(
      `select exists (select 1 from submissions where request_id = ? and participant_id = ?) as "deviceAnswered",
              exists (select 1 from submissions where request_id = ? and wallet_address = ?) as "walletAnswered",
              p.status as "payoutStatus", p.rejection_reason as "rejectionReason",
              (select count(*)::int from payouts where request_id = ? and ${TAKES_A_PLACE}) as "placesTaken"
         from (select 1) as one
         left join payouts p on p.escrow_address = ? and p.wallet_address = ?`,
      [request.id, participant.id, request.id, walletAddress, request.id, request.escrowAddress ?? '', walletAddress],
    );
    return place;
  }

  /**
   * A published request of the given type; drafts are not served. `lock`: locked for this
   * transaction (a submission takes the lock only at its end, in fieldwork's takePlace).
   */
  private async published(tx: EntityManager, id: string, type: RequestKind, lock = false): Promise<DataRequest> {
    const request = await tx.findOne(
      DataRequest,
      { id, status: 1 },
      lock ? { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true } : { refresh: true },
    );
    if (!request) throw notFound('Request');
    if (request.type !== type) {
      throw badInput(
        `This request is a ${request.type}: use submit${request.type === 'survey' ? 'Survey' : 'Collection'}`,
      );
    }
    return request;
  }

  private async submissionOf(tx: EntityManager, request: DataRequest, deviceId: string): Promise<Submission | null> {
    const participant = await this.participants.findByDevice(tx, deviceId);
    return participant ? tx.findOne(Submission, { request, participant }) : null;
  }
}
