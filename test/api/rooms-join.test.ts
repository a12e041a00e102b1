import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceOf, buyCredit } from './support/billing';
import { gqlCode, TestClient } from './support/client';
import {
  addGuest,
  buildBrowser,
  createRoom,
  decryptReport,
  uploadDataset,
  type Browser,
  type Column,
  type ReportResult,
  type TestRoom,
  EXACT_OVERLAP,
} from './support/rooms';
import { startTestServer, type TestServer } from './support/server';

const CANARY = 'Canary7f3q9ZebraQuartz';

let server: TestServer;
let logs = '';
let owner: Browser;
let guest: Browser;
let room: TestRoom;
let setA: string;
let setB: string;

const A_COLUMNS: Column[] = [
  { name: 'email', role: 'join', kind: 'email' },
  { name: 'phone', role: 'join', kind: 'phone' },
  { name: 'age', role: 'clear' },
  { name: 'secret', role: 'sealed' },
];
const B_COLUMNS: Column[] = [
  { name: 'mail', role: 'join', domain: 'email', kind: 'email' },
  { name: 'city', role: 'clear' },
  { name: 'note', role: 'sealed' },
];
// A: people 0-9 (ages 20-29); B: people 5-14, so 5 shared e-mail addresses
const rowsA = Array.from({ length: 10 }, (_, i) => [
  i === 7 ? `${CANARY}@Example.test` : `Person${i}@Example.test`,
  `+1 555 000 ${String(i).padStart(4, '0')}`,
  String(20 + i),
  `${CANARY} secret ${i}`,
]);
const rowsB = Array.from({ length: 10 }, (_, k) => {
  const i = k + 5;
  return [
    i === 7 ? `${CANARY.toLowerCase()}@example.test` : `person${i}@example.test `,
    `City ${i}`,
    `${CANARY} note ${i}`,
  ];
});

beforeAll(async () => {
  const stream = new PassThrough();
  stream.on('data', (d) => (logs += String(d)));
  server = await startTestServer({ LOG_LEVEL: 'trace' }, stream);
  [owner, guest] = await Promise.all([buildBrowser(server), buildBrowser(server)]);
  room = await createRoom(owner, 'Join room');
  await addGuest(owner, guest, room);
  // today's behaviour for partners (the analysis rules have their own tests: rooms-rules.test.ts)
  const open = { partnerAccess: 'full', minGroupSize: 2 } as const;
  setA = await uploadDataset(owner, room, 'owner customers', A_COLUMNS, rowsA, 4, 'json', open);
  setB = await uploadDataset(guest, room, 'guest customers', B_COLUMNS, rowsB, 3, 'json', open);
});
afterAll(async () => {
  await server?.close();
});

const eq = (a: string, b: string) => ({ left: { set: 1, column: a }, op: '=', right: { set: 2, column: b } });
const cmp = (column: string, op: string, value: unknown) => ({ left: { set: 1, column }, op, value });
const join = (b: Browser, sqlWhere: unknown) =>
  b.client.rest<{ matchCount: number }>('GET', '/v1/vcr/joinDatasets', undefined, {
    room_id: room.id,
    dataset1_id: setA,
    dataset2_id: setB,
    sqlWhere: typeof sqlWhere === 'string' ? sqlWhere : JSON.stringify(sqlWhere),
  });

describe('compare', () => {
  it('counts distinct tokens per shared join domain', async () => {
    const res = await guest.client.rest('GET', '/v1/vcr/compareDatasets', undefined, {
      room_id: room.id,
      datasets_array: JSON.stringify([setA, setB]),
    });
    expect(res.body.result).toEqual([
      { domain: 'email', datasetIds: [setA, setB], onlyA: 5, both: 5, onlyB: 5, suppressed: false, ...EXACT_OVERLAP },
    ]);
    const single = await owner.client.gql<{ compareDatasets: { domain: string; onlyA: number }[] }>(
      `query($r: ID!, $d: ID!) { compareDatasets(roomId: $r, datasetIds: [$d]) { domain onlyA } }`,
      { r: room.id, d: setA },
    );
    const one = single.data?.compareDatasets;
    expect(one).toEqual([
      { domain: 'email', onlyA: 10 },
      { domain: 'phone', onlyA: 10 },
    ]);
  });
});

describe('join conditions', () => {
  it('joins on a join key with a nested condition (3 levels)', async () => {
    const tree = {
      op: 'and',
      conditions: [
        eq('email', 'mail'),
        { op: 'or', conditions: [cmp('age', '>', 26), { op: 'and', conditions: [cmp('age', '<', 22)] }] },
      ],
    };
    const res = await join(guest, tree);
    expect(res.body.result?.matchCount).toBe(3); // people 7, 8, 9
    expect((await join(owner, eq('email', 'mail'))).body.result?.matchCount).toBe(5);
    const or = {
      op: 'or',
      conditions: [
        { op: 'and', conditions: [eq('email', 'mail'), cmp('age', '=', '25')] },
        { op: 'and', conditions: [eq('email', 'mail'), cmp('age', '>=', 29)] },
      ],
    };
    expect((await join(owner, or)).body.result?.matchCount).toBe(2);
    const gql = await owner.client.gql<{ joinDatasets: { matchCount: number } }>(
      `query($r: ID!, $a: ID!, $b: ID!, $w: JSON!) { joinDatasets(roomId: $r, dataset1Id: $a, dataset2Id: $b, sqlWhere: $w) { matchCount } }`,
      { r: room.id, a: setA, b: setB, w: tree },
    );
    expect(gql.data?.joinDatasets.matchCount).toBe(3);
  });

  it.each([
    [
      'nested deeper than 3 levels',
      {
        op: 'and',
        conditions: [
          { op: 'or', conditions: [{ op: 'and', conditions: [{ op: 'or', conditions: [eq('email', 'mail')] }] }] },
        ],
      },
      'CONDITION_TOO_DEEP',
    ],
    ['an unknown column', { op: 'and', conditions: [eq('email', 'nope')] }, 'UNKNOWN_COLUMN'],
    [
      'an unknown clear column',
      { op: 'and', conditions: [eq('email', 'mail'), cmp('height', '>', 2)] },
      'UNKNOWN_COLUMN',
    ],
    ['tokens of different domains', eq('phone', 'mail'), 'DOMAIN_MISMATCH'],
    ['SQL text', 'a.email = b.mail AND a.age > 30', 'SQL_NOT_ALLOWED'],
    ['SQL in a JSON string', JSON.stringify('1=1; drop table users'), 'SQL_NOT_ALLOWED'],
    ['an sql key', { sql: 'select * from users' }, 'SQL_NOT_ALLOWED'],
    [
      'SQL as a column name',
      { left: { set: 1, column: 'email; drop table vcr_rows' }, op: '=', right: { set: 2, column: 'mail' } },
      'SQL_NOT_ALLOWED',
    ],
    [
      'an OR branch without a join equality',
      { op: 'or', conditions: [eq('email', 'mail'), cmp('age', '>', 1)] },
      'INVALID_CONDITION',
    ],
    [
      'a sealed column compared',
      { op: 'and', conditions: [eq('email', 'mail'), cmp('secret', '=', 'x')] },
      'INVALID_CONDITION',
    ],
    [
      'an unknown operator',
      { op: 'and', conditions: [eq('email', 'mail'), cmp('age', 'LIKE', '%')] },
      'INVALID_CONDITION',
    ],
    ['an empty group', { op: 'and', conditions: [] }, 'INVALID_CONDITION'],
  ])('rejects %s', async (_label, tree, code) => {
    const res = await join(owner, tree);
    expect([res.status, res.body.error?.code]).toEqual([400, code]);
    expect(res.body.error?.message).toEqual(expect.any(String));
  });

  it('literal values are bind parameters, never SQL', async () => {
    const tree = { op: 'and', conditions: [eq('email', 'mail'), cmp('age', '=', "25' or '1'='1")] };
    // no age is that text: nothing matches, a count below k (as SQL, it would have matched all 5)
    expect((await join(owner, tree)).body.result).toMatchObject({ matchCount: null, suppressed: true });
    expect((await join(owner, eq('email', 'mail'))).body.result).toMatchObject({ matchCount: 5, suppressed: false });
  });

  it('a join needs exactly two different data sets', async () => {
    const same = await owner.client.rest('GET', '/v1/vcr/joinDatasets', undefined, {
      room_id: room.id,
      dataset1_id: setA,
      dataset2_id: setA,
      sqlWhere: JSON.stringify(eq('email', 'email')),
    });
    expect(same.status).toBe(400);
    const three = await owner.client.rest('POST', '/v1/vcr/createReport', {
      room_id: room.id,
      datasets_array: [setA, setB, setA].join(','),
    });
    expect(three.status).toBe(400);
  });
});

describe('comparisons with numbers', () => {
  // a clear cell is a number when it reads -?digits(.digits)? between white space: only those
  // match a comparison with a number or count in sums, averages, minima and maxima; the cell as
  // uploaded is what text comparisons and groups see
  const AGES = [
    '9',
    '10',
    '-3.5',
    '2.25',
    ' 42 ',
    ' ',
    'abc',
    '1e3',
    '-0',
    '0007.50',
    '99999999999999999999.5',
    '+1',
    '\t8\n',
    '0.30000000000000001',
  ];
  const numbers = [9, 10, -3.5, 2.25, 42, null, null, null, 0, 7.5, 1e20, null, 8, 0.3];
  let typedRoom: TestRoom;
  let json: string;
  let packed: string;
  const COLUMNS: Column[] = [
    { name: 'email', role: 'join', kind: 'email' },
    { name: 'age', role: 'clear' },
    { name: 'name', role: 'sealed' },
  ];
  beforeAll(async () => {
    typedRoom = await createRoom(owner, 'Typed room');
    const rows = AGES.map((age, i) => [`typed${i}@example.test`, age, `Name ${i}`]);
    json = await uploadDataset(owner, typedRoom, 'typed json', COLUMNS, rows, 5, 'json');
    packed = await uploadDataset(owner, typedRoom, 'typed packed', COLUMNS, rows, 5, 'packed');
  });
  const count = async (set: 1 | 2, op: string, value: unknown) => {
    const res = await owner.client.rest<{ matchCount: number }>('GET', '/v1/vcr/joinDatasets', undefined, {
      room_id: typedRoom.id,
      dataset1_id: json,
      dataset2_id: packed,
      sqlWhere: JSON.stringify({
        op: 'and',
        conditions: [eq('email', 'email'), { left: { set, column: 'age' }, op, value }],
      }),
    });
    expect(res.status).toBe(200);
    return res.body.result!.matchCount;
  };

  it('stores each clear cell with its number, as the text comparison and cast of before computed it', async () => {
    for (const id of [json, packed]) {
      const stored = await server.db.orm.em
        .fork()
        .getConnection()
        .execute<{ n: string | null; before: string | null }[]>(
          `select n1::text as n, (case when c1 ~ '^\\s*-?[0-9]+(\\.[0-9]+)?\\s*$' then trim(c1)::numeric end)::text as before
           from vcr_rows_${id.replace(/-/g, '')} order by row_no`,
        );
      expect(stored.map((r) => r.n)).toEqual(stored.map((r) => r.before));
      expect(stored.map((r) => r.n && Number(r.n))).toEqual(numbers);
    }
  });

  it.each([
    ['>', 9, 3],
    ['<', 0, 1],
    ['=', 0, 1],
    ['=', 7.5, 1],
    ['<=', 2.25, 4],
    ['!=', 9, 9],
    ['>=', 42, 2],
    // exact decimals: 0.30000000000000001 is more than 0.3 (as binary floating point it is not)
    ['>', 0.3, 8],
    ['=', 0.3, 0],
    // text compares the cells as uploaded: "9" sorts after "10", "abc" after both
    ['>', '9', 2],
    ['=', ' 42 ', 1],
    ['=', '42', 0],
  ])('age %s %j matches %i rows of either upload form', async (op, value, n) => {
    expect(await count(1, op, value)).toBe(n);
    expect(await count(2, op, value)).toBe(n);
  });

  it('sums, averages, minima and maxima count numbers only; groups show the cells as uploaded', async () => {
    for (const id of [json, packed]) {
      const res = await owner.client.rest<{ groups: { keys: (string | null)[]; values: number[] }[] }>(
        'POST',
        '/v1/vcr/aggregate',
        {
          room_id: typedRoom.id,
          datasets_array: [id],
          sqlWhere: { left: { set: 1, column: 'age' }, op: '<', value: 1000 },
          measures: [
            { fn: 'count' },
            { fn: 'sum', column: { set: 1, column: 'age' } },
            { fn: 'min', column: { set: 1, column: 'age' } },
            { fn: 'max', column: { set: 1, column: 'age' } },
          ],
        },
      );
      expect(res.status).toBe(200);
      const [total] = res.body.result!.groups;
      expect(total.values.slice(0, 1).concat(total.values.slice(2))).toEqual([9, -3.5, 42]);
      expect(total.values[1]).toBeCloseTo(75.55, 10);
      const grouped = await owner.client.rest<{ groups: { keys: (string | null)[]; values: (number | null)[] }[] }>(
        'POST',
        '/v1/vcr/aggregate',
        {
          room_id: typedRoom.id,
          datasets_array: [id],
          group_by: [{ set: 1, column: 'age' }],
          measures: [{ fn: 'avg', column: { set: 1, column: 'age' } }],
        },
      );
      const avg = new Map(grouped.body.result!.groups.map((g) => [g.keys[0], g.values[0]]));
      expect([avg.get(' 42 '), avg.get('0007.50'), avg.get('-0'), avg.get('abc'), avg.get('1e3')]).toEqual([
        42,
        7.5,
        0,
        null,
        null,
      ]);
    }
  });
});

describe('reports', () => {
  it('without credit: 402 "Purchase IPT Tokens to continue", nothing stored', async () => {
    const res = await owner.client.rest('POST', '/v1/vcr/createReport', {
      room_id: room.id,
      datasets_array: `${setA},${setB}`,
      sqlWhere: JSON.stringify(eq('email', 'mail')),
    });
    expect([res.status, res.body.error?.code, res.body.error?.message]).toEqual([
      402,
      'INSUFFICIENT_CREDIT',
      'Purchase IPT Tokens to continue',
    ]);
    const reports = await owner.client.gql<{ reports: unknown[] }>(`query($r: ID!) { reports(roomId: $r) { id } }`, {
      r: room.id,
    });
    expect(reports.data?.reports).toEqual([]);
  });

  it('charges 1 IPT with the report; the browser decrypts the joined rows', async () => {
    await buyCredit(guest.client, '10credits');
    // a cross-site navigation carrying the cookie pays for nothing
    const csrf = await guest.client.fetch(
      `/v1/vcr/getReport?${new URLSearchParams({ room_id: room.id, datasets_array: setB })}`,
      { headers: { 'sec-fetch-site': 'cross-site' } },
    );
    expect(csrf.status).toBe(403);
    expect(await balanceOf(guest.client)).toBe(10);
    const tree = { op: 'and', conditions: [eq('email', 'mail'), cmp('age', '>=', 27)] };
    const res = await guest.client.rest<{ id: string; result: ReportResult; datasetCount: number; rowCount: number }>(
      'POST',
      '/v1/vcr/createReport',
      {
        room_id: room.id,
        datasets_array: JSON.stringify([setA, setB]),
        sqlWhere: JSON.stringify(tree),
        request_id: 'report-1-abc',
      },
    );
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({ datasetCount: 2, rowCount: 3 });
    expect(await balanceOf(guest.client)).toBe(9);
    const plain = await decryptReport(room, room.id, res.body.result!.result);
    expect(plain).toEqual(
      [7, 8, 9].map((i) => [
        i === 7 ? `${CANARY}@Example.test` : `Person${i}@Example.test`,
        `+1 555 000 ${String(i).padStart(4, '0')}`,
        String(20 + i),
        `${CANARY} secret ${i}`,
        i === 7 ? `${CANARY.toLowerCase()}@example.test` : `person${i}@example.test `,
        `City ${i}`,
        `${CANARY} note ${i}`,
      ]),
    );
    // a retry with the same request_id: the same report, no second charge
    const again = await guest.client.rest<{ id: string }>('POST', '/v1/vcr/createReport', {
      room_id: room.id,
      datasets_array: JSON.stringify([setA, setB]),
      sqlWhere: JSON.stringify(tree),
      request_id: 'report-1-abc',
    });
    expect(again.body.result?.id).toBe(res.body.result?.id);
    expect(await balanceOf(guest.client)).toBe(9);
    // the same request_id for another report: 409, not the first report (issue 27), and no charge
    for (const other of [
      { datasets_array: JSON.stringify([setA, setB]), sqlWhere: JSON.stringify(eq('email', 'mail')) },
      { datasets_array: JSON.stringify([setB]) },
    ]) {
      const reused = await guest.client.rest('POST', '/v1/vcr/createReport', {
        room_id: room.id,
        ...other,
        request_id: 'report-1-abc',
      });
      expect([reused.status, reused.body.error?.code]).toEqual([409, 'CONFLICT']);
      expect(reused.body.error?.message).toBe('This idempotency key was already used for a different report');
    }
    expect(await balanceOf(guest.client)).toBe(9);
    // a one-set report over GraphQL
    const one = await guest.client.gql<{
      createReport: { datasetCount: number; rowCount: number; result: ReportResult };
    }>(
      `mutation($r: ID!, $d: ID!) { createReport(input: { roomId: $r, datasetIds: [$d] }) { datasetCount rowCount result } }`,
      { r: room.id, d: setB },
    );
    expect(one.data?.createReport).toMatchObject({ datasetCount: 1, rowCount: 10 });
    expect((await decryptReport(room, room.id, one.data!.createReport.result))[0]).toEqual(rowsB[0]);
    expect(await balanceOf(guest.client)).toBe(8);
  });

  it('the legacy GET spends credit only from a page of this site or with an API token', async () => {
    await buyCredit(guest.client, '10credits');
    const before = await balanceOf(guest.client);
    const url = `/v1/vcr/getReport?${new URLSearchParams({ room_id: room.id, datasets_array: setB })}`;
    const refused = [
      {}, // a session cookie and nothing to say where the request came from
      { 'sec-fetch-site': 'same-site' }, // another site of the same registrable domain
      { 'sec-fetch-site': 'none' }, // typed into the address bar, or a bookmark
      { referer: 'https://evil.example/page' },
      { origin: 'https://evil.example' },
    ];
    for (const headers of refused) {
      const res = await guest.client.fetch(url, { headers });
      expect([JSON.stringify(headers), res.status]).toEqual([JSON.stringify(headers), 403]);
    }
    expect(await balanceOf(guest.client)).toBe(before);
    expect((await guest.client.fetch(url, { headers: { 'sec-fetch-site': 'same-origin' } })).status).toBe(200);
    expect((await guest.client.fetch(url, { headers: { origin: server.url } })).status).toBe(200);
    const created = await guest.client.gql<{ createApiToken: { token: string } }>(
      `mutation { createApiToken(input: { name: "reports" }) { token } }`,
    );
    const integrator = new TestClient(server.url);
    integrator.bearer = created.data!.createApiToken.token;
    expect((await integrator.fetch(url)).status).toBe(200);
    expect(await balanceOf(guest.client)).toBe(before - 3);
  });

  it('50 concurrent report requests with 20 IPT of credit make exactly 20 reports', async () => {
    await buyCredit(owner.client, '10credits');
    await buyCredit(owner.client, '10credits');
    expect(await balanceOf(owner.client)).toBe(20);
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        owner.client.rest('POST', '/v1/vcr/createReport', {
          room_id: room.id,
          datasets_array: `${setA},${setB}`,
          sqlWhere: JSON.stringify(eq('email', 'mail')),
        }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(20);
    expect(statuses.filter((s) => s === 402)).toHaveLength(30);
    expect(await balanceOf(owner.client)).toBe(0);
    const reports = await owner.client.gql<{ reports: unknown[] }>(`query($r: ID!) { reports(roomId: $r) { id } }`, {
      r: room.id,
    });
    expect(reports.data?.reports).toHaveLength(20);
    const conn = server.db.orm.em.fork().getConnection();
    const [{ n }] = await conn.execute<{ n: number }[]>(
      `select count(*)::int as n from credit_entries e join vcr_reports r on e.reference = r.charge_reference where r.user_id = ?`,
      [owner.id],
    );
    expect(n).toBe(20);
    expect(gqlCode(await owner.client.gql(`{ creditBalance }`))).toBeUndefined();
  });
});

describe('canary', () => {
  it('the canary from encrypted columns is nowhere in the database or the logs', async () => {
    const conn = server.db.orm.em.fork().getConnection();
    const tables = await conn.execute<{ table_name: string }[]>(
      `select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    );
    const own = (id: string) => [`vcr_rows_${id.replace(/-/g, '')}`, `vcr_sealed_${id.replace(/-/g, '')}`];
    expect(tables.map((t) => t.table_name)).toEqual(
      expect.arrayContaining([...own(setA), ...own(setB), 'vcr_datasets', 'vcr_reports']),
    );
    let dump = '';
    for (const { table_name } of tables) {
      const rows = await conn.execute<{ t: string }[]>(`select t::text as t from "${table_name}" t`);
      dump += rows.map((r) => r.t).join('\n');
    }
    expect(dump.length).toBeGreaterThan(10_000);
    // text, bytea as hex, and base64: in any case
    const needles = [
      CANARY,
      CANARY.toLowerCase(),
      Buffer.from(CANARY).toString('hex'),
      Buffer.from(CANARY).toString('base64').slice(0, 20),
    ];
    for (const needle of needles) {
      expect(dump.toLowerCase()).not.toContain(needle.toLowerCase());
      expect(logs.toLowerCase()).not.toContain(needle.toLowerCase());
    }
    expect(logs).toContain('incoming request');
  });
});
