import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decryptCollectionResponse } from '../../scripts/simulate/response-crypto';
import { simulateParticipants } from '../../scripts/simulate/simulate';
import { buildUser, type TestUser } from './support/factories';
import {
  buildKey,
  collectionBody,
  createRequest,
  surveyBody,
  unverifiedEscrow,
  type KeyPair,
} from './support/requests';
import { startTestServer, type TestServer } from './support/server';

// The participant simulator (npm run simulate) against the real server: what it sends must be what
// a requester's browser can open with the request key, and survey answers must add up.
let server: TestServer;
let alice: TestUser;
let key: KeyPair;

beforeAll(async () => {
  server = await startTestServer();
  alice = await buildUser(server);
  key = await buildKey(alice);
});
afterAll(async () => {
  await server?.close();
});

describe('npm run simulate', () => {
  it('answers a collection as N phones, encrypted to the request key', async () => {
    const r = await createRequest(
      alice,
      collectionBody(key.id, { bonus_amount: 10, bonus_each: 1, ...unverifiedEscrow() }),
    );
    const summary = await simulateParticipants({ url: server.url, requestId: r.id, count: 6, concurrency: 3, seed: 7 });
    expect(summary.accepted).toHaveLength(6);
    expect(summary.rejected).toEqual([]);
    expect(summary.payouts).toEqual({ pending: 6 }); // no chain in this test: the payouts wait for one

    type Row = { member_id: string; data: string; encrypted_symmetric_key: string };
    const res = await alice.client.rest<{ list: Row[] }>('GET', '/request.api/response', undefined, { id: r.id });
    const people = await Promise.all(
      res.body.result!.list.map((row) =>
        decryptCollectionResponse(key.privateKeyPem, r.id, {
          encryptedData: row.data,
          sealedKey: row.encrypted_symmetric_key,
        }),
      ),
    );
    expect(people).toHaveLength(6);
    for (const p of people) {
      // the request asks for profile, location, health and images, not ID data
      expect(p).toMatchObject({
        firstName: expect.any(String),
        lastName: expect.any(String),
        age: expect.any(Number),
        email: expect.stringContaining('@'),
        location: { city: expect.any(String), country: expect.any(String) },
        image_upload: expect.any(Array),
        health: expect.any(Object),
      });
      expect(p.idDocument).toBeUndefined();
    }
  });

  it('answers a survey, and the counters add up; extra phones are refused once it is full', async () => {
    const s = await createRequest(alice, surveyBody(key.id, { bonus_amount: 8, bonus_each: 1, ...unverifiedEscrow() }));
    const summary = await simulateParticipants({ url: server.url, requestId: s.id, count: 10, seed: 3 });
    expect(summary.accepted).toHaveLength(8);
    expect(summary.rejected.map((x) => x.code)).toEqual(['CONFLICT', 'CONFLICT']);
    const stats = await alice.client.rest<{ type: string; data: { counter: number }[] }[]>(
      'GET',
      '/request.api/statistic',
      undefined,
      { id: s.id },
    );
    for (const group of stats.body.result!) {
      const total = group.data.reduce((n, d) => n + d.counter, 0);
      if (group.type === 'checkboxes') expect(total).toBeGreaterThanOrEqual(8);
      else expect(total).toBe(8);
    }
  });

  it('meets a study’s screener and quota: screened-out and quota-full phones take no paid place', async () => {
    const s = await createRequest(
      alice,
      surveyBody(key.id, { bonus_amount: 40, bonus_each: 1, ...unverifiedEscrow() }),
    );
    const [often, , age] = s.data as { id: string }[];
    const set = await alice.client.gql(
      `mutation($input: FieldworkInput!) { setFieldwork(input: $input) { requestId } }`,
      {
        input: {
          requestId: s.id,
          screeners: [{ questionId: often.id, qualifying: ['Weekly', 'Daily'] }],
          quotas: [
            { name: 'Under 35', questionId: age.id, options: ['18-24', '25-34'], size: 3, action: 'screen_out' },
          ],
        },
      },
    );
    expect(set.errors).toBeUndefined();
    const summary = await simulateParticipants({ url: server.url, requestId: s.id, count: 30, seed: 5 });
    const ended = (o: string) => summary.ended.filter((e) => e.outcome === o).length;
    expect(summary.accepted.length + summary.ended.length + summary.rejected.length).toBe(30);
    expect(ended('screened_out')).toBeGreaterThan(0);
    expect(ended('quota_full')).toBeGreaterThan(0);
    for (const e of summary.ended.filter((x) => x.outcome === 'quota_full')) expect(e.quota?.name).toBe('Under 35');
    const [{ n }] = await server.db.orm.em
      .fork()
      .getConnection()
      .execute<{ n: number }[]>('select count(*)::int as n from payouts where request_id = ?', [s.id]);
    expect(n).toBe(summary.accepted.length);
  });

  it('answers a survey of the newer types with logic, sealing the personal answers', async () => {
    const eq = (question: number, value: string) => ({
      match: 'all',
      conditions: [{ question, op: 'equals', values: [value] }],
    });
    const data = [
      { type: 'radios', title: 'Sport?', options: ['Yes', 'No'], logic: { skip: { when: eq(0, 'No'), to: 3 } } },
      { type: 'short_text', title: 'Which one?' },
      { type: 'number', title: 'Hours a week', min: 0, max: 40, unit: 'h' },
      { type: 'nps', title: 'Recommend us?' },
      { type: 'matrix', title: 'Rate', options: ['Bad', 'Good'], rows: ['Price', 'Speed'] },
      { type: 'ranking', title: 'Order', options: ['A', 'B', 'C'] },
      { type: 'date', title: 'Since when?', required: false },
    ];
    const s = await createRequest(
      alice,
      surveyBody(key.id, { data, bonus_amount: 6, bonus_each: 1, ...unverifiedEscrow() }),
    );
    const summary = await simulateParticipants({ url: server.url, requestId: s.id, count: 6, seed: 5 });
    expect(summary.rejected).toEqual([]);
    expect(summary.accepted).toHaveLength(6);
    const stats = await alice.client.rest<{ type: string; data: { counter: number; meanRank?: number }[] }[]>(
      'GET',
      '/request.api/statistic',
      undefined,
      { id: s.id },
    );
    const groups = stats.body.result!;
    expect(groups[3].data.reduce((n, d) => n + d.counter, 0)).toBe(6);
    expect(groups[4].data.reduce((n, d) => n + d.counter, 0)).toBe(12);
    expect(groups[5].data.every((d) => typeof d.meanRank === 'number')).toBe(true);
  });
});
