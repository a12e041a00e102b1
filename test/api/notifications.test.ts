import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gqlCode } from './support/client';
import { buildUser, type TestUser } from './support/factories';
import { startTestServer, type TestServer } from './support/server';

let server: TestServer;
let alice: TestUser;
let bob: TestUser;
beforeAll(async () => {
  server = await startTestServer();
  [alice, bob] = await Promise.all([buildUser(server), buildUser(server)]);
});
afterAll(async () => {
  await server?.close();
});

type N = { id: string; notification: string };

describe('notifications', () => {
  it('over REST: send to a user, the recipient lists and deletes it', async () => {
    const sent = await alice.client.rest<N>('POST', '/v1/auth/user/createNotification', {
      notification: 'Hi Bob',
      to_id: bob.id,
    });
    expect(sent.status).toBe(200);
    const bobs = await bob.client.rest<N[]>('GET', '/v1/auth/user/getNotifications');
    expect(bobs.body.result?.map((n) => n.notification)).toEqual(['Hi Bob']);
    expect((await alice.client.rest<N[]>('GET', '/v1/auth/user/getNotifications')).body.result).toEqual([]);

    const del = await bob.client.rest('DELETE', '/v1/auth/user/deleteNotification', { id: sent.body.result!.id });
    expect(del.status).toBe(200);
    expect((await bob.client.rest<N[]>('GET', '/v1/auth/user/getNotifications')).body.result).toEqual([]);
  });

  it('over REST: refuses an unknown recipient and a blank text', async () => {
    const unknown = await alice.client.rest('POST', '/v1/auth/user/createNotification', {
      notification: 'x',
      to_id: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.status).toBe(404);
    const blank = await alice.client.rest('POST', '/v1/auth/user/createNotification', {
      notification: ' ',
      to_id: bob.id,
    });
    expect(blank.status).toBe(400);
  });

  it('over GraphQL: send, list newest first, delete', async () => {
    const send = `mutation($i: CreateNotificationInput!) { createNotification(input: $i) { id notification } }`;
    await alice.client.gql(send, { i: { toId: bob.id, notification: 'first' } });
    const second = await alice.client.gql<{ createNotification: N }>(send, {
      i: { toId: bob.id, notification: 'second' },
    });
    const list = await bob.client.gql<{ notifications: N[] }>(`{ notifications { id notification createdAt } }`);
    expect(list.data?.notifications.map((n) => n.notification)).toEqual(['second', 'first']);
    const del = await bob.client.gql(`mutation($id: ID!) { deleteNotification(id: $id) }`, {
      id: second.data!.createNotification.id,
    });
    expect(del.data).toEqual({ deleteNotification: true });
    const after = await bob.client.gql<{ notifications: N[] }>(`{ notifications { notification } }`);
    expect(after.data?.notifications.map((n) => n.notification)).toEqual(['first']);
    expect(gqlCode(await alice.client.gql(send, { i: { toId: 'not-a-uuid', notification: 'x' } }))).toBe(
      'BAD_USER_INPUT',
    );
  });
});
