import type { EntityManager } from '@mikro-orm/postgresql';
import type { AccessLogService } from '../access-log/access-log.service';
import type { ParticipantsService } from '../participants/participants.service';
import { Payout } from '../payouts/payout.entity';
import { Submission, WithdrawnSubmission } from '../responses/submission.entity';
import type { SubmissionsService } from '../responses/submissions.service';
import { ConsentReceipt } from './receipt.entity';

/** How long Parley takes to answer a participant's request; both are answered at once today. */
export const ANSWER_WITHIN_DAYS = 30;

/** Everything the server holds about one device's participant (an access request's answer). */
export type ParticipantData = {
  generatedAt: Date;
  participant: { memberId: string; walletAddress: string; createdAt: Date } | null;
  submissions: {
    id: string;
    requestId: string;
    requestTitle: string;
    type: string;
    walletAddress: string;
    createdAt: Date;
    encryptedData: string | null;
    sealedKey: string | null;
    answers: { questionId: string; question: string; option: string }[] | null;
  }[];
  withdrawn: { requestId: string; walletAddress: string; withdrawnAt: Date }[];
  payouts: {
    requestId: string | null;
    escrowAddress: string;
    walletAddress: string;
    amount: number;
    status: string;
    txHash: string | null;
    createdAt: Date;
  }[];
  receipts: string[];
  accessLog: {
    kind: string;
    actor: string;
    detail: string | null;
    at: Date;
    requestId: string | null;
    submissionId: string | null;
  }[];
};

export type DeletionResult = { deletedSubmissions: number; kept: string[] };

/**
 * The participant's requests about their own data (after the Data Rights Protocol's access and
 * deletion): answered at once, each logged. The device id is the credential, as for every other
 * phone-app call. A deletion withdraws every answer (the answer, its survey counts, a payout still
 * awaiting review) and keeps only what payments and the participant's own records need.
 */
export class RightsService {
  constructor(
    private readonly participants: ParticipantsService,
    private readonly submissions: SubmissionsService,
    private readonly accessLog: AccessLogService,
  ) {}

  async access(em: EntityManager, deviceId: string): Promise<ParticipantData> {
    const participant = await this.participants.findByDevice(em, deviceId);
    const empty: ParticipantData = {
      generatedAt: new Date(),
      participant: null,
      submissions: [],
      withdrawn: [],
      payouts: [],
      receipts: [],
      accessLog: [],
    };
    if (!participant) return empty;
    await this.accessLog.forParticipant(em, participant.id, { kind: 'data_requested', actor: 'participant' });
    const rows = await em.find(Submission, { participant }, { populate: ['request'], orderBy: { createdAt: 'asc' } });
    const withdrawn = await em.find(WithdrawnSubmission, { participant }, { orderBy: { withdrawnAt: 'asc' } });
    const answers = await this.answersOf(
      em,
      rows.map((s) => s.id),
    );
    return {
      generatedAt: new Date(),
      participant: {
        memberId: participant.memberId,
        walletAddress: participant.walletAddress,
        createdAt: participant.createdAt,
      },
      submissions: rows.map((s) => ({
        id: s.id,
        requestId: s.request.id,
        requestTitle: s.request.title,
        type: s.request.type,
        walletAddress: s.walletAddress,
        createdAt: s.createdAt,
        encryptedData: s.encryptedData ?? null,
        sealedKey: s.sealedKey ?? null,
        answers: s.request.type === 'survey' ? (answers.get(s.id) ?? []) : null,
      })),
      withdrawn: withdrawn.map((w) => ({
        requestId: w.request.id,
        walletAddress: w.walletAddress,
        withdrawnAt: w.withdrawnAt,
      })),
      payouts: await this.payoutsOf(em, [...rows, ...withdrawn]),
      receipts: (
        await em.find(ConsentReceipt, { participantId: participant.id }, { orderBy: { issuedAt: 'asc' } })
      ).map((r) => r.token),
      accessLog: (await this.accessLog.read(em, participant.id, 10_000)).map((e) => ({
        kind: e.kind,
        actor: e.actor,
        detail: e.detail ?? null,
        at: e.at,
        requestId: e.requestId ?? null,
        submissionId: e.submissionId ?? null,
      })),
    };
  }

  /** Withdraws every answer of the device, then logs the request; a second call finds nothing left. */
  async delete(em: EntityManager, deviceId: string): Promise<DeletionResult> {
    const participant = await this.participants.findByDevice(em, deviceId);
    const kept = ['payout records (what your wallet was paid or is owed)', 'consent receipts', 'this access log'];
    if (!participant) return { deletedSubmissions: 0, kept };
    const rows = await em.find(Submission, { participant }, { fields: ['id', 'request'] });
    // one transaction per answer, as a withdrawal: each locks its own request row
    for (const s of rows) {
      // the withdrawal deletes the answer's encrypted images too
      await this.submissions.withdraw(em.fork(), { requestId: s.request.id, deviceId });
    }
    await this.accessLog.forParticipant(em, participant.id, {
      kind: 'deleted',
      actor: 'participant',
      detail: `${rows.length} answer${rows.length === 1 ? '' : 's'}`,
    });
    return { deletedSubmissions: rows.length, kept };
  }

  private async answersOf(
    em: EntityManager,
    ids: string[],
  ): Promise<Map<string, { questionId: string; question: string; option: string }[]>> {
    const out = new Map<string, { questionId: string; question: string; option: string }[]>();
    if (!ids.length) return out;
    const rows = await em.execute<{ submission_id: string; question_id: string; title: string; label: string }[]>(
      `select a.submission_id, q.id as question_id, q.title, o.label
         from survey_answers a
         join survey_options o on o.id = a.option_id
         join survey_questions q on q.id = o.question_id
        where a.submission_id = any(?::uuid[])
        order by q.position, o.position`,
      [`{${ids.join(',')}}`],
    );
    for (const r of rows) {
      const list = out.get(r.submission_id) ?? [];
      list.push({ questionId: r.question_id, question: r.title, option: r.label });
      out.set(r.submission_id, list);
    }
    return out;
  }

  // the payouts of the requests this participant answered, to the wallets they answered with
  private async payoutsOf(
    em: EntityManager,
    answered: { request: { id: string }; walletAddress: string }[],
  ): Promise<ParticipantData['payouts']> {
    if (!answered.length) return [];
    const found = await em.find(Payout, {
      $or: answered.map((a) => ({ request: a.request.id, walletAddress: a.walletAddress })),
    });
    return found.map((p) => ({
      requestId: p.request?.id ?? null,
      escrowAddress: p.escrowAddress,
      walletAddress: p.walletAddress,
      amount: p.amount,
      status: p.status,
      txHash: p.txHash ?? null,
      createdAt: p.createdAt,
    }));
  }
}
