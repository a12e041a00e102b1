import { getIntrospectionQuery } from 'graphql';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gqlCode, TestClient, type GqlResult } from './support/client';
import { dbSnapshot } from './support/db-snapshot';
import { buildUser, PNG_1X1, type TestUser } from './support/factories';
import { buildKey, collectionBody, createRequest, surveyBody, unverifiedEscrow } from './support/requests';
import { startTestServer, type TestServer } from './support/server';

// Regression tests for the findings of the outside probe (issue 14), one describe each.

let server: TestServer;
let alice: TestUser;
let logs = '';
beforeAll(async () => {
  const stream = new PassThrough();
  stream.on('data', (d) => (logs += String(d)));
  server = await startTestServer({ LOG_LEVEL: 'warn' }, stream);
  alice = await buildUser(server);
});
afterAll(async () => {
  await server?.close();
});

const errorLines = () =>
  logs
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { level: number; msg: string })
    .filter((l) => l.level >= 50);

async function gqlJson(res: Response): Promise<GqlResult> {
  const json = (await res.json()) as Omit<GqlResult, 'status'>;
  return { status: res.status, data: json.data ?? null, errors: json.errors };
}

describe('finding 1: introspection is counted in the limits and off in production', () => {
  it('refuses aliased __schema fields like any other aliases', async () => {
    const aliases = Array.from({ length: 600 }, (_, i) => `s${i}: __schema { types { name } }`).join(' ');
    const res = await new TestClient(server.url).gql(`{ ${aliases} }`);
    expect(res.status).toBe(400);
    expect(res.errors?.map((e) => e.extensions?.code)).toContain('TOO_MANY_ALIASES');
    expect(res.data).toBeNull();
  });

  it('answers the whole schema once per query: two aliased full introspections are refused', async () => {
    const twice = await new TestClient(server.url).gql(
      `{ a: __schema { types { name } } b: __schema { types { name } } }`,
    );
    expect(twice.status).toBe(400);
    expect(twice.errors?.[0].extensions?.code).toBe('QUERY_TOO_COMPLEX');
    expect(twice.errors?.[0].message).toMatch(/__schema 2 times/);
    expect(twice.data).toBeNull();
    // a fragment spread twice counts twice too
    const spread = await new TestClient(server.url).gql(
      `{ ...S x: __type(name: "Query") { name } } fragment S on Query { a: __schema { queryType { name } } b: __schema { queryType { name } } }`,
    );
    expect(spread.errors?.[0].extensions?.code).toBe('QUERY_TOO_COMPLEX');
    // __type stays cheap: tools ask for a few types by name
    const types = await new TestClient(server.url).gql<Record<string, { name: string }>>(
      `{ a: __type(name: "Query") { name } b: __type(name: "Mutation") { name } }`,
    );
    expect(types.errors).toBeUndefined();
    expect(types.data?.b.name).toBe('Mutation');
  });

  it('counts introspection in the cost limit, and lets one full introspection through by default', async () => {
    const strict = await startTestServer({ GRAPHQL_MAX_COST: '100' });
    try {
      const costly = await new TestClient(strict.url).gql(getIntrospectionQuery());
      expect(gqlCode(costly)).toBe('QUERY_TOO_COMPLEX');
    } finally {
      await strict.close();
    }
    // what GraphiQL and codegen tools send, with the default limits (outside production)
    const full = await new TestClient(server.url).gql<{ __schema: { types: unknown[] } }>(getIntrospectionQuery());
    expect(full.errors).toBeUndefined();
    expect(full.data?.__schema.types.length).toBeGreaterThan(10);
  });

  it('in production answers no introspection and suggests no field names, unless configured on', async () => {
    const prod = await startTestServer({ NODE_ENV: 'production' });
    try {
      const c = new TestClient(prod.url);
      const intro = await c.gql(`{ __schema { types { name } } }`);
      expect(intro.status).toBe(400);
      expect(gqlCode(intro)).toBe('GRAPHQL_VALIDATION_FAILED');
      expect((await c.gql(`{ __type(name: "Profile") { name } }`)).data).toBeNull();
      const typo = await c.gql(`{ authStatu { loggedIn } }`);
      expect(gqlCode(typo)).toBe('GRAPHQL_VALIDATION_FAILED');
      expect(JSON.stringify(typo.errors)).not.toMatch(/Did you mean|authStatus/);
    } finally {
      await prod.close();
    }
    const open = await startTestServer({
      NODE_ENV: 'production',
      GRAPHQL_INTROSPECTION: 'true',
      GRAPHQL_FIELD_SUGGESTIONS: 'true',
    });
    try {
      const c = new TestClient(open.url);
      expect((await c.gql(`{ __schema { types { name } } }`)).errors).toBeUndefined();
      expect(JSON.stringify((await c.gql(`{ authStatu { loggedIn } }`)).errors)).toMatch(/Did you mean/);
    } finally {
      await open.close();
    }
  });
});

describe('finding 4: a NUL character anywhere in the input is a 400 and changes nothing', () => {
  it('over REST: in the JSON body (the anonymous login too) and in the query string', async () => {
    const before = await dbSnapshot(server);
    const login = await new TestClient(server.url).rest('POST', '/v1/auth/login', {
      username: 'a\u0000b',
      password: 'secret123',
    });
    expect(login.status).toBe(400);
    expect(login.body.error?.code).toBe('BAD_USER_INPUT');
    expect(login.body.error?.message).toMatch(/NUL/);
    const update = await alice.client.rest('PUT', '/v1/auth/user/updateUser', { update: { nickname: 'x\u0000' } });
    expect(update.status).toBe(400);
    const nested = await alice.client.rest('POST', '/v1/auth/user/createkey', { title: 'k', key: ['\u0000'] });
    expect(nested.status).toBe(400);
    const query = await alice.client.rest('GET', '/v1/request/list', undefined, { page: '1', type: 'a\u0000' });
    expect(query.status).toBe(400);
    expect(query.body.error?.code).toBe('BAD_USER_INPUT');
    expect(await dbSnapshot(server)).toEqual(before);
  });

  it('over GraphQL: in variables and in string literals', async () => {
    const before = await dbSnapshot(server);
    const viaVariable = await new TestClient(server.url).gql(
      `mutation($u: String!) { login(input: { username: $u, password: "secret123" }) { id } }`,
      { u: 'a\u0000b' },
    );
    expect(viaVariable.status).toBe(400);
    expect(gqlCode(viaVariable)).toBe('BAD_USER_INPUT');
    const literal = await alice.client.gql(`mutation { updateProfile(input: { nickname: "a\\u0000b" }) { id } }`);
    expect(literal.status).toBe(400);
    expect(gqlCode(literal)).toBe('BAD_USER_INPUT');
    const block = await alice.client.gql(`mutation { createApiToken(input: { name: "\\u{0}" }) { token } }`);
    expect(gqlCode(block)).toBe('BAD_USER_INPUT');
    expect(await dbSnapshot(server)).toEqual(before);
    // an escaped backslash followed by "u0000" is no NUL
    const plain = await alice.client.gql<{ updateProfile: { nickname: string } }>(
      `mutation { updateProfile(input: { nickname: "a\\\\u0000b" }) { nickname } }`,
    );
    expect(plain.data?.updateProfile.nickname).toBe('a\\u0000b');
  });
});

describe('finding 5: percent-encoded prefixes get the request context like any other path', () => {
  it('REST: GET /%76%31/auth/status knows the session', async () => {
    const res = await alice.client.rest<{ loggedIn: boolean }>('GET', '/%76%31/auth/status');
    expect(res.status).toBe(200);
    expect(res.body.result?.loggedIn).toBe(true);
    const anonymous = await new TestClient(server.url).rest<{ loggedIn: boolean }>('GET', '/%76%31/auth/status');
    expect(anonymous.body.result?.loggedIn).toBe(false);
  });

  it('GraphQL: POST /%67raphql runs with the caller as the caller', async () => {
    const res = await alice.client.fetch('/%67raphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ me { id } }' }),
    });
    const body = await gqlJson(res);
    expect(body.errors).toBeUndefined();
    expect((body.data as { me: { id: string } }).me.id).toBe(alice.id);
    // and an invalid bearer token is refused there as on /graphql
    const bad = await fetch(`${server.url}/%67raphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer prl_nope' },
      body: JSON.stringify({ query: '{ authStatus { loggedIn } }' }),
    });
    expect(bad.status).toBe(401);
    expect(gqlCode(await gqlJson(bad))).toBe('UNAUTHENTICATED');
  });
});

describe('finding 6: a cookie-authenticated write with an Origin that is not a URL is a 403', () => {
  it.each(['null', 'not a url', 'file://', 'chrome-extension://abc'])('Origin: %s', async (origin) => {
    const before = await dbSnapshot(server);
    const res = await alice.client.fetch('/v1/auth/user/updateUser', {
      method: 'PUT',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify({ update: { nickname: 'framed' } }),
    });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('FORBIDDEN');
    expect(await dbSnapshot(server)).toEqual(before);
  });

  it.each(['null', 'https://evil.example'])(
    'GraphQL: a cookie-authenticated mutation with Origin %s',
    async (origin) => {
      const before = await dbSnapshot(server);
      const res = await alice.client.fetch('/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin },
        body: JSON.stringify({
          query: `mutation($i: UpdateProfileInput!) { updateProfile(input: $i) { nickname } }`,
          variables: { i: { nickname: 'framed' } },
        }),
      });
      const body = await gqlJson(res);
      expect([res.status, body.errors?.[0].extensions?.code]).toEqual([403, 'FORBIDDEN']);
      expect(body.data).toBeNull();
      expect(await dbSnapshot(server)).toEqual(before);
    },
  );

  it('still accepts our own origin', async () => {
    const res = await alice.client.fetch('/v1/auth/user/updateUser', {
      method: 'PUT',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify({ update: { nickname: 'Alice' } }),
    });
    expect(res.status).toBe(200);
    const gql = await alice.client.fetch('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify({ query: `mutation { updateProfile(input: { nickname: "Alice" }) { nickname } }` }),
    });
    expect(gql.status).toBe(200);
    expect((await gqlJson(gql)).data).toEqual({ updateProfile: { nickname: 'Alice' } });
  });
});

describe('finding 7: malformed multipart bodies are a 400', () => {
  const part = (name: string, body: string, filename?: string) =>
    `--XX\r\nContent-Disposition: form-data; name="${name}"${filename ? `; filename="${filename}"\r\nContent-Type: image/png` : ''}\r\n\r\n${body}`;
  const operations = JSON.stringify({
    query: 'mutation($file: Upload!) { uploadAvatar(file: $file) { id } }',
    variables: { file: null },
  });
  // label, content type, body, the GraphQL status: a file that breaks off after complete operations
  // fails only once the resolver reads it, and still answers 400
  const cases: [string, string, string, number][] = [
    ['no boundary', 'multipart/form-data', part('operations', operations), 400],
    ['a truncated body', 'multipart/form-data; boundary=XX', part('operations', operations.slice(0, 20)), 400],
    [
      'a truncated file',
      'multipart/form-data; boundary=XX',
      `${part('operations', operations)}\r\n${part('map', '{"0":["variables.file"]}')}\r\n${part('0', 'abc', 'a.png')}`,
      400,
    ],
    ['a broken part header', 'multipart/form-data; boundary=XX', '--XX\r\nContent-Disposition\r\n\r\n', 400],
  ];

  it.each(cases)('on /graphql: %s', async (_label, contentType, body, status) => {
    const before = await dbSnapshot(server);
    const res = await alice.client.fetch('/graphql', {
      method: 'POST',
      headers: { 'content-type': contentType, 'apollo-require-preflight': 'true' },
      body,
    });
    expect(res.status).toBe(status);
    const json = await gqlJson(res);
    expect(gqlCode(json)).toBe('BAD_USER_INPUT');
    expect(json.data).toBeNull();
    expect(await dbSnapshot(server)).toEqual(before);
  });

  it.each(cases)('on the avatar upload: %s', async (_label, contentType, body) => {
    const before = await dbSnapshot(server);
    const res = await alice.client.fetch('/v1/auth/user/uploadAvatar', {
      method: 'POST',
      headers: { 'content-type': contentType },
      body: body.replaceAll('name="0"', 'name="profileImage"'),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('BAD_USER_INPUT');
    expect(await dbSnapshot(server)).toEqual(before);
  });

  it('still takes a well-formed upload', async () => {
    const res = await alice.client.restUpload('/v1/auth/user/uploadAvatar', 'profileImage', {
      name: 'me.png',
      type: 'image/png',
      data: PNG_1X1,
    });
    expect(res.status).toBe(200);
  });
});

describe('finding 11: smaller ones', () => {
  it('a persisted-query hash that does not match the query is a 400, not an internal error in the log', async () => {
    const errorsBefore = errorLines().length;
    const res = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        query: '{ authStatus { loggedIn } }',
        extensions: { persistedQuery: { version: 1, sha256Hash: 'a'.repeat(64) } },
      }),
    });
    expect(res.status).toBe(400);
    const body = await gqlJson(res);
    expect(gqlCode(body)).toBe('BAD_REQUEST');
    expect(body.errors?.[0].message).toBe('provided sha does not match query');
    expect(errorLines().slice(errorsBefore)).toEqual([]);
  });

  it('the production CSP lets the page connect to its own origin and configured services, not to loopback', async () => {
    const dev = (await fetch(`${server.url}/healthz`)).headers.get('content-security-policy');
    expect(dev).toMatch(/connect-src 'self' http:\/\/127\.0\.0\.1:\*/);
    const prod = await startTestServer({ NODE_ENV: 'production', CHAIN_PUBLIC_RPC_URL: 'https://rpc.example.org/v1' });
    try {
      const csp = (await fetch(`${prod.url}/healthz`)).headers.get('content-security-policy') ?? '';
      const connect = /connect-src ([^;]*)/.exec(csp)?.[1];
      expect(connect).toBe("'self' https://rpc.example.org");
    } finally {
      await prod.close();
    }
  });

  it('REST JSON routes refuse a multipart body (a cross-site form can send one) with 415', async () => {
    const form = new FormData();
    form.append('update', JSON.stringify({ nickname: 'formed' }));
    const logout = await alice.client.fetch('/v1/auth/logout', { method: 'POST', body: form });
    expect(logout.status).toBe(415);
    expect(((await logout.json()) as { error: { code: string } }).error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    // the session survived
    const status = await alice.client.rest<{ loggedIn: boolean }>('GET', '/v1/auth/status');
    expect(status.body.result?.loggedIn).toBe(true);
  });
});

describe('found by the fuzz test (test/api/fuzz.test.ts)', () => {
  it('checks a deeply nested body for NUL characters without overflowing the stack', async () => {
    const deep = '['.repeat(20_000) + ']'.repeat(20_000);
    const res = await alice.client.fetch('/v1/auth/user/createkey', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: `{"title":"k","key":${deep}}`,
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('BAD_USER_INPUT');
  });

  it('answers a malformed URL and a request head over 16 kB in the API envelope', async () => {
    const badUrl = await fetch(`${server.url}/v1/auth/login%`, { method: 'POST' });
    expect(badUrl.status).toBe(400);
    expect(await badUrl.json()).toEqual({
      error: { code: 'BAD_USER_INPUT', message: 'The request URL is malformed' },
    });
    const longUrl = await fetch(`${server.url}/v1/auth/status?pad=${'x'.repeat(17_000)}`);
    expect(longUrl.status).toBe(431);
    expect(await longUrl.json()).toEqual({
      error: { code: 'BAD_USER_INPUT', message: 'The request URL or headers are too large' },
    });
  });
});

describe('issue 27: a cookie-authenticated write without Origin is refused when the browser says another site sent it', () => {
  const update = (headers: Record<string, string>) =>
    alice.client.fetch('/v1/auth/user/updateUser', {
      method: 'PUT',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ update: { nickname: 'framed' } }),
    });
  const mutate = (headers: Record<string, string>) =>
    alice.client.fetch('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ query: `mutation { updateProfile(input: { nickname: "framed" }) { nickname } }` }),
    });

  it.each<Record<string, string>>([
    { 'sec-fetch-site': 'cross-site' },
    { 'sec-fetch-site': 'same-site' },
    { referer: 'https://evil.example/page' },
    { referer: 'not a url' },
    { 'sec-fetch-site': 'same-origin', referer: 'https://evil.example/' },
  ])('%o', async (headers) => {
    const before = await dbSnapshot(server);
    const rest = await update(headers);
    expect(rest.status).toBe(403);
    expect(((await rest.json()) as { error: { code: string } }).error.code).toBe('FORBIDDEN');
    const gql = await gqlJson(await mutate(headers));
    expect([gql.status, gql.errors?.[0].extensions?.code]).toEqual([403, 'FORBIDDEN']);
    expect(await dbSnapshot(server)).toEqual(before);
  });

  it('still takes one from our own pages, from a client that says nothing, and with an API token', async () => {
    for (const headers of [
      { 'sec-fetch-site': 'same-origin' },
      { 'sec-fetch-site': 'same-origin', referer: `${server.url}/admin/settings` },
      { 'sec-fetch-site': 'none' },
      { referer: `${server.url}/admin/settings` },
      {},
    ] as Record<string, string>[]) {
      expect((await update(headers)).status, JSON.stringify(headers)).toBe(200);
      expect((await mutate(headers)).status, JSON.stringify(headers)).toBe(200);
    }
    const token = await alice.client.gql<{ createApiToken: { token: string } }>(
      `mutation { createApiToken(input: { name: "integration" }) { token } }`,
    );
    const bearer = new TestClient(server.url);
    bearer.bearer = token.data!.createApiToken.token;
    const res = await bearer.fetch('/v1/auth/user/updateUser', {
      method: 'PUT',
      headers: { 'content-type': 'application/json', 'sec-fetch-site': 'cross-site' },
      body: JSON.stringify({ update: { nickname: 'Alice' } }),
    });
    expect(res.status).toBe(200);
  });
});

describe('issue 27: no 500 for a client mistake', () => {
  it('a NUL in a query string that a route would look up is a 400 (getCount reached PostgreSQL)', async () => {
    const key = await buildKey(alice);
    const survey = await createRequest(alice, surveyBody(key.id, unverifiedEscrow()));
    const phone = new TestClient(server.url);
    const questions = await phone.rest<{ id: string }[]>('GET', '/v1/requestClient/getSurveyQuestions', undefined, {
      requestId: survey.id,
    });
    const questionId = questions.body.result![0].id;
    const res = await phone.fetch(`/v1/requestClient/getCount?questionId=${questionId}&responseAnswer=%00`);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('BAD_USER_INPUT');
    expect(errorLines()).toEqual([]);
  });

  it('an operationName the document does not have is a 400', async () => {
    for (const body of [
      { query: 'query A { __typename }', operationName: 'B' },
      { query: 'query A { __typename } query C { __typename }' },
    ]) {
      const res = await gqlJson(
        await alice.client.fetch('/graphql', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }),
      );
      expect([res.status, res.errors?.[0].extensions?.code]).toEqual([400, 'OPERATION_RESOLUTION_FAILURE']);
    }
    expect(errorLines()).toEqual([]);
  });
});

describe('issue 27: no probing for other users’ request ids', () => {
  it('creating a request with an id another user has answers exactly like any taken id', async () => {
    const bob = await buildUser(server);
    const [aliceKey, bobKey] = [await buildKey(alice), await buildKey(bob)];
    const mine = await createRequest(alice, collectionBody(aliceKey.id));
    const own = await alice.client.rest('POST', '/v1/request/create', { ...collectionBody(aliceKey.id), id: mine.id });
    const others = await bob.client.rest('POST', '/v1/request/create', { ...collectionBody(bobKey.id), id: mine.id });
    expect(others).toEqual(own);
    expect(others.status).toBe(409);
    expect(others.body.error?.message).not.toMatch(/exist/i);
    const gql = await bob.client.gql(`mutation($i: CreateRequestInput!) { createRequest(input: $i) { id } }`, {
      i: {
        id: mine.id,
        type: 'collection',
        title: 'Mine now',
        keyId: bobKey.id,
        bonusAmount: 10,
        bonusEach: 1,
        status: 0,
        options: { healthData: true },
      },
    });
    expect(gql.errors?.[0]).toMatchObject({
      message: others.body.error?.message,
      extensions: { code: 'CONFLICT' },
    });
  });
});
