import type { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { conflict } from '../../shared/errors';
import type { Participant } from '../participants/participant.entity';
import type { ParticipantsService } from '../participants/participants.service';
import type { Payout } from '../payouts/payout.entity';
import type { PayoutsService } from '../payouts/payouts.service';
import { Submission } from './submission.entity';
import type { EndedAnswer } from './submission-fieldwork';

/** What a submission carries to be sent again safely: the client's key for it. */
export type Replayable = { requestId: string; deviceId: string; idempotencyKey?: string };

/**
 * A submission sent again with the same idempotency key by the same device (an answer made offline
 * and resent, or a retry whose first answer was lost on the way back): the first one's result, its
 * submission and payout as they are now, so it takes no second place and is not paid twice; or,
 * when the first one ended without a paid place (screened out, a full quota), that outcome again
 * (`ended`: fieldwork's record of it). Null when this device sent nothing with that key.
 */
export async function replayOf(
  em: EntityManager,
  participants: ParticipantsService,
  payouts: PayoutsService,
  { requestId, deviceId, idempotencyKey }: Replayable,
  ended?: (em: EntityManager, requestId: string, participantId: string, key: string) => Promise<EndedAnswer | null>,
): Promise<
  | { submission: Submission; participant: Participant; payout: Payout | null }
  | { ended: EndedAnswer; participant: Participant }
  | null
> {
  if (!idempotencyKey) return null;
  const participant = await participants.findByDevice(em, deviceId);
  if (!participant) return null;
  const submission = await em.findOne(
    Submission,
    { request: requestId, participant, idempotencyKey },
    { populate: ['request'], refresh: true },
  );
  if (!submission) {
    const outcome = await ended?.(em, requestId, participant.id, idempotencyKey);
    return outcome ? { ended: outcome, participant } : null;
  }
  const escrow = submission.request.escrowAddress;
  const payout = escrow ? await payouts.forWallet(em, escrow, submission.walletAddress) : null;
  return { submission, participant, payout };
}

// a concurrent submission of the same device or wallet committed first: the table's unique keys
export const duplicate = (err: UniqueConstraintViolationException) =>
  conflict(
    /wallet/.test(err.message)
      ? 'This wallet has already answered this request'
      : /idempotency/.test(err.message)
        ? 'This idempotencyKey was already used for another answer'
        : 'This device has already answered this request',
  );
