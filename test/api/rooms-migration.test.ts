// The migration that gave each data set tables of its own moves existing sets out of the shared
// tables (and back, when reverted), keeping every cell, and the sets still compare afterwards; the
// one that typed the cells moves them out of arrays into columns (and back), a number beside each
// clear cell, and the sets still join on numbers as before.
// Reverting it reverts the analysis rules' migration too, which came later: sets from before the
// rules come back under the default rule, every column sealed with room-derived keys. The clean
// room privacy migration gives existing columns the roles that reveal the least and existing sets
// differential privacy where partners do not read them whole. Last, a fieldwork migration's backfill.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addGuest,
  buildBrowser,
  createRoom,
  people,
  uploadDataset,
  type Browser,
  type TestRoom,
  EXACT_OVERLAP,
} from './support/rooms';
import { buildUser } from './support/factories';
import { buildKey, createRequest, surveyBody, type LegacyQuestion } from './support/requests';
import { startTestServer, type TestServer } from './support/server';

const COLUMNS = [
  { name: 'email', role: 'join' as const, kind: 'email' as const },
  { name: 'age', role: 'clear' as const },
  { name: 'name', role: 'sealed' as const },
];

let server: TestServer;
let owner: Browser;
let room: TestRoom;
let sets: string[];
beforeAll(async () => {
  server = await startTestServer();
  owner = await buildBrowser(server);
  const guest = await buildBrowser(server);
  room = await createRoom(owner, 'Migrated');
  await addGuest(owner, guest, room);
  sets = [
    await uploadDataset(owner, room, 'one', COLUMNS, people(12), 5),
    await uploadDataset(owner, room, 'two', COLUMNS, people(14, 6), 5),
  ];
});
afterAll(async () => {
  await server?.close();
});

const sql = <T>(q: string, params: unknown[] = []) => server.db.orm.em.fork().getConnection().execute<T[]>(q, params);
const hex = (id: string) => id.replace(/-/g, '');
// every cell of a set, in a stable text form
const contentOf = async (id: string) => ({
  rows: await sql<{ t: string }>(`select r::text as t from vcr_rows_${hex(id)} r order by row_no`),
  sealed: await sql<{ t: string }>(`select s::text as t from vcr_sealed_${hex(id)} s order by row_no`),
});
const indexesOf = async (id: string) =>
  (
    await sql<{ indexdef: string }>(`select indexdef from pg_indexes where tablename in (?, ?)`, [
      `vcr_rows_${hex(id)}`,
      `vcr_sealed_${hex(id)}`,
    ])
  )
    .map((i) => i.indexdef.replace(/^.* USING /, ''))
    .sort();

describe('data sets in tables of their own', () => {
  it('moves back into the shared tables when reverted, and out again, cell for cell', async () => {
    const before = await Promise.all(sets.map(contentOf));
    expect(before[0].rows).toHaveLength(12);

    await server.db.orm.migrator.down({ to: 'Migration20261122083938_room_invite_tokens' });
    const columns = await sql<{ columns: Record<string, unknown>[] }>(`select columns from vcr_datasets`);
    expect(columns[0].columns.every((c) => !('shared' in c) && !('sealing' in c))).toBe(true);
    const shared = await sql<{ dataset_id: string; n: number }>(
      `select dataset_id, count(*)::int as n from vcr_rows group by dataset_id order by n`,
    );
    expect(shared).toEqual([
      { dataset_id: sets[0], n: 12 },
      { dataset_id: sets[1], n: 14 },
    ]);
    const own = await sql<{ n: number }>(
      `select count(*)::int as n from pg_tables where tablename ~ '^vcr_(rows|tokens)_'`,
    );
    expect(own[0].n).toBe(0);

    await server.db.orm.migrator.up();
    expect(await Promise.all(sets.map(contentOf))).toEqual(before);
    const ruled = await sql<{
      partner_access: string;
      min_group_size: number;
      columns: { shared: boolean; sealing: string | null }[];
    }>(`select partner_access, min_group_size, columns from vcr_datasets where id = ?`, [sets[0]]);
    expect(ruled[0]).toMatchObject({ partner_access: 'matches', min_group_size: 10 });
    expect(ruled[0].columns.map((c) => [c.shared, c.sealing])).toEqual([
      [false, 'room'],
      [false, null],
      [false, 'room'],
    ]);
    expect(await indexesOf(sets[0])).toEqual(['btree (row_no)', 'btree (t1, row_no)']);
  });

  // set one's ages before the cells were typed, on rows 0-11 (people 6-11 are in both sets)
  const AGES = [
    '-3.5',
    ' 42 ',
    'abc',
    '',
    null,
    '1e3',
    '0007.50',
    '\t-0\n',
    '99999999999999999999.000000001',
    ' ',
    '+1',
    '٣',
  ];

  it('moves the cells out of arrays into typed columns, a number beside each clear cell, and back', async () => {
    await server.db.orm.migrator.down({ to: 'Migration20261126113857_users_credit_balance' });
    const h = hex(sets[0]);
    for (const [i, age] of AGES.entries())
      await sql(`update vcr_rows_${h} set clear[1] = ? where row_no = ?`, [age, i]);
    type Old = { row_no: number; tokens: Buffer[]; sealed: Buffer[]; clear: (string | null)[]; n: string | null };
    // the numbers as the comparisons computed them from the text cells
    const before = await sql<Old>(
      `select row_no, tokens, sealed, clear,
              (case when clear[1] ~ '^\\s*-?[0-9]+(\\.[0-9]+)?\\s*$' then trim(clear[1])::numeric end)::text as n
       from vcr_rows_${h} order by row_no`,
    );
    const oldTokens = await sql<{ col: number; token: Buffer; row_no: number }>(
      `select col, token, row_no from vcr_tokens_${h} order by row_no`,
    );
    expect(before.map((r) => r.n)).toEqual([
      '-3.5',
      '42',
      null,
      null,
      null,
      null,
      '7.50',
      '0',
      '99999999999999999999.000000001',
      null,
      null,
      null,
    ]);

    await server.db.orm.migrator.up();
    const after = await sql<{ row_no: number; t1: Buffer; c1: string | null; n: string | null; s: Buffer[] }>(
      `select r.row_no, r.t1, r.c1, r.n1::text as n, array[s.s1, s.s2] as s
       from vcr_rows_${h} r join vcr_sealed_${h} s on s.row_no = r.row_no order by r.row_no`,
    );
    expect(after).toEqual(
      before.map((r) => ({ row_no: r.row_no, t1: r.tokens[0], c1: r.clear[0], n: r.n, s: r.sealed })),
    );
    expect(oldTokens).toEqual(after.map((r) => ({ col: 1, token: r.t1, row_no: r.row_no })));
    expect(await indexesOf(sets[0])).toEqual(['btree (row_no)', 'btree (t1, row_no)']);

    // and back: the arrays and the token table as they were
    const typed = await contentOf(sets[0]);
    await server.db.orm.migrator.down({ to: 'Migration20261126113857_users_credit_balance' });
    expect(await sql(`select row_no, tokens, sealed, clear from vcr_rows_${h} order by row_no`)).toEqual(
      before.map(({ n: _, ...r }) => r),
    );
    expect(await sql(`select col, token, row_no from vcr_tokens_${h} order by row_no`)).toEqual(oldTokens);
    await server.db.orm.migrator.up();
    expect(await contentOf(sets[0])).toEqual(typed);
  });

  it('joins the converted sets on numbers as before', async () => {
    // people 6-11 are in both sets; set one's ages of them: '0007.50', '\t-0\n', '99999999999999999999.000000001', ' ', '+1', '٣'
    const count = async (op: string, value: unknown) => {
      const res = await owner.client.rest<{ matchCount: number }>('GET', '/v1/vcr/joinDatasets', undefined, {
        room_id: room.id,
        dataset1_id: sets[0],
        dataset2_id: sets[1],
        sqlWhere: JSON.stringify({
          op: 'and',
          conditions: [
            { left: { set: 1, column: 'email' }, op: '=', right: { set: 2, column: 'email' } },
            { left: { set: 1, column: 'age' }, op, value },
          ],
        }),
      });
      return res.body.result?.matchCount;
    };
    expect(await count('>=', 0)).toBe(3);
    expect(await count('<', 1)).toBe(1);
    expect(await count('=', 7.5)).toBe(1);
    expect(await count('>', 1e19)).toBe(1);
    expect(await count('!=', 0)).toBe(2);
    expect(await count('=', ' ')).toBe(1);
  });

  it('gives sets from before the roles the least revealing ones, and differential privacy under matches', async () => {
    await server.db.orm.migrator.down({ to: 'Migration20261126174040_typed_dataset_cells' });
    const before = await sql<{ columns: Record<string, unknown>[] }>(`select columns from vcr_datasets`);
    expect(before.every((d) => d.columns.every((c) => !('partnerRole' in c)))).toBe(true);
    // set one shares its name column; set two is under full
    await sql(`update vcr_datasets set columns = jsonb_set(columns, '{2,shared}', 'true') where id = ?`, [sets[0]]);
    await sql(`update vcr_datasets set partner_access = 'full' where id = ?`, [sets[1]]);
    await server.db.orm.migrator.up();
    const after = await sql<{ id: string; columns: Record<string, unknown>[]; differential_privacy: boolean }>(
      `select id, columns, differential_privacy from vcr_datasets order by id = ? desc`,
      [sets[0]],
    );
    expect(after[0].columns.map((c) => [c.name, c.partnerRole, c.lower, c.upper])).toEqual([
      ['email', 'joinOnly', null, null],
      ['age', 'private', null, null],
      ['name', 'shared', null, null],
    ]);
    expect(after.map((d) => [d.id, d.differential_privacy])).toEqual([
      [sets[0], true],
      [sets[1], false],
    ]);
    await sql(`update vcr_datasets set partner_access = 'matches'`);
  });

  it('compares as before', async () => {
    const res = await owner.client.rest('GET', '/v1/vcr/compareDatasets', undefined, {
      room_id: room.id,
      datasets_array: sets.join(','),
    });
    expect(res.body.result).toEqual([
      { domain: 'email', datasetIds: sets, onlyA: 6, both: 6, onlyB: 8, suppressed: false, ...EXACT_OVERLAP },
    ]);
  });
});

// The fieldwork migration that moved closed_at to the request fills it for requests a quota had
// already closed: from when the first of its close_request quotas filled; nothing else is closed.
describe('closed_at filled for requests a quota closed before it was kept on the request', () => {
  it('closes a request from its first filled close_request quota, and leaves the others open', async () => {
    const alice = await buildUser(server);
    const key = await buildKey(alice);
    const survey = async (title: string) => {
      const r = await createRequest(
        alice,
        surveyBody(key.id, { title, data: [{ type: 'radios', title: 'Do you smoke?', options: ['Yes', 'No'] }] }),
      );
      return { id: r.id, question: (r.data as LegacyQuestion[])[0].id };
    };
    const closed = await survey('Closed by two quotas');
    const screenOut = await survey('Full quota that screens out');
    const unfilled = await survey('Quota not full');
    await server.db.orm.migrator.down({ to: 'Migration20261129033958_submission_idempotency_key' });
    const quota = (r: { id: string; question: string }, action: string, filledAt: Date | null) =>
      sql(
        `insert into fieldwork_quotas (id, request_id, name, question_id, options, size, action, filled_at)
         values (gen_random_uuid(), ?, ?, ?, '[]', 5, ?, ?)`,
        [r.id, `${action} quota`, r.question, action, filledAt],
      );
    const first = new Date('2026-11-20T10:00:00.000Z');
    await quota(closed, 'close_request', new Date('2026-11-21T10:00:00.000Z'));
    await quota(closed, 'close_request', first);
    await quota(closed, 'screen_out', new Date('2026-11-19T10:00:00.000Z'));
    await quota(screenOut, 'screen_out', first);
    await quota(unfilled, 'close_request', null);
    await server.db.orm.migrator.up();
    const rows = await sql<{ id: string; closed_at: Date | null }>(
      'select id, closed_at from requests where id = any(?::uuid[])',
      [`{${[closed.id, screenOut.id, unfilled.id].join(',')}}`],
    );
    const closedAt = Object.fromEntries(rows.map((r) => [r.id, r.closed_at && new Date(r.closed_at).toISOString()]));
    expect(closedAt).toEqual({ [closed.id]: first.toISOString(), [screenOut.id]: null, [unfilled.id]: null });
    expect(await server.db.orm.migrator.getPending()).toEqual([]);
  });
});
