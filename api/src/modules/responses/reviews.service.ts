import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { conflict, notFound } from '../../shared/errors';
import { Payout } from '../payouts/payout.entity';
import type { PayoutsService } from '../payouts/payouts.service';
import type { RequestsService } from '../requests/requests.service';
import type { User } from '../users/user.entity';
import type { ResponsesService, ResponseView } from './responses.service';
import type { ApproveCommand, RejectCommand } from './review.schemas';
import { Submission } from './submission.entity';

/** null: approve; a string: reject with that reason, on these grounds. */
type Decision = { reason: string | null; grounds?: RejectCommand['grounds'] };

/**
 * The rules every rejection follows and what it frees: a port this module declares and fieldwork
 * fills (it sits after responses in the module order), so GraphQL, the legacy REST path and the
 * rejection by flag all go through the same checks. Both run in the rejection's transaction with
 * the request row locked, as a submission's place and quota places are taken.
 */
export type RejectionRules = {
  /** Throws when the rules refuse rejecting these submissions (all awaiting review). */
  check(
    tx: EntityManager,
    requestId: string,
    submissionIds: string[],
    how: { grounds: RejectCommand['grounds']; reasonEach: boolean },
  ): Promise<void>;
  /** After their payouts are rejected: frees what the submissions held (their quota places). */
  rejected(tx: EntityManager, requestId: string, submissionIds: string[]): Promise<void>;
};

/**
 * The requester's review of the responses to a request paid after review. Approving makes each
 * payout pending and queues its job (payouts.service.ts approve); rejecting pays nothing, frees the
 * place and tells the participant why. One call decides one response or many, all or none: the
 * payouts are locked first, so two tabs approving at once pay once (the second waits, then finds
 * them approved). Deciding a response again the same way changes nothing and answers as before;
 * the other way, or a response whose payout never waited for review, is a 409 and changes nothing.
 */
export class ReviewsService {
  constructor(
    private readonly requests: RequestsService,
    private readonly payouts: PayoutsService,
    private readonly responses: ResponsesService,
    private readonly rules?: RejectionRules,
  ) {}

  approve(em: EntityManager, user: User, { requestId, responseIds }: ApproveCommand): Promise<ResponseView[]> {
    return this.decide(em, user, requestId, responseIds, { reason: null });
  }

  reject(
    em: EntityManager,
    user: User,
    { requestId, responseIds, reason, grounds }: RejectCommand,
  ): Promise<ResponseView[]> {
    return this.decide(em, user, requestId, responseIds, { reason, grounds });
  }

  private async decide(
    em: EntityManager,
    user: User,
    requestId: string,
    responseIds: string[],
    decision: Decision,
  ): Promise<ResponseView[]> {
    // someone else's request is not found, as everywhere
    const request = await this.requests.owned(em, user, requestId);
    const ids = [...new Set(responseIds)];
    const rejecting = decision.reason !== null;
    await em.transactional(async (tx) => {
      // a rejection frees places and quota places, and its share is counted: under the request
      // row's lock, which the submission path takes to fill them (the lock first, then the reads)
      if (rejecting) await tx.execute('select 1 from requests where id = ? for update', [request.id]);
      const submissions = await tx.find(
        Submission,
        { request: request.id, id: { $in: ids } },
        { populate: ['participant'], refresh: true },
      );
      if (submissions.length !== ids.length) {
        const found = new Set(submissions.map((s) => s.id));
        throw notFound(`Response ${ids.find((id) => !found.has(id))} of this request`);
      }
      const payouts = request.escrowAddress
        ? await tx.find(
            Payout,
            { escrowAddress: request.escrowAddress, walletAddress: { $in: submissions.map((s) => s.walletAddress) } },
            { lockMode: LockMode.PESSIMISTIC_WRITE, orderBy: { id: 'asc' }, refresh: true },
          )
        : [];
      const byWallet = new Map(payouts.map((p) => [p.walletAddress, p]));
      const open: Payout[] = [];
      for (const s of submissions) {
        const p = byWallet.get(s.walletAddress);
        const problem = why(p, decision);
        if (problem) throw conflict(`Response ${s.participant.memberId} ${problem}`);
        if (p?.status === 'awaiting_review') open.push(p);
      }
      const decided = new Set(open.map((p) => p.walletAddress));
      const decidedIds = submissions.filter((s) => decided.has(s.walletAddress)).map((s) => s.id);
      if (rejecting && decidedIds.length) {
        // one reason written for many does not tell each participant why
        const how = { grounds: decision.grounds ?? 'other', reasonEach: ids.length === 1 };
        await this.rules?.check(tx, request.id, decidedIds, how);
      }
      for (const p of open) {
        if (decision.reason === null) await this.payouts.approve(tx, p, 'approved');
        else this.payouts.reject(p, decision.reason);
      }
      await tx.flush();
      if (rejecting && decidedIds.length) await this.rules?.rejected(tx, request.id, decidedIds);
      await this.responses.logAccess(tx, decidedIds, {
        kind: decision.reason === null ? 'approved' : 'rejected',
        actor: 'requester',
      });
    });
    if (decision.reason === null) this.payouts.wake();
    return this.responses.byIds(em.fork(), request, ids);
  }
}

/** Why this payout cannot take the decision (null: it can, or already has). */
function why(p: Payout | undefined, { reason }: Decision): string | null {
  if (!p) return 'has no payout of its own to review (its wallet was paid for an earlier answer)';
  if (p.status === 'awaiting_review') return null;
  const approving = reason === null;
  if (p.reviewOutcome === 'rejected') return approving ? 'was already rejected' : null;
  if (p.reviewOutcome === 'approved' || p.reviewOutcome === 'auto_approved') {
    if (approving) return null;
    return p.reviewOutcome === 'auto_approved'
      ? 'was approved automatically when its review deadline passed'
      : 'was already approved';
  }
  return 'was paid on submission: its payout did not wait for review';
}
