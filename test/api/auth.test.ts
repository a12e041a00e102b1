import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../api/src/modules/auth/session-cookie';
import { OutboxMail } from '../../api/src/modules/mail/outbox-mail.entity';
import { User } from '../../api/src/modules/users/user.entity';
import { gqlCode, TestClient } from './support/client';
import { buildUser, buildUserInput, verificationToken } from './support/factories';
import { startTestServer, type TestServer } from './support/server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const REGISTER = `mutation($input: RegisterInput!) { register(input: $input) { guest user { id username email nickname emailVerified credit } } }`;
const LOGIN = `mutation($input: LoginInput!) { login(input: $input) { id username nickname } }`;
const STATUS = `{ authStatus { loggedIn user { username } } }`;

describe('registration, verification, login, logout over REST', () => {
  it('walks the whole account life cycle', async () => {
    const c = new TestClient(server.url);
    const input = buildUserInput({ username: 'RestAlice', email: 'Rest.Alice@Example.test' });
    const reg = await c.rest<{ guest: boolean; user: { email: string; credit: number } }>(
      'POST',
      '/v1/auth/register',
      input,
    );
    expect(reg.status).toBe(200);
    expect(reg.body.result).toMatchObject({ guest: false, user: { email: 'rest.alice@example.test', credit: 0 } });

    // ordinary sign-ups must verify before the first login
    const early = await c.rest('POST', '/v1/auth/login', { username: input.username, password: input.password });
    expect(early.status).toBe(403);
    expect(early.body.error?.code).toBe('EMAIL_NOT_VERIFIED');
    expect(c.cookie(SESSION_COOKIE)).toBeUndefined();

    const token = await verificationToken(server, input.email);
    expect((await c.rest('POST', '/v1/auth/verifyEmail', { token })).status).toBe(200);
    // a verification link works once
    expect((await c.rest('POST', '/v1/auth/verifyEmail', { token })).body.error?.code).toBe('BAD_USER_INPUT');

    const login = await c.rest<{ username: string }>('POST', '/v1/auth/login', {
      username: 'restalice',
      password: input.password,
    });
    expect(login.status).toBe(200);
    expect(login.body.result?.username).toBe('RestAlice');
    const setCookie = (await c.fetch('/v1/auth/status')).headers.get('set-cookie');
    expect(setCookie).toBeNull(); // status does not re-issue the cookie
    expect(c.cookie(SESSION_COOKIE)).toBeTruthy();

    const status = await c.rest<{ loggedIn: boolean; user: { username: string } }>('GET', '/v1/auth/status');
    expect(status.body.result).toMatchObject({ loggedIn: true, user: { username: 'RestAlice' } });
    const me = await c.rest<{ user_id: string; nickname: string; credit: number }>('GET', '/v1/auth/user/getUser');
    expect(me.body.result).toMatchObject({ nickname: 'RestAlice', credit: 0 });
    expect(me.body.result?.user_id).toBe(reg.body.result && (reg.body.result.user as { id?: string }).id);

    expect((await c.rest('POST', '/v1/auth/logout')).status).toBe(200);
    expect((await c.rest<{ loggedIn: boolean }>('GET', '/v1/auth/status')).body.result?.loggedIn).toBe(false);
    expect((await c.rest('GET', '/v1/auth/user/getUser')).status).toBe(401);
  });

  it('sends one address at most 5 new verification links a day, answering the same either way', async () => {
    const c = new TestClient(server.url);
    const input = buildUserInput();
    expect((await c.rest('POST', '/v1/auth/register', input)).status).toBe(200);
    const mails = async (to: string) =>
      (
        await server.db.orm.em
          .fork()
          .getConnection()
          .execute<{ n: number }[]>(`select count(*)::int as n from mail_outbox where to_address = ?`, [to])
      )[0].n;
    const email = input.email.toLowerCase();
    expect(await mails(email)).toBe(1);
    // a few clients (the per-address limit holds whoever asks)
    const clients = [new TestClient(server.url), new TestClient(server.url)];
    for (let i = 0; i < 7; i++) {
      const res = await clients[i % 2].rest('POST', '/v1/auth/resendVerification', { email: input.email });
      expect([res.status, res.body.result]).toEqual([200, true]);
    }
    expect(await mails(email)).toBe(6);
    // an address without an account answers the same
    const nobody = await c.rest('POST', '/v1/auth/resendVerification', { email: 'nobody-here@example.test' });
    expect([nobody.status, nobody.body.result]).toEqual([200, true]);
  });

  it('sets an httpOnly SameSite session cookie that is not Secure outside production', async () => {
    const u = await buildUser(server);
    const res = await fetch(`${server.url}/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: u.username, password: u.password }),
    });
    const cookie = res.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(new RegExp(`^${SESSION_COOKIE}=`));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i);
  });

  it('rejects a wrong password and an unknown user with the same message', async () => {
    const u = await buildUser(server);
    const c = new TestClient(server.url);
    const wrong = await c.rest('POST', '/v1/auth/login', { username: u.username, password: 'wrongpass1' });
    const unknown = await c.rest('POST', '/v1/auth/login', { username: 'nobody-here', password: 'wrongpass1' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error).toEqual({ code: 'UNAUTHENTICATED', message: 'Invalid username or password' });
    expect(unknown.body.error).toEqual(wrong.body.error);
  });

  it('refuses a taken username (any case); a taken e-mail answers like a new sign-up and mails its owner (issue 27)', async () => {
    const u = await buildUser(server);
    const c = new TestClient(server.url);
    const dupName = await c.rest('POST', '/v1/auth/register', buildUserInput({ username: u.username.toUpperCase() }));
    expect(dupName.status).toBe(409);
    expect(dupName.body.error).toEqual({ code: 'CONFLICT', message: 'That username is already taken' });

    const mails = (kind: string) => server.db.orm.em.fork().count(OutboxMail, { toAddress: u.email, kind });
    const users = () => server.db.orm.em.fork().count(User, {});
    const before = { users: await users(), verify: await mails('verify-email') };
    const fresh = await c.rest<{ guest: boolean; user: Record<string, unknown> }>(
      'POST',
      '/v1/auth/register',
      buildUserInput(),
    );
    const takenInput = buildUserInput({ email: u.email.toUpperCase() });
    const taken = await c.rest<{ guest: boolean; user: Record<string, unknown> }>(
      'POST',
      '/v1/auth/register',
      takenInput,
    );
    // the same answer: status, shape, and every value that is not the caller's own input or new
    const generic = (r: typeof fresh) => ({
      status: r.status,
      guest: r.body.result?.guest,
      user: Object.fromEntries(
        Object.entries(r.body.result?.user ?? {}).map(([k, v]) => [
          k,
          ['id', 'username', 'email', 'nickname', 'createdAt'].includes(k) ? typeof v : v,
        ]),
      ),
    });
    expect(generic(taken)).toEqual(generic(fresh));
    expect(generic(taken)).toMatchObject({ status: 200, guest: false, user: { emailVerified: false, credit: 0 } });
    expect(taken.body.result!.user.email).toBe(u.email);
    expect(taken.body.result!.user.username).toBe(takenInput.username);
    // nothing was made: one account more (the fresh one), no verification link to the owner, who
    // is told instead; the made-up name cannot log in
    expect(await users()).toBe(before.users + 1);
    expect(await mails('verify-email')).toBe(before.verify);
    expect(await mails('sign-up-with-taken-address')).toBe(1);
    const notice = await server.db.orm.em
      .fork()
      .findOneOrFail(OutboxMail, { toAddress: u.email, kind: 'sign-up-with-taken-address' });
    expect(notice.text).toContain(`log in as ${u.username}`);
    const login = await c.rest('POST', '/v1/auth/login', {
      username: takenInput.username,
      password: takenInput.password,
    });
    expect(login.status).toBe(401);
    // and the owner still logs in as before
    expect((await c.rest('POST', '/v1/auth/login', { username: u.username, password: u.password })).status).toBe(200);
  });

  it('enforces the password rule: letters and digits, at least 6', async () => {
    const c = new TestClient(server.url);
    for (const password of ['abc12', 'has space1', 'sym!bol12', 'x'.repeat(129)]) {
      const res = await c.rest('POST', '/v1/auth/register', buildUserInput({ password }));
      expect(res.status, password).toBe(400);
      expect(res.body.error?.code).toBe('BAD_USER_INPUT');
    }
  });

  it('changes the password only with the right old password and ends other sessions', async () => {
    const u = await buildUser(server);
    const other = new TestClient(server.url);
    await other.rest('POST', '/v1/auth/login', { username: u.username, password: u.password });
    expect((await other.rest('GET', '/v1/auth/user/getUser')).status).toBe(200);

    const bad = await u.client.rest('POST', '/v1/auth/changePassword', {
      oldPassword: 'nottheone1',
      newPassword: 'newpass123',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error?.message).toBe('Old password is incorrect');
    const mismatch = await u.client.rest('POST', '/v1/auth/changePassword', {
      oldPassword: u.password,
      newPassword: 'newpass123',
      confirmPassword: 'other1234',
    });
    expect(mismatch.status).toBe(400);

    const ok = await u.client.rest('POST', '/v1/auth/changePassword', {
      oldPassword: u.password,
      newPassword: 'newpass123',
    });
    expect(ok.status).toBe(200);
    expect((await u.client.rest('GET', '/v1/auth/user/getUser')).status).toBe(200); // this session stays
    expect((await other.rest('GET', '/v1/auth/user/getUser')).status).toBe(401); // others end
    const c = new TestClient(server.url);
    expect((await c.rest('POST', '/v1/auth/login', { username: u.username, password: u.password })).status).toBe(401);
    expect((await c.rest('POST', '/v1/auth/login', { username: u.username, password: 'newpass123' })).status).toBe(200);
  });

  it('updates the nickname and refuses a blank one', async () => {
    const u = await buildUser(server);
    const ok = await u.client.rest<{ nickname: string }>('PUT', '/v1/auth/user/updateUser', {
      update: { nickname: '  Ally  ' },
    });
    expect(ok.body.result?.nickname).toBe('Ally');
    const blank = await u.client.rest('PUT', '/v1/auth/user/updateUser', { update: { nickname: '   ' } });
    expect(blank.status).toBe(400);
    expect(blank.body.error?.message).toMatch(/Nickname is required/);
    const me = await u.client.rest<{ nickname: string }>('GET', '/v1/auth/user/getUser');
    expect(me.body.result?.nickname).toBe('Ally');
  });

  it('makes a client that failed on an account wait before its next login (see login-throttling.test.ts)', async () => {
    const limited = await startTestServer({ LOGIN_FREE_FAILURES: '3' });
    try {
      const u = await buildUser(limited);
      const c = new TestClient(limited.url);
      for (let i = 0; i < 3; i++) {
        expect((await c.rest('POST', '/v1/auth/login', { username: u.username, password: 'wrongpass1' })).status).toBe(
          401,
        );
      }
      const blocked = await c.rest('POST', '/v1/auth/login', { username: u.username, password: u.password });
      expect(blocked.status).toBe(429);
      expect(blocked.body.error?.code).toBe('RATE_LIMITED');
    } finally {
      await limited.close();
    }
  });
});

describe('the same over GraphQL', () => {
  it('registers, verifies, logs in, reports status, changes password and logs out', async () => {
    const c = new TestClient(server.url);
    const input = buildUserInput();
    const reg = await c.gql<{ register: { guest: boolean; user: { emailVerified: boolean } } }>(REGISTER, { input });
    expect(reg.errors).toBeUndefined();
    expect(reg.data?.register).toMatchObject({ guest: false, user: { emailVerified: false } });

    const early = await c.gql(LOGIN, { input: { username: input.username, password: input.password } });
    expect(gqlCode(early)).toBe('EMAIL_NOT_VERIFIED');

    const token = await verificationToken(server, input.email);
    expect((await c.gql(`mutation($t: String!) { verifyEmail(token: $t) }`, { t: token })).data).toEqual({
      verifyEmail: true,
    });

    const wrong = await c.gql(LOGIN, { input: { username: input.username, password: 'wrongpass9' } });
    expect(gqlCode(wrong)).toBe('UNAUTHENTICATED');
    const login = await c.gql<{ login: { username: string } }>(LOGIN, {
      input: { username: input.username, password: input.password },
    });
    expect(login.data?.login.username).toBe(input.username);
    expect((await c.gql(STATUS)).data).toEqual({ authStatus: { loggedIn: true, user: { username: input.username } } });

    const change = `mutation($i: ChangePasswordInput!) { changePassword(input: $i) }`;
    const mismatch = await c.gql(change, {
      i: { oldPassword: input.password, newPassword: 'newpass123', confirmPassword: 'nope12345' },
    });
    expect(gqlCode(mismatch)).toBe('BAD_USER_INPUT');
    const badOld = await c.gql(change, {
      i: { oldPassword: 'wrong1234', newPassword: 'newpass123', confirmPassword: 'newpass123' },
    });
    expect(gqlCode(badOld)).toBe('BAD_USER_INPUT');
    const ok = await c.gql(change, {
      i: { oldPassword: input.password, newPassword: 'newpass123', confirmPassword: 'newpass123' },
    });
    expect(ok.data).toEqual({ changePassword: true });

    const nick = await c.gql<{ updateProfile: { nickname: string } }>(
      `mutation { updateProfile(input: { nickname: "GraphQL Gal" }) { nickname } }`,
    );
    expect(nick.data?.updateProfile.nickname).toBe('GraphQL Gal');
    expect(gqlCode(await c.gql(`mutation { updateProfile(input: { nickname: "  " }) { nickname } }`))).toBe(
      'BAD_USER_INPUT',
    );

    expect((await c.gql(`mutation { logout }`)).data).toEqual({ logout: true });
    expect((await c.gql(STATUS)).data).toEqual({ authStatus: { loggedIn: false, user: null } });
    expect(gqlCode(await c.gql(`{ me { id } }`))).toBe('UNAUTHENTICATED');
  });

  it('reports a taken username as CONFLICT and answers a taken e-mail like a new sign-up', async () => {
    const u = await buildUser(server);
    const c = new TestClient(server.url);
    expect(gqlCode(await c.gql(REGISTER, { input: buildUserInput({ username: u.username }) }))).toBe('CONFLICT');
    const taken = await c.gql<{ register: { guest: boolean } }>(REGISTER, {
      input: buildUserInput({ email: u.email }),
    });
    expect(taken.errors).toBeUndefined();
    expect(taken.data?.register.guest).toBe(false);
  });

  it('stores passwords as argon2id hashes only, at the configured cost', async () => {
    const u = await buildUser(server);
    const row = await server.db.orm.em.fork().findOneOrFail(User, { id: u.id });
    expect(row.passwordHash).toMatch(/^\$argon2id\$v=19\$m=64,t=1,p=1\$/);
    expect(row.passwordHash).not.toContain(u.password);
  });

  it("hashes at OWASP's baseline cost (19 MiB, 2 passes) when not configured, and such hashes log in", async () => {
    const production = await startTestServer({ PASSWORD_HASH_MEMORY_KIB: '', PASSWORD_HASH_PASSES: '' });
    try {
      const u = await buildUser(production);
      const row = await production.db.orm.em.fork().findOneOrFail(User, { id: u.id });
      expect(row.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      const login = await new TestClient(production.url).rest('POST', '/v1/auth/login', {
        username: u.username,
        password: u.password,
      });
      expect(login.status).toBe(200);
    } finally {
      await production.close();
    }
  });
});
