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

  async submitted(tx: EntityManager, a: AcceptedAnswer): Promise<void> {
    const claims = receiptClaims(
      await this.terms(tx, a.request, a.questionTitles),
      { id: a.submission.id, createdAt: a.submission.createdAt, memberId: a.participant.memberId, content: a.content },
      this.platform,
    );
    // the receipt and the access-log line in one statement
    await this.accessLog.forSubmissions(
      tx,
      [a.submission.id],
      { kind: 'submitted', actor: 'participant' },
      {
        sql: `insert into consent_receipts (id, submission_id, participant_id, request_id, token, issued_at)
              values (?, ?, ?, ?, ?, ?)`,
        params: [
          claims.jti,
          a.submission.id,
          a.participant.id,
          a.request.id,
          await this.signer.sign(claims),
          a.submission.createdAt,
        ],
      },
    );
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
