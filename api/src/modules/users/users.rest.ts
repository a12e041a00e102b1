import { z } from 'zod';
import { route } from '../../rest/registry';
import { requireUser } from '../../shared/context';
import { updateUserSchema } from './users.service';

export const usersRoutes = [
  route({
    method: 'GET',
    path: '/v1/auth/user/getUser',
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
    tag: 'user',
    auth: 'user',
    summary: 'Update the profile; nickname required',
    input: z.strictObject({ update: updateUserSchema }),
    handler: async (ctx, input) => {
      const user = await ctx.services.users.updateUser(ctx.em, requireUser(ctx), input.update);
      return ctx.services.users.profile(user);
    },
  }),
  route({
    method: 'POST',
    path: '/v1/auth/user/uploadAvatar',
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
