import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restRoutes } from './support/app';
import { TestClient } from './support/client';
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

// Row counts of every table: a rejected request must change none of them.
async function snapshot(): Promise<Record<string, number>> {
  const conn = server.db.orm.em.fork().getConnection();
  const tables = [
    'users',
    'sessions',
    'email_verifications',
    'keys',
    'notifications',
    'api_tokens',
    'mail_outbox',
    'credit_entries',
    'purchases',
    'withdrawals',
    'requests',
    'survey_questions',
    'survey_options',
    'participants',
    'submissions',
    'survey_answers',
    'payouts',
    'vcr_rooms',
    'vcr_room_members',
    'vcr_room_keys',
    'vcr_invitations',
    'vcr_datasets',
    'vcr_upload_chunks',
    'vcr_reports',
  ];
  const out: Record<string, number> = {};
  for (const t of tables)
    out[t] = Number((await conn.execute<{ n: string }[]>(`select count(*)::int as n from "${t}"`))[0].n);
  // and no data set got tables of its own
  out.datasetTables = Number(
    (
      await conn.execute<{ n: string }[]>(
        `select count(*)::int as n from pg_tables where schemaname = 'public' and tablename ~ '^vcr_(rows|tokens)_'`,
      )
    )[0].n,
  );
  return out;
}

const writeRoutes = restRoutes.filter((r) => r.method !== 'GET' && !r.file);
const WRONG_TYPES = {
  title: 42,
  key: ['x'],
  id: {},
  notification: 7,
  to_id: 5,
  username: 1,
  email: true,
  password: 9,
  update: 'x',
  token: 1,
  oldPassword: 1,
  newPassword: 2,
  items: { id: 5 },
  currency: 1,
  purchaseId: 7,
  cardNumber: 4242424242424242,
  expiry: 1239,
  cvc: 123,
  amount: '5',
  walletAddress: 1,
  idempotencyKey: 2,
  bonus_amount: -5,
  bonus_each: '1.5',
  status: 'open',
  collectionData: 'all',
  data: 'questions',
  requestId: 5,
  request_id: 5,
  deviceId: 7,
  encryptedData: 9,
  sealedKey: [],
  answers: {},
  index: 'first',
  stars: 'five',
  name: 5,
  room_id: 7,
  public_key_id: {},
  encryptedSessionKey: 'not an envelope',
  recipients: 5,
  user_id: [],
  campaign: 3,
  header: 'email',
  encrypted: 'rows',
  dataset_id: 1,
  keys: 'all',
};

function expectClientError(res: { status: number; body: { error?: { code: string; message: string } } }) {
  expect(res.status).toBeGreaterThanOrEqual(400);
  expect(res.status).toBeLessThan(500);
  expect(res.body.error?.code).toEqual(expect.any(String));
  expect(res.body.error?.message).toEqual(expect.any(String));
}

describe('bad input on every REST route gets a 4xx with code and message, and writes nothing', () => {
  it.each(writeRoutes.map((r) => [r.method, r.path] as const))('%s %s', async (method, path) => {
    const before = await snapshot();
    const attempts: unknown[] = [
      { unexpectedField: 'x' }, // unknown field (and missing required ones)
      WRONG_TYPES,
      '{"broken json',
      [],
      'x'.repeat(300 * 1024), // over the body limit
    ];
    for (const body of attempts) {
      const res = await alice.client.rest(
        method,
        path,
        typeof body === 'string' && body.length > 1000 ? JSON.stringify({ pad: body }) : body,
      );
      expectClientError(res);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('rejects unknown query parameters and wrong content types', async () => {
    const res = await alice.client.rest('GET', '/v1/auth/user/getKeyList', undefined, { sneaky: '1' });
    expectClientError(res);
    const form = await alice.client.fetch('/v1/auth/user/createkey', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'title=a&key=b',
    });
    expect(form.status).toBe(415);
    const plain = await alice.client.fetch('/v1/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'x',
    });
    expect(plain.status).toBe(415);
  });

  it('answers unknown paths with a 404 envelope', async () => {
    const res = await new TestClient(server.url).rest('GET', '/v1/nope');
    expect(res.status).toBe(404);
    expect(res.body.error?.code).toBe('NOT_FOUND');
  });

  it('refuses a cookie-authenticated write from another origin', async () => {
    const res = await alice.client.fetch('/v1/auth/user/updateUser', {
      method: 'PUT',
      headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
      body: JSON.stringify({ update: { nickname: 'pwned' } }),
    });
    expect(res.status).toBe(403);
    const me = await alice.client.rest<{ nickname: string }>('GET', '/v1/auth/user/getUser');
    expect(me.body.result?.nickname).not.toBe('pwned');
  });
});

describe('bad input over GraphQL gets a 4xx-class error code and writes nothing', () => {
  it.each([
    ['missing field', `mutation { createKey(input: { title: "t" }) { id } }`],
    ['wrong type', `mutation { createKey(input: { title: 5, publicKey: "x" }) { id } }`],
    ['unknown field', `mutation { createKey(input: { title: "t", publicKey: "x", extra: 1 }) { id } }`],
    ['syntax error', `mutation { createKey(`],
  ])('%s', async (_label, query) => {
    const before = await snapshot();
    const res = await alice.client.gql(query);
    expect(res.status).toBe(400);
    expect(res.errors?.[0]?.extensions?.code).toMatch(/GRAPHQL_VALIDATION_FAILED|GRAPHQL_PARSE_FAILED|BAD_USER_INPUT/);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses an oversized body with 413', async () => {
    const res = await alice.client.fetch('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: `{ me { id } }`, variables: { pad: 'x'.repeat(300 * 1024) } }),
    });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { errors: { extensions: { code: string } }[] }).errors[0].extensions.code).toBe(
      'PAYLOAD_TOO_LARGE',
    );
  });
});
