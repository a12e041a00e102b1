import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressKey, delayAfter } from '../../api/src/modules/auth/login-throttle';
import { gqlCode, TestClient, type GqlResult } from './support/client';
import { buildUser, type TestUser } from './support/factories';
import { startTestServer, type TestServer } from './support/server';

// Finding 10 of issue 14: throttling per account and client address with growing delays, one
// bucket per account whatever the login form, never a refusal of the right password from an
// address that has not failed. Client addresses come from X-Forwarded-For (TRUST_PROXY).

const FREE = 3;
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: 'true', LOGIN_FREE_FAILURES: String(FREE) });
});
afterAll(async () => {
  await server?.close();
});

let addressSeq = 0;
const freshAddress = () => `198.51.100.${++addressSeq}`;

type LoginAnswer = { status: number; code?: string; message?: string; retryAfter: string | null };

async function login(address: string, username: string, password: string): Promise<LoginAnswer> {
  const res = await new TestClient(server.url).fetch('/v1/auth/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify({ username, password }),
  });
  const body = (await res.json()) as { error?: { code: string; message: string } };
  return { status: res.status, ...body.error, retryAfter: res.headers.get('retry-after') };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function failTimes(address: string, username: string, times: number) {
  for (let i = 0; i < times; i++) expect((await login(address, username, 'wrongpass1')).status).toBe(401);
}

describe('login throttling', () => {
  let alice: TestUser;
  beforeAll(async () => {
    alice = await buildUser(server);
  });

  it('never refuses the right password from an address that has not failed, however often others did', async () => {
    const attacker = freshAddress();
    await failTimes(attacker, alice.username, FREE);
    const limited = await login(attacker, alice.username, 'wrongpass1');
    expect(limited.status).toBe(429);
    // more failures from more addresses than the old lockout's 10 per name
    for (let i = 0; i < 12; i++) await failTimes(freshAddress(), alice.username, 1);

    expect((await login(freshAddress(), alice.username, alice.password)).status).toBe(200);
    expect((await login(freshAddress(), alice.email, alice.password)).status).toBe(200);
  });

  it('counts the username and the e-mail form of the login in one bucket per account', async () => {
    const u = await buildUser(server);
    const address = freshAddress();
    await failTimes(address, u.username, FREE - 1);
    await failTimes(address, u.email.toUpperCase(), 1);
    const viaEmail = await login(address, u.email, u.password);
    expect(viaEmail.status).toBe(429);
    expect(viaEmail.code).toBe('RATE_LIMITED');
    expect((await login(address, u.username, u.password)).status).toBe(429);
  });

  it('makes the waits grow, says how long, and forgives the address after the right password', async () => {
    const u = await buildUser(server);
    const address = freshAddress();
    await failTimes(address, u.username, FREE);
    const first = await login(address, u.username, u.password);
    expect(first.status).toBe(429);
    expect(first.retryAfter).toBe('1');
    expect(first.message).toBe('Too many failed logins. Try again in 1 second.');

    await sleep(1100);
    await failTimes(address, u.username, 1);
    const second = await login(address, u.username, 'wrongpass1');
    expect(second.status).toBe(429);
    expect(second.retryAfter).toBe('2');

    await sleep(2100);
    expect((await login(address, u.username, u.password)).status).toBe(200);
    // the failures of this address on this account are forgiven: free failures again
    await failTimes(address, u.username, FREE);
  });

  it('holds back an address that failed on an account many addresses failed on, but not a fresh one', async () => {
    const u = await buildUser(server);
    const addresses = Array.from({ length: FREE * 4 }, freshAddress);
    for (const address of addresses) await failTimes(address, u.username, 1);
    const again = await login(addresses[0], u.username, u.password);
    expect(again.status).toBe(429);
    expect(Number(again.retryAfter)).toBeGreaterThanOrEqual(1);
    expect((await login(freshAddress(), u.username, u.password)).status).toBe(200);
  });

  it('holds back an address that fails on many accounts (password spraying) on every account', async () => {
    // made first: the first delay is 1 s, which building a user can outlast on a loaded machine
    const u = await buildUser(server);
    const sprayer = freshAddress();
    for (let i = 0; i < FREE * 10; i++) {
      expect((await login(sprayer, `nobody${i}`, 'wrongpass1')).status).toBe(401);
    }
    expect((await login(sprayer, u.username, u.password)).status).toBe(429);
    expect((await login(freshAddress(), u.username, u.password)).status).toBe(200);
  });

  it('answers a name without an account exactly like an account (no enumeration)', async () => {
    const address = freshAddress();
    await failTimes(address, 'no-such-user', FREE);
    const unknown = await login(address, 'no-such-user', 'wrongpass1');
    const u = await buildUser(server);
    await failTimes(address, u.username, FREE);
    const known = await login(address, u.username, 'wrongpass1');
    expect(unknown).toEqual(known);
  });

  it('counts parallel guesses before their passwords are checked', async () => {
    const u = await buildUser(server);
    const address = freshAddress();
    const answers = await Promise.all(Array.from({ length: 10 }, () => login(address, u.username, 'wrongpass1')));
    expect(answers.filter((a) => a.status === 401)).toHaveLength(FREE);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(10 - FREE);
  });

  it('throttles the GraphQL login the same way, with the wait in extensions', async () => {
    const u = await buildUser(server);
    const address = freshAddress();
    const gqlLogin = async (password: string) => {
      const res = await fetch(`${server.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
        body: JSON.stringify({
          query: `mutation($i: LoginInput!) { login(input: $i) { id } }`,
          variables: { i: { username: u.email, password } },
        }),
      });
      const json = (await res.json()) as Omit<GqlResult<unknown>, 'status'>;
      return { status: res.status, data: json.data ?? null, errors: json.errors };
    };
    for (let i = 0; i < FREE; i++) expect(gqlCode(await gqlLogin('wrongpass1'))).toBe('UNAUTHENTICATED');
    const limited = await gqlLogin(u.password);
    expect(gqlCode(limited)).toBe('RATE_LIMITED');
    expect(limited.errors?.[0].extensions?.retryAfter).toBe(1);
    // and the REST form of the same account from the same address waits too
    expect((await login(address, u.username, u.password)).status).toBe(429);
  });
});

describe('login throttling rules', () => {
  it('delays nothing while failures are free, then 1 s doubling up to the cap', () => {
    const max = 15 * 60_000;
    expect([0, 2, 3, 4, 5, 6].map((n) => delayAfter(n, 3, max))).toEqual([0, 0, 1000, 2000, 4000, 8000]);
    expect(delayAfter(30, 3, max)).toBe(max);
    expect(delayAfter(10_000, 3, max)).toBe(max);
  });

  it('counts IPv4 addresses as they are and IPv6 addresses by their /64', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('not an address')).toBe('unknown');
  });
});

describe('behind a proxy that appends to X-Forwarded-For (TRUST_PROXY names the proxy)', () => {
  // The test client's connection comes from 127.0.0.1: it plays the proxy, which appends the
  // address it saw (203.0.113.9) to whatever the client wrote in the header.
  let proxied: TestServer;
  beforeAll(async () => {
    proxied = await startTestServer({ TRUST_PROXY: '127.0.0.1,::1', LOGIN_FREE_FAILURES: String(FREE) });
  });
  afterAll(async () => {
    await proxied?.close();
  });

  const loginVia = async (forwardedFor: string, username: string, password: string) =>
    (
      await new TestClient(proxied.url).fetch('/v1/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
        body: JSON.stringify({ username, password }),
      })
    ).status;

  it('counts the address the proxy saw, however the client fills the header', async () => {
    const u = await buildUser(proxied);
    for (let i = 0; i < FREE; i++) {
      expect(await loginVia(`192.0.2.${i + 1}, 203.0.113.9`, u.username, 'wrongpass1')).toBe(401);
    }
    // a fresh made-up first address does not make a fresh client
    expect(await loginVia('192.0.2.200, 203.0.113.9', u.username, u.password)).toBe(429);
    // another real client is not held back
    expect(await loginVia('192.0.2.1, 203.0.113.10', u.username, u.password)).toBe(200);
  });
});
