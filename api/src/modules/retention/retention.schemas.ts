import { z } from 'zod';
import { RETENTION_CHOICES } from './retention.entity';

export const setRetentionCommand = z.strictObject({
  requestId: z.uuid('id must be a request id').describe('one of your requests'),
  days: z.coerce
    .number()
    .refine((d) => (RETENTION_CHOICES as readonly number[]).includes(d), {
      message: `days must be one of ${RETENTION_CHOICES.join(', ')}`,
    })
    .describe(`how long each answer is kept after it is sent: ${RETENTION_CHOICES.join(', ')} days`),
});
export type SetRetentionCommand = z.infer<typeof setRetentionCommand>;
export const retentionRef = z.strictObject({
  requestId: z.uuid('id must be a request id').describe('one of your requests'),
});
