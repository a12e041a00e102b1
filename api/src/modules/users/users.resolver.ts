import GraphQLUpload from 'graphql-upload/GraphQLUpload.mjs';
import type { FileUpload } from 'graphql-upload/processRequest.mjs';
import { Arg, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import { requireUser, type RequestContext } from '../../shared/context';
import { readUpload } from '../../graphql/uploads';
import { parseArgs } from '../../shared/validation';
import { updateProfileCommand } from './users.schemas';
import { Profile, UpdateProfileInput } from './users.types';
import type { Config } from '../../config';
import type { User } from './user.entity';
import type { UsersService } from './users.service';

/** The request context of these handlers: the services they use (the root hands them in) and the user type. */
export type Ctx = RequestContext<{ config: Config; users: UsersService }, User>;

@Resolver()
export class UsersResolver {
  @Query(() => Profile, { description: 'The logged-in user' })
  async me(@Ctx() ctx: Ctx) {
    return ctx.services.users.profile(requireUser(ctx));
  }

  @Mutation(() => Profile, { description: 'Changes your nickname' })
  async updateProfile(
    @Arg('input', () => UpdateProfileInput, { description: 'the fields: see the input type' })
    input: UpdateProfileInput,
    @Ctx() ctx: Ctx,
  ) {
    const user = await ctx.services.users.updateUser(ctx.em, requireUser(ctx), parseArgs(updateProfileCommand, input));
    return ctx.services.users.profile(user);
  }

  @Mutation(() => Profile, { description: 'PNG, JPEG, GIF or WebP; multipart request (GraphQL multipart spec)' })
  async uploadAvatar(
    @Arg('file', () => GraphQLUpload, { description: 'the image, at most the configured avatar size' })
    file: Promise<FileUpload>,
    @Ctx() ctx: Ctx,
  ) {
    const user = requireUser(ctx);
    const data = await readUpload(file, ctx.services.config.avatarMaxBytes);
    await ctx.services.users.setAvatar(ctx.em, user, data);
    return ctx.services.users.profile(user);
  }
}
