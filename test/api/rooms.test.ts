import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analysesRoutes } from '../../api/src/modules/analyses/analyses.rest';
import { datasetsRoutes } from '../../api/src/modules/datasets/datasets.rest';
import { roomsRoutes } from '../../api/src/modules/rooms/rooms.rest';
import { CHUNK_CONTENT_TYPE, encodeChunkBody } from '../../shared/wire-format';
import { generateRoomKey, sealRoomKey } from '../../web/src/crypto/room-key';
import { buyCredit } from './support/billing';
import { gqlCode, TestClient } from './support/client';
import { uniqueName } from './support/factories';
import {
  acceptInvitation,
  addGuest,
  buildBrowser,
  createRoom,
  encryptRows,
  openMyRoomKey,
  people,
  uploadDataset,
  decryptReport,
  type ReportResult,
  type Browser,
  type Column,
  type TestRoom,
  EXACT_OVERLAP,
} from './support/rooms';
import { startTestServer, type TestServer } from './support/server';

let server: TestServer;
let owner: Browser;
let guest: Browser;
let third: Browser;
let stranger: Browser;

beforeAll(async () => {
  server = await startTestServer();
  [owner, guest, third, stranger] = await Promise.all([
    buildBrowser(server),
    buildBrowser(server),
    buildBrowser(server),
    buildBrowser(server),
  ]);
});
afterAll(async () => {
  await server?.close();
});

// shared with partners: sealed with room-derived keys (these tests are about uploads, not rules)
const COLUMNS: Column[] = [
  { name: 'email', role: 'join', kind: 'email', shared: true },
  { name: 'age', role: 'clear', shared: true },
  { name: 'name', role: 'sealed', shared: true },
];
type KeyRecord = { user_id: string; aes_key: string; key_version: number; public_key_id: string };
type Member = { userId: string; status: string; autoSeal: boolean; role: string };

async function keyRecords(b: Browser, roomId: string) {
  return (await b.client.rest<KeyRecord[]>('GET', '/v1/vcr/getRoomKeysDetails', undefined, { room_id: roomId })).body
    .result!;
}
async function members(b: Browser, roomId: string) {
  return (
    await b.client.rest<{ count: number; members: Member[] }>('GET', '/v1/vcr/getRoomUsersCount', undefined, {
      room_id: roomId,
    })
  ).body.result!;
}

describe('rooms and the key exchange', () => {
  it('creates a room, lists it with its type, and runs the two-member key exchange', async () => {
    const room = await createRoom(owner, 'Customers');
    const list = await owner.client.rest<{ id: string; name: string; type: string; owner_id: string }[]>(
      'GET',
      '/v1/vcr/getRooms',
    );
    expect(list.body.result!.find((r) => r.id === room.id)).toMatchObject({
      name: 'Customers',
      type: 'Owner',
      owner_id: owner.id,
    });
    // the owner's own record opens to the room key
    expect(await openMyRoomKey(owner, room.id)).toEqual(room.roomKey);

    // invite: nobody is a member before accepting
    await owner.client.rest('POST', '/v1/vcr/createRoomUsers', { room_id: room.id, recipients: guest.email });
    expect((await members(owner, room.id)).members.map((m) => m.userId)).toEqual([owner.id]);
    expect(
      (await guest.client.rest<{ id: string }[]>('GET', '/v1/vcr/getRooms')).body.result!.map((r) => r.id),
    ).not.toContain(room.id);
    await acceptInvitation(guest, room.id);
    expect((await members(owner, room.id)).members.find((m) => m.userId === guest.id)?.status).toBe('invited');
    const guestRooms = await guest.client.rest<{ id: string; type: string }[]>('GET', '/v1/vcr/getRooms');
    expect(guestRooms.body.result!.find((r) => r.id === room.id)?.type).toBe('guest');
    // then the guest chooses a key: the waitingforsessionkey marker
    const chosen = await guest.client.rest<KeyRecord>('POST', '/v1/vcr/createAesKey', {
      room_id: room.id,
      public_key_id: guest.keyId,
    });
    expect(chosen.body.result?.aes_key).toBe('waitingforsessionkey');
    const m = await members(owner, room.id);
    expect(m.count).toBe(2);
    expect(m.members.find((x) => x.userId === guest.id)).toMatchObject({ status: 'waiting', autoSeal: true });

    // the owner's browser seals the room key to the guest's chosen key
    const pk = await owner.client.rest<{ key: string; public_key_id: string }>(
      'GET',
      '/v1/vcr/getPublicKey',
      undefined,
      {
        room_id: room.id,
        user_id: guest.id,
      },
    );
    expect(pk.body.result?.public_key_id).toBe(guest.keyId);
    const sealed = await sealRoomKey(pk.body.result!.key, room.roomKey, {
      roomId: room.id,
      userId: guest.id,
      keyVersion: 1,
    });
    const upd = await owner.client.rest('POST', '/v1/vcr/updateAesKey', {
      room_id: room.id,
      user_id: guest.id,
      public_key_id: guest.keyId,
      encryptedSessionKey: sealed,
    });
    expect(upd.status).toBe(200);
    expect(await openMyRoomKey(guest, room.id)).toEqual(room.roomKey);
    expect((await members(guest, room.id)).members.every((x) => x.status === 'active')).toBe(true);

    expect(
      (await guest.client.rest('GET', '/v1/vcr/getUsertype', undefined, { room_id: room.id })).body.result,
    ).toEqual({
      type: 'guest',
    });
    expect((await guest.client.rest('GET', '/v1/vcr/getOwnerId', undefined, { room_id: room.id })).body.result).toEqual(
      {
        owner_id: owner.id,
      },
    );
  });

  it('a third member waits for explicit approval; the owner sees who waits', async () => {
    const room = await createRoom(owner, 'Three');
    await addGuest(owner, guest, room);
    await owner.client.rest('POST', '/v1/vcr/createRoomUsers', { room_id: room.id, recipients: [third.email] });
    await acceptInvitation(third, room.id);
    await third.client.rest('POST', '/v1/vcr/createAesKey', { room_id: room.id, public_key_id: third.keyId });
    const m = await members(owner, room.id);
    expect(m.count).toBe(3);
    expect(m.members.find((x) => x.userId === third.id)).toMatchObject({ status: 'waiting', autoSeal: false });
    expect((await keyRecords(third, room.id)).find((k) => k.user_id === third.id)?.aes_key).toBe(
      'waitingforsessionkey',
    );
  });

  it('a guest cannot delete the room, approve keys, add users or rotate the key', async () => {
    const room = await createRoom(owner, 'Guarded');
    await addGuest(owner, guest, room);
    const sealed = await sealRoomKey(guest.publicPem, generateRoomKey(), {
      roomId: room.id,
      userId: guest.id,
      keyVersion: 1,
    });
    const attempts = [
      await guest.client.rest('DELETE', '/v1/vcr/deleteRooms', { room_id: room.id }),
      await guest.client.rest('POST', '/v1/vcr/updateAesKey', {
        room_id: room.id,
        user_id: guest.id,
        public_key_id: guest.keyId,
        encryptedSessionKey: sealed,
      }),
      await guest.client.rest('POST', '/v1/vcr/updateOwnerSession', {
        room_id: room.id,
        user_id: guest.id,
        public_key_id: guest.keyId,
        encryptedSessionKey: sealed,
      }),
      await guest.client.rest('POST', '/v1/vcr/createRoomUsers', { room_id: room.id, recipients: [third.email] }),
      await guest.client.rest('POST', '/v1/vcr/rotateRoomKey', {
        room_id: room.id,
        keys: [{ user_id: guest.id, public_key_id: guest.keyId, encryptedSessionKey: sealed }],
      }),
      await guest.client.rest('POST', '/v1/vcr/sendInvite', { room_id: room.id, recipients: [third.email] }),
    ];
    for (const a of attempts) expect([a.status, a.body.error?.code]).toEqual([403, 'FORBIDDEN']);
    expect(gqlCode(await guest.client.gql(`mutation($id: ID!) { deleteRoom(id: $id) }`, { id: room.id }))).toBe(
      'FORBIDDEN',
    );
    // still there, and the guest's key is still the owner's room key
    expect(
      (await owner.client.rest<{ id: string }[]>('GET', '/v1/vcr/getRooms')).body.result!.map((r) => r.id),
    ).toContain(room.id);
    expect(await openMyRoomKey(guest, room.id)).toEqual(room.roomKey);
  });

  it('rotates the room key: a new version sealed to every member, the old records kept', async () => {
    const room = await createRoom(owner, 'Rotating');
    await addGuest(owner, guest, room);
    const next = generateRoomKey();
    const keys = await Promise.all(
      [owner, guest].map(async (b) => ({
        user_id: b.id,
        public_key_id: b.keyId,
        encryptedSessionKey: await sealRoomKey(b.publicPem, next, { roomId: room.id, userId: b.id, keyVersion: 2 }),
      })),
    );
    const partial = await owner.client.rest('POST', '/v1/vcr/rotateRoomKey', { room_id: room.id, keys: [keys[0]] });
    expect(partial.status).toBe(400);
    const res = await owner.client.rest<{ key_version: number }>('POST', '/v1/vcr/rotateRoomKey', {
      room_id: room.id,
      keys,
    });
    expect(res.body.result?.key_version).toBe(2);
    expect(await openMyRoomKey(guest, room.id, 2)).toEqual(next);
    expect(await openMyRoomKey(guest, room.id, 1)).toEqual(room.roomKey);
  });

  it('deletes a room with its data (owner)', async () => {
    const room = await createRoom(owner, 'Doomed');
    await addGuest(owner, guest, room);
    const set = await uploadDataset(owner, room, 'set', COLUMNS, people(5));
    expect(await datasetTableNames(set)).toHaveLength(2);
    const del = await owner.client.rest('DELETE', '/v1/vcr/deleteRooms', { room_id: room.id });
    expect(del.status).toBe(200);
    expect((await guest.client.rest('GET', '/v1/vcr/getDataSets', undefined, { room_id: room.id })).status).toBe(404);
    const conn = server.db.orm.em.fork().getConnection();
    const [{ n }] = await conn.execute<{ n: number }[]>(
      `select count(*)::int as n from vcr_datasets where room_id = ?`,
      [room.id],
    );
    expect(n).toBe(0);
    expect(await datasetTableNames(set)).toEqual([]);
  });

  it('invitations by e-mail: a mail and an in-app notification', async () => {
    const room = await createRoom(owner, 'Invites');
    const res = await owner.client.rest<{ sent: string[] }>('POST', '/v1/vcr/sendInvite', {
      room_id: room.id,
      recipients: [third.email, 'nobody-yet@example.test'],
    });
    expect(res.body.result?.sent).toEqual([third.email.toLowerCase(), 'nobody-yet@example.test']);
    const outbox = await server.db.orm.em
      .fork()
      .getConnection()
      .execute<{ to_address: string; text: string }[]>(
        `select to_address, text from mail_outbox where kind = 'room-invite'`,
      );
    expect(outbox.map((m) => m.to_address)).toEqual(expect.arrayContaining(['nobody-yet@example.test']));
    // the mail leads to the rooms page, where the invitation is accepted or declined
    expect(outbox.find((m) => m.to_address === 'nobody-yet@example.test')?.text).toContain('/admin/vcr\n');
    const notes = await third.client.rest<{ notification: string }[]>('GET', '/v1/auth/user/getNotifications');
    expect(notes.body.result!.some((n) => n.notification.includes('Invites'))).toBe(true);
    // the invited account is a member once it accepts, in the app; the owner is told
    const pending = await third.client.gql<{ roomInvitations: { id: string; roomName: string; invitedBy: string }[] }>(
      `{ roomInvitations { id roomName invitedBy } }`,
    );
    const invitation = pending.data!.roomInvitations.find((i) => i.roomName === 'Invites')!;
    expect(invitation.invitedBy).toEqual(expect.any(String));
    const accepted = await third.client.gql<{ acceptRoomInvitation: { id: string; type: string } }>(
      `mutation($id: ID!) { acceptRoomInvitation(id: $id) { id type } }`,
      { id: invitation.id },
    );
    expect(accepted.data?.acceptRoomInvitation).toEqual({ id: room.id, type: 'guest' });
    const rooms = await third.client.rest<{ id: string; type: string }[]>('GET', '/v1/vcr/getRooms');
    expect(rooms.body.result!.find((r) => r.id === room.id)?.type).toBe('guest');
    const told = await owner.client.rest<{ notification: string }[]>('GET', '/v1/auth/user/getNotifications');
    expect(
      told.body.result!.some((n) => n.notification.includes('accepted your invitation to the clean room "Invites"')),
    ).toBe(true);
    // answered once
    const twice = await third.client.gql(`mutation($id: ID!) { declineRoomInvitation(id: $id) }`, {
      id: invitation.id,
    });
    expect(gqlCode(twice)).toBe('CONFLICT');
  });

  it('nobody joins without saying yes: a declined invitation adds nobody, and another account cannot answer it', async () => {
    const room = await createRoom(owner, 'Unwanted');
    await owner.client.rest('POST', '/v1/vcr/createRoomUsers', { room_id: room.id, recipients: [third.email] });
    const [inv] = (
      await third.client.rest<{ invitation_id: string; room_id: string; room_name: string }[]>(
        'GET',
        '/v1/vcr/getInvitations',
      )
    ).body.result!.filter((i) => i.room_id === room.id);
    expect(inv.room_name).toBe('Unwanted');
    // someone else's invitation is unknown to the stranger
    for (const path of ['/v1/vcr/acceptInvitation', '/v1/vcr/declineInvitation']) {
      const res = await stranger.client.rest('POST', path, { invitation_id: inv.invitation_id });
      expect([res.status, res.body.error?.code]).toEqual([404, 'NOT_FOUND']);
    }
    expect(
      (await third.client.rest('POST', '/v1/vcr/declineInvitation', { invitation_id: inv.invitation_id })).status,
    ).toBe(200);
    expect((await members(owner, room.id)).members.map((m) => m.userId)).toEqual([owner.id]);
    expect((await third.client.rest('GET', '/v1/vcr/getUsertype', undefined, { room_id: room.id })).status).toBe(404);
    const told = await owner.client.rest<{ notification: string }[]>('GET', '/v1/auth/user/getNotifications');
    expect(
      told.body.result!.some((n) => n.notification.includes('declined your invitation to the clean room "Unwanted"')),
    ).toBe(true);
    // invited again, the invitee is asked again
    await owner.client.rest('POST', '/v1/vcr/createRoomUsers', { room_id: room.id, recipients: [third.email] });
    const again = await third.client.rest<{ room_id: string }[]>('GET', '/v1/vcr/getInvitations');
    expect(again.body.result!.map((i) => i.room_id)).toContain(room.id);
  });

  it('answers an invitation the same way whether or not the address has an account', async () => {
    const room = await createRoom(owner, 'Same answer');
    const nobody = `${uniqueName('nobody')}@example.test`.toLowerCase();
    const existing = await owner.client.rest('POST', '/v1/vcr/createRoomUsers', {
      room_id: room.id,
      recipients: [third.email],
    });
    const unknown = await owner.client.rest('POST', '/v1/vcr/createRoomUsers', {
      room_id: room.id,
      recipients: [nobody],
    });
    expect(existing.body.result).toEqual([{ email: third.email.toLowerCase(), status: 'invited' }]);
    expect(unknown.body.result).toEqual([{ email: nobody, status: 'invited' }]);
    const gql = (email: string) =>
      owner.client.gql<{ addRoomUsers: { userId: string }[] }>(
        `mutation($r: ID!, $e: String!) { addRoomUsers(roomId: $r, recipients: [$e]) { userId } }`,
        { r: room.id, e: email },
      );
    expect((await gql(third.email)).data).toEqual((await gql(nobody)).data);
    // invitations go to a room the sender owns, nowhere else
    const noRoom = await owner.client.rest('POST', '/v1/vcr/sendInvite', { recipients: ['anyone@example.test'] });
    expect([noRoom.status, noRoom.body.error?.code]).toEqual([400, 'BAD_USER_INPUT']);
  });

  it('limits invitations per sender and per address: the server is nobody’s mail relay', async () => {
    const sender = await buildBrowser(server);
    const room = await createRoom(sender, 'Relay');
    const mails = async () =>
      (
        await server.db.orm.em
          .fork()
          .getConnection()
          .execute<{ n: number }[]>(`select count(*)::int as n from mail_outbox where kind = 'room-invite'`)
      )[0].n;
    const before = await mails();
    const target = 'target@example.test';
    for (let i = 0; i < 3; i++)
      expect(
        (await sender.client.rest('POST', '/v1/vcr/sendInvite', { room_id: room.id, recipients: [target] })).status,
      ).toBe(200);
    const fourth = await sender.client.rest('POST', '/v1/vcr/sendInvite', { room_id: room.id, recipients: [target] });
    expect([fourth.status, fourth.body.error?.code]).toEqual([429, 'RATE_LIMITED']);
    expect(fourth.body.error?.message).toMatch(/invited to this room 3 times today/);
    // 20 more addresses are fine, the 31st invitation of the hour is not (nothing of that call is sent)
    const many = Array.from({ length: 10 }, (_, i) => `relay${i}@example.test`);
    for (const batch of [many, many.map((e) => `b-${e}`)])
      expect(
        (await sender.client.rest('POST', '/v1/vcr/sendInvite', { room_id: room.id, recipients: batch })).status,
      ).toBe(200);
    const over = await sender.client.rest('POST', '/v1/vcr/sendInvite', {
      room_id: room.id,
      recipients: [...many.map((e) => `c-${e}`)],
    });
    expect([over.status, over.body.error?.code]).toEqual([429, 'RATE_LIMITED']);
    expect(over.body.error?.message).toMatch(/at most 30 room invitations an hour/);
    expect((await mails()) - before).toBe(23);
    // in-app invitations (createRoomUsers) count too: 7 more make 30, the next is refused
    const seven = Array.from({ length: 7 }, (_, i) => `app${i}@example.test`);
    expect(
      (await sender.client.rest('POST', '/v1/vcr/createRoomUsers', { room_id: room.id, recipients: seven })).status,
    ).toBe(200);
    const beyond = await sender.client.rest('POST', '/v1/vcr/createRoomUsers', {
      room_id: room.id,
      recipients: ['one-more@example.test'],
    });
    expect([beyond.status, beyond.body.error?.code]).toEqual([429, 'RATE_LIMITED']);
  });

  it('limits what one address receives from everyone together: 20 invitations a day', async () => {
    const senders = await Promise.all(Array.from({ length: 7 }, () => buildBrowser(server)));
    const rooms = await Promise.all(senders.map((s, i) => createRoom(s, `Many ${i}`)));
    const victim = `${uniqueName('victim')}@example.test`.toLowerCase();
    const invite = (i: number) =>
      senders[i].client.rest('POST', '/v1/vcr/sendInvite', { room_id: rooms[i].id, recipients: [victim] });
    // six accounts, three each (each within its own per-room limit), and two from the seventh
    for (let i = 0; i < 6; i++) for (let n = 0; n < 3; n++) expect((await invite(i)).status).toBe(200);
    for (let n = 0; n < 2; n++) expect((await invite(6)).status).toBe(200);
    const outbox = async () =>
      (
        await server.db.orm.em
          .fork()
          .getConnection()
          .execute<{ n: number }[]>(`select count(*)::int as n from mail_outbox where to_address = ?`, [victim])
      )[0].n;
    expect(await outbox()).toBe(20);
    const twentyFirst = await invite(6);
    expect([twentyFirst.status, twentyFirst.body.error?.code]).toEqual([429, 'RATE_LIMITED']);
    expect(twentyFirst.body.error?.message).toMatch(/has received too many invitations today/);
    expect(await outbox()).toBe(20);
    // that sender can still invite someone else
    expect(
      (
        await senders[6].client.rest('POST', '/v1/vcr/sendInvite', {
          room_id: rooms[6].id,
          recipients: ['other@example.test'],
        })
      ).status,
    ).toBe(200);
  });

  it('an invitee without an account registers through the link as a verified guest', async () => {
    const room = await createRoom(owner, 'Link');
    const email = `${uniqueName('invitee')}@example.test`.toLowerCase();
    await owner.client.rest('POST', '/v1/vcr/sendInvite', { room_id: room.id, recipients: [email] });
    const [mail] = await server.db.orm.em
      .fork()
      .getConnection()
      .execute<{ text: string }[]>(`select text from mail_outbox where kind = 'room-invite' and to_address = ?`, [
        email,
      ]);
    const invite = /invite=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
    expect(invite).toBeDefined();
    const client = new TestClient(server.url);
    const username = uniqueName('guest');
    // the link is for that address only
    const wrong = await client.rest('POST', '/v1/auth/register', {
      username,
      email: `other-${email}`,
      password: 'secret123',
      invite,
    });
    expect(wrong.status).toBe(400);
    const reg = await client.rest<{ guest: boolean }>('POST', '/v1/auth/register', {
      username,
      email,
      password: 'secret123',
      invite,
    });
    expect(reg.body.result?.guest).toBe(true);
    expect((await client.rest('POST', '/v1/auth/login', { username, password: 'secret123' })).status).toBe(200);
    const rooms = await client.rest<{ id: string; type: string }[]>('GET', '/v1/vcr/getRooms');
    expect(rooms.body.result!.find((r) => r.id === room.id)?.type).toBe('guest');
    // used once
    const again = await new TestClient(server.url).rest('POST', '/v1/auth/register', {
      username: uniqueName('guest'),
      email: `x${email}`,
      password: 'secret123',
      invite,
    });
    expect(again.status).toBe(400);
  });

  it('refuses room forms without a name or with a bad e-mail', async () => {
    expect((await owner.client.rest('POST', '/v1/vcr/createRoom', { name: '  ' })).status).toBe(400);
    const room = await createRoom(owner, 'Forms');
    const bad = await owner.client.rest('POST', '/v1/vcr/createRoomUsers', {
      room_id: room.id,
      recipients: 'not-an-email',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error?.message).toContain('Please fill the appropriate email');
  });
});

/** The tables of a data set of its own that exist (vcr_rows_<hex>, vcr_sealed_<hex>). */
async function datasetTableNames(datasetId: string): Promise<string[]> {
  const rows = await server.db.orm.em
    .fork()
    .getConnection()
    .execute<{ tablename: string }[]>(
      `select tablename from pg_tables where schemaname = 'public' and tablename ~ ? order by tablename`,
      [`_${datasetId.replace(/-/g, '')}$`],
    );
  return rows.map((r) => r.tablename);
}

describe('data sets', () => {
  let room: TestRoom;
  beforeAll(async () => {
    room = await createRoom(owner, 'Data');
    await addGuest(owner, guest, room);
  });

  it('uploads in idempotent chunks; the set appears once complete', async () => {
    const id = randomUUID();
    const rows = people(30);
    const chunk = async (i: number) => ({
      room_id: room.id,
      dataset_id: id,
      campaign: 'customers',
      header: COLUMNS,
      encrypted: await encryptRows(room, id, COLUMNS, rows.slice(i * 10, i * 10 + 10), i * 10),
      chunk_index: i,
      chunk_count: 3,
      first_row: i * 10,
    });
    const c2 = await chunk(2);
    const r2 = await owner.client.rest<{ status: string; chunks_received: number }>(
      'POST',
      '/v1/vcr/uploadEncrypted',
      c2,
    );
    expect(r2.body.result).toMatchObject({ status: 'uploading', chunks_received: 1 });
    // a retry of the same chunk changes nothing
    const again = await owner.client.rest<{ duplicate: boolean; chunks_received: number }>(
      'POST',
      '/v1/vcr/uploadEncrypted',
      c2,
    );
    expect(again.body.error).toBeUndefined();
    expect(again.body.result).toMatchObject({ duplicate: true, chunks_received: 1 });
    // not visible while incomplete
    const before = await guest.client.rest<unknown[]>('GET', '/v1/vcr/getDataSets', undefined, { room_id: room.id });
    expect(before.body.result).toEqual([]);
    // the same chunk index with other rows is a conflict
    const other = { ...c2, encrypted: c2.encrypted.slice(0, 5) };
    expect((await owner.client.rest('POST', '/v1/vcr/uploadEncrypted', other)).status).toBe(409);
    await Promise.all([0, 1].map(async (i) => owner.client.rest('POST', '/v1/vcr/uploadEncrypted', await chunk(i))));
    const after = await guest.client.rest<{ id: string; name: string; filtered: string; rowCount: number }[]>(
      'GET',
      '/v1/vcr/getDataSets',
      undefined,
      { room_id: room.id },
    );
    expect(after.body.result).toEqual([
      expect.objectContaining({ id, name: 'customers', filtered: 'age', rowCount: 30 }),
    ]);
    const conn = server.db.orm.em.fork().getConnection();
    const hex = id.replace(/-/g, '');
    const [{ rows: n, tokens, sealed }] = await conn.execute<{ rows: number; tokens: number; sealed: number }[]>(
      `select (select count(*)::int from vcr_rows_${hex}) as rows, (select count(t1)::int from vcr_rows_${hex}) as tokens,
              (select count(*)::int from vcr_sealed_${hex}) as sealed`,
    );
    expect([n, tokens, sealed]).toEqual([30, 30, 30]);

    // columns and filters
    const cols = await guest.client.rest<{ name: string; role: string; domain: string | null }[]>(
      'GET',
      '/v1/vcr/getDataSetColumns',
      undefined,
      { room_id: room.id, dataset_id: id },
    );
    expect(cols.body.result?.map((c) => [c.name, c.role, c.domain])).toEqual([
      ['email', 'join', 'email'],
      ['age', 'clear', null],
      ['name', 'sealed', null],
    ]);
    const filters = await guest.client.rest('GET', '/v1/vcr/getFilters', undefined, { dataset_id: id });
    expect(filters.body.result).toEqual({ dataset_id: id, filtered: 'age', columns: ['age'] });

    // names are unique in the room
    const dup = await owner.client.rest('POST', '/v1/vcr/uploadEncrypted', {
      ...(await chunk(0)),
      dataset_id: randomUUID(),
      chunk_count: 1,
    });
    expect(dup.status).toBe(409);
  });

  it('over GraphQL: a chunk upload, the room with members and key records, the data set', async () => {
    const id = randomUUID();
    const encrypted = await encryptRows(room, id, COLUMNS, people(3), 0);
    const up = await guest.client.gql<{ uploadDatasetChunk: { chunksReceived: number; dataset: { status: string } } }>(
      `mutation($input: UploadChunkInput!) { uploadDatasetChunk(input: $input) { chunksReceived chunkCount duplicate dataset { id status rowCount } } }`,
      {
        input: {
          roomId: room.id,
          datasetId: id,
          name: 'via graphql',
          columns: COLUMNS,
          rows: encrypted,
          chunkIndex: 0,
          chunkCount: 1,
          firstRow: 0,
        },
      },
    );
    expect(up.errors).toBeUndefined();
    expect(up.data?.uploadDatasetChunk).toMatchObject({ chunksReceived: 1, dataset: { status: 'ready' } });
    const q = await guest.client.gql<{
      room: { type: string; userCount: number; members: Member[]; aesKeys: { userId: string; waiting: boolean }[] };
      dataset: { filtered: string; columns: { name: string }[] };
    }>(
      `query($r: ID!, $d: ID!) {
        room(id: $r) { type userCount keyVersion members { userId role status autoSeal } aesKeys { userId keyVersion waiting aesKey } invitations { email } }
        dataset(roomId: $r, id: $d) { filtered columns { name role domain } }
      }`,
      { r: room.id, d: id },
    );
    expect(q.errors).toBeUndefined();
    expect(q.data?.room).toMatchObject({ type: 'guest', userCount: 2 });
    expect(q.data?.room.members.map((m) => [m.role, m.status])).toEqual([
      ['owner', 'active'],
      ['guest', 'active'],
    ]);
    expect(q.data?.room.aesKeys.every((k) => !k.waiting)).toBe(true);
    expect(q.data?.dataset.filtered).toBe('age');
  });

  it('takes a set of clear columns only (JSON and packed rows), on either database', async () => {
    const clear: Column[] = [
      { name: 'city', role: 'clear', shared: true },
      { name: 'age', role: 'clear' },
    ];
    const rows = [
      ['Paris', '31'],
      ['Rome', ''],
    ];
    for (const form of ['json', 'packed'] as const) {
      const id = await uploadDataset(owner, room, `clear only ${form}`, clear, rows, 1, form);
      const sets = await owner.client.rest<{ id: string; rowCount: number; filtered: string }[]>(
        'GET',
        '/v1/vcr/getDataSets',
        undefined,
        { room_id: room.id },
      );
      expect(sets.body.result).toContainEqual(expect.objectContaining({ id, rowCount: 2, filtered: 'city,age' }));
    }
  });

  it('refuses malformed cells without echoing them', async () => {
    const res = await owner.client.rest('POST', '/v1/vcr/uploadEncrypted', {
      room_id: room.id,
      dataset_id: randomUUID(),
      campaign: 'bad',
      header: COLUMNS,
      encrypted: [['SECRET-VALUE', '30', 'also secret']],
    });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).not.toContain('SECRET');
  });

  it('deletes data sets: the uploader or the owner; other guests cannot', async () => {
    const a = await uploadDataset(guest, room, 'guest-set', COLUMNS, people(3));
    const b = await uploadDataset(owner, room, 'owner-set', COLUMNS, people(3));
    expect(
      (await guest.client.rest('DELETE', '/v1/vcr/deleteDataSet', { room_id: room.id, dataset_id: b })).status,
    ).toBe(403);
    const del = await owner.client.rest('DELETE', '/v1/vcr/deleteDataSet', { room_id: room.id, dataset_id: [a, b] });
    expect(del.body.result).toEqual({ deleted: expect.arrayContaining([a, b]) });
    const left = await owner.client.rest<{ id: string }[]>('GET', '/v1/vcr/getDataSets', undefined, {
      room_id: room.id,
    });
    expect(left.body.result!.map((d) => d.id)).not.toContain(a);
    // each set's own tables went with it
    expect([...(await datasetTableNames(a)), ...(await datasetTableNames(b))]).toEqual([]);
  });

  // chunk bodies of one set, as the browser sends them
  const chunksOf = async (name: string, rows: string[][], size: number) => {
    const id = randomUUID();
    const count = Math.ceil(rows.length / size);
    const bodies = [];
    for (let i = 0; i < count; i++)
      bodies.push({
        room_id: room.id,
        dataset_id: id,
        campaign: name,
        header: COLUMNS,
        encrypted: await encryptRows(room, id, COLUMNS, rows.slice(i * size, (i + 1) * size), i * size),
        chunk_index: i,
        chunk_count: count,
        first_row: i * size,
      });
    return { id, bodies };
  };
  const send = (body: unknown) =>
    owner.client.rest<{ status: string; duplicate: boolean; row_count: number }>(
      'POST',
      '/v1/vcr/uploadEncrypted',
      body,
    );

  it('takes the chunks of one set all at once, each retried at the same time, and completes it once', async () => {
    const { id, bodies } = await chunksOf('parallel', people(40), 5);
    const results = await Promise.all([...bodies, ...bodies].map(send));
    expect(results.map((r) => r.status)).toEqual(results.map(() => 200));
    // every chunk index stored once: the other copy of each was a duplicate
    expect(results.filter((r) => r.body.result?.duplicate)).toHaveLength(bodies.length);
    expect(results.filter((r) => r.body.result?.status === 'ready').length).toBeGreaterThan(0);
    const sets = await owner.client.rest<{ id: string; rowCount: number }[]>('GET', '/v1/vcr/getDataSets', undefined, {
      room_id: room.id,
    });
    expect(sets.body.result).toContainEqual(expect.objectContaining({ id, rowCount: 40 }));
    const conn = server.db.orm.em.fork().getConnection();
    const hex = id.replace(/-/g, '');
    const [counts] = await conn.execute<{ rows: number; distinct_rows: number; tokens: number; sealed: number }[]>(
      `select (select count(*)::int from vcr_rows_${hex}) as rows, (select count(distinct row_no)::int from vcr_rows_${hex}) as distinct_rows,
              (select count(t1)::int from vcr_rows_${hex}) as tokens, (select count(distinct row_no)::int from vcr_sealed_${hex}) as sealed`,
    );
    expect(counts).toEqual({ rows: 40, distinct_rows: 40, tokens: 40, sealed: 40 });
  });

  it("takes the web app's packed chunks, in JSON or binary bodies: the same tokens as JSON rows, cells that decrypt", async () => {
    const rows = people(30).map(([email, age, name], i) => [email, i === 3 ? '' : age, i === 4 ? 'Zoë 🦊' : name]);
    const json = await uploadDataset(owner, room, 'as json', COLUMNS, rows.slice(0, 20));
    await buyCredit(guest.client, '10credits');
    for (const form of ['packed', 'binary'] as const) {
      // exact counts to compare: the guest's set without differential privacy
      const packed = await uploadDataset(guest, room, `as ${form}`, COLUMNS, rows, 7, form, {
        differentialPrivacy: false,
      });
      const compare = await owner.client.rest('GET', '/v1/vcr/compareDatasets', undefined, {
        room_id: room.id,
        datasets_array: `${json},${packed}`,
      });
      expect(compare.body.result).toEqual([
        {
          domain: 'email',
          datasetIds: [json, packed],
          onlyA: 0,
          both: 20,
          onlyB: 10,
          suppressed: false,
          ...EXACT_OVERLAP,
        },
      ]);
      const report = await guest.client.rest<{ result: ReportResult }>('POST', '/v1/vcr/createReport', {
        room_id: room.id,
        datasets_array: packed,
      });
      expect(report.status).toBe(200);
      // an empty clear cell stays an empty string (the browser sends what the CSV had)
      expect(await decryptReport(room, room.id, report.body.result!.result)).toEqual(rows);
    }
  });

  it('refuses a malformed binary chunk body with a 400 that says why, and stores nothing', async () => {
    const datasetId = randomUUID();
    const fields = {
      room_id: room.id,
      dataset_id: datasetId,
      campaign: 'binary refused',
      header: [{ name: 'city', role: 'clear' }],
    };
    // one row: a 2-byte length and "Paris"
    const row = new Uint8Array([0, 5, ...new TextEncoder().encode('Paris')]);
    const post = (body: Uint8Array, as: Browser = owner) =>
      as.client.restBytes<unknown>('/v1/vcr/uploadEncrypted', CHUNK_CONTENT_TYPE, body);
    const lengthThen = (length: number, rest: number[]) => new Uint8Array([0, 0, length >> 8, length & 0xff, ...rest]);
    const json = (v: unknown) => [...new TextEncoder().encode(JSON.stringify(v))];
    const cases: [Uint8Array, RegExp][] = [
      [new Uint8Array([0, 0]), /4-byte length/],
      [lengthThen(200, json(fields)), /ends inside its JSON fields/],
      [new Uint8Array([0xff, 0xff, 0xff, 0xff]), /at most/],
      [lengthThen(3, [...new TextEncoder().encode('{a:')]), /not JSON/],
      [lengthThen(json([1]).length, json([1])), /a JSON object/],
      [lengthThen(json({ __proto__x: 1 }).length, json({ __proto__x: 1 })), /__proto__x/],
      [encodeChunkBody({ ...fields, packed: 'AAVQYXJpcw==' }, row), /either as JSON rows or packed/],
      [encodeChunkBody({ ...fields, encrypted: [['Paris']] }, row), /either as JSON rows or packed/],
      [encodeChunkBody(fields, row.subarray(0, 4)), /row 0 ends early/],
      [encodeChunkBody({ ...fields, chunk_index: -1 }, row), /chunk_index/],
      // text bound for the database: a NUL character is refused as in a JSON body (the rows are bytes)
      [encodeChunkBody({ ...fields, campaign: 'a\u0000b' }, row), /NUL characters/],
    ];
    for (const [body, message] of cases) {
      const res = await post(body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: { code: 'BAD_USER_INPUT', message: expect.stringMatching(message) } });
    }
    // a prototype key is refused, as in JSON bodies
    const proto = new TextEncoder().encode(`{"__proto__":{"polluted":true},"room_id":"${room.id}"}`);
    expect((await post(new Uint8Array([0, 0, 0, proto.length, ...proto]))).status).toBe(400);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(await datasetTableNames(datasetId)).toEqual([]);

    // without a session: 401; from another site: 403; the binary type on another route: 415
    const anonymous = await new TestClient(server.url).restBytes(
      '/v1/vcr/uploadEncrypted',
      CHUNK_CONTENT_TYPE,
      encodeChunkBody(fields, row),
    );
    expect(anonymous.status).toBe(401);
    const crossSite = await owner.client.fetch('/v1/vcr/uploadEncrypted', {
      method: 'POST',
      headers: { 'content-type': CHUNK_CONTENT_TYPE, origin: 'https://evil.example' },
      body: encodeChunkBody(fields, row),
    });
    expect(crossSite.status).toBe(403);
    const elsewhere = await owner.client.restBytes(
      '/v1/vcr/createRoom',
      CHUNK_CONTENT_TYPE,
      encodeChunkBody({ name: 'x' }, row),
    );
    expect(elsewhere.status).toBe(415);
    expect(await datasetTableNames(datasetId)).toEqual([]);

    // the same body, well formed, is stored
    const ok = await post(encodeChunkBody(fields, row));
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ result: { dataset_id: datasetId, status: 'ready', row_count: 1 } });
  });

  it('discards uploads left incomplete for a day, giving their name back', async () => {
    const { id, bodies } = await chunksOf('abandoned', people(10), 5);
    expect((await send(bodies[0])).body.result).toMatchObject({ status: 'uploading' });
    const finished = await uploadDataset(owner, room, 'finished long ago', COLUMNS, people(3));
    const conn = server.db.orm.em.fork().getConnection();
    await conn.execute(`update vcr_datasets set created_at = now() - interval '23 hours' where id in (?, ?)`, [
      id,
      finished,
    ]);
    expect(await server.services.datasets.discardAbandoned(server.db.orm.em.fork())).toEqual([]);
    await conn.execute(`update vcr_datasets set created_at = now() - interval '25 hours' where id in (?, ?)`, [
      id,
      finished,
    ]);
    expect(await server.services.datasets.discardAbandoned(server.db.orm.em.fork())).toEqual([id]);
    expect(await datasetTableNames(id)).toEqual([]);
    expect(await datasetTableNames(finished)).toHaveLength(2);
    // the name is free again
    const again = await chunksOf('abandoned', people(10), 10);
    expect((await send(again.bodies[0])).body.result).toMatchObject({ status: 'ready', row_count: 10 });
  });

  it('refuses a chunk whose rows overlap another chunk, storing nothing of it', async () => {
    const { id, bodies } = await chunksOf('overlap', people(20), 10);
    expect((await send(bodies[0])).status).toBe(200);
    const clash = { ...bodies[1], first_row: 5 };
    const res = await send(clash);
    expect(res.status).toBe(409);
    expect(res.body.error?.message).toMatch(/overlap/);
    const hex = id.replace(/-/g, '');
    const [{ n }] = await server.db.orm.em
      .fork()
      .getConnection()
      .execute<{ n: number }[]>(`select count(*)::int as n from vcr_rows_${hex}`);
    expect(n).toBe(10);
    // the right chunk still completes the set
    expect((await send(bodies[1])).body.result).toMatchObject({ status: 'ready', row_count: 20 });
  });
});

describe('a non-member gets nothing from any room call', () => {
  let room: TestRoom;
  let datasetId: string;
  let invitationId: string;
  beforeAll(async () => {
    room = await createRoom(owner, 'Private');
    await addGuest(owner, guest, room);
    datasetId = await uploadDataset(owner, room, 'private-set', COLUMNS, people(4));
    // an invitation of the room to someone else (third)
    await owner.client.rest('POST', '/v1/vcr/createRoomUsers', { room_id: room.id, recipients: [third.email] });
    const [row] = await server.db.orm.em
      .fork()
      .getConnection()
      .execute<{ id: string }[]>(`select id from vcr_invitations where room_id = ? and email = ?`, [
        room.id,
        third.email.toLowerCase(),
      ]);
    invitationId = row.id;
  });

  const joinTree = () =>
    JSON.stringify({ left: { set: 1, column: 'email' }, op: '=', right: { set: 2, column: 'email' } });

  it.each(
    [...roomsRoutes, ...datasetsRoutes, ...analysesRoutes]
      // the caller's own: their rooms, a new room, the invitations to their own address
      .filter((r) => !['/v1/vcr/createRoom', '/v1/vcr/getRooms', '/v1/vcr/getInvitations'].includes(r.path))
      .map((r) => [r.method, r.path] as const),
  )('REST %s %s', async (method, path) => {
    const sealed = await sealRoomKey(stranger.publicPem, generateRoomKey(), {
      roomId: room.id,
      userId: stranger.id,
      keyVersion: 1,
    });
    const inputs: Record<string, Record<string, unknown>> = {
      '/v1/vcr/deleteRooms': { room_id: room.id },
      '/v1/vcr/getPublicKey': { room_id: room.id, user_id: owner.id },
      '/v1/vcr/createAesKey': { room_id: room.id, public_key_id: stranger.keyId },
      '/v1/vcr/createRoomUsers': { room_id: room.id, recipients: [stranger.email] },
      '/v1/vcr/updateAesKey': {
        room_id: room.id,
        user_id: stranger.id,
        public_key_id: stranger.keyId,
        encryptedSessionKey: sealed,
      },
      '/v1/vcr/updateOwnerSession': {
        room_id: room.id,
        user_id: stranger.id,
        public_key_id: stranger.keyId,
        encryptedSessionKey: sealed,
      },
      '/v1/vcr/rotateRoomKey': {
        room_id: room.id,
        keys: [{ user_id: stranger.id, public_key_id: stranger.keyId, encryptedSessionKey: sealed }],
      },
      '/v1/vcr/getUsertype': { room_id: room.id },
      '/v1/vcr/getOwnerId': { room_id: room.id },
      '/v1/vcr/getRoomKeysDetails': { room_id: room.id },
      '/v1/vcr/getRoomUsersCount': { room_id: room.id },
      '/v1/vcr/getDataSets': { room_id: room.id },
      '/v1/vcr/deleteDataSet': { room_id: room.id, dataset_id: datasetId },
      '/v1/vcr/uploadEncrypted': {
        room_id: room.id,
        dataset_id: randomUUID(),
        campaign: 'x',
        header: [{ name: 'age', role: 'clear' }],
        encrypted: [['1']],
      },
      '/v1/vcr/getFilters': { dataset_id: datasetId },
      '/v1/vcr/getDataSetColumns': { room_id: room.id, dataset_id: datasetId },
      '/v1/vcr/compareDatasets': { room_id: room.id, datasets_array: datasetId },
      '/v1/vcr/joinDatasets': {
        room_id: room.id,
        dataset1_id: datasetId,
        dataset2_id: datasetId,
        sqlWhere: joinTree(),
      },
      '/v1/vcr/getReport': { room_id: room.id, datasets_array: datasetId },
      '/v1/vcr/createReport': { room_id: room.id, datasets_array: datasetId },
      '/v1/vcr/sendInvite': { room_id: room.id, recipients: [stranger.email] },
      '/v1/vcr/acceptInvitation': { invitation_id: invitationId },
      '/v1/vcr/declineInvitation': { invitation_id: invitationId },
      '/v1/vcr/aggregate': { room_id: room.id, datasets_array: [datasetId], measures: [{ fn: 'count' }] },
      '/v1/vcr/updateDataSetRule': { room_id: room.id, dataset_id: datasetId, partner_access: 'full' },
      '/v1/vcr/setColumnRole': { room_id: room.id, dataset_id: datasetId, column: 'age', partner_role: 'dimension' },
      '/v1/vcr/updateDataSetPrivacy': { room_id: room.id, dataset_id: datasetId, budget: 5 },
      '/v1/vcr/getPrivacySpend': { room_id: room.id, dataset_id: datasetId },
      '/v1/vcr/getColumnKeysToSeal': { room_id: room.id },
      '/v1/vcr/grantColumnKeys': {
        room_id: room.id,
        dataset_id: datasetId,
        column_keys: [{ user_id: stranger.id, column: 'name', public_key_id: stranger.keyId, sealed_key: sealed }],
      },
      '/v1/vcr/requestAccess': { room_id: room.id, datasets_array: [datasetId], columns: ['name'], reason: 'x' },
      '/v1/vcr/getAccessRequests': { room_id: room.id },
      '/v1/vcr/approveAccess': { room_id: room.id, request_id: randomUUID() },
      '/v1/vcr/declineAccess': { room_id: room.id, request_id: randomUUID() },
      '/v1/vcr/getAuditLog': { room_id: room.id },
    };
    const input = inputs[path];
    expect(input, `no input for ${path}`).toBeDefined();
    const res =
      method === 'GET'
        ? await stranger.client.rest(
            method,
            path,
            undefined,
            Object.fromEntries(Object.entries(input).map(([k, v]) => [k, String(v)])),
          )
        : await stranger.client.rest(method, path, input);
    expect([res.status, res.body.error?.code]).toEqual([404, 'NOT_FOUND']);
    expect(JSON.stringify(res.body)).not.toContain('Private');
  });

  it('over GraphQL', async () => {
    const ops: [string, string, Record<string, unknown>][] = [
      ['room', `query($id: ID!) { room(id: $id) { id name } }`, { id: room.id }],
      [
        'roomPublicKey',
        `query($r: ID!, $u: ID!) { roomPublicKey(roomId: $r, userId: $u) { publicKey } }`,
        { r: room.id, u: owner.id },
      ],
      ['datasets', `query($r: ID!) { datasets(roomId: $r) { id } }`, { r: room.id }],
      ['dataset', `query($r: ID!, $d: ID!) { dataset(roomId: $r, id: $d) { id } }`, { r: room.id, d: datasetId }],
      [
        'compareDatasets',
        `query($r: ID!, $d: ID!) { compareDatasets(roomId: $r, datasetIds: [$d]) { both } }`,
        { r: room.id, d: datasetId },
      ],
      [
        'joinDatasets',
        `query($r: ID!, $d: ID!, $w: JSON!) { joinDatasets(roomId: $r, dataset1Id: $d, dataset2Id: $d, sqlWhere: $w) { matchCount } }`,
        { r: room.id, d: datasetId, w: JSON.parse(joinTree()) },
      ],
      ['reports', `query($r: ID!) { reports(roomId: $r) { id } }`, { r: room.id }],
      ['report', `query($r: ID!) { report(roomId: $r, id: $r) { id } }`, { r: room.id }],
      ['deleteRoom', `mutation($id: ID!) { deleteRoom(id: $id) }`, { id: room.id }],
      [
        'chooseRoomKey',
        `mutation($r: ID!, $k: String!) { chooseRoomKey(input: { roomId: $r, publicKeyId: $k }) { aesKey } }`,
        { r: room.id, k: stranger.keyId },
      ],
      [
        'addRoomUsers',
        `mutation($r: ID!, $e: String!) { addRoomUsers(roomId: $r, recipients: [$e]) { userId } }`,
        { r: room.id, e: stranger.email },
      ],
      [
        'deleteDatasets',
        `mutation($r: ID!, $d: ID!) { deleteDatasets(roomId: $r, ids: [$d]) }`,
        { r: room.id, d: datasetId },
      ],
      [
        'createReport',
        `mutation($r: ID!, $d: ID!) { createReport(input: { roomId: $r, datasetIds: [$d] }) { id } }`,
        { r: room.id, d: datasetId },
      ],
      [
        'aggregateDatasets',
        `query($r: ID!, $d: ID!) { aggregateDatasets(input: { roomId: $r, datasetIds: [$d], measures: [{ fn: "count" }] }) { description } }`,
        { r: room.id, d: datasetId },
      ],
      [
        'updateDatasetRule',
        `mutation($r: ID!, $d: ID!) { updateDatasetRule(input: { roomId: $r, datasetId: $d, partnerAccess: "full" }) { id } }`,
        { r: room.id, d: datasetId },
      ],
      ['columnKeysToSeal', `query($r: ID!) { columnKeysToSeal(roomId: $r) { column } }`, { r: room.id }],
      ['accessRequests', `query($r: ID!) { accessRequests(roomId: $r) { id } }`, { r: room.id }],
      [
        'requestDatasetAccess',
        `mutation($r: ID!, $d: ID!) { requestDatasetAccess(input: { roomId: $r, datasetIds: [$d], reason: "x" }) { id } }`,
        { r: room.id, d: datasetId },
      ],
      [
        'approveDatasetAccess',
        `mutation($r: ID!, $q: ID!) { approveDatasetAccess(input: { roomId: $r, requestId: $q }) { id } }`,
        { r: room.id, q: randomUUID() },
      ],
      [
        'declineDatasetAccess',
        `mutation($r: ID!, $q: ID!) { declineDatasetAccess(input: { roomId: $r, requestId: $q }) { id } }`,
        { r: room.id, q: randomUUID() },
      ],
      ['roomAudit', `query($r: ID!) { roomAudit(roomId: $r) { total } }`, { r: room.id }],
      ['acceptRoomInvitation', `mutation($i: ID!) { acceptRoomInvitation(id: $i) { id } }`, { i: invitationId }],
      ['declineRoomInvitation', `mutation($i: ID!) { declineRoomInvitation(id: $i) }`, { i: invitationId }],
    ];
    for (const [name, q, vars] of ops) {
      const res = await stranger.client.gql(q, vars);
      expect([name, gqlCode(res)]).toEqual([name, 'NOT_FOUND']);
      expect(res.data).toBeNull();
    }
    const list = await stranger.client.gql<{ rooms: { id: string }[] }>(`{ rooms { id } }`);
    expect(list.data?.rooms.map((r) => r.id)).not.toContain(room.id);
    // and the room is intact
    expect(
      (await owner.client.rest<unknown[]>('GET', '/v1/vcr/getDataSets', undefined, { room_id: room.id })).body.result,
    ).toHaveLength(1);
  });
});
