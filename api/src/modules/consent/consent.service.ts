import { wrap } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { decodeJwt, type JSONWebKeySet } from 'jose';
import type { ReceiptClaims, ReceiptFile } from '../../../../shared/consent-receipt';
import type { AccessLine, AccessLogService } from '../access-log/access-log.service';
import { notFound } from '../../shared/errors';
import type { ParticipantsService } from '../participants/participants.service';
import { DataRequest } from '../requests/request.entity';
import type { AcceptedAnswer, SubmissionListener } from '../responses/submissions.service';
import type { Submission } from '../responses/submission.entity';
import type { SurveysService } from '../surveys/surveys.service';
import { ConsentReceipt } from './receipt.entity';
import { categoriesOf, receiptClaims, type Terms } from './receipt-claims';
import { verifyReceipt, type ReceiptSigner, type Verified } from './receipt-signer';
import type { StatementWrite } from '../../shared/statement-writes';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Where a request's retention period is looked up (the retention module fills it; none: no period). */
export type RetentionOf = (em: EntityManager, request: DataRequest) => Promise<Terms['retention']>;

const noPeriod: RetentionOf = async () => ({ days: null, until: null });

/**
 * Consent receipts: one signed receipt per accepted submission, issued in the submission's
 * transaction (so an answer never exists without its receipt), kept after the answer goes, and
 * handed to the device that answered. Also the participant's terms before answering.
 */
export class ConsentService implements SubmissionListener {
  constructor(
    private readonly signer: ReceiptSigner,
    private readonly surveys: SurveysService,
    private readonly participants: ParticipantsService,
    private readonly accessLog: AccessLogService,
    private readonly platform: { url: string },
    private readonly retentionOf: RetentionOf = noPeriod,
  ) {}

  jwks(): JSONWebKeySet {
    return this.signer.jwks();
  }

  /**
   * What a participant agrees to by answering `request`: shown before answering, signed after.
   * `known`: the survey's question titles when the caller has read them already.
   */
  async terms(em: EntityManager, request: DataRequest, known?: string[]): Promise<Terms> {
    const titles =
      request.type !== 'survey'
        ? []
        : (known ?? ((await this.surveys.load(em, [request.id])).get(request.id) ?? []).map((q) => q.title));
    // read already when the request was read with its owner (the submission path does)
    if (!wrap(request.user).isInitialized()) await em.populate(request, ['user']);
    const owner = request.user;
    return {
      request,
      requester: { id: owner.id, name: owner.nickname || owner.username },
      ...categoriesOf(request, titles),
      retention: await this.retentionOf(em, request),
    };
  }

  /** The terms of a published request, as the participant app shows them before answering. */
  async termsOfPublished(em: EntityManager, requestId: string): Promise<Terms> {
    const request = await em.findOne(DataRequest, { id: requestId, status: 1 }, { populate: ['user'] });
    if (!request) throw notFound('Request');
    return this.terms(em, request);
  }

  /** The device's access log, newest first (empty for a device that never answered). */
  async accessLogOf(em: EntityManager, deviceId: string): Promise<AccessLine[]> {
    const participant = await this.participants.findByDevice(em, deviceId);
    return participant ? this.accessLog.read(em, participant.id) : [];
  }

  /**
   * The receipt of an accepted answer and its access-log line, as writes for the statement that
   * stores the answer: the terms come from what the submission read with the request (its owner,
   * survey titles and keeping period), so issuing a receipt reads nothing.
   */
  async submitted(a: AcceptedAnswer): Promise<StatementWrite[]> {
    const { request, submission, participant } = a;
    const retention = a.known.retentionDays
      ? {
          days: a.known.retentionDays,
          until: new Date(submission.createdAt.getTime() + a.known.retentionDays * DAY_MS),
        }
      : { days: null, until: null };
    const terms: Terms = {
      request,
      requester: a.known.requester,
      ...categoriesOf(request, a.questionTitles ?? []),
      retention,
    };
    const claims = receiptClaims(
      terms,
      { id: submission.id, createdAt: submission.createdAt, memberId: participant.memberId, content: a.content },
      this.platform,
    );
    return [
      {
        sql: `insert into consent_receipts (id, submission_id, participant_id, request_id, token, issued_at)
              values (?, ?, ?, ?, ?, ?)`,
        params: [
          claims.jti,
          submission.id,
          participant.id,
          request.id,
          await this.signer.sign(claims),
          submission.createdAt,
        ],
      },
      this.accessLog.submissionLine(
        { id: submission.id, participantId: participant.id, requestId: request.id },
        { kind: 'submitted', actor: 'participant' },
      ),
    ];
  }

  async withdrawn(tx: EntityManager, { submission }: { submission: Submission; request: DataRequest }): Promise<void> {
    await this.accessLog.forSubmissions(tx, [submission.id], { kind: 'withdrawn', actor: 'participant' });
  }

  /** The device's receipts, newest first; `requestId` narrows them to one request. */
  async receipts(em: EntityManager, deviceId: string, requestId?: string): Promise<ReceiptFile[]> {
    const participant = await this.participants.findByDevice(em, deviceId);
    if (!participant) return [];
    const rows = await em.find(
      ConsentReceipt,
      { participantId: participant.id, ...(requestId ? { requestId } : {}) },
      { orderBy: { issuedAt: 'desc', id: 'asc' } },
    );
    return Promise.all(rows.map((r) => this.fileOf(r.token)));
  }

  async verify(token: string): Promise<Verified> {
    return verifyReceipt(token, this.signer.jwks());
  }

  // decoded, not verified: a receipt signed before a key rotation is still the participant's
  private async fileOf(token: string): Promise<ReceiptFile> {
    return {
      receipt: token,
      claims: decodeJwt(token) as ReceiptClaims,
      jwks: `${this.platform.url}/.well-known/jwks.json`,
    };
  }
}
