import { Arg, Ctx, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import { requireUser, type RequestContext } from '../../shared/context';
import { parseArgs } from '../../shared/validation';
import { pageInfo } from '../../shared/paging';
import { toWithdrawal } from './billing.mappers';
import { pageQuery, withdrawalRef, withdrawCommand } from './billing.schemas';
import { WithdrawalListType, WithdrawalType, WithdrawInput } from './billing.types';
import type { User } from '../users/user.entity';
import type { WithdrawalsService } from './withdrawals.service';

/** The request context of these handlers: the services they use (the root hands them in) and the user type. */
export type Ctx = RequestContext<{ withdrawals: WithdrawalsService }, User>;

@Resolver()
export class WithdrawalsResolver {
  @Mutation(() => WithdrawalType, {
    description: 'Moves prepaid credit to a wallet as on-chain IPT from the treasury; status sent, pending or failed',
  })
  async withdrawCreditToWallet(
    @Arg('input', () => WithdrawInput, { description: 'the fields: see the input type' }) input: WithdrawInput,
    @Ctx() ctx: Ctx,
  ) {
    return toWithdrawal(
      await ctx.services.withdrawals.withdraw(ctx.em, requireUser(ctx), parseArgs(withdrawCommand, input)),
    );
  }

  @Query(() => WithdrawalListType, { description: "The caller's withdrawals, newest first" })
  async withdrawals(
    @Arg('page', () => Int, { defaultValue: 1, description: 'the page, from 1' }) page: number,
    @Arg('limit', () => Int, { defaultValue: 10, description: 'how many per page' }) limit: number,
    @Ctx() ctx: Ctx,
  ) {
    const h = await ctx.services.withdrawals.list(ctx.em, requireUser(ctx), parseArgs(pageQuery, { page, limit }));
    return { list: h.list.map(toWithdrawal), info: pageInfo(h) };
  }

  @Query(() => WithdrawalType, { description: 'One of your credit withdrawals to a wallet (NOT_FOUND otherwise)' })
  async withdrawal(@Arg('id', () => ID, { description: 'the withdrawal' }) id: string, @Ctx() ctx: Ctx) {
    return toWithdrawal(await ctx.services.withdrawals.get(ctx.em, requireUser(ctx), parseArgs(withdrawalRef, { id })));
  }
}
