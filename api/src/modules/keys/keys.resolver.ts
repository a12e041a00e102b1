import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { requireUser, type RequestContext } from '../../shared/context';
import { parseArgs } from '../../shared/validation';
import { toKey } from './keys.mappers';
import { createKeyCommand, keyRef } from './keys.schemas';
import { CreateKeyInput, KeyType } from './keys.types';

@Resolver()
export class KeysResolver {
  @Query(() => [KeyType], { description: "The caller's public keys, newest first" })
  async keys(@Ctx() ctx: RequestContext) {
    return (await ctx.services.keys.list(ctx.em, requireUser(ctx))).map(toKey);
  }

  @Mutation(() => KeyType, {
    description: 'Registers the public half of a key pair made in your browser (the private half never leaves it)',
  })
  async createKey(
    @Arg('input', () => CreateKeyInput, { description: 'the fields: see the input type' }) input: CreateKeyInput,
    @Ctx() ctx: RequestContext,
  ) {
    return toKey(await ctx.services.keys.create(ctx.em, requireUser(ctx), parseArgs(createKeyCommand, input)));
  }

  @Mutation(() => Boolean, { description: 'Deletes one of your keys (refused while a request or room uses it)' })
  async deleteKey(@Arg('id', () => ID, { description: 'the key' }) id: string, @Ctx() ctx: RequestContext) {
    await ctx.services.keys.delete(ctx.em, requireUser(ctx), parseArgs(keyRef, { id }));
    return true;
  }
}
