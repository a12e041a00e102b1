import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
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

export type Accepted = { submission: Submission; participant: Participant; payout: Payout | null };

export type SubmittedState = {
  submitted: boolean;
  memberId: string | null;
  submittedAt: Date | null;
  payout: Payout | null;
};

/**
 * What the phone app sends: a collection response (ciphertext and sealed key only), survey
 * answers, a star rating, and the withdrawal of its own submission. Every change runs in one
 * transaction that first locks the request row, so the one-per-device and one-per-wallet rules,
 * the paid-response capacity and the counters hold under concurrent submissions.
 */
export class SubmissionsService {
  constructor(
    private readonly participants: ParticipantsService,
    private readonly surveys: SurveysService,
    private readonly payouts: PayoutsService,
    private readonly events?: WebhookEvents,
  ) {}

  async submitCollection(em: EntityManager, input: SubmitCollectionCommand): Promise<Accepted> {
    return this.accept(em, input, 'collection', { encryptedData: input.encryptedData, sealedKey: input.sealedKey });
  }

  async submitSurvey(em: EntityManager, input: SubmitSurveyCommand): Promise<Accepted> {
    const sealed = { encryptedData: input.encryptedData, sealedKey: input.sealedKey, presented: input.presented };
    return this.accept(em, input, 'survey', sealed, async (tx, request) => {
      const chosen = await this.surveys.checkAnswers(tx, request, {
        answers: input.answers,
        personal: input.personal ?? [],
        version: input.surveyVersion ?? 1,
      });
      return (submission) => this.surveys.recordAnswers(tx, submission.id, chosen);
    });
  }

  /**
   * The participant withdraws their submission: it goes, counters drop; a payout is not reversed.
   * A payout still awaiting the requester's review goes with it (nothing was paid, and nothing is
   * left to review): its place is free again, and the wallet may answer again later.
   */
  async withdraw(em: EntityManager, { requestId, deviceId }: DeviceSubmissionRef): Promise<void> {
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
      await tx.nativeDelete(Submission, { id: submission.id });
      await tx.execute('update requests set response_count = response_count - 1 where id = ?', [request.id]);
      await this.events?.emit(tx, request.user.id, 'response.withdrawn', {
        requestId: request.id,
        responseId: submission.id,
      });
    });
  }

  /** The legacy ranking call: this device's star answer for question `index` of a survey. */
  async rank(
    em: EntityManager,
    { index, stars, requestId, deviceId }: RankCommand,
  ): Promise<{ questionId: string; stars: number }> {
    return em.transactional(async (tx) => {
      const request = await this.published(tx, requestId, 'survey');
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
    input: { requestId: string; deviceId: string; walletAddress: string },
    type: RequestKind,
    sealed: { encryptedData?: string; sealedKey?: string; presented?: Submission['presented'] },
    // checks the answers against the request (a bad answer is a 400 before any 409) and returns
    // what stores them once the submission exists
    prepare?: (tx: EntityManager, request: DataRequest) => Promise<(submission: Submission) => Promise<void>>,
  ): Promise<Accepted> {
    const accepted = await em.transactional(async (tx) => {
      const request = await this.published(tx, input.requestId, type);
      const fill = await prepare?.(tx, request);
      const participant = await this.participants.enrol(tx, input.deviceId, input.walletAddress);
      const place = await this.placeFor(tx, request, participant, input.walletAddress);
      if (place.deviceAnswered) throw conflict('This device has already answered this request');
      if (place.walletAnswered) throw conflict('This wallet has already answered this request');
      // a wallet already owed or paid from this escrow (it withdrew and answers again) is welcome;
      // anyone else needs a bonus left: floor(Total / per Response) paid responses in all
      if (place.payoutStatus === 'rejected') {
        throw conflict(`The requester rejected this wallet's answer to this request: ${place.rejectionReason ?? ''}`);
      }
      if (place.payoutStatus === null && place.placesTaken >= capacityOf(request)) {
        throw conflict('This request has all the responses it can pay for');
      }
      const submission = tx.create(Submission, {
        request,
        owner: request.user,
        participant,
        walletAddress: input.walletAddress,
        encryptedData: sealed.encryptedData ?? null,
        sealedKey: sealed.sealedKey ?? null,
        presented: sealed.presented ?? null,
      });
      await tx.flush();
      await fill?.(submission);
      // not through the entity: a response arriving must not change the request's last_modified
      await tx.execute('update requests set response_count = response_count + 1 where id = ?', [request.id]);
      // a wallet with a payout from this escrow already is not owed a second one
      const payout = place.payoutStatus === null ? this.payouts.owe(tx, request, input.walletAddress) : null;
      if (payout) await tx.flush();
      // paid after review, the payout waits (awaiting_review) for the requester or the deadline
      if (payout?.status === 'pending') await this.payouts.queue(tx, payout.id);
      // ids and metadata only: the response itself is ciphertext for the requester's key
      await this.events?.emit(tx, request.user.id, 'response.created', {
        requestId: request.id,
        responseId: submission.id,
        requestType: type,
        createdAt: submission.createdAt.toISOString(),
      });
      await tx.flush();
      return { submission, participant, payout };
    });
    if (accepted.payout?.status === 'pending') this.payouts.wake();
    return accepted;
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

  /** A published request of the given type, locked for this transaction; drafts are not served. */
  private async published(tx: EntityManager, id: string, type: RequestKind): Promise<DataRequest> {
    const request = await tx.findOne(
      DataRequest,
      { id, status: 1 },
      { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true },
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
