import { z } from 'zod';
import { routeWith } from '../../rest/registry';
import { done } from '../../rest/wire';
import { requireUser, type RequestContext } from '../../shared/context';
import { authStatusOut, profileOut, registeredOut } from '../users/users.outputs';
import { parseInput } from '../../shared/validation';
import { changePasswordCommand, emailSchema, loginCommand, registerCommand, verifyEmailCommand } from './auth.schemas';
import { clearSessionCookie, setSessionCookie } from './session-cookie';
import type { Config } from '../../config';
import type { User } from '../users/user.entity';
import type { UsersService } from '../users/users.service';
import type { AuthService } from './auth.service';

/** The request context of these handlers: the services they use (the root hands them in) and the user type. */
export type Ctx = RequestContext<{ auth: AuthService; config: Config; users: UsersService }, User>;
const route = routeWith<Ctx>();

export const authRoutes = [
  route({
    method: 'POST',
    path: '/v1/auth/register',
    output: registeredOut,
    errors: ['CONFLICT'],
    tag: 'auth',
    auth: 'public',
    summary: 'Create an account; result.guest false means the e-mail must be verified before login',
    input: registerCommand,
    handler: async (ctx, input) => {
      const { user, guest } = await ctx.services.auth.register(ctx.em, input, ctx.ip);
      return { guest, user: ctx.services.users.profile(user) };
    },
  }),
  route({
    method: 'POST',
    path: '/v1/auth/verifyEmail',
    output: done,
    errors: [],
    tag: 'auth',
    auth: 'public',
    summary: 'Confirm an e-mail address with the token from the verification mail',
    input: verifyEmailCommand,
    handler: async (ctx, input) => {
      await ctx.services.auth.verifyEmail(ctx.em, input);
      return true;
    },
  }),
  route({
    method: 'POST',
    path: '/v1/auth/login',
    output: profileOut,
    errors: ['UNAUTHENTICATED', 'EMAIL_NOT_VERIFIED'],
    tag: 'auth',
    auth: 'public',
    summary: 'Log in; sets the httpOnly session cookie',
    input: loginCommand,
    handler: async (ctx, input) => {
      const { user, sessionToken, expiresAt } = await ctx.services.auth.login(ctx.em, input, ctx.ip);
      setSessionCookie(ctx.reply, ctx.services.config, sessionToken, expiresAt);
      return ctx.services.users.profile(user);
    },
  }),
  route({
    method: 'POST',
    path: '/v1/auth/logout',
    output: done,
    errors: [],
    tag: 'auth',
    auth: 'public',
    summary: 'End the current session',
    handler: async (ctx) => {
      await ctx.services.auth.logout(ctx.em, ctx.actor?.sessionTokenHash);
      clearSessionCookie(ctx.reply, ctx.services.config);
      return true;
    },
  }),
  route({
    method: 'GET',
    path: '/v1/auth/status',
    output: authStatusOut,
    errors: [],
    tag: 'auth',
    auth: 'public',
    summary: 'Whether the caller is logged in, and as whom',
    handler: async (ctx) => {
      const user = ctx.actor ? ctx.services.users.profile(ctx.actor.user) : null;
      return { loggedIn: Boolean(user), user };
    },
  }),
  route({
    method: 'POST',
    path: '/v1/auth/changePassword',
    output: done,
    errors: [],
    tag: 'auth',
    auth: 'user',
    summary: 'Change the password (old password required); other sessions end and every API token is revoked',
    input: changePasswordCommand,
    handler: async (ctx, input) => {
      await ctx.services.auth.changePassword(ctx.em, requireUser(ctx), input, ctx.actor?.sessionTokenHash);
      return true;
    },
  }),
  route({
    method: 'POST',
    path: '/v1/auth/resendVerification',
    output: done,
    errors: [],
    tag: 'auth',
    auth: 'public',
    summary: 'Send a new verification mail (answers the same whether or not the account exists)',
    input: z.strictObject({
      email: z.string().max(254).describe('the address the account signed up with (at most 254 characters)'),
    }),
    handler: async (ctx, input) => {
      // the address is checked on its own, as the GraphQL mutation checks it (a problem reads "(input): ...")
      await ctx.services.auth.resendVerification(ctx.em, { email: parseInput(emailSchema, input.email) }, ctx.ip);
      return true;
    },
  }),
];
