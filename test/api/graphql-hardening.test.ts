import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

describe('GraphQL hardening', () => {
  it('blocks CSRF-able requests: simple content type or GET without a preflight header', async () => {
    const form = await alice.client.fetch('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify({ query: 'mutation { logout }' }),
    });
    expect(form.status).toBe(400);
    const get = await alice.client.fetch(`/graphql?query=${encodeURIComponent('{ me { id } }')}`);
    expect(get.status).toBe(400);
    // the session survived both attempts
    expect((await alice.client.gql<{ me: { id: string } }>(`{ me { id } }`)).data?.me.id).toBe(alice.id);
  });

  it('limits depth, aliases and cost with stable codes', async () => {
    const strict = await startTestServer({ GRAPHQL_MAX_DEPTH: '2', GRAPHQL_MAX_ALIASES: '3', GRAPHQL_MAX_COST: '50' });
    try {
      const u = await buildUser(strict);
      const deep = await u.client.gql(`{ authStatus { user { id } } }`);
      expect(deep.status).toBe(400);
      expect(gqlCode(deep)).toBe('QUERY_TOO_DEEP');
      expect((await u.client.gql(`{ authStatus { loggedIn } }`)).errors).toBeUndefined();

      const aliases = Array.from({ length: 4 }, (_, i) => `a${i}: authStatus { loggedIn }`).join(' ');
      expect(gqlCode(await u.client.gql(`{ ${aliases} }`))).toBe('TOO_MANY_ALIASES');

      // list fields weigh their children ten times: 1 + 10*4 + 1 + 10*1 = 52 > 50
      const costly = await u.client.gql(`{ keys { id title publicKey createdAt } notifications { id } }`);
      expect(gqlCode(costly)).toBe('QUERY_TOO_COMPLEX');
      expect((await u.client.gql(`{ keys { id title publicKey createdAt } }`)).errors).toBeUndefined();

      // fragments count as if inlined
      const viaFragment = await u.client.gql(`query { authStatus { ...S } } fragment S on AuthStatus { user { id } }`);
      expect(gqlCode(viaFragment)).toBe('QUERY_TOO_DEEP');
    } finally {
      await strict.close();
    }
  });

  it('lets introspection through (tools send deep introspection queries)', async () => {
    let inner = 'name';
    for (let i = 0; i < 12; i++) inner = `ofType { ${inner} }`;
    const res = await alice.client.gql(`{ __schema { types { fields { type { ${inner} } } } } }`);
    expect(res.errors).toBeUndefined();
  });

  it('accepts ordinary queries within the limits', async () => {
    const res = await alice.client.gql(
      `{ me { id nickname } keys { id } notifications { id } authStatus { loggedIn } }`,
    );
    expect(res.errors).toBeUndefined();
  });

  it('never sends stack traces and keeps stable codes', async () => {
    const res = await new TestClient(server.url).gql(`{ me { id } }`);
    expect(gqlCode(res)).toBe('UNAUTHENTICATED');
    expect(JSON.stringify(res)).not.toMatch(/stacktrace|at \w+ \(/);
    const parse = await alice.client.gql(`{ me { `);
    expect(gqlCode(parse)).toBe('GRAPHQL_PARSE_FAILED');
    const unknown = await alice.client.gql(`{ nope }`);
    expect(gqlCode(unknown)).toBe('GRAPHQL_VALIDATION_FAILED');
  });

  it('serves health and the OpenAPI document', async () => {
    const health = await fetch(`${server.url}/healthz`);
    expect(await health.json()).toEqual({ status: 'ok' });
    const doc = (await (await fetch(`${server.url}/v1/openapi.json`)).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    expect(doc.paths['/v1/auth/user/createkey'].post).toBeDefined();
    expect(doc.paths['/v1/auth/user/deleteNotification'].delete).toBeDefined();
  });
});
