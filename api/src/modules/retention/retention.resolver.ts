import { Arg, Ctx, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import { requireUser, type RequestContext } from '../../shared/context';
import { parseArgs } from '../../shared/validation';
import type { User } from '../users/user.entity';
import { RETENTION_CHOICES } from './retention.entity';
import { retentionRef, setRetentionCommand } from './retention.schemas';
import type { RetentionService, RetentionView } from './retention.service';
import { RetentionType } from './retention.types';

/** The request context of these handlers: the services they use and the user type. */
export type Ctx = RequestContext<{ retention: RetentionService }, User>;

const toRetention = (v: RetentionView): RetentionType => ({ ...v, choices: [...RETENTION_CHOICES] });

@Resolver()
export class RetentionResolver {
  @Query(() => RetentionType, { description: 'How long the answers to one of your requests are kept' })
  async requestRetention(
    @Arg('requestId', () => ID, { description: 'one of your requests' }) requestId: string,
    @Ctx() ctx: Ctx,
  ) {
    const { requestId: id } = parseArgs(retentionRef, { requestId });
    return toRetention(await ctx.services.retention.get(ctx.em, requireUser(ctx), id));
  }

  @Mutation(() => RetentionType, {
    description:
      'Chooses how long the answers to one of your requests are kept; participants see it before answering. Once it has answers it can only be made shorter',
  })
  async setRequestRetention(
    @Arg('requestId', () => ID, { description: 'one of your requests' }) requestId: string,
    @Arg('days', () => Int, { description: 'one of the choices, in days' }) days: number,
    @Ctx() ctx: Ctx,
  ) {
    const command = parseArgs(setRetentionCommand, { requestId, days });
    return toRetention(await ctx.services.retention.set(ctx.em, requireUser(ctx), command));
  }
}
