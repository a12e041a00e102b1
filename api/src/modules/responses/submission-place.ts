import { TAKES_A_PLACE } from '../payouts/payout.entity';

/** What decides whether a device and wallet may answer a request (read by enrolForAnswer). */
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
 * The Place of a device (the participant row `p`) and wallet answering the request `r`, as columns
 * of the statement that enrols it: whether either has answered it already, the payout this escrow
 * holds for the wallet (`w`, joined by PLACE_JOIN), if any, and the paid places taken (payouts
 * neither failed nor rejected). Parameters: request id, request id, wallet, request id. Nothing is
 * locked: the tables' unique keys and fieldwork's takePlace decide for certain; this refuses early
 * what would fail there.
 */
export const PLACE_SQL = `exists (select 1 from submissions where request_id = ? and participant_id = p.id) as "deviceAnswered",
     exists (select 1 from submissions where request_id = ? and wallet_address = ?) as "walletAnswered",
     w.status as "payoutStatus", w.rejection_reason as "rejectionReason",
     (select count(*)::int from payouts where request_id = ? and ${TAKES_A_PLACE}) as "placesTaken"`;

/** The wallet's payout from the request's escrow (unique), for PLACE_SQL. Parameter: the wallet. */
export const PLACE_JOIN = 'left join payouts w on w.escrow_address = r.escrow_address and w.wallet_address = ?';

/** The common table expression of a submission's statement that raises the response count (requestRowFirst). */
export const REQUEST_ROW = 'request_row';

/**
 * The first write of the statement that stores an answer: the response count raised, which locks
 * the request row. A survey's option counters are locked after it by reading it (answerWrites'
 * `after`): withdrawals, star ratings and retention lock the row first and the counters after it,
 * and a statement's writes otherwise run in an order PostgreSQL chooses (in the other order the
 * two deadlock). Its rows are the request's id; no other write of the statement may lock the row
 * again (a row the statement updated is invisible to the statement's other reads).
 */
export const requestRowFirst = (requestId: string) => ({
  with: `${REQUEST_ROW} as (update requests set response_count = response_count + 1 where id = ? returning id)`,
  params: [requestId],
});
