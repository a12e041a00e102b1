import type { EntityManager } from '@mikro-orm/postgresql';
import type { Participant } from '../participants/participant.entity';
import type { ParticipantsService } from '../participants/participants.service';
import { TAKES_A_PLACE } from '../payouts/payout.entity';
import type { DataRequest } from '../requests/request.entity';

/** What decides whether a device and wallet may answer a request (enrolWithPlace). */
export type Place = {
  deviceAnswered: boolean;
  walletAnswered: boolean;
  // the wallet's payout from the request's escrow, if it has one
  payoutStatus: string | null;
  rejectionReason: string | null;
  // payouts of the request that take a paid place (neither failed nor rejected)
  placesTaken: number;
};

/**
 * Enrols the device (ParticipantsService.enrol) and reads, in the same statement, what decides
 * whether it and the wallet may answer the request: whether either has answered it already, the
 * payout this escrow holds for the wallet, if any, and the paid places taken (payouts neither failed
 * nor rejected). Nothing is locked: the tables' unique keys and fieldwork's takePlace decide for
 * certain; this refuses early what would fail there.
 */
export async function enrolWithPlace(
  participants: ParticipantsService,
  tx: EntityManager,
  request: DataRequest,
  deviceId: string,
  walletAddress: string,
): Promise<{ participant: Participant; place: Place }> {
  const escrow = request.escrowAddress ?? '';
  const { participant, also } = await participants.enrolAnd<Place>(
    tx,
    deviceId,
    walletAddress,
    `exists (select 1 from submissions where request_id = ? and participant_id = p.id) as "deviceAnswered",
     exists (select 1 from submissions where request_id = ? and wallet_address = ?) as "walletAnswered",
     (select status from payouts where escrow_address = ? and wallet_address = ?) as "payoutStatus",
     (select rejection_reason from payouts where escrow_address = ? and wallet_address = ?) as "rejectionReason",
     (select count(*)::int from payouts where request_id = ? and ${TAKES_A_PLACE}) as "placesTaken"`,
    [request.id, request.id, walletAddress, escrow, walletAddress, escrow, walletAddress, request.id],
  );
  return { participant, place: also };
}
