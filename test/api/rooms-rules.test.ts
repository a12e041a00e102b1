import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toBase64 } from '../../web/src/crypto/bytes';
import { openCell } from '../../web/src/crypto/cells';
import { deriveSealKey, deriveTokenKey, importColumnKey } from '../../web/src/crypto/column-keys';
import { openColumnKey } from '../../web/src/crypto/dataset-secret';
import { tokenize } from '../../web/src/crypto/tokens';
import { balanceOf, buyCredit } from './support/billing';
import {
  addGuest,
  buildBrowser,
  createRoom,
  decryptReport,
  grantStandingKeys,
  sealColumnKeyFor,
  uploadDataset,
  withheldColumnKey,
  type Browser,
  type Column,
  type ReportResult,
  type TestRoom,
  EXACT_OVERLAP,
} from './support/rooms';
import { startTestServer, type TestServer } from './support/server';

// The clean room's analysis rules, tried as a hostile partner would: the guest against the
// owner's data set under each rule, and the owner's view of it all in the audit log.
let server: TestServer;
let owner: Browser;
let guest: Browser;
let room: TestRoom;
let customers: string; // the owner's set, rule "matches" (the defaults: k = 10, nothing shared)
let leads: string; // the guest's set: persons 20-49
let onePerson: string; // the guest's one-row set: person 5 (in customers)
let nobody: string; // the guest's one-row set: person 99 (not in customers)

const CANARY_NAME = 'CanaryNameQx7';
const CANARY_AMOUNT = '8675309';

// persons 0-39; cities: 20-39 get Paris (i % 4 < 2), Rome (i % 4 === 2) or Oslo (i % 4 === 3)
const CUSTOMER_COLUMNS: Column[] = [
  { name: 'email', role: 'join', kind: 'email' },
  { name: 'name', role: 'sealed' },
  { name: 'plan', role: 'sealed', shared: true },
  { name: 'city', role: 'clear', shared: true },
  { name: 'amount', role: 'clear' },
];
const city = (i: number) => (i % 4 < 2 ? 'Paris' : i % 4 === 2 ? 'Rome' : 'Oslo');
const customerRows = Array.from({ length: 40 }, (_, i) => [
  `person${i}@example.test`,
  `${CANARY_NAME} ${i}`,
  i % 2 ? 'gold' : 'basic',
  city(i),
  i === 25 ? CANARY_AMOUNT : String(100 + i),
]);
const LEAD_COLUMNS: Column[] = [
  { name: 'mail', role: 'join', domain: 'email', kind: 'email' },
  { name: 'score', role: 'clear' },
];
const leadRows = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, k) => [`Person${from + k}@Example.test`, String(from + k)]);

beforeAll(async () => {
  server = await startTestServer();
  [owner, guest] = await Promise.all([buildBrowser(server), buildBrowser(server)]);
  room = await createRoom(owner, 'Partners');
  await addGuest(owner, guest, room);
  // without differential privacy: these tests check k and the rules on exact answers
  // (test/api/rooms-attacks.test.ts plays the same partner against noisy answers)
  customers = await uploadDataset(owner, room, 'customers', CUSTOMER_COLUMNS, customerRows, 15, 'json', {
    differentialPrivacy: false,
  });
  const exact = { differentialPrivacy: false };
  leads = await uploadDataset(guest, room, 'leads', LEAD_COLUMNS, leadRows(20, 49), 1000, 'json', exact);
  onePerson = await uploadDataset(guest, room, 'one person', LEAD_COLUMNS, leadRows(5, 5), 1000, 'json', exact);
  nobody = await uploadDataset(guest, room, 'nobody', LEAD_COLUMNS, leadRows(99, 99), 1000, 'json', exact);
  await Promise.all([buyCredit(guest.client, '10credits'), buyCredit(owner.client, '10credits')]);
});
afterAll(async () => {
  await server?.close();
});

// everything the guest's calls got back, to show what never reached the guest
const guestReceived: unknown[] = [];
let receivedBeforeApproval = '';
const seen = <T extends { body: unknown }>(b: Browser, res: T): T => {
  if (b === guest) guestReceived.push(res.body);
  return res;
};

const eq = (a: string, b: string) => ({ left: { set: 1, column: a }, op: '=', right: { set: 2, column: b } });
const MATCH = eq('mail', 'email');

type Overlap = { onlyA: number | null; both: number | null; onlyB: number | null; suppressed: boolean };
const compare = async (b: Browser, ids: string[]) =>
  seen(
    b,
    await b.client.rest<Overlap[]>('GET', '/v1/vcr/compareDatasets', undefined, {
      room_id: room.id,
      datasets_array: ids.join(','),
    }),
  ).body.result!;
const joinCount = async (b: Browser, a: string, c: string, sqlWhere: unknown = MATCH) =>
  seen(
    b,
    await b.client.rest<{ matchCount: number | null; suppressed: boolean; columns: { name: string; set: number }[] }>(
      'GET',
      '/v1/vcr/joinDatasets',
      undefined,
      { room_id: room.id, dataset1_id: a, dataset2_id: c, sqlWhere: JSON.stringify(sqlWhere) },
    ),
  );
const report = async (b: Browser, ids: string[], sqlWhere?: unknown, extra: Record<string, string> = {}) =>
  seen(
    b,
    await b.client.rest<{ id: string; result: ReportResult; rowCount: number; description: string }>(
      'POST',
      '/v1/vcr/createReport',
      {
        room_id: room.id,
        ...(ids.length ? { datasets_array: ids.join(',') } : {}),
        ...(sqlWhere ? { sqlWhere: JSON.stringify(sqlWhere) } : {}),
        ...extra,
      },
    ),
  );
type Aggregate = {
  columns: { kind: string; name: string }[];
  groups: { keys: (string | null)[]; values: (number | null)[]; suppressed: boolean }[];
  thresholds: { name: string; minGroupSize: number }[];
  description: string;
};
const aggregate = async (b: Browser, body: Record<string, unknown>) =>
  seen(b, await b.client.rest<Aggregate>('POST', '/v1/vcr/aggregate', { room_id: room.id, ...body }));
const setRule = (b: Browser, body: Record<string, unknown>) =>
  b.client.rest<{ partnerAccess: string; minGroupSize: number; columns: { name: string; shared: boolean }[] }>(
    'POST',
    '/v1/vcr/updateDataSetRule',
    { room_id: room.id, dataset_id: customers, ...body },
  );
type AuditEntry = {
  actorName: string;
  action: string;
  description: string;
  count: number | null;
  hidden: boolean;
  unit: string;
};
const audit = async (b: Browser, limit = 100) =>
  (
    await b.client.rest<{ entries: AuditEntry[]; total: number; pages: number }>(
      'GET',
      '/v1/vcr/getAuditLog',
      undefined,
      { room_id: room.id, limit: String(limit) },
    )
  ).body.result!;
async function emailToken(value: string) {
  const key = await deriveTokenKey(room.roomKey, room.id, 'email');
  return toBase64((await tokenize(key, value, 'email'))!);
}

describe('the rule of a data set', () => {
  it('defaults to matches with k = 10 and no shared column but those marked; withheld columns use the set’s secret', async () => {
    const sets = await guest.client.rest<
      {
        id: string;
        partnerAccess: string;
        minGroupSize: number;
        mine: boolean;
        sealedSecret: string | null;
        columns: { name: string; shared: boolean; sealing: string | null }[];
      }[]
    >('GET', '/v1/vcr/getDataSets', undefined, { room_id: room.id });
    const theirs = sets.body.result!.find((d) => d.id === customers)!;
    expect(theirs).toMatchObject({ partnerAccess: 'matches', minGroupSize: 10, mine: false, sealedSecret: null });
    expect(theirs.columns.map((c) => [c.name, c.shared, c.sealing])).toEqual([
      ['email', false, 'dataset'],
      ['name', false, 'dataset'],
      ['plan', true, 'room'],
      ['city', true, null],
      ['amount', false, null],
    ]);
    // its uploader gets the sealed secret back (it opens only with the uploader's private key)
    const mine = await owner.client.rest<{ id: string; sealedSecret: string | null; mine: boolean }[]>(
      'GET',
      '/v1/vcr/getDataSets',
      undefined,
      { room_id: room.id },
    );
    expect(mine.body.result!.find((d) => d.id === customers)).toMatchObject({
      mine: true,
      sealedSecret: expect.stringMatching(/^hpke1\./),
    });
  });

  it('refuses an upload whose withheld columns come without the set’s secret, and bad rules', async () => {
    await expect(
      uploadDataset(owner, room, 'no secret', [{ name: 'name', role: 'sealed' }], [['x']]).then(() => 'uploaded'),
    ).resolves.toBe('uploaded'); // the helper sends the secret
    const bare = await owner.client.rest('POST', '/v1/vcr/uploadEncrypted', {
      room_id: room.id,
      dataset_id: crypto.randomUUID(),
      campaign: 'bare',
      header: [{ name: 'name', role: 'sealed' }],
      encrypted: [[null]],
    });
    expect([bare.status, bare.body.error?.code]).toEqual([400, 'BAD_USER_INPUT']);
    expect(bare.body.error?.message).toMatch(/name is not shared with partners/);
    for (const [field, value] of [
      ['partner_access', 'everything'],
      ['min_group_size', 1],
      ['min_group_size', 100_001],
    ] as const) {
      const res = await owner.client.rest('POST', '/v1/vcr/uploadEncrypted', {
        room_id: room.id,
        dataset_id: crypto.randomUUID(),
        campaign: `bad ${field}`,
        header: [{ name: 'city', role: 'clear' }],
        encrypted: [['x']],
        [field]: value,
      });
      expect([res.status, res.body.error?.code]).toEqual([400, 'BAD_USER_INPUT']);
    }
  });
});

describe('a hostile partner under "matches"', () => {
  it('cannot report the owner’s set alone: 403 ANALYSIS_RULE naming the rule, nothing charged', async () => {
    const before = await balanceOf(guest.client);
    const res = await report(guest, [customers]);
    expect([res.status, res.body.error?.code]).toEqual([403, 'ANALYSIS_RULE']);
    expect(res.body.error?.message).toMatch(/"customers" is shared for matches only \(rule "matches"\)/);
    const gql = await guest.client.gql(
      `mutation($r: ID!, $d: ID!) { createReport(input: { roomId: $r, datasetIds: [$d] }) { id } }`,
      { r: room.id, d: customers },
    );
    expect(gql.errors?.[0]?.extensions?.code).toBe('ANALYSIS_RULE');
    // the one-call repro: the legacy GET from a page of this site, the set as a JSON array
    const legacy = await guest.client.fetch(
      `/v1/vcr/getReport?${new URLSearchParams({ room_id: room.id, datasets_array: JSON.stringify([customers]) })}`,
      { headers: { 'sec-fetch-site': 'same-origin' } },
    );
    const body = (await legacy.json()) as { error?: { code: string }; result?: unknown };
    expect([legacy.status, body.error?.code, body.result]).toEqual([403, 'ANALYSIS_RULE', undefined]);
    expect(await balanceOf(guest.client)).toBe(before);
  });

  it('gets a join with its own set: its own columns and only the shared ones of the owner’s', async () => {
    const res = await report(guest, [leads, customers], MATCH);
    expect(res.status).toBe(200);
    expect(res.body.result!.rowCount).toBe(20);
    const result = res.body.result!.result;
    expect(result.columns.map((c) => [c.set, c.name])).toEqual([
      [1, 'mail'],
      [1, 'score'],
      [2, 'plan'],
      [2, 'city'],
    ]);
    const plain = await decryptReport(room, room.id, result, guest);
    expect(plain[0]).toEqual(['Person20@Example.test', '20', 'basic', 'Paris']);
    const text = JSON.stringify(res.body);
    expect(text).not.toContain(CANARY_AMOUNT);
    // the preview says which columns the report would carry
    const preview = await joinCount(guest, leads, customers);
    expect(preview.body.result).toMatchObject({ matchCount: 20, suppressed: false });
    expect(preview.body.result!.columns.map((c) => c.name)).toEqual(['mail', 'score', 'plan', 'city']);
  });

  it('cannot compare a column of the owner’s set with a token literal (the guest’s own: yes)', async () => {
    const token = await emailToken('person5@example.test');
    const probe = { op: 'and', conditions: [MATCH, { left: { set: 2, column: 'email' }, op: '=', token }] };
    for (const res of [
      await joinCount(guest, leads, customers, probe),
      await report(guest, [leads, customers], probe),
      await aggregate(guest, {
        datasets_array: [leads, customers],
        sqlWhere: probe,
        measures: [{ fn: 'count' }],
      }),
    ]) {
      expect([res.status, res.body.error?.code]).toEqual([403, 'ANALYSIS_RULE']);
      expect(res.body.error?.message).toMatch(
        /no comparison of its column email with a given value \(rule "matches"\)/,
      );
    }
    const own = {
      op: 'and',
      conditions: [
        MATCH,
        { left: { set: 1, column: 'mail' }, op: '=', token: await emailToken('person25@example.test') },
      ],
    };
    expect((await joinCount(guest, leads, customers, own)).body.result).toMatchObject({ suppressed: true });
  });

  it('a one-row upload reveals nothing about whether that person is in the owner’s set', async () => {
    // person 5 is a customer, person 99 is not: every answer is the same
    const [inCompare, outCompare] = await Promise.all([
      compare(guest, [onePerson, customers]),
      compare(guest, [nobody, customers]),
    ]);
    expect(inCompare).toEqual([
      {
        domain: 'email',
        datasetIds: [onePerson, customers],
        onlyA: null,
        both: null,
        onlyB: null,
        suppressed: true,
        ...EXACT_OVERLAP,
      },
    ]);
    expect(outCompare).toEqual([
      {
        domain: 'email',
        datasetIds: [nobody, customers],
        onlyA: null,
        both: null,
        onlyB: null,
        suppressed: true,
        ...EXACT_OVERLAP,
      },
    ]);
    const [inJoin, outJoin] = await Promise.all([
      joinCount(guest, onePerson, customers),
      joinCount(guest, nobody, customers),
    ]);
    expect(inJoin.body.result).toMatchObject({ matchCount: null, suppressed: true });
    expect(outJoin.body.result).toMatchObject({ matchCount: null, suppressed: true });
    const agg = (set: string) =>
      aggregate(guest, { datasets_array: [set, customers], sqlWhere: MATCH, measures: [{ fn: 'count' }] });
    const [inAgg, outAgg] = await Promise.all([agg(onePerson), agg(nobody)]);
    expect(inAgg.body.result!.groups).toEqual([{ keys: [], values: [null], suppressed: true, intervals: [null] }]);
    expect(outAgg.body.result!.groups).toEqual(inAgg.body.result!.groups);
    const grouped = (set: string) =>
      aggregate(guest, {
        datasets_array: [set, customers],
        sqlWhere: MATCH,
        group_by: [{ set: 1, column: 'score' }],
        measures: [{ fn: 'count' }],
      });
    const [inGroups, outGroups] = await Promise.all([grouped(onePerson), grouped(nobody)]);
    expect(inGroups.body.result!.groups).toEqual([]);
    expect(outGroups.body.result!.groups).toEqual([]);
    const [inReport, outReport] = await Promise.all([
      report(guest, [onePerson, customers], MATCH),
      report(guest, [nobody, customers], MATCH),
    ]);
    expect([inReport.status, inReport.body.error?.code]).toEqual([403, 'ANALYSIS_RULE']);
    expect(outReport.body.error).toEqual(inReport.body.error);
    expect(inReport.body.error?.message).toMatch(/fewer than 10 rows of "customers"/);
  });

  it('counts below k are suppressed in Compare, Join and aggregates; the owner’s own counts are not', async () => {
    // the leads overlap customers in persons 20-39: 20 in both, 10 only in leads, 20 only in customers
    expect(await compare(guest, [leads, customers])).toEqual([
      {
        domain: 'email',
        datasetIds: [leads, customers],
        onlyA: 10,
        both: 20,
        onlyB: 20,
        suppressed: false,
        ...EXACT_OVERLAP,
      },
    ]);
    const narrow = { op: 'and', conditions: [MATCH, { left: { set: 1, column: 'score' }, op: '<', value: 25 }] };
    expect((await joinCount(guest, leads, customers, narrow)).body.result).toMatchObject({
      matchCount: null,
      suppressed: true,
    });
    // the owner, for whom the leads are the partner's: under the defaults the guest's score column
    // is private for partners, so filtering on it is refused, naming the column
    const ownersNarrow = await joinCount(owner, leads, customers, narrow);
    expect([ownersNarrow.status, ownersNarrow.body.error?.code]).toEqual([403, 'ANALYSIS_RULE']);
    expect(ownersNarrow.body.error?.message).toMatch(/column score of "leads" is private/);
    // a one-set count of the owner's own set is the owner's business
    const own = await aggregate(owner, {
      datasets_array: [customers],
      sqlWhere: { left: { set: 1, column: 'city' }, op: '=', value: 'Rome' },
      measures: [{ fn: 'count' }],
    });
    expect(own.body.result!.groups).toEqual([{ keys: [], values: [10], suppressed: false, intervals: [null] }]);
  });

  it('aggregates: groups under k are left out, and so is the smallest other group when subtraction would give them away', async () => {
    const byCity = await aggregate(guest, {
      datasets_array: [leads, customers],
      sqlWhere: MATCH,
      group_by: [{ set: 2, column: 'city' }],
      measures: [{ fn: 'count' }, { fn: 'avg', column: { set: 1, column: 'score' } }],
    });
    expect(byCity.status).toBe(200);
    // matched persons 20-39: Paris 10, Rome 5, Oslo 5. Rome and Oslo are hidden; together they
    // cover 10 rows (20 in all less Paris's 10), so Paris can show.
    expect(byCity.body.result!.groups).toEqual([
      { keys: ['Paris'], values: [10, 28.5], suppressed: false, intervals: [null, null] },
    ]);
    expect(byCity.body.result!.thresholds).toEqual([expect.objectContaining({ name: 'customers', minGroupSize: 10 })]);
    expect(byCity.body.result!.description).toBe(
      'Count and average of score of leads by city of customers, over leads joined with customers where mail of leads matches email of customers',
    );
    // persons 20-34 only: Paris 8, Rome 4, Oslo 3: everything under k, nothing shown
    const fewer = { op: 'and', conditions: [MATCH, { left: { set: 1, column: 'score' }, op: '<', value: 35 }] };
    const none = await aggregate(guest, {
      datasets_array: [leads, customers],
      sqlWhere: fewer,
      group_by: [{ set: 2, column: 'city' }],
      measures: [{ fn: 'count' }],
    });
    expect(none.body.result!.groups).toEqual([]);
    // the owner's set alone, by plan (shared): 20 basic, 20 gold; a total would be its row count
    const byPlanCity = await aggregate(guest, {
      datasets_array: [customers],
      group_by: [{ set: 1, column: 'city' }],
      measures: [{ fn: 'count' }, { fn: 'countDistinct', column: { set: 1, column: 'email' } }],
    });
    // all 40: Paris 20, Rome 10, Oslo 10: all shown
    expect(byPlanCity.body.result!.groups.map((g) => [g.keys[0], g.values])).toEqual([
      ['Oslo', [10, 10]],
      ['Paris', [20, 20]],
      ['Rome', [10, 10]],
    ]);
  });

  it('aggregates: sum, min and max over a join are exact, free, and take at most 3 group-by columns', async () => {
    const before = await balanceOf(guest.client);
    const res = await aggregate(guest, {
      datasets_array: [leads, customers],
      sqlWhere: MATCH,
      group_by: [{ set: 2, column: 'city' }],
      measures: [
        { fn: 'sum', column: { set: 1, column: 'score' } },
        { fn: 'min', column: { set: 1, column: 'score' } },
        { fn: 'max', column: { set: 1, column: 'score' } },
      ],
    });
    expect(res.status).toBe(200);
    // Paris: persons 20, 21, 24, 25, 28, 29, 32, 33, 36, 37 (their scores are their numbers)
    expect(res.body.result!.groups).toEqual([
      { keys: ['Paris'], values: [285, 20, 37], suppressed: false, intervals: [null, null, null] },
    ]);
    const city = { set: 2, column: 'city' };
    const four = await aggregate(guest, {
      datasets_array: [leads, customers],
      sqlWhere: MATCH,
      group_by: [city, { set: 1, column: 'score' }, city, city],
      measures: [{ fn: 'count' }],
    });
    expect([four.status, four.body.error?.code]).toEqual([400, 'BAD_USER_INPUT']);
    expect(JSON.stringify(four.body.error)).toMatch(/at most 3 columns/);
    expect(await balanceOf(guest.client)).toBe(before);
  });

  it('aggregates read only the columns whose role allows it; grouping by a private column is refused', async () => {
    for (const body of [
      { group_by: [{ set: 1, column: 'amount' }], measures: [{ fn: 'count' }] },
      { measures: [{ fn: 'sum', column: { set: 1, column: 'amount' } }] },
    ]) {
      const res = await aggregate(guest, { datasets_array: [customers], ...body });
      expect([res.status, res.body.error?.code]).toEqual([403, 'ANALYSIS_RULE']);
      expect(res.body.error?.message).toMatch(/column amount of "customers" is private for partners/);
    }
    // the uploader may: full access to their own set
    const mine = await aggregate(owner, {
      datasets_array: [customers],
      measures: [{ fn: 'max', column: { set: 1, column: 'amount' } }],
    });
    expect(mine.body.result!.groups[0].values).toEqual([Number(CANARY_AMOUNT)]);
    const bad = await aggregate(guest, {
      datasets_array: [customers],
      group_by: [{ set: 1, column: 'name' }],
      measures: [{ fn: 'count' }],
    });
    expect([bad.status, bad.body.error?.code]).toEqual([400, 'BAD_USER_INPUT']);
  });
});

describe('access requests', () => {
  let requestId: string;

  it('a request for the set alone, with a withheld column: the owner is notified and sees it', async () => {
    const res = await guest.client.rest<{ id: string; status: string; description: string }>(
      'POST',
      '/v1/vcr/requestAccess',
      { room_id: room.id, datasets_array: [customers], columns: ['name'], reason: 'To check our shared customers' },
    );
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({
      status: 'open',
      description: 'customers alone, with the withheld column name',
    });
    requestId = res.body.result!.id;
    const seen = await owner.client.rest<{ id: string; toDecide: boolean; requesterName: string; reason: string }[]>(
      'GET',
      '/v1/vcr/getAccessRequests',
      undefined,
      { room_id: room.id },
    );
    expect(seen.body.result).toEqual([
      expect.objectContaining({ id: requestId, toDecide: true, reason: 'To check our shared customers' }),
    ]);
    const notes = await owner.client.gql<{ notifications: { notification: string }[] }>(
      `{ notifications { notification } }`,
    );
    expect(notes.data?.notifications.map((n) => n.notification)).toContainEqual(
      expect.stringContaining('asks for access to customers'),
    );
    // before a decision the request makes no report
    const early = await report(guest, [], undefined, { access_request_id: requestId });
    expect([early.status, early.body.error?.message]).toEqual([
      409,
      'This access request waits for the uploader’s decision',
    ]);
    // nor does it take another report's sets
    const mixed = await report(guest, [customers], undefined, { access_request_id: requestId });
    expect(mixed.status).toBe(400);
    const waiting = await guest.client.gql(
      `mutation($r: ID!, $q: ID!) { createReport(input: { roomId: $r, accessRequestId: $q }) { id } }`,
      { r: room.id, q: requestId },
    );
    expect(waiting.errors?.[0]?.extensions?.code).toBe('CONFLICT');
  });

  it('refuses requests that ask for nothing, for shared columns, or for another’s decision', async () => {
    const nothing = await guest.client.rest('POST', '/v1/vcr/requestAccess', {
      room_id: room.id,
      datasets_array: [leads, customers],
      sqlWhere: JSON.stringify(MATCH),
      reason: 'nothing',
    });
    expect(nothing.body.error?.message).toMatch(/allow this report already/);
    const shared = await guest.client.rest('POST', '/v1/vcr/requestAccess', {
      room_id: room.id,
      datasets_array: [customers],
      columns: ['city'],
      reason: 'x',
    });
    expect(shared.body.error?.message).toMatch(/city is shared with you already/);
    const self = await guest.client.rest('POST', '/v1/vcr/approveAccess', { room_id: room.id, request_id: requestId });
    expect(self.status).toBe(403);
  });

  it('the owner approves (sealing the column key to the guest): exactly one report, then no more', async () => {
    receivedBeforeApproval = JSON.stringify(guestReceived);
    const ok = await approve(requestId, ['name']);
    expect(ok.status).toBe(200);
    expect(ok.body.result).toMatchObject({ status: 'approved' });
    const again = await approve(requestId, ['name']);
    expect(again.status).toBe(409);

    const before = await balanceOf(guest.client);
    const made = await Promise.all([1, 2].map(() => report(guest, [], undefined, { access_request_id: requestId })));
    const good = made.filter((r) => r.status === 200);
    expect(good).toHaveLength(1);
    expect(made.find((r) => r.status !== 200)?.body.error?.code).toBe('CONFLICT');
    expect(await balanceOf(guest.client)).toBe(before - 1);
    const result = good[0].body.result!.result;
    // the set's shared columns and the one approved, in the set's order
    expect(result.columns.map((c) => c.name)).toEqual(['name', 'plan', 'city']);
    const plain = await decryptReport(room, room.id, result, guest);
    expect(plain).toHaveLength(40);
    expect(plain[3]).toEqual([`${CANARY_NAME} 3`, 'gold', 'Oslo']);
    // the approval allowed that report only: the set alone is refused again
    const after = await report(guest, [customers]);
    expect(after.body.error?.code).toBe('ANALYSIS_RULE');
  });

  it('cryptography: with the room key and every stored row, withheld cells do not open; the approval opens exactly its column', async () => {
    const stored = await server.db.orm.em
      .fork()
      .getConnection()
      .execute<{ row_no: number; sealed: Buffer[] }[]>(
        `select row_no, array[s1, s2, s3] as sealed from "vcr_sealed_${customers.replace(/-/g, '')}" order by row_no`,
      );
    expect(stored).toHaveLength(40);
    // sealed cells in column order: email's sealed copy, name, plan
    const cells = (i: number) => stored.map((r) => ({ row: r.row_no, bytes: new Uint8Array(r.sealed[i]) }));
    const place = (column: string, row: number) => ({
      roomId: room.id,
      datasetId: customers,
      column,
      rowNumber: row,
      keyVersion: 1,
    });
    const opens = async (key: CryptoKey, column: string, index: number) =>
      (
        await Promise.all(
          cells(index).map((c) =>
            openCell(key, c.bytes, place(column, c.row)).then(
              () => true,
              () => false,
            ),
          ),
        )
      ).filter(Boolean).length;
    const roomKeyFor = (column: string) => deriveSealKey(room.roomKey, room.id, customers, column, 'decrypt');
    // the partner's whole kit (the room key) opens the shared column and none of the withheld
    expect(await opens(await roomKeyFor('plan'), 'plan', 2)).toBe(40);
    expect(await opens(await roomKeyFor('name'), 'name', 1)).toBe(0);
    expect(await opens(await roomKeyFor('email'), 'email', 0)).toBe(0);
    // the approved column's key, as the guest's browser opens it from the grant: name, and only name
    const grants = await server.db.orm.em
      .fork()
      .getConnection()
      .execute<{ column: string; sealed_key: string }[]>(
        `select "column", sealed_key from vcr_column_grants where grantee_id = ?`,
        [guest.id],
      );
    expect(grants.map((g) => g.column)).toEqual(['name']);
    const granted = await importColumnKey(
      await openColumnKey(guest.privatePem, grants[0].sealed_key, {
        roomId: room.id,
        datasetId: customers,
        column: 'name',
        userId: guest.id,
      }),
      'decrypt',
    );
    expect(await opens(granted, 'name', 1)).toBe(40);
    expect(await opens(granted, 'email', 0)).toBe(0);
    // and the owner's own secret opens both (they are real ciphertexts of the withheld values)
    const ownKey = (column: string) =>
      withheldColumnKey(owner, room, customers, column).then((k) => importColumnKey(k, 'decrypt'));
    expect(await opens(await ownKey('email'), 'email', 0)).toBe(40);
    // the guest never received the withheld e-mail cells, nor the name cells before the approval
    const never = cells(0).map((c) => toBase64(c.bytes));
    const notBefore = cells(1).map((c) => toBase64(c.bytes));
    const received = JSON.stringify(guestReceived);
    expect(never.filter((w) => received.includes(w))).toEqual([]);
    expect(notBefore.filter((w) => receivedBeforeApproval.includes(w))).toEqual([]);
    expect(notBefore.filter((w) => received.includes(w))).toHaveLength(40);
  });

  it('a declined request gives nothing', async () => {
    const asked = await guest.client.rest<{ id: string }>('POST', '/v1/vcr/requestAccess', {
      room_id: room.id,
      datasets_array: [leads, customers],
      sqlWhere: JSON.stringify(MATCH),
      columns: ['amount'],
      reason: 'revenue per lead',
    });
    const id = asked.body.result!.id;
    const declined = await owner.client.rest('POST', '/v1/vcr/declineAccess', {
      room_id: room.id,
      request_id: id,
      note: 'Amounts stay with us',
    });
    expect(declined.body.result).toMatchObject({ status: 'declined', decisionNote: 'Amounts stay with us' });
    const res = await report(guest, [], undefined, { access_request_id: id });
    expect([res.status, res.body.error?.code]).toEqual([403, 'FORBIDDEN']);
    const late = await approve(id, []);
    expect(late.status).toBe(409);
  });

  it('cannot flood the uploader: requests are in-app notifications, with their limits', async () => {
    const ask = () =>
      guest.client.rest('POST', '/v1/vcr/requestAccess', {
        room_id: room.id,
        datasets_array: [customers],
        columns: ['amount'],
        reason: 'again and again',
      });
    const statuses: number[] = [];
    for (let i = 0; i < 12 && !statuses.includes(429); i++) statuses.push((await ask()).status);
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.slice(0, -1).every((s) => s === 200)).toBe(true);
    const refused = await ask();
    expect([refused.status, refused.body.error?.code]).toEqual([429, 'RATE_LIMITED']);
    expect(refused.body.error?.message).toMatch(/notifications an hour to the same person/);
  });

  async function approve(id: string, columns: string[]) {
    const keys = await Promise.all(columns.map((column) => sealColumnKeyFor(owner, guest, room, customers, column)));
    return owner.client.rest<{ status: string }>('POST', '/v1/vcr/approveAccess', {
      room_id: room.id,
      request_id: id,
      column_keys: keys,
    });
  }
});

describe('"aggregates" and "full"', () => {
  it('under "aggregates" no row-level report involves the set, counts and aggregates still work', async () => {
    const changed = await setRule(owner, { partner_access: 'aggregates' });
    expect(changed.body.result).toMatchObject({ partnerAccess: 'aggregates' });
    const res = await report(guest, [leads, customers], MATCH);
    expect([res.status, res.body.error?.code]).toEqual([403, 'ANALYSIS_RULE']);
    expect(res.body.error?.message).toMatch(/counts and aggregates only \(rule "aggregates"\)/);
    const alone = await report(guest, [customers]);
    expect([alone.status, alone.body.error?.code]).toEqual([403, 'ANALYSIS_RULE']);
    expect(alone.body.error?.message).toMatch(/counts and aggregates only/);
    const byCity = await aggregate(guest, {
      datasets_array: [customers],
      group_by: [{ set: 1, column: 'city' }],
      measures: [{ fn: 'count' }],
    });
    expect(byCity.body.result!.groups.map((g) => [g.keys[0], g.values])).toEqual([
      ['Oslo', [10]],
      ['Paris', [20]],
      ['Rome', [10]],
    ]);
    expect((await joinCount(guest, leads, customers)).body.result).toMatchObject({ matchCount: 20 });
    const token = await emailToken('person25@example.test');
    const probe = { op: 'and', conditions: [MATCH, { left: { set: 2, column: 'email' }, op: '=', token }] };
    expect((await joinCount(guest, leads, customers, probe)).body.error?.code).toBe('ANALYSIS_RULE');
  });

  it('only the uploader changes the rule; the room owner has no right over a guest’s set', async () => {
    const res = await guest.client.rest('POST', '/v1/vcr/updateDataSetRule', {
      room_id: room.id,
      dataset_id: customers,
      partner_access: 'full',
    });
    expect(res.status).toBe(403);
    const theirs = await owner.client.rest('POST', '/v1/vcr/updateDataSetRule', {
      room_id: room.id,
      dataset_id: leads,
      partner_access: 'full',
    });
    expect(theirs.status).toBe(403);
    expect((await report(owner, [leads])).body.error?.code).toBe('ANALYSIS_RULE');
  });

  it('under "full" the set alone and every column, still with k on counts; token literals allowed', async () => {
    await setRule(owner, { partner_access: 'full', min_group_size: 5 });
    const token = await emailToken('person25@example.test');
    const probe = { op: 'and', conditions: [MATCH, { left: { set: 2, column: 'email' }, op: '=', token }] };
    expect((await joinCount(guest, leads, customers, probe)).body.result).toMatchObject({
      matchCount: null,
      suppressed: true,
    });
    // the columns sealed with the set's secret open for the guest once the owner's browser seals their keys
    expect(await grantStandingKeys(owner, room)).toBe(2); // email and name, to the guest
    const res = await report(guest, [customers]);
    expect(res.status).toBe(200);
    const result = res.body.result!.result;
    expect(result.columns.map((c) => c.name)).toEqual(['email', 'name', 'plan', 'city', 'amount']);
    expect(result.omitted).toEqual([]);
    const plain = await decryptReport(room, room.id, result, guest);
    expect(plain[25]).toEqual(['person25@example.test', `${CANARY_NAME} 25`, 'gold', 'Paris', CANARY_AMOUNT]);
  });
});

describe('the audit log', () => {
  it('records every step for every member, newest first, with the condition in words', async () => {
    const log = await audit(owner);
    const actions = log.entries.map((e) => e.action);
    for (const action of [
      'compare',
      'join',
      'aggregate',
      'report',
      'access-requested',
      'access-approved',
      'access-declined',
      'rule-changed',
    ])
      expect(actions).toContain(action);
    const guestView = await audit(guest);
    expect(guestView.total).toBe(log.total);
    expect(log.entries[0].action).toBe('report'); // the last step: the full report
    const ruleChanges = log.entries.filter((e) => e.action === 'rule-changed').map((e) => e.description);
    expect(ruleChanges).toEqual([
      'Rule of customers: partner access aggregates → full; minimum group size 10 → 5',
      'Rule of customers: partner access matches → aggregates',
    ]);
    const joined = log.entries.find((e) => e.action === 'report' && e.description.includes('joined'))!;
    expect(joined).toMatchObject({
      actorName: expect.any(String),
      description: 'Report of leads joined with customers where mail of leads matches email of customers',
      count: 20,
      unit: 'rows',
    });
    // what the guest received about the owner's set under k is no number for anyone but the guest
    const suppressed = guestView.entries.filter((e) => e.action === 'join' && e.count === null);
    expect(suppressed.length).toBeGreaterThan(0);
    // paging
    const page = await owner.client.rest<{ entries: unknown[]; pages: number }>(
      'GET',
      '/v1/vcr/getAuditLog',
      undefined,
      {
        room_id: room.id,
        page: '2',
        limit: '5',
      },
    );
    expect(page.body.result!.entries).toHaveLength(5);
    expect(page.body.result!.pages).toBe(Math.ceil(log.total / 5));
  });

  it('hides from the other member what covers too few rows of the actor’s own set', async () => {
    // the guest counts its own one-row set against the owner's, now with k = 5: suppressed for the
    // guest; the owner counts its set against the guest's one-row set: the guest's k = 10 applies
    await joinCount(owner, onePerson, customers);
    const ownerView = await audit(owner, 1);
    const guestView = await audit(guest, 1);
    expect(ownerView.entries[0]).toMatchObject({ action: 'join', count: null, hidden: false });
    expect(guestView.entries[0]).toMatchObject({ action: 'join', count: null });
    // the owner's own-only count: a number for the owner, hidden from the guest
    await aggregate(owner, { datasets_array: [customers], measures: [{ fn: 'count' }] });
    expect((await audit(owner, 1)).entries[0]).toMatchObject({ action: 'aggregate', count: 1, hidden: false });
    expect((await audit(guest, 1)).entries[0]).toMatchObject({ action: 'aggregate', count: null, hidden: true });
  });
});
