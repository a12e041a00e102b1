import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { forbidden } from '../../shared/errors';
import { requireUser, type RequestContext } from '../../shared/context';
import { parseArgs } from '../../shared/validation';
import { toApiToken } from './api-tokens.mappers';
import { apiTokenRef, createApiTokenCommand } from './api-tokens.schemas';
import { ApiTokenType, CreateApiTokenInput, CreatedApiToken } from './api-tokens.types';
import type { User } from '../users/user.entity';
import type { ApiTokensService } from './api-tokens.service';

/** The request context of these handlers: the services they use (the root hands them in) and the user type. */
export type Ctx = RequestContext<{ apiTokens: ApiTokensService }, User>;

// Token management needs a browser session: a leaked token must not be able to mint more tokens.
function requireSessionUser(ctx: Ctx) {
  const user = requireUser(ctx);
  if (ctx.actor?.via !== 'session') throw forbidden('API tokens can only be managed from a logged-in session');
  return user;
}

@Resolver()
export class ApiTokensResolver {
  @Query(() => [ApiTokenType], { description: 'Your API tokens, newest first (the secrets are never shown again)' })
  async apiTokens(@Ctx() ctx: Ctx) {
    return (await ctx.services.apiTokens.list(ctx.em, requireUser(ctx))).map(toApiToken);
  }

  @Mutation(() => CreatedApiToken, {
    description: 'Makes an API token for integrations; its secret is in the answer only',
  })
  async createApiToken(
    @Arg('input', () => CreateApiTokenInput, { description: 'the fields: see the input type' })
    input: CreateApiTokenInput,
    @Ctx() ctx: Ctx,
  ) {
    const user = requireSessionUser(ctx);
    const { token, apiToken } = await ctx.services.apiTokens.create(
      ctx.em,
      user,
      parseArgs(createApiTokenCommand, input),
    );
    return { token, apiToken: toApiToken(apiToken) };
  }

  @Mutation(() => Boolean, { description: 'Revokes one of your API tokens at once' })
  async revokeApiToken(@Arg('id', () => ID, { description: 'the API token' }) id: string, @Ctx() ctx: Ctx) {
    const user = requireSessionUser(ctx);
    await ctx.services.apiTokens.revoke(ctx.em, user, parseArgs(apiTokenRef, { id }));
    return true;
  }
}
