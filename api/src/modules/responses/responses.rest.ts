import type { z } from 'zod';
import { legacyNames } from '../../rest/legacy-names';
import { routeWith } from '../../rest/registry';
import { requireUser, type RequestContext } from '../../shared/context';
import type { User } from '../users/user.entity';
import { legacyResponse } from './responses.mappers';
import { responsesPageOut, reviewedOut } from './responses.outputs';
import { responsesPageCommand } from './responses.schemas';
import type { ResponsesService, ResponseView } from './responses.service';
import { groundsField, reasonField, reviewFields } from './review.schemas';
import type { ReviewsService } from './reviews.service';

/** The request context of these handlers: the services they use (the root hands them in) and the user type. */
export type Ctx = RequestContext<{ responses: ResponsesService; reviews: ReviewsService }, User>;
const route = routeWith<Ctx>();

// the requester's side of responses, under the legacy request paths (and the requests tag) they had
const tag = 'requests';

// the review commands under their legacy names: id is the request, as for /request.api/response
const reviewNames = { requestId: 'id', responseIds: 'response_ids' } as const;
const reviewInputs = {
  approve: legacyNames(reviewFields, reviewNames),
  reject: legacyNames({ ...reviewFields, reason: reasonField, grounds: groundsField }, reviewNames),
};
type Decide<C> = (ctx: Ctx, command: C) => Promise<ResponseView[]>;

/** POST /request.api/response/approve or /reject: the requester's review (reviews.service.ts). */
const reviewRoute = <C>(decision: 'approve' | 'reject', input: z.ZodType<C>, call: Decide<C>, summary: string) =>
  route({
    method: 'POST',
    path: `/request.api/response/${decision}`,
    tag,
    auth: 'user',
    summary: `${summary}. Answers the responses as /request.api/response lists them`,
    input,
    output: reviewedOut,
    errors: decision === 'reject' ? ['NOT_FOUND', 'CONFLICT', 'REJECTION_NOT_ALLOWED'] : ['NOT_FOUND', 'CONFLICT'],
    handler: async (ctx, command) => ({ list: (await call(ctx, command)).map(legacyResponse) }),
  });
// The requester's legacy calls on the responses to their requests; all need a login and see only
// the caller's own requests.
export const responsesRoutes = [
  route({
    method: 'GET',
    path: '/request.api/response',
    tag,
    auth: 'user',
    summary:
      'Responses to one of your requests, oldest first, limit per page (default 20) from offset: { list: [{ id, member_id, encrypted_symmetric_key, wallet_public_key, data, answers, payout, created }], info: { count, offset, awaiting_review } }',
    input: responsesPageCommand,
    output: responsesPageOut,
    errors: ['NOT_FOUND'],
    handler: async (ctx, input) => {
      const p = await ctx.services.responses.list(ctx.em, requireUser(ctx), input);
      return {
        list: p.list.map(legacyResponse),
        info: { count: p.count, offset: p.offset, awaiting_review: p.awaitingReview },
      };
    },
  }),
  reviewRoute(
    'approve',
    reviewInputs.approve,
    (ctx, command) => ctx.services.reviews.approve(ctx.em, requireUser(ctx), command),
    'Paid after review: approve responses of one of your requests (id, response_ids: 1 to 100), so their payouts start; each is paid once however often it is approved. All or none: a response already rejected, or paid on submission, is 409 and nothing changes; one already approved stays as it is',
  ),
  reviewRoute(
    'reject',
    reviewInputs.reject,
    (ctx, command) => ctx.services.reviews.reject(ctx.em, requireUser(ctx), command),
    "Paid after review: reject responses of one of your requests (id, response_ids: 1 to 100, reason: 1 to 500 characters, shown to the participants by checkSubmitted). Nothing is paid and each frees its paid place. All or none: a response already approved, or paid on submission, is 409 and nothing changes; one already rejected keeps its first reason. The review rules: on attention grounds (grounds: attention) each must have failed at least two attention checks, and past the request's rejection share (default 10%) one reason for many is refused (reject those one at a time, each with its own reason): 422 REJECTION_NOT_ALLOWED",
  ),
];
