import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataRequest } from '../../api/src/modules/requests/request.entity';
import { requestPage } from '../../api/src/modules/requests/request-rows';
import { gqlCode } from './support/client';
import { buildUser, type TestUser } from './support/factories';
import {
  buildKey,
  collectionBody,
  createRequest,
  expectError,
  surveyBody,
  unverifiedEscrow,
  type KeyPair,
  type LegacyQuestion,
  type LegacyRequest,
} from './support/requests';
import { startTestServer, type TestServer } from './support/server';

let server: TestServer;
let alice: TestUser;
let aliceKey: KeyPair;

beforeAll(async () => {
  server = await startTestServer();
  alice = await buildUser(server);
  aliceKey = await buildKey(alice);
});
afterAll(async () => {
  await server?.close();
});

const REQUEST_FIELDS = `id type typeName title description category keyId publicKey quality access bonus bonusAmount
  bonusEach capacity status published questionCount responseCount escrowAddress signerAddress escrowVerified
  createdAt lastModified publishedAt
  options { healthData locationData profileData idData personalImages }
  questions { id position type title choices scale shape }`;

describe('list records', () => {
  it('read every column of a request but its owner, as the ORM would', async () => {
    const created = await createRequest(alice, collectionBody(aliceKey.id, { status: 0 }));
    const em = server.db.orm.em.fork();
    const { rows } = await requestPage(em, alice.id, { limit: 100, offset: 0 });
    const record = rows.find((r) => r.id === created.id)!;
    const props = Object.keys(server.db.orm.getMetadata().get(DataRequest).properties).filter((p) => p !== 'user');
    // a column added to the entity but not to the list's statement would be missing here
    expect(Object.keys(record).sort()).toEqual(props.sort());
    const entity = await em.findOneOrFail(DataRequest, { id: created.id });
    for (const p of props) expect(record[p as keyof typeof record], p).toEqual(entity[p as keyof DataRequest]);
  });
});

describe('creating requests over REST (legacy payloads)', () => {
  it('saves a collection draft with the defaults and reads it back as the form does', async () => {
    const created = await createRequest(alice, {
      title: '  Sleep study ',
      key: aliceKey.id,
      bonus_amount: '20',
      bonus_each: '2.0',
      status: 0,
      collectionData: { healthData: true },
    });
    expect(created).toMatchObject({
      type: 'collection',
      type_name: 'Collection',
      title: 'Sleep study',
      desc: '',
      key: aliceKey.id,
      quality: 'all',
      access: 'Single Access',
      bonus: 'eth',
      bonus_amount: 20,
      bonus_each: 2,
      bonusAmount: 20,
      status: 0,
      questionCount: null,
      count_response: 0,
      newchild: null,
      addressSigner: null,
      entity: {
        bonus_amount: 20,
        bonus_each: 2,
        healthData: true,
        locationData: false,
        profileData: false,
        idData: false,
        personalImages: false,
      },
    });
    const read = await alice.client.rest<LegacyRequest>('GET', '/v1/request/get', undefined, {
      type: 'collection',
      id: created.id,
    });
    expect(read.body.result).toEqual(created);
  });

  it('saves a survey: blank choices dropped, star defaults, question count', async () => {
    const created = await createRequest(
      alice,
      surveyBody(aliceKey.id, {
        data: [
          { type: 'radios', title: ' Colour? ', options: ['Red', '', '  ', 'Blue'] },
          { type: 'stars', title: 'Rate us', options: {} },
        ],
      }),
    );
    expect(created).toMatchObject({ type: 'survey', type_name: 'Survey', questionCount: 2, quality: 'high' });
    const questions = created.data as LegacyQuestion[];
    expect(questions.map(({ index, type, title, options }) => ({ index, type, title, options }))).toEqual([
      { index: 0, type: 'radios', title: 'Colour?', options: ['Red', 'Blue'] },
      { index: 1, type: 'stars', title: 'Rate us', options: { scale: 5, shape: 'star' } },
    ]);
  });

  it('accepts the key id in its colon-separated display form', async () => {
    const colon = aliceKey.id.match(/../g)!.join(':').toUpperCase();
    expect((await createRequest(alice, collectionBody(colon))).key).toBe(aliceKey.id);
  });

  it('publishes without a chain configured, keeping the escrow unverified', async () => {
    const escrow = unverifiedEscrow();
    const created = await createRequest(alice, collectionBody(aliceKey.id, escrow));
    expect(created).toMatchObject({
      status: 1,
      newchild: escrow.newchild,
      addressSigner: escrow.address,
      escrow_verified: false,
    });
  });

  it('lets the browser choose the request id (so the escrow can be created for it first)', async () => {
    const id = crypto.randomUUID();
    expect((await createRequest(alice, collectionBody(aliceKey.id, { id }))).id).toBe(id);
    expectError(
      await alice.client.rest('POST', '/v1/request/create', collectionBody(aliceKey.id, { id })),
      409,
      'CONFLICT',
    );
  });
});

describe('bad input is refused with BAD_USER_INPUT and saves nothing', () => {
  const count = async () =>
    (await alice.client.rest<{ info: { count: number } }>('GET', '/v1/request/list')).body.result!.info.count;

  it.each([
    ['a negative total', { bonus_amount: '-5' }],
    ['a negative amount per response', { bonus_each: -1 }],
    ['a non-decimal total', { bonus_amount: '1e3' }],
    ['a non-decimal amount per response', { bonus_each: 'two' }],
    ['a fractional total', { bonus_amount: '10.5' }],
    ['a fractional amount per response', { bonus_each: 1.5 }],
    ['a zero amount per response', { bonus_each: 0 }],
    ['more per response than in total', { bonus_amount: 5, bonus_each: 6 }],
    ['an unknown type', { type: 'poll' }],
    ['an unknown quality', { quality: 'best' }],
    ['an unknown access type', { access: 'Shared Access' }],
    ['another category', { category: 'Health' }],
    ['another bonus currency', { bonus: 'usd' }],
    ['a blank title', { title: '   ' }],
    ['no key', { key: '' }],
    ['an unknown key', { key: '00'.repeat(16) }],
    ['no option ticked', { collectionData: { healthData: false } }],
    ['publishing without an escrow', { status: 1 }],
    ['a bad escrow address', { status: 1, newchild: '0x1234', address: '0x0000000000000000000000000000000000000001' }],
    ['an unknown status', { status: 2 }],
    ['an unknown field', { sneaky: true }],
  ])('%s', async (_label, overrides) => {
    const before = await count();
    const res = await alice.client.rest('POST', '/v1/request/create', collectionBody(aliceKey.id, overrides));
    expectError(res, 400, 'BAD_USER_INPUT');
    expect(await count()).toBe(before);
  });

  it.each([
    ['a question without choices', [{ type: 'dropdown', title: 'Pick', options: ['', ' '] }]],
    ['a question without a title', [{ type: 'radios', title: ' ', options: ['A'] }]],
    ['an unknown question type', [{ type: 'slider', title: 'Pick', options: ['A'] }]],
    ['star scale 2', [{ type: 'stars', title: 'Rate', options: { scale: 2 } }]],
    ['star scale 11', [{ type: 'stars', title: 'Rate', options: { scale: 11 } }]],
    ['an unknown star shape', [{ type: 'stars', title: 'Rate', options: { shape: 'moon' } }]],
    ['duplicate choices', [{ type: 'radios', title: 'Pick', options: ['A', 'A'] }]],
    ['no questions at all', []],
  ])('a survey with %s', async (_label, data) => {
    const before = await count();
    const res = await alice.client.rest('POST', '/v1/request/create', surveyBody(aliceKey.id, { data }));
    expectError(res, 400, 'BAD_USER_INPUT');
    expect(await count()).toBe(before);
  });

  it('says "You are required to have at least one choice."', async () => {
    const res = await alice.client.rest(
      'POST',
      '/v1/request/create',
      surveyBody(aliceKey.id, { data: [{ type: 'checkboxes', title: 'Pick', options: ['', '', ''] }] }),
    );
    expect(res.body.error?.message).toContain('You are required to have at least one choice.');
  });

  it('over GraphQL too: Int amounts, enum types, the same rules', async () => {
    const mutation = `mutation($input: CreateRequestInput!) { createRequest(input: $input) { id } }`;
    const base = {
      type: 'collection',
      title: 'T',
      keyId: aliceKey.id,
      bonusAmount: 10,
      bonusEach: 1,
      status: 0,
      options: { healthData: true },
    };
    for (const input of [
      { ...base, bonusAmount: 1.5 },
      { ...base, bonusAmount: -3 },
      { ...base, bonusEach: 11 },
      { ...base, type: 'poll' },
      { ...base, type: 'survey', options: undefined, questions: [{ type: 'stars', title: 'R', scale: 11 }] },
      { ...base, type: 'survey', options: undefined, questions: [{ type: 'stars', title: 'R', scale: 2 }] },
      { ...base, type: 'survey', options: undefined, questions: [{ type: 'radios', title: 'R', choices: [' '] }] },
    ]) {
      const res = await alice.client.gql(mutation, { input });
      expect(gqlCode(res), JSON.stringify(input)).toBe('BAD_USER_INPUT');
    }
  });
});

describe('GraphQL', () => {
  it('creates, reads, lists, edits and deletes', async () => {
    const created = await alice.client.gql<{ createRequest: Record<string, unknown> }>(
      `mutation($input: CreateRequestInput!) { createRequest(input: $input) { ${REQUEST_FIELDS} } }`,
      {
        input: {
          type: 'survey',
          title: 'Commute',
          description: 'How do you get to work?',
          keyId: aliceKey.id,
          bonusAmount: 12,
          bonusEach: 4,
          status: 0,
          questions: [
            { type: 'radios', title: 'Mode', choices: ['Bike', 'Car', '', 'Train'] },
            { type: 'stars', title: 'Happiness', scale: 7, shape: 'thumb', choices: ['', '', ''] },
          ],
        },
      },
    );
    expect(created.errors).toBeUndefined();
    const r = created.data!.createRequest;
    expect(r).toMatchObject({
      type: 'survey',
      typeName: 'Survey',
      category: 'Default',
      quality: 'all',
      access: 'Single Access',
      bonus: 'eth',
      capacity: 3,
      status: 0,
      published: false,
      options: null,
      questionCount: 2,
      responseCount: 0,
      publicKey: aliceKey.publicKeyPem,
    });
    expect((r.questions as { choices: string[] }[]).map((q) => q.choices)).toEqual([
      ['Bike', 'Car', 'Train'],
      ['1', '2', '3', '4', '5', '6', '7'],
    ]);

    const one = await alice.client.gql<{ request: { title: string } }>(
      `query($id: ID!) { request(id: $id) { title } }`,
      {
        id: r.id,
      },
    );
    expect(one.data?.request.title).toBe('Commute');

    const edited = await alice.client.gql<{
      updateRequest: { title: string; bonusAmount: number; questions: unknown[] };
    }>(
      `mutation($id: ID!, $input: UpdateRequestInput!) { updateRequest(id: $id, input: $input) { title bonusAmount questions { title } } }`,
      { id: r.id, input: { title: 'Commute 2', bonusAmount: 16 } },
    );
    expect(edited.data?.updateRequest).toEqual({
      title: 'Commute 2',
      bonusAmount: 16,
      questions: [{ title: 'Mode' }, { title: 'Happiness' }],
    });

    const list = await alice.client.gql<{ requests: { list: { id: string; questions: unknown[] }[] } }>(
      `{ requests(type: survey, limit: 50) { list { id questions { id } } info { count pages page } } }`,
    );
    expect(list.data?.requests.list.find((x) => x.id === r.id)?.questions).toHaveLength(2);

    const del = await alice.client.gql(`mutation($id: ID!) { deleteRequest(id: $id) }`, { id: r.id });
    expect(del.data).toEqual({ deleteRequest: true });
    expect(gqlCode(await alice.client.gql(`query($id: ID!) { request(id: $id) { id } }`, { id: r.id }))).toBe(
      'NOT_FOUND',
    );
  });
});

describe('editing', () => {
  it('changes what the form changes and keeps the rest', async () => {
    const r = await createRequest(alice, collectionBody(aliceKey.id));
    const res = await alice.client.rest<LegacyRequest>('POST', '/request.api/edit', {
      id: r.id,
      type: 'collection',
      title: 'Renamed',
      desc: 'New text',
      bonus_amount: '40',
      access: 'Single Access',
    });
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({ title: 'Renamed', desc: 'New text', bonus_amount: 40, bonus_each: 2 });
    expect(res.body.result!.entity).toMatchObject({ healthData: true, idData: false });
    expect(new Date(res.body.result!.last_modified).getTime()).toBeGreaterThanOrEqual(
      new Date(r.last_modified).getTime(),
    );
  });

  it("edits a survey's questions (no type needed) while nobody answered", async () => {
    const r = await createRequest(alice, surveyBody(aliceKey.id));
    const res = await alice.client.rest<LegacyRequest>('POST', '/request.api/edit', {
      id: r.id,
      title: 'Fitness habits v2',
      data: [{ type: 'dropdown', title: 'Only question', options: ['Yes', 'No'] }],
    });
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({ title: 'Fitness habits v2', questionCount: 1, type: 'survey' });
    // the form sends the questions back unchanged with their ids: nothing changes
    const again = await alice.client.rest<LegacyRequest>('POST', '/request.api/edit', {
      id: r.id,
      data: res.body.result!.data,
    });
    expect((again.body.result!.data as LegacyQuestion[])[0].id).toBe((res.body.result!.data as LegacyQuestion[])[0].id);
  });

  it('never changes quality, access or type', async () => {
    const r = await createRequest(alice, collectionBody(aliceKey.id));
    for (const change of [{ quality: 'high' }, { access: 'Multiple Access' }, { type: 'survey' }]) {
      expectError(await alice.client.rest('POST', '/request.api/edit', { id: r.id, ...change }), 400, 'BAD_USER_INPUT');
    }
  });

  it('publishes a draft, and a published request cannot go back to draft or change its escrow', async () => {
    const r = await createRequest(alice, collectionBody(aliceKey.id));
    const escrow = unverifiedEscrow();
    const published = await alice.client.rest<LegacyRequest>('POST', '/request.api/edit', { id: r.id, ...escrow });
    expect(published.body.result).toMatchObject({ status: 1, newchild: escrow.newchild });
    expectError(await alice.client.rest('POST', '/request.api/edit', { id: r.id, status: 0 }), 409, 'CONFLICT');
    expectError(
      await alice.client.rest('POST', '/request.api/edit', { id: r.id, newchild: unverifiedEscrow().newchild }),
      409,
      'CONFLICT',
    );
    expectError(
      await alice.client.rest('POST', '/request.api/edit', { id: r.id, bonus_each: 3 }),
      400,
      'BAD_USER_INPUT',
    );
  });

  it('applies the same amount rules to the merged request', async () => {
    const r = await createRequest(alice, collectionBody(aliceKey.id, { bonus_amount: 10, bonus_each: 5 }));
    expectError(
      await alice.client.rest('POST', '/request.api/edit', { id: r.id, bonus_amount: 4 }),
      400,
      'BAD_USER_INPUT',
    );
    expectError(
      await alice.client.rest('POST', '/request.api/edit', { id: r.id, bonus_amount: '4.5' }),
      400,
      'BAD_USER_INPUT',
    );
  });

  it('refuses two escrows sharing one address', async () => {
    const escrow = unverifiedEscrow();
    await createRequest(alice, collectionBody(aliceKey.id, escrow));
    expectError(
      await alice.client.rest('POST', '/v1/request/create', collectionBody(aliceKey.id, escrow)),
      409,
      'CONFLICT',
    );
  });
});

describe('lists', () => {
  it('pages per type with { list, info { count, pages } }, newest first', async () => {
    const bob = await buildUser(server);
    const key = await buildKey(bob);
    for (let i = 1; i <= 12; i++) await createRequest(bob, collectionBody(key.id, { title: `C${i}` }));
    for (let i = 1; i <= 3; i++) await createRequest(bob, surveyBody(key.id, { title: `S${i}` }));
    type Page = {
      list: { title: string; type_name: string; questionCount: number | null }[];
      info: { count: number; pages: number };
    };
    const page2 = await bob.client.rest<Page>('GET', '/v1/request/list', undefined, {
      type: 'collection',
      page: '2',
      limit: '10',
    });
    expect(page2.body.result?.info).toMatchObject({ count: 12, pages: 2 });
    expect(page2.body.result?.list.map((x) => x.title)).toEqual(['C2', 'C1']);
    const all = await bob.client.rest<Page>('GET', '/v1/request/list', undefined, { page: '1', limit: '5' });
    expect(all.body.result?.info).toMatchObject({ count: 15, pages: 3 });
    expect(all.body.result?.list[0]).toMatchObject({ title: 'S3', type_name: 'Survey', questionCount: 4 });
    const surveys = await bob.client.rest<Page>('GET', '/v1/request/list', undefined, { type: 'survey' });
    expect(surveys.body.result?.list.map((x) => x.title)).toEqual(['S3', 'S2', 'S1']);
    expectError(await bob.client.rest('GET', '/v1/request/list', undefined, { type: 'poll' }), 400, 'BAD_USER_INPUT');
    expectError(await bob.client.rest('GET', '/v1/request/list', undefined, { limit: '1000' }), 400, 'BAD_USER_INPUT');
  });
});

describe("another requester cannot read, edit or delete alice's requests", () => {
  let mallory: TestUser;
  let survey: LegacyRequest;

  beforeAll(async () => {
    mallory = await buildUser(server);
    survey = await createRequest(alice, surveyBody(aliceKey.id, unverifiedEscrow()));
  });

  it('over REST', async () => {
    const ref = { type: 'survey', id: survey.id };
    expectError(await mallory.client.rest('GET', '/v1/request/get', undefined, ref), 404, 'NOT_FOUND');
    expectError(
      await mallory.client.rest('POST', '/request.api/edit', { id: survey.id, title: 'pwned' }),
      404,
      'NOT_FOUND',
    );
    expectError(await mallory.client.rest('POST', '/request.api/delete', ref), 404, 'NOT_FOUND');
    expectError(
      await mallory.client.rest('GET', '/request.api/statistic', undefined, { id: survey.id }),
      404,
      'NOT_FOUND',
    );
    expectError(
      await mallory.client.rest('GET', '/request.api/response', undefined, { id: survey.id, type: 'survey' }),
      404,
      'NOT_FOUND',
    );
    const list = await mallory.client.rest<{ list: unknown[] }>('GET', '/v1/request/list');
    expect(list.body.result?.list).toEqual([]);
    const contracts = await mallory.client.rest<{ list: unknown[] }>('GET', '/v1/request/contracts');
    expect(contracts.body.result?.list).toEqual([]);
    const today = await mallory.client.rest('GET', '/v1/request/today');
    expect(today.body.result).toEqual({ open: 0, draft: 0, response_total: 0, response_today: 0, avg_comp_rate: 0 });
    // and a key that is not yours cannot become a request key
    expectError(
      await mallory.client.rest('POST', '/v1/request/create', collectionBody(aliceKey.id)),
      400,
      'BAD_USER_INPUT',
    );
  });

  it('over GraphQL', async () => {
    const id = survey.id;
    expect(gqlCode(await mallory.client.gql(`query($id: ID!) { request(id: $id) { id } }`, { id }))).toBe('NOT_FOUND');
    expect(
      gqlCode(
        await mallory.client.gql(`mutation($id: ID!) { updateRequest(id: $id, input: { title: "x" }) { id } }`, { id }),
      ),
    ).toBe('NOT_FOUND');
    expect(gqlCode(await mallory.client.gql(`mutation($id: ID!) { deleteRequest(id: $id) }`, { id }))).toBe(
      'NOT_FOUND',
    );
    expect(
      gqlCode(await mallory.client.gql(`query($id: ID!) { surveyStatistics(requestId: $id) { title } }`, { id })),
    ).toBe('NOT_FOUND');
    expect(
      gqlCode(await mallory.client.gql(`query($id: ID!) { requestResponses(requestId: $id) { count } }`, { id })),
    ).toBe('NOT_FOUND');
    const mine = await mallory.client.gql<{ requests: { list: unknown[] } }>(`{ requests { list { id } } }`);
    expect(mine.data?.requests.list).toEqual([]);
  });

  it('alice still has it, unchanged', async () => {
    const read = await alice.client.rest<LegacyRequest>('GET', '/v1/request/get', undefined, { id: survey.id });
    expect(read.body.result?.title).toBe(survey.title);
  });
});

describe('deleting', () => {
  it('deletes by type and id; a wrong type or a second delete is not found', async () => {
    const r = await createRequest(alice, collectionBody(aliceKey.id));
    expectError(await alice.client.rest('POST', '/request.api/delete', { type: 'survey', id: r.id }), 404, 'NOT_FOUND');
    expect((await alice.client.rest('POST', '/request.api/delete', { type: 'collection', id: r.id })).body.result).toBe(
      true,
    );
    expectError(
      await alice.client.rest('POST', '/request.api/delete', { type: 'collection', id: r.id }),
      404,
      'NOT_FOUND',
    );
  });
});
