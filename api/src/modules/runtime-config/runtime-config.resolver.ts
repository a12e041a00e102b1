import { Ctx, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '../../shared/context';
import { RuntimeConfigType } from './runtime-config.types';

@Resolver()
export class RuntimeConfigResolver {
  @Query(() => RuntimeConfigType, { description: 'Chain and payment settings for the web app (public)' })
  runtimeConfig(@Ctx() ctx: RequestContext) {
    return ctx.services.runtimeConfig.get();
  }
}
