import { z } from 'zod';
import { REQUEST_TYPES } from '../requests/request.entity';

/**
 * A page of the responses to one of the caller's requests, oldest first. `id` is the request (the
 * legacy call's name, kept by GraphQL too so its messages read the same); `type`, when given, must match.
 */
export const responsesPageCommand = z.strictObject({
  id: z.uuid('id must be a request id').describe('the request: one of yours'),
  type: z.enum(REQUEST_TYPES).optional().describe('collection or survey; when given it must be the request’s type'),
  offset: z.coerce
    .number()
    .int()
    .min(0)
    .max(10_000_000)
    .default(0)
    .describe('responses to skip, oldest first (default 0)'),
  limit: z.coerce.number().int().min(1).max(100).default(20).describe('responses per page, 1 to 100 (default 20)'),
});
export type ResponsesPageCommand = z.infer<typeof responsesPageCommand>;
