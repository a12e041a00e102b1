import { Ctx, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '../../shared/context';
import { RuntimeConfigType } from './runtime-config.types';
import type { User } from '../users/user.entity';
import type { RuntimeConfigService } from './runtime-config.service';

/** The request context of these handlers: the services they use (the root hands them in) and the user type. */
export type Ctx = RequestContext<{ runtimeConfig: RuntimeConfigService }, User>;

@Resolver()
export class RuntimeConfigResolver {
  @Query(() => RuntimeConfigType, { description: 'Chain and payment settings for the web app (public)' })
  runtimeConfig(@Ctx() ctx: Ctx) {
    return ctx.services.runtimeConfig.get();
  }
}
