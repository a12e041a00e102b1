import { readFileSync } from 'node:fs';
import { PassThrough } from 'node:stream';
import {
  astFromValue,
  buildSchema,
  getNamedType,
  isObjectType,
  isAbstractType,
  print,
  type GraphQLField,
} from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { encodeChunkBody, frameChunkBody } from '../../shared/wire-format';
import type { RestRoute } from '../../api/src/rest/registry';
import { restRoutes } from './support/app';
import { deployContracts, devAccounts, startLocalChain, type LocalChain } from '../../scripts/chain/anvil';
import { TestClient } from './support/client';
import { dbSnapshot, watchWrites, type DbSnapshot, type WriteWatch } from './support/db-snapshot';
import { buildUser, PNG_1X1, type TestUser } from './support/factories';
import {
  NASTY_STRINGS,
  dropKey,
  encodedPaths,
  fromGraphQLType,
  fromJsonSchema,
  hashName,
  malformedValues,
  mutateLeaf,
  seededRandom,
  wrongType,
  type Pools,
  type Rng,
} from './support/fuzz';
import { collectionBody, createRequest } from './support/requests';
import { buildBrowser, createRoom, type Browser } from './support/rooms';
import { startTestServer, type TestServer } from './support/server';

// The project's own fuzz test (issue 14): every REST route of the registry and every GraphQL
// mutation of the schema gets malformed types, missing fields, huge strings, NUL and control
// characters, __proto__ keys, deep nesting, wrong content types, other spellings of its path,
// bad Origins, no credentials and an API token. Nothing may answer 5xx (nor a GraphQL
// INTERNAL_SERVER_ERROR, nor log an error), and a refused request must leave every table as it was.
// Seeded and bounded: FUZZ_SEED=<n> replays another run; every failure names its seed and case.

const SEED = Number(process.env.FUZZ_SEED ?? 14);
const PASSWORD = 'Fuzz0wner9'; // not one the fuzz guesses, so it cannot change it or log in as alice

let server: TestServer;
let logs = '';
let alice: Browser;
let bob: TestUser;
let bearer: TestClient;
let pools: Pools;
let baseline: DbSnapshot;
let writes: WriteWatch;
let chain: LocalChain;
const [treasury] = devAccounts(1);

beforeAll(async () => {
  const stream = new PassThrough();
  stream.on('data', (d) => (logs += String(d)));
  // a configured chain, as in production: chain features answer instead of CHAIN_UNAVAILABLE (503)
  chain = await startLocalChain();
  const deployment = await deployContracts(chain.rpcUrl, treasury.privateKey, { fundAccounts: 1, fundAmount: 100n });
  server = await startTestServer(
    {
      LOG_LEVEL: 'error',
      // the fuzz is no login guesser: a high allowance keeps its failed logins from throttling alice
      LOGIN_FREE_FAILURES: '1000',
      CHAIN_RPC_URL: chain.rpcUrl,
      CHAIN_ID: String(chain.chainId),
      IPT_TOKEN_ADDRESS: deployment.token,
      ESCROW_FACTORY_ADDRESS: deployment.factory,
      TREASURY_PRIVATE_KEY: treasury.privateKey,
    },
    stream,
  );
  alice = await buildBrowser(server, { password: PASSWORD });
  bob = await buildUser(server);
  const room = await createRoom(alice);
  const request = await createRequest(alice, collectionBody(alice.keyId));
  const note = await bob.client.rest<{ id: string }>('POST', '/v1/auth/user/createNotification', {
    notification: 'hello',
    to_id: alice.id,
  });
  const token = await alice.client.gql<{ createApiToken: { token: string; apiToken: { id: string } } }>(
    `mutation { createApiToken(input: { name: "fuzz" }) { token apiToken { id } } }`,
  );
  bearer = new TestClient(server.url);
  bearer.bearer = token.data!.createApiToken.token;
  pools = {
    ids: [
      alice.id,
      bob.id,
      alice.keyId,
      room.id,
      request.id,
      note.body.result!.id,
      token.data!.createApiToken.apiToken.id,
    ],
    emails: [alice.email, bob.email],
    publicKeyPem: alice.publicPem,
    address: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
  };
  writes = await watchWrites(server);
  // the watch misses no committed write, and counts no rolled-back one
  const conn = server.db.orm.em.fork().getConnection();
  const touch = `update users set username = username where username = (select min(username) from users)`;
  await writes.wroteSince();
  await conn.execute(`begin; ${touch}; rollback`);
  expect(await writes.wroteSince()).toBe(false);
  await conn.execute(touch);
  expect(await writes.wroteSince()).toBe(true);
  baseline = await dbSnapshot(server);
});
const statuses = new Map<number, number>();
afterAll(async () => {
  const counts = [...statuses].sort(([a], [b]) => a - b).map(([status, n]) => `${status}: ${n}`);
  console.log(
    `fuzz seed ${SEED}: ${[...statuses.values()].reduce((a, b) => a + b, 0)} requests (${counts.join(', ')})`,
  );
  await server?.close();
  await chain?.stop();
});

type Who = 'alice' | 'anonymous' | 'bearer';
type Case = {
  label: string;
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string | FormData | Uint8Array<ArrayBuffer>;
  who?: Who;
  /** the exact status this case must get, where the rules say which */
  status?: number;
};

const clientFor = (who: Who = 'alice') =>
  who === 'alice' ? alice.client : who === 'bearer' ? bearer : new TestClient(server.url);

const errorLogLines = (from: number) =>
  logs
    .slice(from)
    .split('\n')
    .filter(Boolean)
    .filter((l) => (JSON.parse(l) as { level: number }).level >= 50);

type GraphQLBody = { data?: Record<string, unknown> | null; errors?: { extensions?: { code?: string } }[] };

/**
 * Sends one case and checks the rules. `refused` says whether the answer refused the request;
 * `mayWrite` names the tables a refusal may still change (failed logins are counted on purpose).
 */
async function check(target: string, c: Case, kind: 'rest' | 'graphql' | 'other', field?: string) {
  // a case that expects an exact answer for alice's session needs one (an earlier case may have logged out)
  if (c.status !== undefined && (c.who ?? 'alice') === 'alice') await keepAliceSignedIn();
  const mark = logs.length;
  const res = await clientFor(c.who).fetch(c.path, { method: c.method, headers: c.headers, body: c.body });
  const text = await res.text();
  statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
  const sent =
    typeof c.body === 'string'
      ? c.body.slice(0, 300)
      : c.body instanceof Uint8Array
        ? `(${c.body.length} bytes)`
        : c.body
          ? '(multipart)'
          : '';
  const where = `FUZZ_SEED=${SEED} ${target} [${c.label}] ${c.method} ${c.path} ${sent}\n-> ${res.status} ${text.slice(0, 400)}`;

  expect(res.status, where).toBeLessThan(500);
  if (c.status !== undefined) expect(res.status, where).toBe(c.status);
  expect(text, where).not.toMatch(/\n\s+at .+\(|"stacktrace"/);

  let refused = res.status >= 400;
  let code: string | undefined;
  // (a HEAD answer has the content type but no body)
  const json = text && res.headers.get('content-type')?.includes('json') ? (JSON.parse(text) as unknown) : undefined;
  if (kind === 'rest' && refused) {
    const error = (json as { error?: { code?: unknown; message?: unknown } } | undefined)?.error;
    expect(typeof error?.code, where).toBe('string');
    expect(typeof error?.message, where).toBe('string');
    code = error?.code as string;
  }
  if (kind === 'graphql' && json) {
    const body = json as GraphQLBody;
    for (const e of body.errors ?? []) {
      expect(typeof e.extensions?.code, where).toBe('string');
      expect(e.extensions?.code, where).not.toBe('INTERNAL_SERVER_ERROR');
    }
    code = body.errors?.[0]?.extensions?.code;
    if (body.errors?.length && (body.data ?? null)?.[field ?? ''] == null) refused = true;
  }

  // fingerprinting every table after each of the thousands of cases was most of this file's time:
  // only the tables a committed write touched are fingerprinted again (all of them after DDL)
  const written = await writes.writtenSince();
  const after =
    written === 'all'
      ? await dbSnapshot(server)
      : written.size
        ? { ...baseline, ...(await dbSnapshot(server, { only: written })) }
        : baseline;
  expect(errorLogLines(mark), where).toEqual([]);
  if (refused) {
    const failedLogin =
      (target === 'POST /v1/auth/login' && res.status === 401) || (field === 'login' && code === 'UNAUTHENTICATED');
    const mayWrite = failedLogin ? ['rate_limit_hits'] : [];
    const without = (s: DbSnapshot) => Object.fromEntries(Object.entries(s).filter(([t]) => !mayWrite.includes(t)));
    expect(without(after), `a refused request wrote: ${where}`).toEqual(without(baseline));
  }
  baseline = after;
}

/** Fuzz may log alice out (logout is a mutation like any other): log her in again between targets. */
async function keepAliceSignedIn() {
  const status = await alice.client.rest<{ loggedIn: boolean }>('GET', '/v1/auth/status');
  if (status.body.result?.loggedIn) return;
  const login = await alice.client.rest('POST', '/v1/auth/login', { username: alice.username, password: PASSWORD });
  expect(login.status).toBe(200);
  await writes.wroteSince();
  baseline = await dbSnapshot(server);
}

const json = { 'content-type': 'application/json' };
const BAD_ORIGINS = ['null', 'https://evil.example', 'not a url', 'http://127.0.0.1:1'];
const OTHER_CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'application/xml',
  'multipart/form-data; boundary=XX',
];
const NOT_JSON = ['{"broken', '[]', 'null', '"text"', '42', ''];

// ---------------------------------------------------------------- REST

function queryString(value: unknown): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries((value ?? {}) as Record<string, unknown>)) {
    for (const item of Array.isArray(v) ? v : [v])
      params.append(k, typeof item === 'string' ? item : JSON.stringify(item));
  }
  const qs = params.toString();
  return qs ? `?${qs}` : '';
}

/** The same parameters, each value (and each item of a list) carrying a NUL character. */
function withNulEverywhere(value: unknown): Record<string, unknown> {
  const nul = (v: unknown): unknown =>
    Array.isArray(v) ? v.map(nul) : `${typeof v === 'string' ? v : JSON.stringify(v)}${NASTY_STRINGS.nul}`;
  const entries = Object.entries((value ?? {}) as Record<string, unknown>);
  return Object.fromEntries(entries.length ? entries.map(([k, v]) => [k, nul(v)]) : [['probe', NASTY_STRINGS.nul]]);
}

function restCases(r: RestRoute, rng: Rng): Case[] {
  const schema = z.toJSONSchema(r.input, { io: 'input', unrepresentable: 'any' }) as Parameters<
    typeof fromJsonSchema
  >[0];
  const required = schema.required ?? [];
  const plausible = () => fromJsonSchema(schema, rng, pools);
  const needsUser = r.auth === 'user';
  const cases: Case[] = [];

  if (r.method === 'GET') {
    const get = (label: string, value: unknown, extra: Partial<Case> = {}): Case => ({
      label,
      method: 'GET',
      path: r.path + queryString(value),
      ...extra,
    });
    cases.push(
      get('plausible', plausible()),
      get('plausible', plausible()),
      get('nothing', {}),
      get('missing field', dropKey(plausible(), required, rng)),
      get(
        'wrong type',
        mutateLeaf(plausible(), rng, (old) => wrongType(old, rng)),
      ),
      get('unknown field', { ...(plausible() as object), unexpected: '1' }),
      get(
        'huge string',
        mutateLeaf(plausible(), rng, () => 'x'.repeat(8000)),
      ),
      // over Node's 16 kB of request head: refused before Fastify sees it
      get('URL over 16 kB', { ...(plausible() as object), pad: 'x'.repeat(17_000) }, { status: 431 }),
      get(
        'NUL',
        mutateLeaf(plausible(), rng, () => NASTY_STRINGS.nul),
      ),
      // NUL in every parameter: refused before any route reads it (issue 27: one reached PostgreSQL)
      get('NUL in every parameter', withNulEverywhere(plausible()), { status: 400 }),
      get(
        'control characters',
        mutateLeaf(plausible(), rng, () => NASTY_STRINGS.control),
      ),
      { label: '__proto__ key', method: 'GET', path: `${r.path}?__proto__[isAdmin]=1&constructor[prototype][x]=1` },
      get('anonymous', plausible(), { who: 'anonymous', ...(needsUser ? { status: 401 } : {}) }),
      get('API token', plausible(), { who: 'bearer' }),
      get('bad Origin', plausible(), { headers: { origin: rng.pick(BAD_ORIGINS) } }),
    );
    for (const path of encodedPaths(r.path, rng)
      .slice(0, 3)
      .concat(rng.pick(encodedPaths(r.path, rng).slice(3))))
      cases.push({ label: 'other spelling of the path', method: 'GET', path: path + queryString(plausible()) });
    return cases;
  }

  if (r.file) {
    const field = r.file.field;
    const form = (field: string, data: Buffer) => {
      const f = new FormData();
      f.append(field, new Blob([new Uint8Array(data)], { type: 'image/png' }), 'f.png');
      return f;
    };
    const post = (label: string, extra: Partial<Case>): Case => ({ label, method: r.method, path: r.path, ...extra });
    const part = `--XX\r\nContent-Disposition: form-data; name="${field}"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`;
    return [
      post('a real image', { body: form(field, PNG_1X1) }),
      post('not an image', { body: form(field, Buffer.from('<svg onload=alert(1)>')) }),
      post('wrong field', { body: form('other', PNG_1X1) }),
      post('too large', { body: form(field, Buffer.alloc(3 * 1024 * 1024, 1)) }),
      post('no boundary', { headers: { 'content-type': 'multipart/form-data' }, body: `${part}x` }),
      post('truncated', { headers: { 'content-type': 'multipart/form-data; boundary=XX' }, body: `${part}\x89PNG` }),
      post('JSON instead', { headers: json, body: JSON.stringify({ [field]: 'x' }) }),
      post('anonymous', { who: 'anonymous', body: form(field, PNG_1X1), status: 401 }),
      post('bad Origin', {
        headers: { origin: rng.pick(BAD_ORIGINS) },
        body: form(field, PNG_1X1),
        status: 403,
      }),
      ...encodedPaths(r.path, rng)
        .slice(0, 2)
        .map((path) => post('other spelling of the path', { path, body: form(field, PNG_1X1) })),
    ];
  }

  const send = (label: string, body: string, extra: Partial<Case> = {}): Case => ({
    label,
    method: r.method,
    path: r.path,
    headers: { ...json, ...(r.rawBody ? { [r.rawBody.signatureHeader]: 't=1,v1=00' } : {}) },
    body,
    ...extra,
  });
  cases.push(
    send('plausible', JSON.stringify(plausible())),
    send('plausible', JSON.stringify(plausible())),
    send('nothing', '{}'),
    send('missing field', JSON.stringify(dropKey(plausible(), required, rng))),
    ...malformedValues(plausible, rng, (text) => text).map(([label, text]) => send(label, text)),
    send('unknown field', JSON.stringify({ ...(plausible() as object), unexpected: 1 })),
    send('not JSON', rng.pick(NOT_JSON)),
    send('oversized body', JSON.stringify({ pad: 'x'.repeat(Math.max(r.bodyLimit ?? 0, 256 * 1024) + 1024) }), {
      status: 413,
    }),
    send('wrong content type', JSON.stringify(plausible()), {
      headers: { 'content-type': rng.pick(OTHER_CONTENT_TYPES) },
    }),
    send('content type left to fetch (text/plain)', JSON.stringify(plausible()), { headers: {} }),
    send('anonymous', JSON.stringify(plausible()), { who: 'anonymous', ...(needsUser ? { status: 401 } : {}) }),
    send('API token', JSON.stringify(plausible()), { who: 'bearer' }),
    send('bad Origin', JSON.stringify(plausible()), {
      headers: { ...json, origin: rng.pick(BAD_ORIGINS) },
      // a cookie-authenticated write from a foreign or unknown origin (the body parses)
      status: 403,
    }),
  );
  for (const path of encodedPaths(r.path, rng)
    .slice(0, 3)
    .concat(rng.pick(encodedPaths(r.path, rng).slice(3))))
    cases.push(send('other spelling of the path', JSON.stringify(plausible()), { path }));
  if (r.binaryBody) {
    // the binary form (wire-format.ts): a length, the fields as JSON, then bytes
    const binary = (label: string, body: Uint8Array<ArrayBuffer>, extra: Partial<Case> = {}): Case => ({
      label: `binary: ${label}`,
      method: r.method,
      path: r.path,
      headers: { 'content-type': r.binaryBody!.contentType },
      body,
      ...extra,
    });
    const noise = (n: number) => Uint8Array.from({ length: n }, () => Math.floor(rng.next() * 256));
    const fields = () => plausible() as Record<string, unknown>;
    const truncated = encodeChunkBody(fields(), noise(8));
    // the same malformed fields as a JSON body gets, framed as a binary body's
    const framed = (json: string) => frameChunkBody(new TextEncoder().encode(json), new Uint8Array(8));
    cases.push(
      ...malformedValues(plausible, rng, (text) => text).map(([label, text]) => binary(label, framed(text))),
      binary('plausible fields, random bytes', encodeChunkBody(fields(), noise(rng.pick([0, 1, 2, 37, 600])))),
      binary('random bytes', noise(rng.pick([0, 3, 4, 64]))),
      binary('cut inside the fields', truncated.slice(0, 4 + Math.floor(rng.next() * (truncated.length - 12))), {
        status: 400,
      }),
      binary('fields not an object', encodeChunkBody([] as unknown as Record<string, unknown>, noise(4)), {
        status: 400,
      }),
      binary('oversized body', new Uint8Array((r.bodyLimit ?? 256 * 1024) + 1024), { status: 413 }),
      binary('anonymous', encodeChunkBody(fields(), noise(40)), {
        who: 'anonymous',
        ...(needsUser ? { status: 401 } : {}),
      }),
      binary('bad Origin', encodeChunkBody(fields(), noise(40)), {
        headers: { 'content-type': r.binaryBody.contentType, origin: rng.pick(BAD_ORIGINS) },
        status: 403,
      }),
    );
  }
  return cases;
}

// ---------------------------------------------------------------- GraphQL

function selectionFor(f: GraphQLField<unknown, unknown>): string {
  const named = getNamedType(f.type);
  return isObjectType(named) || isAbstractType(named) ? '{ __typename }' : '';
}

function graphqlCases(f: GraphQLField<unknown, unknown>, rng: Rng): Case[] {
  const defs = f.args.map((a) => `$${a.name}: ${a.type.toString()}`).join(', ');
  const call = f.args.map((a) => `${a.name}: $${a.name}`).join(', ');
  const query = `mutation Fuzz${defs ? `(${defs})` : ''} { ${f.name}${call ? `(${call})` : ''} ${selectionFor(f)} }`;
  const required = f.args.filter((a) => a.type.toString().endsWith('!')).map((a) => a.name);
  const plausible = () =>
    Object.fromEntries(
      f.args
        .filter((a) => required.includes(a.name) || rng.chance(0.6))
        .map((a) => [a.name, fromGraphQLType(a.type, rng, pools, a.name)]),
    );
  const body = (variables: unknown, q = query) => JSON.stringify({ query: q, variables });
  const post = (label: string, text: string, extra: Partial<Case> = {}): Case => ({
    label,
    method: 'POST',
    path: '/graphql',
    headers: json,
    body: text,
    ...extra,
  });

  // the same call with its arguments written into the document
  const values = plausible();
  const literals = f.args
    .filter((a) => a.name in values)
    .map((a) => {
      try {
        const ast = astFromValue(values[a.name], a.type);
        return ast ? `${a.name}: ${print(ast)}` : null;
      } catch {
        return null; // a JSON scalar's value has no literal form here
      }
    });
  const inline = literals.every(Boolean)
    ? `mutation { ${f.name}${literals.length ? `(${literals.join(', ')})` : ''} ${selectionFor(f)} }`
    : null;

  const multipart = new FormData();
  multipart.append('operations', body(plausible()));
  multipart.append('map', '{}');
  return [
    post('plausible', body(plausible())),
    post('plausible', body(plausible())),
    ...(inline ? [post('arguments inline', body({}, inline))] : []),
    post('missing variable', body(dropKey(plausible(), required, rng))),
    ...malformedValues(plausible, rng, (text) => `{"query":${JSON.stringify(query)},"variables":${text}}`).map(
      ([label, text]) => post(label, text),
    ),
    // an operation name the document does not have, or several operations and no name (issue 27)
    post('unknown operationName', JSON.stringify({ query, variables: plausible(), operationName: 'NoSuchOperation' }), {
      status: 400,
    }),
    post('two operations, no operationName', body(plausible(), `${query}\nquery Other { __typename }`), {
      status: 400,
    }),
    post('unknown argument', body(plausible(), query.replace(`${f.name}`, `${f.name}(bogus: 1)`).replace(')(', ', '))),
    post('not JSON', rng.pick(NOT_JSON)),
    post('oversized body', body({ pad: 'x'.repeat(300 * 1024) }), { status: 413 }),
    // CSRF prevention: a simple content type (or multipart without the preflight header) is refused
    post('text/plain', body(plausible()), { headers: { 'content-type': 'text/plain' }, status: 400 }),
    post('form-encoded', `query=${encodeURIComponent(query)}`, {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    }),
    post('multipart without preflight', '', { headers: {}, body: multipart, status: 400 }),
    post('broken multipart', '--XX\r\nContent-Disposition: form-data\r\n\r\n', {
      headers: { 'content-type': 'multipart/form-data; boundary=XX', 'apollo-require-preflight': 'true' },
      status: 400,
    }),
    {
      label: 'mutation over GET',
      method: 'GET',
      path: `/graphql?query=${encodeURIComponent(query)}`,
      headers: { 'apollo-require-preflight': 'true' },
    },
    post('anonymous', body(plausible()), { who: 'anonymous' }),
    post('API token', body(plausible()), { who: 'bearer' }),
    post('bad Origin', body(plausible()), { headers: { ...json, origin: rng.pick(BAD_ORIGINS) } }),
    ...['/%67raphql', '/GRAPHQL', '/graphql%', '/graphql%00', '//graphql'].map((path) =>
      post('other spelling of the path', body(plausible()), { path }),
    ),
  ];
}

// Targets that delete or end things run last, so the others still find the fixtures.
const destructive = (name: string) => /delete|revoke|logout|rotate/i.test(name);
const byDestructiveLast = <T>(items: T[], name: (t: T) => string) =>
  [...items].sort((a, b) => Number(destructive(name(a))) - Number(destructive(name(b))));

// Paths outside the REST registry and GraphQL: health, the API documents and their page, stored
// files, the dev outbox. Whatever the spelling, no 5xx, no stack trace, no error log, no write.
const OTHER_PATHS = [
  '/healthz',
  '/healthz?probe=%00',
  '/v1/openapi.json',
  '/v1/openapi.json%00',
  '/v1/docs',
  '/v1/docs/',
  '/v1/docs/init.js',
  '/v1/docs/assets/swagger-ui.css?x=%00',
  '/v1/docs/assets/%2e%2e/package.json',
  '/v1/docs/assets/..%2f..%2fpackage.json',
  '/media/avatars/../../package.json',
  '/media/avatars/%2e%2e%2f%2e%2e%2fpackage.json',
  '/media/avatars/x%00.png',
  `/media/avatars/${'a'.repeat(4000)}.png`,
  '/v1/requestClient/image/not-an-id',
  '/v1/requestClient/image/%00',
  '/v1/requestClient/image/..%2f..%2fpackage.json',
  '/v1/requestClient/image/00000000-0000-4000-8000-000000000000',
  '/dev/outbox?to=%00',
  `/dev/outbox?to=${'x'.repeat(5000)}`,
  '/dev/outbox?to[]=a&to[]=b',
];

describe(`fuzz (seed ${SEED})`, () => {
  it.each(OTHER_PATHS)('other paths: %s', async (path) => {
    for (const method of ['GET', 'HEAD', 'POST', 'DELETE'])
      for (const who of ['alice', 'anonymous'] as const)
        await check(path, { label: `${method} as ${who}`, method, path, who }, 'other');
  });

  const routes = byDestructiveLast(restRoutes, (r) => r.path);
  it.each(routes.map((r) => [`${r.method} ${r.path}`, r] as const))('REST %s', async (name, route) => {
    await keepAliceSignedIn();
    const rng = seededRandom(SEED ^ hashName(name));
    for (const c of restCases(route, rng)) await check(name, c, 'rest');
  });

  // every mutation of the committed SDL (a test elsewhere keeps it equal to the server's schema)
  const schema = buildSchema(readFileSync('schema/schema.graphql', 'utf8'));
  const names = byDestructiveLast(Object.keys(schema.getMutationType()!.getFields()), (n) => n);
  it.each(names)('GraphQL mutation %s', async (name) => {
    await keepAliceSignedIn();
    const field = schema.getMutationType()!.getFields()[name];
    const rng = seededRandom(SEED ^ hashName(name));
    for (const c of graphqlCases(field, rng)) await check(`mutation ${name}`, c, 'graphql', name);
  });
});
