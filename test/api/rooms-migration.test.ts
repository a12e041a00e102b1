// The migration that gave each data set tables of its own moves existing sets out of the shared
// tables (and back, when reverted), keeping every cell, and the sets still compare afterwards.
// Reverting it reverts the analysis rules' migration too, which came later: sets from before the
// rules come back under the default rule, every column sealed with room-derived keys.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addGuest,
  buildBrowser,
  createRoom,
  people,
  uploadDataset,
  type Browser,
  type TestRoom,
} from './support/rooms';
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
  rows: await sql<{ t: string }>(
    `select (row_no, tokens, sealed, clear)::text as t from vcr_rows_${hex(id)} order by row_no`,
  ),
  tokens: await sql<{ t: string }>(
    `select (col, token, row_no)::text as t from vcr_tokens_${hex(id)} order by col, token, row_no`,
  ),
});

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
    const indexes = await sql<{ indexdef: string }>(
      `select indexdef from pg_indexes where tablename in (?, ?) order by indexdef`,
      [`vcr_rows_${hex(sets[0])}`, `vcr_tokens_${hex(sets[0])}`],
    );
    expect(indexes.map((i) => i.indexdef.replace(/^.* USING /, '')).sort()).toEqual([
      'btree (row_no)',
      'btree (token, col, row_no)',
    ]);
  });

  it('compares as before', async () => {
    const res = await owner.client.rest('GET', '/v1/vcr/compareDatasets', undefined, {
      room_id: room.id,
      datasets_array: sets.join(','),
    });
    expect(res.body.result).toEqual([
      { domain: 'email', datasetIds: sets, onlyA: 6, both: 6, onlyB: 8, suppressed: false },
    ]);
  });
});
