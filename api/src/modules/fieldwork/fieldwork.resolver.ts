import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { requireUser, type RequestContext } from '../../shared/context';
import { parseArgs } from '../../shared/validation';
import { toResponse } from '../responses/responses.mappers';
import { ResponseType } from '../responses/responses.types';
import type { User } from '../users/user.entity';
import { configureCommand, fieldworkRef, reviewByFlagCommand } from './fieldwork.schemas';
import type { FieldworkService } from './fieldwork.service';
import { FieldworkInput, FieldworkType, ResponseFlagsType } from './fieldwork.types';

/** The request context of these handlers: the services they use (the root hands them in) and the user type. */
export type Ctx = RequestContext<{ fieldwork: FieldworkService }, User>;

const requestArg = { description: 'the request: one of your surveys' };

@Resolver()
export class FieldworkResolver {
  @Query(() => FieldworkType, {
    description:
      "A survey's screeners, quotas (filled and ended), attention checks, screen-outs, median completion time, hourly reward and the top-up it owes",
  })
  async fieldwork(@Arg('requestId', () => ID, requestArg) requestId: string, @Ctx() ctx: Ctx) {
    return ctx.services.fieldwork.view(ctx.em, requireUser(ctx), parseArgs(fieldworkRef, { requestId }));
  }

  @Query(() => [ResponseFlagsType], { description: "Each response's quality flags and quotas, oldest first" })
  async responseFlags(@Arg('requestId', () => ID, requestArg) requestId: string, @Ctx() ctx: Ctx) {
    return ctx.services.fieldwork.flags(ctx.em, requireUser(ctx), parseArgs(fieldworkRef, { requestId }));
  }

  @Mutation(() => FieldworkType, {
    description:
      "Sets a survey's screeners, quotas, attention checks and pay rules (replacing the earlier ones), before its first answer",
  })
  async setFieldwork(
    @Arg('input', () => FieldworkInput, { description: 'the fieldwork' }) input: FieldworkInput,
    @Ctx() ctx: Ctx,
  ) {
    return ctx.services.fieldwork.configure(ctx.em, requireUser(ctx), parseArgs(configureCommand, input));
  }

  @Mutation(() => [ResponseType], {
    description:
      'Approves or rejects every response awaiting review that carries a flag (up to 100 at once). Rejecting on attention grounds needs two failed checks on each; one reason for many past the rejection share is REJECTION_NOT_ALLOWED',
  })
  async reviewByFlag(
    @Arg('requestId', () => ID, requestArg) requestId: string,
    @Arg('flag', () => String, {
      description: 'attention, speeding, straight_lining, repeated_device or repeated_wallet',
    })
    flag: string,
    @Arg('decision', () => String, { description: 'approve or reject' }) decision: string,
    @Arg('responseIds', () => [ID], { nullable: true, description: 'only these flagged responses (default: all)' })
    responseIds: string[] | null,
    @Arg('reason', () => String, { nullable: true, description: 'rejecting: why (default: the flag in plain words)' })
    reason: string | null,
    @Ctx() ctx: Ctx,
  ) {
    const views = await ctx.services.fieldwork.reviewByFlag(
      ctx.em,
      requireUser(ctx),
      parseArgs(reviewByFlagCommand, { requestId, flag, decision, responseIds, reason }),
    );
    return views.map(toResponse);
  }

  @Mutation(() => FieldworkType, {
    description:
      'Pays every approved participant the top-up to the minimum hourly rate at the median time, from your credit, exactly once each; a second attempt once all are paid is a CONFLICT',
  })
  async payTopUp(@Arg('requestId', () => ID, requestArg) requestId: string, @Ctx() ctx: Ctx) {
    return ctx.services.fieldwork.payTopUp(ctx.em, requireUser(ctx), parseArgs(fieldworkRef, { requestId }));
  }

  @Mutation(() => FieldworkType, {
    description:
      "Pays the top-up from your wallet: after your wallet funded the escrow named by the fieldwork's topUpWalletId, the treasury pays every approved participant from it, exactly once each (as many as it holds). A second attempt once all are paid is a CONFLICT",
  })
  async payTopUpFromWallet(@Arg('requestId', () => ID, requestArg) requestId: string, @Ctx() ctx: Ctx) {
    return ctx.services.fieldwork.payTopUpFromWallet(ctx.em, requireUser(ctx), parseArgs(fieldworkRef, { requestId }));
  }
}
