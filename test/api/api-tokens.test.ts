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

  it('requires a name', async () => {
    expect(gqlCode(await alice.client.gql(CREATE, { i: { name: ' ' } }))).toBe('BAD_USER_INPUT');
  });
});
