import type { Payout } from '../payouts/payout.entity';
import type { ResponseView } from './responses.service';
import type { Submission } from './submission.entity';
import type { PayoutType, PresentedOrderType, ResponseType } from './responses.types';

export const toPayout = (p: Payout | null): PayoutType | null =>
  p && {
    status: p.status,
    amount: p.amount,
    txHash: p.txHash ?? null,
    failureMessage: p.failureMessage ?? null,
    completedAt: p.completedAt ?? null,
    reviewDueAt: p.reviewDueAt ?? null,
    reviewedAt: p.reviewedAt ?? null,
    reviewOutcome: p.reviewOutcome ?? null,
    rejectionReason: p.rejectionReason ?? null,
  };

const toPresented = (p: Submission['presented']): PresentedOrderType | null =>
  p
    ? {
        questions: p.questions,
        options: Object.entries(p.options).map(([questionId, options]) => ({ questionId, options })),
      }
    : null;

export const toResponse = (v: ResponseView): ResponseType => ({
  id: v.submission.id,
  memberId: v.memberId,
  walletAddress: v.submission.walletAddress,
  encryptedData: v.submission.encryptedData ?? null,
  sealedKey: v.submission.sealedKey ?? null,
  answers: v.answers,
  presented: toPresented(v.submission.presented ?? null),
  payout: toPayout(v.payout),
  createdAt: v.submission.createdAt,
});

/** Section 3 "Response item": member_id, encrypted_symmetric_key, wallet_public_key, data. */
export const legacyResponse = (v: ResponseView) => ({
  id: v.submission.id,
  member_id: v.memberId,
  wallet_public_key: v.submission.walletAddress,
  encrypted_symmetric_key: v.submission.sealedKey ?? null,
  data: v.submission.encryptedData ?? null,
  answers: v.answers,
  presented: v.submission.presented ?? null,
  payout: toPayout(v.payout),
  created: v.submission.createdAt,
});
