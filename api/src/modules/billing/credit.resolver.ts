import { Arg, Ctx, Int, Query, Resolver } from 'type-graphql';
import { requireUser, type RequestContext } from '../../shared/context';
import { parseArgs } from '../../shared/validation';
import { pageInfo } from '../../shared/paging';
import { toCreditEntry, toPlan } from './billing.mappers';
import { pageQuery } from './billing.schemas';
import { CreditHistoryType, PlanType } from './billing.types';
import { CreditEntry } from './credit-entry.entity';
import { PLANS, resolvePlan } from './plans';
import { freePlanReference } from './purchases.service';
import type { User } from '../users/user.entity';
import type { CreditService } from './credit.service';

/** The request context of these handlers: the services they use (the root hands them in) and the user type. */
export type Ctx = RequestContext<{ credit: CreditService }, User>;

@Resolver()
export class CreditResolver {
  @Query(() => [PlanType], { description: 'The pricing page plans, in display order (public)' })
  plans() {
    return PLANS.map(toPlan);
  }

  @Query(() => PlanType, { description: 'The plan a checkout item stands for; unknown items give the free plan' })
  plan(@Arg('item', () => String, { description: 'the plan item (5credits, 10credits, ...)' }) item: string) {
    return toPlan(resolvePlan(item));
  }

  @Query(() => Boolean, { description: 'Whether the caller claimed the free plan already (once per account)' })
  async freePlanClaimed(@Ctx() ctx: Ctx) {
    return (await ctx.em.count(CreditEntry, { reference: freePlanReference(requireUser(ctx).id) })) > 0;
  }

  @Query(() => Int, { description: "The caller's prepaid IPT credit" })
  async creditBalance(@Ctx() ctx: Ctx) {
    return ctx.services.credit.balance(ctx.em, requireUser(ctx));
  }

  @Query(() => CreditHistoryType, { description: "The caller's credit entries, newest first" })
  async creditHistory(
    @Arg('page', () => Int, { defaultValue: 1, description: 'the page, from 1' }) page: number,
    @Arg('limit', () => Int, { defaultValue: 10, description: 'how many per page' }) limit: number,
    @Ctx() ctx: Ctx,
  ) {
    const h = await ctx.services.credit.history(ctx.em, requireUser(ctx), parseArgs(pageQuery, { page, limit }));
    return { list: h.list.map(toCreditEntry), info: pageInfo(h) };
  }
}
