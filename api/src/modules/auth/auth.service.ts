import { hash, verify } from '@node-rs/argon2';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Config } from '../../config';
import { AppError, badInput, conflict, isUniqueViolation, unauthenticated } from '../../shared/errors';
import { newSecret, sha256Hex } from '../../shared/tokens';
import { ApiToken } from '../api-tokens/api-token.entity';
import type { MailService } from '../mail/mail.service';
import { User } from '../users/user.entity';
import { userColumns, userFromRow } from '../users/user-row';
import type {
  ChangePasswordCommand,
  LoginCommand,
  RegisterCommand,
  ResendVerificationCommand,
  VerifyEmailCommand,
} from './auth.schemas';
import { EmailVerification } from './email-verification.entity';
import { LoginThrottle } from './login-throttle';
import { pruneHits, TOO_MANY_ATTEMPTS, takeHits, tryTakeHits } from '../../shared/rate-limit';
import { Session } from './session.entity';

// argon2id, one lane; memory and passes from the configuration (OWASP's baseline by default)
const ARGON2ID = 2; // Algorithm.Argon2id (a const enum)
const VERIFY_TTL_MS = 48 * 3_600_000;
const REGISTER_PER_IP_PER_HOUR = 30;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** Notices one address may get in a day about sign-ups with it (it already has an account). */
const NOTICES_PER_ADDRESS_PER_DAY = 5;
const USERNAME_TAKEN = 'That username is already taken';
/** Verification links one address may be sent again in a day (one mail box, many asking clients). */
const RESENDS_PER_ADDRESS_PER_DAY = 5;

/** A session (expired? last seen over a minute ago?) and its user's row, by the session token's hash. */
export const sessionUserSql = (em: EntityManager) =>
  `select s.expires_at <= now() as "session:expired", s.last_seen_at < now() - interval '1 minute' as "session:stale",
          ${userColumns(em, 'u')}
     from sessions s join users u on u.id = s.user_id where s.token_hash = ?`;

export type LoginResult = { user: User; sessionToken: string; expiresAt: Date };

/** Room invitation links (the rooms module): who a link was sent to, and accepting it. */
export type InviteLinks = {
  pendingEmail(em: EntityManager, token: string): Promise<string | null>;
  accept(em: EntityManager, token: string, user: User): Promise<void>;
};

export class AuthService {
  private readonly throttle: LoginThrottle;
  // verifying against a real hash of this server's cost keeps unknown usernames as slow as wrong passwords
  private dummyHash: Promise<string> | undefined;

  constructor(
    private readonly config: Config,
    private readonly mail: MailService,
    private readonly invites?: InviteLinks,
  ) {
    this.throttle = new LoginThrottle(config.login);
  }

  hashPassword(password: string): Promise<string> {
    const { memoryKib, passes } = this.config.passwordHash;
    return hash(password, { algorithm: ARGON2ID, memoryCost: memoryKib, timeCost: passes, parallelism: 1 });
  }

  /**
   * Creates an account. An address that already has one answers exactly like a new sign-up (the
   * same result, the same kind of work), so sign-up cannot tell who has an account; the address's
   * owner gets a notice instead of a verification link. A taken username is said, as it must be
   * for the person to choose another.
   */
  async register(em: EntityManager, input: RegisterCommand, ip: string): Promise<{ user: User; guest: boolean }> {
    if (await this.usernameTaken(em, input.username)) throw conflict(USERNAME_TAKEN);
    const invited = input.invite ? await this.invites?.pendingEmail(em, input.invite) : null;
    if (input.invite && invited !== input.email) {
      throw badInput('This invitation link is not valid (any more) for this e-mail address', [
        { path: 'invite', message: 'not valid for this e-mail address' },
      ]);
    }
    // only the invitation link's holder gets here: the link was mailed to this very address
    if (invited && (await em.count(User, { email: input.email })))
      throw conflict('This e-mail address already has an account: log in to accept the invitation');
    await takeHits(em, [
      {
        bucket: `register:ip:${ip}`,
        max: REGISTER_PER_IP_PER_HOUR,
        windowMs: HOUR_MS,
        message: TOO_MANY_ATTEMPTS,
      },
    ]);
    const passwordHash = await this.hashPassword(input.password);
    try {
      return await em.transactional(async (tx) => {
        const owner = await tx.findOne(User, { email: input.email });
        if (owner) return this.signUpWithTakenAddress(tx, owner, input, passwordHash);
        const user = tx.create(User, {
          username: input.username,
          email: input.email,
          passwordHash,
          nickname: input.username,
          ...(invited ? { guest: true, emailVerifiedAt: new Date() } : {}),
        });
        // an invitation link (clean rooms) creates guest accounts; an ordinary sign-up verifies first
        if (invited) await this.invites!.accept(tx, input.invite!, user);
        else await this.sendVerification(tx, user);
        await tx.flush();
        return { user, guest: user.guest };
      });
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      // two sign-ups raced for the same name or address: the unique indexes decided
      if (invited || (await this.usernameTaken(em.fork(), input.username))) throw conflict(USERNAME_TAKEN);
      const fresh = em.fork();
      return fresh.transactional(async (tx) =>
        this.signUpWithTakenAddress(tx, await tx.findOneOrFail(User, { email: input.email }), input, passwordHash),
      );
    }
  }

  private async usernameTaken(em: EntityManager, username: string): Promise<boolean> {
    const [{ taken }] = await em.execute<{ taken: boolean }[]>(
      'select exists(select 1 from users where lower(username) = lower(?)) as taken',
      [username],
    );
    return taken;
  }

  /**
   * A sign-up with an address that has an account: the answer a new account would get (an unsaved
   * user that is never stored), and a notice to the address's owner, at most
   * NOTICES_PER_ADDRESS_PER_DAY a day so sign-ups cannot flood a mail box.
   */
  private async signUpWithTakenAddress(
    tx: EntityManager,
    owner: User,
    input: RegisterCommand,
    passwordHash: string,
  ): Promise<{ user: User; guest: boolean }> {
    const { refused } = await tryTakeHits(tx, [
      { bucket: `register:notice:${owner.email}`, max: NOTICES_PER_ADDRESS_PER_DAY, windowMs: DAY_MS, message: '' },
    ]);
    if (!refused) {
      this.mail.enqueue(tx, {
        to: owner.email,
        kind: 'sign-up-with-taken-address',
        subject: 'Someone tried to sign up to Parley with your e-mail address',
        text: `Hello ${owner.nickname},\n\nSomeone, maybe you, tried to create a new Parley account with this e-mail address. It already has an account, so no new one was made.\n\nIf it was you: log in as ${owner.username} at ${this.config.publicUrl}/auth/login-page\nIf it was not you, ignore this mail: nothing has changed.\n`,
      });
    }
    const user = Object.assign(new User(), {
      username: input.username,
      email: input.email,
      passwordHash,
      nickname: input.username,
    });
    return { user, guest: false };
  }

  private async sendVerification(em: EntityManager, user: User) {
    const token = newSecret();
    em.create(EmailVerification, {
      tokenHash: sha256Hex(token),
      user,
      expiresAt: new Date(Date.now() + VERIFY_TTL_MS),
    });
    const link = `${this.config.publicUrl}/auth/verify-email?token=${encodeURIComponent(token)}`;
    this.mail.enqueue(em, {
      to: user.email,
      kind: 'verify-email',
      subject: 'Verify your Parley e-mail address',
      text: `Hello ${user.nickname},\n\nPlease verify your e-mail address to start using Parley:\n${link}\n\nThe link is valid for 48 hours. If you did not sign up, ignore this mail.\n`,
    });
  }

  /**
   * Sends a fresh verification link. Always succeeds silently, so it cannot probe for accounts: 10
   * asks an hour per client address, and at most RESENDS_PER_ADDRESS_PER_DAY links to one address
   * (asks beyond that send nothing, whether or not the address has an account). Both counts are
   * taken with the mail in one transaction, so parallel asks never send more.
   */
  async resendVerification(em: EntityManager, { email }: ResendVerificationCommand, ip: string): Promise<void> {
    await em.transactional(async (tx) => {
      await takeHits(tx, [
        {
          bucket: `verify-resend:${ip}`,
          max: 10,
          windowMs: HOUR_MS,
          message: TOO_MANY_ATTEMPTS,
        },
      ]);
      const { refused } = await tryTakeHits(tx, [
        { bucket: `verify-resend:to:${email}`, max: RESENDS_PER_ADDRESS_PER_DAY, windowMs: DAY_MS, message: '' },
      ]);
      if (refused) return;
      const user = await tx.findOne(User, { email });
      if (user && !user.emailVerifiedAt && !user.guest) await this.sendVerification(tx, user);
    });
  }

  async verifyEmail(em: EntityManager, { token }: VerifyEmailCommand): Promise<User> {
    return em.transactional(async (tx) => {
      const record = await tx.findOne(EmailVerification, { tokenHash: sha256Hex(token) }, { populate: ['user'] });
      if (!record || record.usedAt || record.expiresAt < new Date()) {
        throw new AppError('BAD_USER_INPUT', 'This verification link is invalid or has expired');
      }
      record.usedAt = new Date();
      record.user.emailVerifiedAt ??= new Date();
      return record.user;
    });
  }

  async login(em: EntityManager, input: LoginCommand, ip: string): Promise<LoginResult> {
    const user = await em
      .createQueryBuilder(User, 'u')
      .where('lower(u.username) = lower(?) or u.email = lower(?)', [input.username, input.username])
      .getSingleResult();
    // one bucket per account, whether the name given was the username or the e-mail address; a name
    // without an account has a bucket of its own and is throttled the same way
    const accountKey = user ? `user:${user.id}` : `name:${sha256Hex(input.username.toLowerCase()).slice(0, 32)}`;
    const attempt = await this.throttle.begin(em, accountKey, ip);
    const ok = await verify(
      user?.passwordHash ?? (await (this.dummyHash ??= this.hashPassword(newSecret()))),
      input.password,
    );
    if (!user || !ok) {
      if (Math.random() < 0.05) await pruneHits(em, 24 * 3_600_000);
      throw unauthenticated('Invalid username or password');
    }
    await this.throttle.succeeded(em, attempt);
    if (!user.emailVerifiedAt && !user.guest) {
      throw new AppError('EMAIL_NOT_VERIFIED', 'Please verify your e-mail address before logging in');
    }
    const sessionToken = newSecret();
    const expiresAt = new Date(Date.now() + this.config.sessionTtlMs);
    em.create(Session, { tokenHash: sha256Hex(sessionToken), user, expiresAt });
    await em.flush();
    return { user, sessionToken, expiresAt };
  }

  async logout(em: EntityManager, sessionTokenHash: string | undefined): Promise<void> {
    if (sessionTokenHash) await em.nativeDelete(Session, { tokenHash: sessionTokenHash });
  }

  /** The user behind a session cookie, or null when it is unknown or expired. */
  async resolveSession(em: EntityManager, token: string): Promise<{ user: User; tokenHash: string } | null> {
    const tokenHash = sha256Hex(token);
    // one statement on the primary keys: this runs on every authenticated request
    const [row] = await em.execute<Record<string, unknown>[]>(sessionUserSql(em), [tokenHash]);
    if (!row) return null;
    const { 'session:expired': expired, 'session:stale': stale, ...user } = row;
    if (expired) {
      await em.nativeDelete(Session, { tokenHash });
      return null;
    }
    // touch at most once a minute: a write per request would be wasted I/O
    if (stale) await em.nativeUpdate(Session, { tokenHash }, { lastSeenAt: new Date() });
    return { user: userFromRow(em, user), tokenHash };
  }

  async changePassword(
    em: EntityManager,
    user: User,
    input: ChangePasswordCommand,
    keepSessionHash?: string,
  ): Promise<void> {
    if (!(await verify(user.passwordHash, input.oldPassword))) {
      throw new AppError('BAD_USER_INPUT', 'Old password is incorrect', [
        { path: 'oldPassword', message: 'Old password is incorrect' },
      ]);
    }
    const passwordHash = await this.hashPassword(input.newPassword);
    await em.transactional(async (tx) => {
      await tx.nativeUpdate(User, { id: user.id }, { passwordHash, passwordChangedAt: new Date() });
      // other devices must log in again with the new password
      await tx.nativeDelete(Session, {
        user: user.id,
        ...(keepSessionHash ? { tokenHash: { $ne: keepSessionHash } } : {}),
      });
      // and API tokens made under the old password stop working (a leaked one must not outlive it)
      await tx.nativeUpdate(ApiToken, { user: user.id, revokedAt: null }, { revokedAt: new Date() });
    });
    user.passwordHash = passwordHash;
  }
}
