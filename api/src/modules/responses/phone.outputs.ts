// What the phone-app REST routes answer, as JSON (the OpenAPI document and the contract checks).
import { z } from 'zod';
import { count, evmAddressOut, isoDate, pageInfoOut, uuid } from '../../rest/wire';
import { collectionOptionsOut, legacyQuestionOut, legacyRowOut, payoutModeOut } from '../requests/requests.outputs';
import { payoutOut } from './responses.outputs';

const remaining = count.describe('paid responses still available: capacity minus payouts made or owed');
const memberId = z.string().describe("the device's stable member id");
const payout = payoutOut.nullable().describe("the bonus owed to the submission's wallet (null: none)");

export const openRequestsOut = z.strictObject({
  list: z.array(
    legacyRowOut
      .pick({
        id: true,
        title: true,
        type: true,
        type_name: true,
        desc: true,
        created: true,
        questionCount: true,
        quality: true,
        access: true,
        bonus_each: true,
      })
      .extend({ remaining }),
  ),
  info: pageInfoOut,
});

export const endUserDataOut = legacyRowOut
  .pick({
    id: true,
    type: true,
    type_name: true,
    title: true,
    desc: true,
    quality: true,
    access: true,
    bonus: true,
    bonus_amount: true,
    bonus_each: true,
    key: true,
    closed_at: true,
  })
  .extend({
    description: z.string(),
    category: z.string(),
    remaining,
    ...payoutModeOut.shape,
    publicKey: z.string().describe('the request key (P-256 SPKI PEM) to seal the response key to'),
    newchild: evmAddressOut.describe('the escrow that pays the bonus'),
    contractId: evmAddressOut.describe('the same escrow'),
    options: collectionOptionsOut.nullable().describe('collections: what the response JSON must hold; surveys: null'),
    questions: z.array(legacyQuestionOut).nullable().describe('surveys: the questions; collections: null'),
    language: z.string().optional().describe('a survey with added languages: the BCP 47 code served'),
    languages: z
      .array(z.string())
      .optional()
      .describe('a survey with added languages: its languages, its own first (ask for one with lang)'),
    dir: z.enum(['ltr', 'rtl']).optional().describe("the served language's direction: lay rtl out right to left"),
    localized: z
      .strictObject({ title: z.string(), description: z.string() })
      .optional()
      .describe('a survey with added languages: its title and description in the language served'),
  });

export const countOut = z.strictObject({
  questionId: uuid,
  responseAnswer: z.string().describe('the option as stored'),
  count: count.describe('answers that chose it'),
});

export const contractIdOut = z.strictObject({
  requestId: uuid,
  contractId: evmAddressOut.describe('the escrow'),
});

export const acceptedOut = z.strictObject({
  outcome: z
    .enum(['accepted', 'screened_out', 'quota_full'])
    .describe(
      'accepted: a paid place was taken; screened_out: a screener question did not qualify (no paid place; payout: the screen-out reward, if the requester pays one); quota_full: the answer fell in a full quota, or a quota closed the request (quota names it)',
    ),
  id: uuid.describe('the submission (accepted), or the record of the answer that ended (screened_out, quota_full)'),
  memberId,
  created: isoDate,
  payout,
  quota: z
    .strictObject({ id: uuid, name: z.string() })
    .nullable()
    .describe('quota_full: the quota that ended the answer; otherwise null'),
  message: z.string().nullable().describe('what to tell the participant when the answer ended without a place'),
});

export const rankedOut = z.strictObject({ questionId: uuid, stars: count });

export const uploadedImageOut = z.strictObject({
  id: z.string().describe('the image id'),
  path: z.string().describe('GET it to read the bytes back: /v1/requestClient/image/<id>'),
  bytes: count.describe('bytes stored'),
});
