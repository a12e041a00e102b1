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

/** null: approve; a string: reject with that reason. */
type Decision = { reason: string | null };

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
  ) {}

  approve(em: EntityManager, user: User, { requestId, responseIds }: ApproveCommand): Promise<ResponseView[]> {
    return this.decide(em, user, requestId, responseIds, { reason: null });
  }

  reject(em: EntityManager, user: User, { requestId, responseIds, reason }: RejectCommand): Promise<ResponseView[]> {
    return this.decide(em, user, requestId, responseIds, { reason });
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
    await em.transactional(async (tx) => {
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
      for (const p of open) {
        if (decision.reason === null) await this.payouts.approve(tx, p, 'approved');
        else this.payouts.reject(p, decision.reason);
      }
      await tx.flush();
      const decided = new Set(open.map((p) => p.walletAddress));
      await this.responses.logAccess(
        tx,
        submissions.filter((s) => decided.has(s.walletAddress)).map((s) => s.id),
        { kind: decision.reason === null ? 'approved' : 'rejected', actor: 'requester' },
      );
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
