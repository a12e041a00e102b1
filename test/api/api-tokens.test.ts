import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiToken } from '../../api/src/modules/api-tokens/api-token.entity';
import { gqlCode, TestClient } from './support/client';
import { buildUser, type TestUser } from './support/factories';
import { startTestServer, type TestServer } from './support/server';

let server: TestServer;
let alice: TestUser;
beforeAll(async () => {
  server = await startTestServer();
  alice = await buildUser(server);
});
afterAll(async () => {
  await server?.close();
});

const CREATE = `mutation($i: CreateApiTokenInput!) { createApiToken(input: $i) { token apiToken { id name prefix } } }`;

describe('personal API tokens', () => {
  it('is shown once, stored hashed, accepted as Bearer on /graphql, and stops working when revoked', async () => {
    const created = await alice.client.gql<{
      createApiToken: { token: string; apiToken: { id: string; prefix: string } };
    }>(CREATE, {
      i: { name: 'CRM sync' },
    });
    const { token, apiToken } = created.data!.createApiToken;
    expect(token).toMatch(/^prl_[A-Za-z0-9_-]{40,}$/);
    expect(token.startsWith(apiToken.prefix)).toBe(true);

    const row = await server.db.orm.em.fork().findOneOrFail(ApiToken, { id: apiToken.id });
    expect(row.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(token);

    // the listing never shows the secret again
    const list = await alice.client.gql<{ apiTokens: Record<string, unknown>[] }>(
      `{ apiTokens { id name prefix lastUsedAt revokedAt } }`,
    );
    expect(JSON.stringify(list.data)).not.toContain(token);

    const integrator = new TestClient(server.url);
    integrator.bearer = token;
    const me = await integrator.gql<{ me: { username: string } }>(`{ me { username } }`);
    expect(me.data?.me.username).toBe(alice.username);
    const keys = await integrator.gql<{ keys: unknown[] }>(`{ keys { id } }`);
    expect(keys.data?.keys).toEqual([]);

    // a token cannot mint more tokens or revoke them
    expect(gqlCode(await integrator.gql(CREATE, { i: { name: 'more' } }))).toBe('FORBIDDEN');

    const revoke = await alice.client.gql(`mutation($id: ID!) { revokeApiToken(id: $id) }`, { id: apiToken.id });
    expect(revoke.data).toEqual({ revokeApiToken: true });
    const after = await integrator.gql(`{ me { username } }`);
    expect(after.status).toBe(401);
    expect(gqlCode(after)).toBe('UNAUTHENTICATED');
  });

  it('rejects an unknown bearer token on GraphQL and REST alike', async () => {
    const c = new TestClient(server.url);
    c.bearer = 'prl_not-a-real-token';
    expect((await c.gql(`{ authStatus { loggedIn } }`)).status).toBe(401);
    const rest = await c.rest('GET', '/v1/auth/user/getUser');
    expect(rest.status).toBe(401);
    expect(rest.body.error?.code).toBe('UNAUTHENTICATED');
  });

  it('are all revoked when the password changes, over REST and GraphQL (finding 9)', async () => {
    const u = await buildUser(server);
    const bearerFor = async (name: string) => {
      const c = new TestClient(server.url);
      c.bearer = (
        await u.client.gql<{ createApiToken: { token: string } }>(CREATE, { i: { name } })
      ).data!.createApiToken.token;
      expect((await c.gql<{ me: { id: string } }>(`{ me { id } }`)).data?.me.id).toBe(u.id);
      return c;
    };
    const first = await bearerFor('first');
    const second = await bearerFor('second');

    // a wrong old password changes nothing
    const wrong = await u.client.rest('POST', '/v1/auth/changePassword', {
      oldPassword: 'nottheone1',
      newPassword: 'newpass123',
    });
    expect(wrong.status).toBe(400);
    expect((await first.rest('GET', '/v1/auth/user/getUser')).status).toBe(200);

    const changed = await u.client.rest('POST', '/v1/auth/changePassword', {
      oldPassword: u.password,
      newPassword: 'newpass123',
    });
    expect(changed.status).toBe(200);
    for (const c of [first, second]) {
      const rest = await c.rest('GET', '/v1/auth/user/getUser');
      expect(rest.status).toBe(401);
      expect(rest.body.error?.code).toBe('UNAUTHENTICATED');
      expect((await c.gql(`{ me { id } }`)).status).toBe(401);
    }
    const list = await u.client.gql<{ apiTokens: { name: string; revokedAt: string | null }[] }>(
      `{ apiTokens { name revokedAt } }`,
    );
    expect(list.data?.apiTokens.map((t) => [t.name, t.revokedAt !== null])).toEqual([
      ['second', true],
      ['first', true],
    ]);

    // the same through the GraphQL mutation; tokens made afterwards work
    const third = await bearerFor('third');
    const viaGraphql = await u.client.gql(`mutation($i: ChangePasswordInput!) { changePassword(input: $i) }`, {
      i: { oldPassword: 'newpass123', newPassword: 'newer1234', confirmPassword: 'newer1234' },
    });
    expect(viaGraphql.data).toEqual({ changePassword: true });
    expect((await third.gql(`{ me { id } }`)).status).toBe(401);
    expect((await bearerFor('fourth').then((c) => c.gql<{ me: { id: string } }>(`{ me { id } }`))).data?.me.id).toBe(
      u.id,
    );
  });

  it('requires a name', async () => {
    expect(gqlCode(await alice.client.gql(CREATE, { i: { name: ' ' } }))).toBe('BAD_USER_INPUT');
  });
});
