import { z } from 'zod';
import { trimmed } from '../../shared/validation';
import { MAX_REASON_LENGTH } from '../payouts/payout.entity';
import { QUOTA_ACTIONS } from './fieldwork.entity';

const requestId = z.uuid('the request id must be a UUID').describe('the request: one of yours');
const questionId = z.uuid('questionId must be a question id').describe('a closed question of the survey');
// options by their label (the question's choices), as the wizard shows them
const optionIds = (what: string) =>
  z
    .array(z.string().trim().min(1).max(500))
    .min(1, `Choose at least one ${what} option`)
    .max(50)
    .describe(`the ${what} options, by label`);

/** A request's fieldwork: screeners, quotas, attention checks and the pay rules (replaces the earlier one). */
export const configureCommand = z.strictObject({
  requestId,
  payScreenOut: z.boolean().default(false).describe('pay screened-out participants one bonus each from the escrow'),
  screenOutShare: z
    .number()
    .min(0)
    .max(0.5, 'At most half of the places may pay screen-outs')
    .default(0.1)
    .describe('the share of the places screen-outs may be paid from (0 to 0.5; default 0.1)'),
  minHourly: z
    .number()
    .int('The minimum hourly rate is whole IPT')
    .min(1)
    .max(100_000)
    .default(12)
    .describe('the minimum reward per hour, whole IPT (default 12)'),
  rejectionShare: z
    .number()
    .min(0)
    .max(1)
    .default(0.1)
    .describe('the share of the responses you may reject without a reason to each participant (default 0.1)'),
  screeners: z
    .array(z.strictObject({ questionId, qualifying: optionIds('qualifying') }))
    .max(20)
    .default([]),
  quotas: z
    .array(
      z.strictObject({
        name: trimmed(100, 'The quota name'),
        questionId,
        options: optionIds('quota'),
        size: z.number().int().min(1, 'A quota holds at least 1 response').max(1_000_000),
        action: z.enum(QUOTA_ACTIONS).describe('when full: screen_out the next ones in it, or close_request'),
      }),
    )
    .max(50)
    .default([]),
  attentionChecks: z
    .array(z.strictObject({ questionId, expected: optionIds('expected') }))
    .max(20)
    .default([]),
});
export type ConfigureCommand = z.infer<typeof configureCommand>;

export const fieldworkRef = z.strictObject({ requestId });
export type FieldworkRef = z.infer<typeof fieldworkRef>;

export const FLAGS = ['attention', 'speeding', 'straight_lining', 'repeated_device', 'repeated_wallet'] as const;
export type Flag = (typeof FLAGS)[number];

/** Approve or reject every response awaiting review that carries a flag. */
export const reviewByFlagCommand = z.strictObject({
  requestId,
  flag: z
    .enum(FLAGS)
    .describe('attention (two or more failed checks), speeding, straight_lining, repeated_device, repeated_wallet'),
  decision: z.enum(['approve', 'reject']),
  responseIds: z
    .array(z.uuid('each response id must be a UUID'))
    .min(1)
    .max(100)
    .optional()
    .describe('only these of the flagged responses (absent: every flagged one awaiting review, up to 100)'),
  reason: trimmed(MAX_REASON_LENGTH, 'The reason')
    .optional()
    .describe('rejecting: why, in words the participants read'),
});
export type ReviewByFlagCommand = z.infer<typeof reviewByFlagCommand>;
