import { Arg, Ctx, ID, Int, Query, Resolver } from 'type-graphql';
import { requireUser, type RequestContext } from '../../shared/context';
import { toResponse } from './responses.mappers';
import { ResponseListType } from './responses.types';

@Resolver()
export class ResponsesResolver {
  @Query(() => ResponseListType, { description: 'Responses to one of your requests, oldest first' })
  async requestResponses(
    @Arg('requestId', () => ID, { description: 'the request' }) requestId: string,
    @Arg('offset', () => Int, { defaultValue: 0, description: 'how many to skip, from the first' }) offset: number,
    @Arg('limit', () => Int, { defaultValue: 20, description: 'how many per page' }) limit: number,
    @Ctx() ctx: RequestContext,
  ) {
    const p = await ctx.services.responses.list(ctx.em, requireUser(ctx), { id: requestId, offset, limit });
    return { list: p.list.map(toResponse), count: p.count, offset: p.offset };
  }
}
