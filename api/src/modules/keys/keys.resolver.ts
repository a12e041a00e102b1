import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { requireUser, type RequestContext } from '../../shared/context';
import { parseArgs } from '../../shared/validation';
import { toKey } from './keys.mappers';
import { createKeyCommand, keyRef } from './keys.schemas';
import { CreateKeyInput, KeyType } from './keys.types';
import type { User } from '../users/user.entity';
import type { KeysService } from './keys.service';

/** The request context of these handlers: the services they use (the root hands them in) and the user type. */
export type Ctx = RequestContext<{ keys: KeysService }, User>;

@Resolver()
export class KeysResolver {
  @Query(() => [KeyType], { description: "The caller's public keys, newest first" })
  async keys(@Ctx() ctx: Ctx) {
    return (await ctx.services.keys.list(ctx.em, requireUser(ctx))).map(toKey);
  }

  @Mutation(() => KeyType, {
    description: 'Registers the public half of a key pair made in your browser (the private half never leaves it)',
  })
  async createKey(
    @Arg('input', () => CreateKeyInput, { description: 'the fields: see the input type' }) input: CreateKeyInput,
    @Ctx() ctx: Ctx,
  ) {
    return toKey(await ctx.services.keys.create(ctx.em, requireUser(ctx), parseArgs(createKeyCommand, input)));
  }

  @Mutation(() => Boolean, { description: 'Deletes one of your keys (refused while a request or room uses it)' })
  async deleteKey(@Arg('id', () => ID, { description: 'the key' }) id: string, @Ctx() ctx: Ctx) {
    await ctx.services.keys.delete(ctx.em, requireUser(ctx), parseArgs(keyRef, { id }));
    return true;
  }
}
