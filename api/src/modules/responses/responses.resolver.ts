import { Arg, Ctx, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import { requireUser, type RequestContext } from '../../shared/context';
import { parseArgs } from '../../shared/validation';
import { approveCommand, rejectCommand } from './review.schemas';
import { responsesPageCommand } from './responses.schemas';
import { toResponse } from './responses.mappers';
import { ResponseListType, ResponseType } from './responses.types';
import type { User } from '../users/user.entity';
import type { ResponsesService } from './responses.service';
import type { ReviewsService } from './reviews.service';

/** The request context of these handlers: the services they use (the root hands them in) and the user type. */
export type Ctx = RequestContext<{ responses: ResponsesService; reviews: ReviewsService }, User>;

@Resolver()
export class ResponsesResolver {
  @Query(() => ResponseListType, { description: 'Responses to one of your requests, oldest first' })
  async requestResponses(
    @Arg('requestId', () => ID, { description: 'the request' }) requestId: string,
    @Arg('offset', () => Int, { defaultValue: 0, description: 'how many to skip, from the first' }) offset: number,
    @Arg('limit', () => Int, { defaultValue: 20, description: 'how many per page' }) limit: number,
    @Ctx() ctx: Ctx,
  ) {
    const p = await ctx.services.responses.list(
      ctx.em,
      requireUser(ctx),
      parseArgs(responsesPageCommand, { id: requestId, offset, limit }),
    );
    return { list: p.list.map(toResponse), count: p.count, offset: p.offset, awaitingReview: p.awaitingReview };
  }

  @Mutation(() => [ResponseType], {
    description:
      'Paid after review: approves responses of one of your requests, so their payouts start (each paid once, however often approved). All or none: a response already rejected, or paid on submission, is a CONFLICT and nothing changes; one already approved stays as it is',
  })
  async approveResponses(
    @Arg('requestId', () => ID, { description: 'the request' }) requestId: string,
    @Arg('responseIds', () => [ID], { description: 'the responses to approve (1 to 100)' }) responseIds: string[],
    @Ctx() ctx: Ctx,
  ) {
    const views = await ctx.services.reviews.approve(
      ctx.em,
      requireUser(ctx),
      parseArgs(approveCommand, { requestId, responseIds }),
    );
    return views.map(toResponse);
  }

  @Mutation(() => [ResponseType], {
    description:
      "Paid after review: rejects responses of one of your requests with a reason the participants are shown. Nothing is paid and each frees its paid place. All or none: a response already approved, or paid on submission, is a CONFLICT and nothing changes; one already rejected keeps its first reason. On attention grounds each must have failed at least two attention checks; past the request's rejection share (default 10%) one reason for many is REJECTION_NOT_ALLOWED (reject those one at a time)",
  })
  async rejectResponses(
    @Arg('requestId', () => ID, { description: 'the request' }) requestId: string,
    @Arg('responseIds', () => [ID], { description: 'the responses to reject (1 to 100)' }) responseIds: string[],
    @Arg('reason', () => String, { description: 'why, in words the participant reads (1 to 500 characters)' })
    reason: string,
    @Arg('grounds', () => String, {
      nullable: true,
      description:
        'attention: the answers failed attention checks (at least two each, or REJECTION_NOT_ALLOWED); other (default)',
    })
    grounds: string | null,
    @Ctx() ctx: Ctx,
  ) {
    const views = await ctx.services.reviews.reject(
      ctx.em,
      requireUser(ctx),
      parseArgs(rejectCommand, { requestId, responseIds, reason, grounds: grounds ?? undefined }),
    );
    return views.map(toResponse);
  }
}
