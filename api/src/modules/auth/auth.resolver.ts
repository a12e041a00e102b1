import { Arg, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import { AppError } from '../../shared/errors';
import { requireUser, type RequestContext } from '../../shared/context';
import { parseArgs, parseInput } from '../../shared/validation';
import { Profile } from '../users/users.types';
import { changePasswordCommand, emailSchema, loginCommand, registerCommand, verifyEmailCommand } from './auth.schemas';
import { AuthStatus, ChangePasswordInput, LoginInput, RegisterInput, RegisterResult } from './auth.types';
import { clearSessionCookie, setSessionCookie } from './session-cookie';
import type { Config } from '../../config';
import type { User } from '../users/user.entity';
import type { UsersService } from '../users/users.service';
import type { AuthService } from './auth.service';

/** The request context of these handlers: the services they use (the root hands them in) and the user type. */
export type Ctx = RequestContext<{ auth: AuthService; config: Config; users: UsersService }, User>;

@Resolver()
export class AuthResolver {
  @Mutation(() => RegisterResult, { description: 'Creates an account; ordinary sign-ups must verify their e-mail' })
  async register(
    @Arg('input', () => RegisterInput, { description: 'the fields: see the input type' }) input: RegisterInput,
    @Ctx() ctx: Ctx,
  ) {
    const { user, guest } = await ctx.services.auth.register(ctx.em, parseArgs(registerCommand, input), ctx.ip);
    return { guest, user: ctx.services.users.profile(user) };
  }

  @Mutation(() => Boolean, { description: 'Confirms an e-mail address with the token from the verification mail' })
  async verifyEmail(
    @Arg('token', () => String, { description: 'the token from the verification e-mail' }) token: string,
    @Ctx() ctx: Ctx,
  ) {
    await ctx.services.auth.verifyEmail(ctx.em, parseArgs(verifyEmailCommand, { token }));
    return true;
  }

  @Mutation(() => Boolean, { description: 'Sends a new verification mail if the address has an unverified account' })
  async resendVerificationEmail(
    @Arg('email', () => String, { description: 'the address the account was registered with' }) email: string,
    @Ctx() ctx: Ctx,
  ) {
    await ctx.services.auth.resendVerification(ctx.em, { email: parseInput(emailSchema, email) }, ctx.ip);
    return true;
  }

  @Mutation(() => Profile, { description: 'Starts a cookie session' })
  async login(
    @Arg('input', () => LoginInput, { description: 'the fields: see the input type' }) input: LoginInput,
    @Ctx() ctx: Ctx,
  ) {
    const { user, sessionToken, expiresAt } = await ctx.services.auth.login(
      ctx.em,
      parseArgs(loginCommand, input),
      ctx.ip,
    );
    setSessionCookie(ctx.reply, ctx.services.config, sessionToken, expiresAt);
    return ctx.services.users.profile(user);
  }

  @Mutation(() => Boolean, { description: 'Ends this session (the cookie is cleared)' })
  async logout(@Ctx() ctx: Ctx) {
    await ctx.services.auth.logout(ctx.em, ctx.actor?.sessionTokenHash);
    clearSessionCookie(ctx.reply, ctx.services.config);
    return true;
  }

  @Query(() => AuthStatus, { description: 'Whether this request carries a valid session, and whose' })
  async authStatus(@Ctx() ctx: Ctx) {
    const user = ctx.actor ? ctx.services.users.profile(ctx.actor.user) : null;
    return { loggedIn: Boolean(user), user };
  }

  @Mutation(() => Boolean, {
    description: 'Needs the old password; ends the other sessions and revokes every API token',
  })
  async changePassword(
    @Arg('input', () => ChangePasswordInput, { description: 'the fields: see the input type' })
    input: ChangePasswordInput,
    @Ctx() ctx: Ctx,
  ) {
    const user = requireUser(ctx);
    if (!input.confirmPassword)
      throw new AppError('BAD_USER_INPUT', 'confirmPassword: Password confirmation is required');
    await ctx.services.auth.changePassword(
      ctx.em,
      user,
      parseArgs(changePasswordCommand, input),
      ctx.actor?.sessionTokenHash,
    );
    return true;
  }
}
