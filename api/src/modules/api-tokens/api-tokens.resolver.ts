import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { forbidden } from '../../shared/errors';
import { requireUser, type RequestContext } from '../../shared/context';
import { toApiToken } from '../mappers';
import { ApiTokenType, CreateApiTokenInput, CreatedApiToken } from './api-tokens.types';

// Token management needs a browser session: a leaked token must not be able to mint more tokens.
function requireSessionUser(ctx: RequestContext) {
  const user = requireUser(ctx);
  if (ctx.actor?.via !== 'session') throw forbidden('API tokens can only be managed from a logged-in session');
  return user;
}

@Resolver()
export class ApiTokensResolver {
  @Query(() => [ApiTokenType])
  async apiTokens(@Ctx() ctx: RequestContext) {
    return (await ctx.services.apiTokens.list(ctx.em, requireUser(ctx))).map(toApiToken);
  }

  @Mutation(() => CreatedApiToken)
  async createApiToken(
    @Arg('input', () => CreateApiTokenInput) input: CreateApiTokenInput,
    @Ctx() ctx: RequestContext,
  ) {
    const { token, apiToken } = await ctx.services.apiTokens.create(ctx.em, requireSessionUser(ctx), { ...input });
    return { token, apiToken: toApiToken(apiToken) };
  }

  @Mutation(() => Boolean)
  async revokeApiToken(@Arg('id', () => ID) id: string, @Ctx() ctx: RequestContext) {
    await ctx.services.apiTokens.revoke(ctx.em, requireSessionUser(ctx), { id });
    return true;
  }
}
