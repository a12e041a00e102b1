import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceOf, buyCredit } from './support/billing';
import {
  addGuest,
  buildBrowser,
  createRoom,
  uploadDataset,
  type Browser,
  type Column,
  type Rule,
  type TestRoom,
} from './support/rooms';
import { startTestServer, type TestServer } from './support/server';

// The hostile guest of issue 26, played against an owner's set (rule matches, k = 5): the four
// attacks an outside probe used (differencing on an unshared column, binary search on a metric
// through aggregates and through joinDatasets, membership by two joins and by Compare, a padded
// OR report), a one-row set and a complement (tracker) query. Each is refused by a column role
// (item 1), answered only with noise and stopped at the budget (item 2, differential privacy), or
// refused by the query controls of sets without it (item 3: k on every OR branch, the diff
// check). The owner's own analyses stay exact throughout.
let server: TestServer;
let owner: Browser;
let guest: Browser;
let room: TestRoom;

const K = 5;
const TARGET = 7; // zip 99999, salary 8000: what the guest wants to learn
const OTHER = 12; // salary 4000
const staffRows = Array.from({ length: 30 }, (_, i) => [
  `person${i}@example.test`,
  `Name ${i}`,
  i === TARGET ? '99999' : i % 2 ? '10001' : '10002',
  String(i === TARGET ? 8000 : i === OTHER ? 4000 : 3000 + 37 * i),
]);
const STAFF: Column[] = [
  { name: 'email', role: 'join', kind: 'email' },
  { name: 'name', role: 'sealed', shared: true },
  { name: 'zip', role: 'clear' },
  { name: 'salary', role: 'clear' },
];
// the roles an owner who wants analyses gives: zip a dimension, salary a metric
const STAFF_ANALYSED: Column[] = [
  STAFF[0],
  STAFF[1],
  { name: 'zip', role: 'clear', partnerRole: 'dimension' },
  { name: 'salary', role: 'clear', partnerRole: 'metric', lower: 0, upper: 20000 },
];
const GUEST: Column[] = [
  { name: 'mail', role: 'join', domain: 'email', kind: 'email' },
  { name: 'tag', role: 'clear' },
];
const person = (i: number, tag: string) => [`Person${i}@Example.test`, tag];
const KNOWN = [0, 1, 2, 3, 4].map((i) => person(i, 'K'));

let sets = 0;
const staff = (rule: Rule, columns = STAFF_ANALYSED) =>
  uploadDataset(owner, room, `staff ${++sets}`, columns, staffRows, 30, 'json', { minGroupSize: K, ...rule });
const guestSet = (rows: string[][]) => uploadDataset(guest, room, `guest ${++sets}`, GUEST, rows);

type Noise = {
  noisy: boolean;
  mechanism: string | null;
  epsilonSpent: number;
  privacy: { datasetId: string; epsilonSpent: number; remaining: number; queriesRemaining: number }[];
};
type Interval = { low: number; high: number };
type Aggregate = Noise & {
  groups: { keys: (string | null)[]; values: (number | null)[]; suppressed: boolean; intervals: (Interval | null)[] }[];
};
type JoinPreview = Noise & { matchCount: number | null; suppressed: boolean; matchCountInterval: Interval | null };
type Overlap = Noise & {
  onlyA: number | null;
  both: number | null;
  onlyB: number | null;
  suppressed: boolean;
  bothInterval: Interval | null;
};

const aggregate = (b: Browser, body: Record<string, unknown>) =>
  b.client.rest<Aggregate>('POST', '/v1/vcr/aggregate', { room_id: room.id, ...body });
const count = (b: Browser, set: string, sqlWhere?: unknown) =>
  aggregate(b, { datasets_array: [set], ...(sqlWhere ? { sqlWhere } : {}), measures: [{ fn: 'count' }] });
const joinCount = (b: Browser, a: string, c: string, sqlWhere: unknown = MATCH) =>
  b.client.rest<JoinPreview>('GET', '/v1/vcr/joinDatasets', undefined, {
    room_id: room.id,
    dataset1_id: a,
    dataset2_id: c,
    sqlWhere: JSON.stringify(sqlWhere),
  });
const compare = (b: Browser, ids: string[]) =>
  b.client.rest<Overlap[]>('GET', '/v1/vcr/compareDatasets', undefined, {
    room_id: room.id,
    datasets_array: ids.join(','),
  });
const report = (b: Browser, ids: string[], sqlWhere: unknown) =>
  b.client.rest<{ rowCount: number }>('POST', '/v1/vcr/createReport', {
    room_id: room.id,
    datasets_array: ids.join(','),
    sqlWhere: JSON.stringify(sqlWhere),
  });

const MATCH = { left: { set: 1, column: 'mail' }, op: '=', right: { set: 2, column: 'email' } };
const value = (set: number, column: string, op: string, v: string | number) => ({
  left: { set, column },
  op,
  value: v,
});
const and = (...conditions: unknown[]) => ({ op: 'and', conditions });
const or = (...conditions: unknown[]) => ({ op: 'or', conditions });
const NOT_TARGET = value(1, 'zip', '!=', '99999');

const refused = (res: { status: number; body: { error?: { code: string; message: string } } }, code: string) => {
  expect([res.status, res.body.error?.code], JSON.stringify(res.body)).toEqual([403, code]);
  return res.body.error!.message;
};

beforeAll(async () => {
  server = await startTestServer();
  [owner, guest] = await Promise.all([buildBrowser(server), buildBrowser(server)]);
  room = await createRoom(owner, 'Attacks');
  await addGuest(owner, guest, room);
  await buyCredit(guest.client, '10credits');
});
afterAll(async () => {
  await server?.close();
});

describe('item 1: column roles refuse what the attacks need, naming the column', () => {
  let hr: string;
  beforeAll(async () => {
    // the defaults: zip and salary private, the e-mail join only, the name shared
    hr = await staff({ differentialPrivacy: false }, STAFF);
  });

  it('differencing on a private column: the filter is refused (403 ANALYSIS_RULE naming zip)', async () => {
    const all = await count(guest, hr);
    expect(all.body.result!.groups[0].values).toEqual([30]);
    const res = await count(guest, hr, NOT_TARGET);
    expect(refused(res, 'ANALYSIS_RULE')).toMatch(/column zip of "staff \d+" is private/);
    expect(res.body.error).toMatchObject({ details: [{ path: 'zip' }] });
  });

  it('binary search on salary: refused through aggregates and through joinDatasets', async () => {
    const viaAggregate = await count(guest, hr, and(NOT_TARGET, value(1, 'salary', '>=', 8000)));
    expect(refused(viaAggregate, 'ANALYSIS_RULE')).toMatch(/column (zip|salary)/);
    const bySalary = await count(guest, hr, value(1, 'salary', '>=', 8000));
    expect(refused(bySalary, 'ANALYSIS_RULE')).toMatch(/column salary of "staff \d+" is private/);
    const tagged = await guestSet([...KNOWN, person(OTHER, 'T')]);
    const viaJoin = await joinCount(
      guest,
      tagged,
      hr,
      and(MATCH, value(1, 'tag', '=', 'T'), value(2, 'salary', '>=', 4000)),
    );
    expect(refused(viaJoin, 'ANALYSIS_RULE')).toMatch(/column salary/);
    for (const body of [
      { group_by: [{ set: 1, column: 'zip' }], measures: [{ fn: 'count' }] },
      { measures: [{ fn: 'sum', column: { set: 1, column: 'salary' } }] },
    ])
      expect(refused(await aggregate(guest, { datasets_array: [hr], ...body }), 'ANALYSIS_RULE')).toMatch(/zip|salary/);
  });

  it('only the uploader changes a role, and the change is in the audit log', async () => {
    const body = { room_id: room.id, dataset_id: hr, column: 'zip', partner_role: 'dimension' };
    const byGuest = await guest.client.rest('POST', '/v1/vcr/setColumnRole', body);
    expect(byGuest.status).toBe(403);
    const bad = await owner.client.rest('POST', '/v1/vcr/setColumnRole', { ...body, column: 'email' });
    expect([bad.status, bad.body.error?.code]).toEqual([400, 'BAD_USER_INPUT']);
    const noBounds = await owner.client.rest('POST', '/v1/vcr/setColumnRole', {
      ...body,
      column: 'salary',
      partner_role: 'metric',
    });
    expect(noBounds.status).toBe(400);
    const res = await owner.client.rest<{ columns: { name: string; partnerRole: string }[] }>(
      'POST',
      '/v1/vcr/setColumnRole',
      body,
    );
    expect(res.status).toBe(200);
    expect(res.body.result!.columns.find((c) => c.name === 'zip')!.partnerRole).toBe('dimension');
    const log = await owner.client.rest<{ entries: { action: string; description: string }[] }>(
      'GET',
      '/v1/vcr/getAuditLog',
      undefined,
      { room_id: room.id },
    );
    expect(log.body.result!.entries[0]).toMatchObject({ action: 'role-changed' });
    expect(log.body.result!.entries[0].description).toMatch(/Column zip of staff \d+: private → dimension/);
  });

  it("the owner's own analyses are exact, whatever the roles", async () => {
    const res = await count(owner, hr, and(NOT_TARGET, value(1, 'salary', '>=', 4000)));
    expect(res.body.result).toMatchObject({ noisy: false, epsilonSpent: 0, privacy: [] });
    expect(res.body.result!.groups[0].values).toEqual([3]);
  });
});

describe('item 3: without differential privacy, k on every OR branch and the diff check', () => {
  it('differencing (and its complement, the tracker): the second count is refused by the diff check', async () => {
    const hr = await staff({ differentialPrivacy: false });
    expect((await count(guest, hr)).body.result!.groups[0].values).toEqual([30]);
    const tracker = await count(guest, hr, NOT_TARGET);
    expect(refused(tracker, 'ANALYSIS_RULE')).toMatch(/differs by fewer than 5 rows .* \(diff check\)/);
    // the same answer again is no news
    expect((await count(guest, hr)).body.result!.groups[0].values).toEqual([30]);
    // a padded tracker: the target's branch of the OR covers one row
    const padded = await count(guest, hr, or(value(1, 'zip', '=', '99999'), value(1, 'zip', '=', '10001')));
    expect(refused(padded, 'ANALYSIS_RULE')).toMatch(
      /branch of the condition's OR narrows "staff \d+" to fewer than 5/,
    );
  });

  it('binary search on the metric: a filter on it is refused; a sum with and without the target is caught', async () => {
    const hr = await staff({ differentialPrivacy: false });
    refused(await count(guest, hr, value(1, 'salary', '>=', 8000)), 'ANALYSIS_RULE');
    const sum = (sqlWhere?: unknown) =>
      aggregate(guest, {
        datasets_array: [hr],
        ...(sqlWhere ? { sqlWhere } : {}),
        measures: [{ fn: 'sum', column: { set: 1, column: 'salary' } }],
      });
    const total = await sum();
    expect(total.status).toBe(200);
    refused(await sum(NOT_TARGET), 'ANALYSIS_RULE');
  });

  it('binary search through joinDatasets of the guest’s own tagged set: caught by the diff check', async () => {
    const hr = await staff({ differentialPrivacy: false });
    const tagged = await guestSet([...KNOWN, person(OTHER, 'T')]);
    const withOther = await joinCount(guest, tagged, hr);
    expect(withOther.body.result).toMatchObject({ matchCount: 6, noisy: false });
    const withoutOther = await joinCount(guest, tagged, hr, and(MATCH, value(1, 'tag', '=', 'K')));
    refused(withoutOther, 'ANALYSIS_RULE');
    const salaries = (sqlWhere: unknown) =>
      aggregate(guest, {
        datasets_array: [tagged, hr],
        sqlWhere,
        measures: [{ fn: 'sum', column: { set: 2, column: 'salary' } }],
      });
    refused(await salaries(and(MATCH, value(1, 'tag', '=', 'K'))), 'ANALYSIS_RULE');
  });

  it('membership by two joins and by Compare: the second answer is refused', async () => {
    const hr = await staff({ differentialPrivacy: false });
    const withTarget = await guestSet([...KNOWN, person(TARGET, 'K')]);
    const knownOnly = await guestSet(KNOWN);
    expect((await joinCount(guest, withTarget, hr)).body.result!.matchCount).toBe(6);
    refused(await joinCount(guest, knownOnly, hr), 'ANALYSIS_RULE');

    const hr2 = await staff({ differentialPrivacy: false });
    const withOutsider = await guestSet([...KNOWN, person(99, 'K')]);
    const first = await compare(guest, [withTarget, hr2]);
    expect(first.body.result![0]).toMatchObject({ both: 6, noisy: false });
    refused(await compare(guest, [withOutsider, hr2]), 'ANALYSIS_RULE');
  });

  it('the padded OR report is refused and charges nothing', async () => {
    const hr = await staff({ differentialPrivacy: false });
    const tagged = await guestSet([...KNOWN, person(TARGET, 'T')]);
    const before = await balanceOf(guest.client);
    const padded = or(and(MATCH, value(2, 'zip', '=', '99999')), and(MATCH, value(1, 'tag', '=', 'K')));
    expect(refused(await report(guest, [tagged, hr], padded), 'ANALYSIS_RULE')).toMatch(/OR narrows/);
    expect(await balanceOf(guest.client)).toBe(before);
  });

  it('a one-row set learns nothing: its counts are suppressed below k', async () => {
    const hr = await staff({ differentialPrivacy: false });
    const one = await guestSet([person(TARGET, 'T')]);
    expect((await joinCount(guest, one, hr)).body.result).toMatchObject({ matchCount: null, suppressed: true });
    expect((await compare(guest, [one, hr])).body.result![0]).toMatchObject({ both: null, suppressed: true });
  });

  it('the diff check holds across a restart and a second server process on the same database', async () => {
    const hr = await staff({ differentialPrivacy: false });
    expect((await count(guest, hr)).status).toBe(200);
    const second = await startTestServer({}, undefined, server.db);
    try {
      const elsewhere = { ...guest, client: guest.client.at(second.url) };
      refused(await count(elsewhere, hr, NOT_TARGET), 'ANALYSIS_RULE');
    } finally {
      await second.close();
    }
  });
});

describe('item 2: differential privacy answers with noise and stops at the budget', () => {
  const halfWidth = (i: Interval | null) => (i ? (i.high - i.low) / 2 : 0);

  it('differencing: every answer is noisy, with its interval, until PRIVACY_BUDGET', async () => {
    const hr = await staff({ privacyBudget: 2, queryCost: 0.2 });
    const answers: { value: number; interval: Interval | null; filtered: boolean }[] = [];
    let stop;
    for (let q = 0; q < 20; q++) {
      const res = await count(guest, hr, q % 2 ? NOT_TARGET : undefined);
      if (res.status !== 200) {
        stop = res;
        break;
      }
      const r = res.body.result!;
      expect(r).toMatchObject({ noisy: true, mechanism: 'discreteLaplace', epsilonSpent: 0.2 });
      expect(r.privacy[0]).toMatchObject({ datasetId: hr, queriesRemaining: 9 - q });
      if (!r.groups[0].suppressed)
        answers.push({ value: r.groups[0].values[0]!, interval: r.groups[0].intervals[0], filtered: q % 2 === 1 });
    }
    expect(answers.length).toBeLessThanOrEqual(10);
    expect(refused(stop!, 'PRIVACY_BUDGET')).toMatch(/spent your privacy budget on "staff \d+"/);
    // one row is well inside the noise: every interval is wider than a few rows
    for (const a of answers) expect(halfWidth(a.interval)).toBeGreaterThanOrEqual(5);
    // and the answers are not the exact counts (30 and 29) every time
    expect(answers.some((a) => a.value !== (a.filtered ? 29 : 30))).toBe(true);
    // the owner's own count is exact and free
    const own = await count(owner, hr, NOT_TARGET);
    expect(own.body.result).toMatchObject({ noisy: false, groups: [{ values: [29] }] });
  });

  it('binary search on the metric: sums carry noise far wider than a salary', async () => {
    const hr = await staff({});
    refused(await count(guest, hr, value(1, 'salary', '>=', 8000)), 'ANALYSIS_RULE');
    const res = await aggregate(guest, {
      datasets_array: [hr],
      sqlWhere: NOT_TARGET,
      measures: [
        { fn: 'sum', column: { set: 1, column: 'salary' } },
        { fn: 'avg', column: { set: 1, column: 'salary' } },
      ],
    });
    expect(res.body.result!.noisy).toBe(true);
    const g = res.body.result!.groups[0];
    if (!g.suppressed) expect(halfWidth(g.intervals[0])).toBeGreaterThan(8000);
    const minimum = await aggregate(guest, {
      datasets_array: [hr],
      measures: [{ fn: 'max', column: { set: 1, column: 'salary' } }],
    });
    expect(refused(minimum, 'ANALYSIS_RULE')).toMatch(/no minimum or maximum/);
  });

  it('membership by joins, by Compare and by a one-row set: noisy or suppressed, never exact', async () => {
    const hr = await staff({});
    const withTarget = await guestSet([...KNOWN, person(TARGET, 'K')]);
    const knownOnly = await guestSet(KNOWN);
    const one = await guestSet([person(TARGET, 'T')]);
    for (const g of [withTarget, knownOnly, one]) {
      const j = (await joinCount(guest, g, hr)).body.result!;
      expect(j.noisy).toBe(true);
      if (!j.suppressed) expect(halfWidth(j.matchCountInterval)).toBeGreaterThanOrEqual(5);
      const c = (await compare(guest, [g, hr])).body.result![0];
      expect(c.noisy).toBe(true);
      if (!c.suppressed) expect(halfWidth(c.bothInterval)).toBeGreaterThanOrEqual(5);
    }
    // a join of two other members' private sets has no row to count once on both sides
    const other = await staff({});
    const twoPrivate = await aggregate(guest, {
      datasets_array: [hr, other],
      sqlWhere: { left: { set: 1, column: 'email' }, op: '=', right: { set: 2, column: 'email' } },
      measures: [{ fn: 'count' }],
    });
    expect([twoPrivate.status, twoPrivate.body.error?.code]).toEqual([403, 'ANALYSIS_RULE']);
  });

  it('a report of a private set is exact rows, so the padded OR and the differencing pair are refused', async () => {
    const hr = await staff({});
    const tagged = await guestSet([...KNOWN, person(TARGET, 'T')]);
    const padded = or(and(MATCH, value(2, 'zip', '=', '99999')), and(MATCH, value(1, 'tag', '=', 'K')));
    refused(await report(guest, [tagged, hr], padded), 'ANALYSIS_RULE');
    const all = await report(guest, [tagged, hr], MATCH);
    expect(all.body.result!.rowCount).toBe(6);
    refused(await report(guest, [tagged, hr], and(MATCH, value(1, 'tag', '=', 'K'))), 'ANALYSIS_RULE');
  });

  it('the uploader sees each partner’s spending and can raise the budget (logged)', async () => {
    const hr = await staff({ privacyBudget: 0.4, queryCost: 0.2 });
    for (let q = 0; q < 2; q++) expect((await count(guest, hr)).status).toBe(200);
    refused(await count(guest, hr), 'PRIVACY_BUDGET');
    const spend = (b: Browser) =>
      b.client.rest<{ yours: { queriesRemaining: number } | null; partners: { userId: string; spent: number }[] }>(
        'GET',
        '/v1/vcr/getPrivacySpend',
        undefined,
        { room_id: room.id, dataset_id: hr },
      );
    expect((await spend(guest)).body.result).toMatchObject({ yours: { queriesRemaining: 0 }, partners: [] });
    expect((await spend(owner)).body.result).toMatchObject({
      yours: null,
      partners: [{ userId: guest.id, spent: 0.4 }],
    });
    const raise = { room_id: room.id, dataset_id: hr, budget: 0.6 };
    expect((await guest.client.rest('POST', '/v1/vcr/updateDataSetPrivacy', raise)).status).toBe(403);
    expect((await owner.client.rest('POST', '/v1/vcr/updateDataSetPrivacy', raise)).status).toBe(200);
    const again = await count(guest, hr);
    expect(again.body.result!.privacy[0]).toMatchObject({ queriesRemaining: 0, spent: 0.6 });
    const log = await owner.client.rest<{ entries: { action: string; description: string }[] }>(
      'GET',
      '/v1/vcr/getAuditLog',
      undefined,
      { room_id: room.id },
    );
    expect(log.body.result!.entries.find((e) => e.action === 'privacy-changed')!.description).toMatch(
      /budget 0.4 → 0.6 epsilon per partner/,
    );
  });

  it('GraphQL carries the same roles, budgets and noisy answers', async () => {
    const hr = await staff({ privacyBudget: 1, queryCost: 0.5 });
    const roles = await owner.client.gql<{
      setColumnRole: { columns: { name: string; partnerRole: string; lower: number | null }[] };
    }>(
      `mutation($input: ColumnRoleInput!) { setColumnRole(input: $input) { columns { name partnerRole lower upper } } }`,
      { input: { roomId: room.id, datasetId: hr, column: 'salary', partnerRole: 'metric', lower: 1000, upper: 9000 } },
    );
    expect(roles.data!.setColumnRole.columns.find((c) => c.name === 'salary')).toMatchObject({
      partnerRole: 'metric',
      lower: 1000,
    });
    const query = `query($input: AggregateInput!) { aggregateDatasets(input: $input) {
      noisy mechanism epsilonSpent privacy { datasetId epsilonSpent remaining queriesRemaining }
      groups { values suppressed intervals { low high } } } }`;
    const input = { roomId: room.id, datasetIds: [hr], measures: [{ fn: 'count' }] };
    const res = await guest.client.gql<{ aggregateDatasets: Aggregate }>(query, { input });
    expect(res.data!.aggregateDatasets).toMatchObject({
      noisy: true,
      mechanism: 'discreteLaplace',
      epsilonSpent: 0.5,
      privacy: [{ datasetId: hr, remaining: 0.5, queriesRemaining: 1 }],
    });
    await guest.client.gql(query, { input });
    const spent = await guest.client.gql(query, { input });
    expect(spent.errors?.[0].extensions?.code).toBe('PRIVACY_BUDGET');
    const view = await owner.client.gql<{ datasetPrivacySpend: { partners: { userId: string; spent: number }[] } }>(
      `query($roomId: ID!, $datasetId: ID!) { datasetPrivacySpend(roomId: $roomId, datasetId: $datasetId) { enabled budget partners { userId spent queriesRemaining } } }`,
      { roomId: room.id, datasetId: hr },
    );
    expect(view.data!.datasetPrivacySpend.partners).toEqual([{ userId: guest.id, spent: 1, queriesRemaining: 0 }]);
  });

  it('an aggregate refused for too many groups spends nothing', async () => {
    const wide = await uploadDataset(
      owner,
      room,
      `wide ${++sets}`,
      [{ name: 'code', role: 'clear', partnerRole: 'dimension' }],
      Array.from({ length: 1001 }, (_, i) => [`c${i}`]),
      1001,
      'json',
      { minGroupSize: K, privacyBudget: 0.2, queryCost: 0.2 },
    );
    const res = await aggregate(guest, {
      datasets_array: [wide],
      group_by: [{ set: 1, column: 'code' }],
      measures: [{ fn: 'count' }],
    });
    expect([res.status, res.body.error?.code]).toEqual([400, 'BAD_USER_INPUT']);
    const after = await count(guest, wide);
    expect(after.body.result!.privacy[0]).toMatchObject({ spent: 0.2, queriesRemaining: 0 });
  });

  it('50 parallel queries never spend more than the budget', async () => {
    const hr = await staff({ privacyBudget: 1.4, queryCost: 0.2 });
    const results = await Promise.all(Array.from({ length: 50 }, () => count(guest, hr)));
    const ok = results.filter((r) => r.status === 200);
    expect(ok).toHaveLength(7);
    for (const r of results.filter((x) => x.status !== 200)) refused(r, 'PRIVACY_BUDGET');
    const [row] = await server.db.orm.em
      .fork()
      .getConnection()
      .execute<{ spent: number }[]>('select spent_micros as spent from vcr_privacy_spend where dataset_id = ?', [hr]);
    expect(row.spent).toBe(1_400_000);
  });
});
