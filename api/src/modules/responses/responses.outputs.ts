// What the responses REST routes answer, as JSON (the OpenAPI document and the contract checks).
import { z } from 'zod';
import { count, evmAddressOut, isoDate, nullableDate, txHashOut, uuid } from '../../rest/wire';
import { PAYOUT_STATUSES, REVIEW_OUTCOMES } from '../payouts/payout.entity';
import { COLLECTION_PLAINTEXT } from '../../../../shared/collection-response.schema';

export const payoutOut = z.strictObject({
  status: z
    .enum(PAYOUT_STATUSES)
    .describe(
      'awaiting_review (paid after review: waits for the requester or its deadline), pending (being paid), sent, failed, rejected (nothing is paid)',
    ),
  amount: count.describe('whole IPT'),
  txHash: txHashOut.nullable().describe('the payment transaction, once signed'),
  failureMessage: z.string().nullable().describe('why it failed'),
  completedAt: nullableDate.describe('when it was mined'),
  reviewDueAt: nullableDate.describe('paid after review: when it is approved by itself unless decided before'),
  reviewedAt: nullableDate.describe('paid after review: when it was decided'),
  reviewOutcome: z
    .enum(REVIEW_OUTCOMES)
    .nullable()
    .describe('approved, auto_approved (the deadline passed) or rejected; null while undecided or not reviewed'),
  rejectionReason: z.string().nullable().describe('rejected: the requester’s reason, for the participant'),
});

export const legacyResponseOut = z.strictObject({
  id: uuid,
  member_id: z.string().describe("the participant's stable member id"),
  wallet_public_key: evmAddressOut.describe('the wallet the bonus is paid to'),
  encrypted_symmetric_key: z
    .string()
    .nullable()
    .describe('collections: the data key sealed to the request key (hpke1.<base64>); surveys: null'),
  data: z
    .string()
    .nullable()
    .meta({
      description:
        'collections: the encrypted response (aesgcm1.<base64>), whose plaintext is a CollectionResponse (x-plaintext); surveys: null',
      ...COLLECTION_PLAINTEXT,
    }),
  answers: z
    .array(z.strictObject({ questionId: uuid, option: z.string() }))
    .nullable()
    .describe('surveys: the chosen options; collections: null'),
  presented: z
    .strictObject({
      questions: z.array(uuid).describe('every question id, in the order shown'),
      options: z
        .record(uuid, z.array(z.string()))
        .describe('per question that shuffles its choices: its choices in the order shown'),
    })
    .nullable()
    .describe('surveys that shuffle questions or choices: the order this participant saw; otherwise null'),
  payout: payoutOut.nullable().describe('the bonus owed to its wallet (null: none owed)'),
  created: isoDate,
});

export const responsesPageOut = z.strictObject({
  list: z.array(legacyResponseOut),
  info: z.strictObject({
    count,
    offset: count,
    awaiting_review: count.describe('responses (on any page) whose payout awaits your review'),
  }),
});

export const reviewedOut = z.strictObject({
  list: z.array(legacyResponseOut).describe('the responses decided, as /request.api/response lists them'),
});

export const submittedOut = z.strictObject({
  submitted: z.boolean().describe('false: never answered, or withdrawn'),
  memberId: z.string().nullable(),
  submittedAt: nullableDate,
  payout: payoutOut.nullable().describe('kept after a withdrawal when it was paid or rejected'),
});
