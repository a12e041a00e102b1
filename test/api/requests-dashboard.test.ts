import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from './support/client';
import { buildUser, type TestUser } from './support/factories';
import {
  buildKey,
  collectionBody,
  createRequest,
  newDevice,
  randomAddress,
  surveyBody,
  unverifiedEscrow,
  type LegacyQuestion,
  type LegacyRequest,
} from './support/requests';
import { countSql } from './support/sql-counter';
import { startTestServer, type TestServer } from './support/server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const phone = () => new TestClient(server.url);

/** `n` phones answer the survey (answers to every non-star question). */
async function answer(s: LegacyRequest, n: number) {
  const q = s.data as LegacyQuestion[];
  const answers = [
    { questionId: q[0].id, answer: 'Daily' },
    { questionId: q[1].id, answer: ['Phone', 'Watch'] },
    { questionId: q[2].id, answer: '25-34' },
    { questionId: q[3].id, answer: 4 },
  ];
  const client = phone();
  const one = async () => {
    const res = await client.rest('POST', '/v1/requestClient/submitSurvey', {
      requestId: s.id,
      deviceId: newDevice(),
      walletAddress: randomAddress(),
      answers,
    });
    if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  };
  for (let i = 0; i < n; i += 8) await Promise.all(Array.from({ length: Math.min(8, n - i) }, one));
  // submissions start their payouts in the background; let them settle before measuring
  await server.services.payouts.drain();
}

describe('the overview cards', () => {
  let carol: TestUser;
  beforeAll(async () => {
    carol = await buildUser(server);
    const key = await buildKey(carol);
    const a = await createRequest(
      carol,
      surveyBody(key.id, { bonus_amount: 10, bonus_each: 2, ...unverifiedEscrow() }),
    );
    const b = await createRequest(carol, surveyBody(key.id, { bonus_amount: 6, bonus_each: 3, ...unverifiedEscrow() }));
    await createRequest(carol, collectionBody(key.id)); // a draft
    await createRequest(carol, surveyBody(key.id)); // another draft
    await answer(a, 2);
    await answer(b, 1);
    // one of a's responses arrived two days ago
    await server.db.orm.em
      .fork()
      .getConnection()
      .execute(
        `update submissions set created_at = now() - interval '2 days' where id = (select id from submissions where request_id = ? limit 1)`,
        [a.id],
      );
  });

  it('counts open and draft requests, total and today responses and the completion rate', async () => {
    const res = await carol.client.rest('GET', '/v1/request/today');
    // 3 responses / (floor(10/2) + floor(6/3)) paid responses = 3/7
    expect(res.body.result).toEqual({ open: 2, draft: 2, response_total: 3, response_today: 2, avg_comp_rate: 42.9 });
    const gql = await carol.client.gql<{ requestOverview: Record<string, number> }>(
      `{ requestOverview(tzOffset: -120) { open draft responseTotal responseToday avgCompRate } }`,
    );
    expect(gql.data?.requestOverview).toMatchObject({ open: 2, draft: 2, responseTotal: 3, avgCompRate: 42.9 });
  });

  it('lists the published requests as contracts, 5 per page, all Completed', async () => {
    const res = await carol.client.rest<{
      list: { address: string; title: string; bonus_amount: number; status: string }[];
      info: { count: number; pages: number };
    }>('GET', '/v1/request/contracts', undefined, { page: '1', limit: '5' });
    expect(res.body.result!.info).toMatchObject({ count: 2, pages: 1 });
    expect(res.body.result!.list.map((c) => [c.bonus_amount, c.status])).toEqual([
      [6, 'Completed'],
      [10, 'Completed'],
    ]);
    expect(res.body.result!.list[0].address).toMatch(/^0x[0-9a-fA-F]{40}$/);
  });
});

describe('the dashboard is N+1-free', () => {
  // Everything the dashboard loads, over GraphQL (one operation) and REST (its three calls).
  const GQL = `query Dashboard($limit: Int!) {
    requestOverview { open draft responseTotal responseToday avgCompRate }
    requests(page: 1, limit: $limit) {
      list { id title type typeName createdAt questionCount responseCount description keyId
             options { healthData } questions { id title choices } }
      info { count pages page }
    }
    contracts(page: 1, limit: $limit) { list { address title bonusAmount status } info { count pages } }
  }`;

  async function statements(user: TestUser, limit: number) {
    const counter = countSql(server.db.orm);
    try {
      const gql = await counter.record(async () => {
        const res = await user.client.gql<{ requests: { list: unknown[] } }>(GQL, { limit });
        if (res.errors) throw new Error(JSON.stringify(res.errors));
        expect(res.data?.requests.list).toHaveLength(limit);
      });
      const rest = await counter.record(async () => {
        const q = { page: '1', limit: String(limit) };
        for (const path of ['/v1/request/today', '/v1/request/list', '/v1/request/contracts']) {
          const res = await user.client.rest('GET', path, undefined, path.endsWith('today') ? undefined : q);
          if (res.status !== 200) throw new Error(JSON.stringify(res.body));
        }
      });
      return { gql: gql.length, rest: rest.length };
    } finally {
      counter.restore();
    }
  }

  // A query per row shows as one more statement whatever the count: 3 responses on each of 10 surveys
  // find it as 20 did (they made this file's set-up most of its CPU).
  it('runs as many SQL statements for 5 requests and no responses as for 50 requests and 30 responses', async () => {
    const small = await buildUser(server);
    const smallKey = await buildKey(small);
    for (let i = 0; i < 5; i++) {
      const body =
        i % 2 ? collectionBody(smallKey.id, unverifiedEscrow()) : surveyBody(smallKey.id, unverifiedEscrow());
      await createRequest(small, body);
    }

    const big = await buildUser(server);
    const bigKey = await buildKey(big);
    const surveys: LegacyRequest[] = [];
    for (let i = 0; i < 50; i++) {
      const escrow = { ...unverifiedEscrow(), bonus_amount: 100, bonus_each: 1 };
      const body = i % 2 ? collectionBody(bigKey.id, escrow) : surveyBody(bigKey.id, escrow);
      const r = await createRequest(big, body);
      if (r.type === 'survey') surveys.push(r);
    }
    for (const s of surveys.slice(0, 10)) await answer(s, 3);

    const few = await statements(small, 5);
    const many = await statements(big, 50);
    expect(many).toEqual(few);
    // and the numbers are small: session lookup + a handful of queries
    expect(few.gql).toBeLessThanOrEqual(10);
    const overview = await big.client.rest<{ response_total: number }>('GET', '/v1/request/today');
    expect(overview.body.result?.response_total).toBe(30);
    // 50 requests and 30 answers made over HTTP: longer than the default on a busy machine
  }, 120_000);
});
