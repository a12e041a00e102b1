import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gqlCode } from './support/client';
import { dbSnapshot } from './support/db-snapshot';
import { buildUser, type TestUser } from './support/factories';
import { startTestServer, type TestServer } from './support/server';

// Issue 14, finding 2: what one user sends and receives is limited. Out of notifications.test.ts,
// the module's smoke file in the embedded pass: about 200 notifications to reach the limits, with
// nothing there that differs on the embedded engine (test/embedded-pass.ts).
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

type N = { id: string; notification: string };

describe('notification limits', () => {
  it('limits what one user sends: 10 an hour to the same person, 60 in all (issue 14, finding 2 in the app)', async () => {
    const sender = await buildUser(server);
    const recipients = await Promise.all(Array.from({ length: 7 }, () => buildUser(server)));
    const send = (to: TestUser, text: string) =>
      sender.client.rest('POST', '/v1/auth/user/createNotification', { notification: text, to_id: to.id });

    for (let i = 0; i < 10; i++) expect((await send(recipients[0], `n${i}`)).status).toBe(200);
    const before = await dbSnapshot(server);
    const eleventh = await send(recipients[0], 'one too many');
    expect(eleventh.status).toBe(429);
    expect(eleventh.body.error?.code).toBe('RATE_LIMITED');
    expect(eleventh.body.error?.message).toMatch(/at most 10 notifications an hour to the same person/);
    const viaGraphql = await sender.client.gql(
      `mutation($i: CreateNotificationInput!) { createNotification(input: $i) { id } }`,
      { i: { toId: recipients[0].id, notification: 'and again' } },
    );
    expect(gqlCode(viaGraphql)).toBe('RATE_LIMITED');
    expect(await dbSnapshot(server)).toEqual(before);
    const inbox = await recipients[0].client.rest<N[]>('GET', '/v1/auth/user/getNotifications');
    expect(inbox.body.result).toHaveLength(10);

    // others can still be reached, up to 60 in all
    for (const to of recipients.slice(1, 6)) {
      for (let i = 0; i < 10; i++) expect((await send(to, `m${i}`)).status).toBe(200);
    }
    const sixtyFirst = await send(recipients[6], 'hello');
    expect(sixtyFirst.status).toBe(429);
    expect(sixtyFirst.body.error?.message).toMatch(/at most 60 notifications an hour/);
    // another sender is not held back
    const other = await buildUser(server);
    expect(
      (
        await other.client.rest('POST', '/v1/auth/user/createNotification', {
          notification: 'hi',
          to_id: recipients[6].id,
        })
      ).status,
    ).toBe(200);
  });
  it('limits what one user receives from everyone together: 100 an hour (issue 14, finding 2)', async () => {
    const victim = await buildUser(server);
    const senders = await Promise.all(Array.from({ length: 11 }, () => buildUser(server)));
    const send = (from: TestUser, text: string) =>
      from.client.rest('POST', '/v1/auth/user/createNotification', { notification: text, to_id: victim.id });
    // ten accounts, ten each: every one within its own limits
    for (const from of senders.slice(0, 10)) {
      for (let i = 0; i < 10; i++) expect((await send(from, `x${i}`)).status).toBe(200);
    }
    const before = await dbSnapshot(server);
    const more = await send(senders[10], 'one account more');
    expect([more.status, more.body.error?.code]).toEqual([429, 'RATE_LIMITED']);
    expect(more.body.error?.message).toMatch(/has received too many notifications/);
    expect(await dbSnapshot(server)).toEqual(before);
    expect((await victim.client.rest<N[]>('GET', '/v1/auth/user/getNotifications')).body.result).toHaveLength(100);
    // the eleventh sender can still reach someone else
    const bob = await buildUser(server);
    expect(
      (await senders[10].client.rest('POST', '/v1/auth/user/createNotification', { notification: 'hi', to_id: bob.id }))
        .status,
    ).toBe(200);
  });
});
