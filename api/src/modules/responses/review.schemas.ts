import { z } from 'zod';
import { trimmed } from '../../shared/validation';
import { MAX_REASON_LENGTH } from '../payouts/payout.entity';

/** How many responses one approval or rejection may decide (a page of the responses table and more). */
export const MAX_REVIEW_BATCH = 100;

// The fields of the requester's review commands (GraphQL arguments; REST renames them).
export const reviewFields = {
  requestId: z.uuid('the request id must be a UUID').describe('the request: one of yours'),
  responseIds: z
    .array(z.uuid('each response id must be a UUID'))
    .min(1, 'Choose at least one response')
    .max(MAX_REVIEW_BATCH, `At most ${MAX_REVIEW_BATCH} responses at once`)
    .describe('the responses to decide, all of this request'),
};
export const reasonField = trimmed(MAX_REASON_LENGTH, 'The reason').describe(
  `why, in words the participant reads (1 to ${MAX_REASON_LENGTH} characters)`,
);

export const approveCommand = z.strictObject(reviewFields);
export type ApproveCommand = z.infer<typeof approveCommand>;
/** What a rejection is for: attention (failed attention checks: needs two on each) or anything else. */
export const REJECTION_GROUNDS = ['attention', 'other'] as const;
export const groundsField = z
  .enum(REJECTION_GROUNDS)
  .default('other')
  .describe(
    'attention: the answers failed attention checks (each must have failed at least two); other (default): any other reason',
  );
export const rejectCommand = z.strictObject({ ...reviewFields, reason: reasonField, grounds: groundsField });
export type RejectCommand = z.infer<typeof rejectCommand>;
