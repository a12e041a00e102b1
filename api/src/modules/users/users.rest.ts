import { z } from 'zod';
import { routeWith, type FileRoute } from '../../rest/registry';
import { requireUser, type RequestContext } from '../../shared/context';
import { legacyProfileOut, profileOut } from './users.outputs';
import { updateProfileCommand } from './users.schemas';
import { AVATAR_MIME_BY_EXT } from './users.service';
import type { FileStorage } from '../storage/file-storage';
import type { User } from './user.entity';
import type { UsersService } from './users.service';

/** The request context of these handlers: the services they use (the root hands them in) and the user type. */
export type Ctx = RequestContext<{ storage: FileStorage; users: UsersService }, User>;
const route = routeWith<Ctx>();

export const usersRoutes = [
  route({
    method: 'GET',
    path: '/v1/auth/user/getUser',
    output: legacyProfileOut,
    errors: [],
    tag: 'user',
    auth: 'user',
    summary: "The caller's profile (user_id, nickname, avatar, credit, ...)",
    handler: async (ctx) => {
      const p = ctx.services.users.profile(requireUser(ctx));
      // legacy field names alongside the current ones
      return { ...p, user_id: p.id, avatar: p.avatarUrl };
    },
  }),
  route({
    method: 'PUT',
    path: '/v1/auth/user/updateUser',
    output: profileOut,
    errors: [],
    tag: 'user',
    auth: 'user',
    summary: 'Update the profile; nickname required',
    input: z.strictObject({ update: updateProfileCommand.describe('the profile fields to change') }),
    handler: async (ctx, input) => {
      const user = await ctx.services.users.updateUser(ctx.em, requireUser(ctx), input.update);
      return ctx.services.users.profile(user);
    },
  }),
  route({
    method: 'POST',
    path: '/v1/auth/user/uploadAvatar',
    output: profileOut,
    errors: ['STORAGE_UNAVAILABLE'],
    tag: 'user',
    auth: 'user',
    summary: 'Upload an avatar image (PNG, JPEG, GIF or WebP) as multipart field profileImage',
    file: { field: 'profileImage', description: 'the image file' },
    handler: async (ctx, _input, file) => {
      const user = requireUser(ctx);
      await ctx.services.users.setAvatar(ctx.em, user, file!.data);
      return ctx.services.users.profile(user);
    },
  }),
];

/** Uploaded avatars, served with a locked-down policy so an image can never run as a page. */
export const avatarFileRoutes: FileRoute<Ctx['services']>[] = [
  {
    method: 'GET',
    path: '/media/avatars/:file',
    tag: 'user',
    auth: 'public',
    summary: 'An avatar image, at the avatarUrl a profile gives',
    params: z.strictObject({ file: z.string().describe('<id>.<png|jpg|gif|webp>, as in avatarUrl') }),
    contentTypes: Object.values(AVATAR_MIME_BY_EXT),
    errors: ['NOT_FOUND', 'STORAGE_UNAVAILABLE'],
    read: async (services, { file }) => {
      const ext = /^[A-Za-z0-9_-]+\.([a-z0-9]+)$/.exec(file)?.[1];
      const contentType = ext ? AVATAR_MIME_BY_EXT[ext] : undefined;
      const stored = contentType ? await services.storage.open(`avatars/${file}`) : null;
      return stored && contentType
        ? {
            contentType,
            data: stored.body,
            length: stored.length,
            headers: { 'cache-control': 'private, max-age=86400' },
          }
        : null;
    },
  },
];
