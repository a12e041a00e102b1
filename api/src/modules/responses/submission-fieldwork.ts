import type { EntityManager } from '@mikro-orm/postgresql';
import type { Participant } from '../participants/participant.entity';
import type { Payout } from '../payouts/payout.entity';
import type { DataRequest } from '../requests/request.entity';
import type { StatementWrite } from '../../shared/statement-writes';

/**
 * Fieldwork's part of a submission: a port the submission path declares and FieldworkService fills
 * (fieldwork sits after responses in the module order). `plan` screens the answer before anything
 * is stored; `record` stores its quota memberships and quality flags; `takePlace` is the one locked
 * step, last in the transaction: it takes the paid place and the quota places, or throws.
 */
export type FieldworkAnswer = {
  request: DataRequest;
  participant: Participant;
  walletAddress: string;
  // survey answers: the options chosen; collections: none
  optionIds: string[];
  // survey answers: each matrix answered, as the column chosen in each of its rows
  matrices?: string[][];
  durationMs?: number;
  // the client's key for this answer: an ended answer keeps it, so a resend gets the same outcome
  idempotencyKey?: string;
};

/** An answer that took no paid place: screened out, or ended by a full quota (named). */
export type EndedAnswer = {
  id: string;
  outcome: 'screened_out' | 'quota_full';
  quota: { id: string; name: string } | null;
  payout: Payout | null;
  createdAt: Date;
  // the participant's member id (enrolled again if the answer's transaction was rolled back)
  memberId: string;
};

export type FieldworkPlan = { ended: 'screened_out' | 'quota_full' | null; quotaId?: string | null; data: unknown };

export interface SubmissionFieldwork {
  /**
   * What plan() reads, as columns of the statement that enrols the participant (its row is `p`):
   * a round trip fewer on every submission. plan() is handed that row.
   */
  reads(requestId: string, walletAddress: string): { select: string; params: unknown[] };
  plan(tx: EntityManager, answer: FieldworkAnswer, read: unknown): Promise<FieldworkPlan>;
  /** Records an answer that ends without a paid place, in a transaction of its own. */
  end(em: EntityManager, answer: FieldworkAnswer, plan: FieldworkPlan): Promise<EndedAnswer>;
  /** The ended answer this device sent with this key to the request, as end() returned it; null: none. */
  replay(
    em: EntityManager,
    requestId: string,
    participantId: string,
    idempotencyKey: string,
  ): Promise<EndedAnswer | null>;
  /**
   * The answer's fieldwork rows, as writes for the statement that stores the submission (whose
   * first write raises the response count, locking the request row).
   */
  record(submissionId: string, answer: FieldworkAnswer, plan: FieldworkPlan): StatementWrite[];
  /** With the request row locked (by the statement before): checks the places; throws QuotaFull when a quota overfilled. */
  takePlace(tx: EntityManager, request: DataRequest, plan: FieldworkPlan, newPayout: boolean): Promise<void>;
}

export class QuotaFull extends Error {
  constructor(readonly quotaId: string) {
    super(`quota ${quotaId} is full`);
  }
}

/** The matrices a survey submission answered, as the column chosen in each row (checked already):
 * fieldwork looks for straight lines in them. */
export const matricesOf = (answers: { answer: unknown }[]): string[][] =>
  answers.flatMap((a) =>
    typeof a.answer === 'object' && a.answer !== null && !Array.isArray(a.answer)
      ? [Object.values(a.answer as Record<string, string>)]
      : [],
  );
