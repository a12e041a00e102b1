import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CreditEntry } from '../../api/src/modules/billing/credit-entry.entity';
import { Notification } from '../../api/src/modules/notifications/notification.entity';
import { User } from '../../api/src/modules/users/user.entity';
import { AppError } from '../../api/src/shared/errors';
import { balanceOf, buyCredit } from './support/billing';
import { gqlCode, TestClient } from './support/client';
import { buildUser, type TestUser } from './support/factories';
import { startTestServer, type TestServer } from './support/server';

let server: TestServer;
let alice: TestUser;
let mallory: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  [alice, mallory] = await Promise.all([buildUser(server), buildUser(server)]);
});
afterAll(async () => {
  await server?.close();
});

const em = () => server.db.orm.em.fork();
const userRow = (id: string) => em().findOneOrFail(User, id);

describe('credit ledger', () => {
  it('starts at 0 and shows the balance in the profile, the header query and REST', async () => {
    const bob = await buildUser(server);
    expect(await balanceOf(bob.client)).toBe(0);
    await buyCredit(bob.client, '10credits');
    expect(await balanceOf(bob.client)).toBe(10);
    const me = await bob.client.gql<{ me: { credit: number }; creditBalance: number }>(
      `{ me { credit } creditBalance }`,
    );
    expect(me.data).toEqual({ me: { credit: 10 }, creditBalance: 10 });
    const legacy = await bob.client.rest<{ credit: number }>('GET', '/v1/auth/user/getUser');
    expect(legacy.body.result?.credit).toBe(10);
  });

  it('50 concurrent 1-IPT charges against a balance of 20 succeed exactly 20 times and leave 0', async () => {
    const carol = await buildUser(server);
    await buyCredit(carol.client, '10credits');
    await buyCredit(carol.client, '10credits');
    expect(await balanceOf(carol.client)).toBe(20);
    const user = await userRow(carol.id);

    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) => server.services.credit.chargeCredit(em(), user, 1, `report:race-${i}`)),
    );
    const ok = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(ok).toHaveLength(20);
    expect(refused).toHaveLength(30);
    for (const r of refused) {
      expect(r.reason).toBeInstanceOf(AppError);
      expect((r.reason as AppError).code).toBe('INSUFFICIENT_CREDIT');
      expect((r.reason as AppError).message).toBe('Purchase IPT Tokens to continue');
    }
    expect(await balanceOf(carol.client)).toBe(0);
    expect(await em().count(CreditEntry, { user: carol.id, kind: 'report' })).toBe(20);
    // the balance kept on the user row is the sum of the entries, and can never go below 0
    const [kept] = await em().execute<{ credit: number; total: number }[]>(
      'select credit, (select sum(amount)::int from credit_entries where user_id = u.id) as total from users u where id = ?',
      [carol.id],
    );
    expect(kept).toEqual({ credit: 0, total: 0 });
    await expect(em().execute('update users set credit = credit - 1 where id = ?', [carol.id])).rejects.toThrow(
      /users_credit_check/,
    );
  });

  it('a crash between charge and report leaves neither the charge nor the report', async () => {
    const dave = await buildUser(server);
    await buyCredit(dave.client, '10credits');
    const user = await userRow(dave.id);
    const fork = em();
    await expect(
      fork.transactional(async (tx) => {
        await server.services.credit.chargeCredit(tx, user, 1, 'report:crashing');
        // stands in for the clean-room report stored in the same transaction
        tx.create(Notification, { recipient: user.id, text: 'report stored' });
        await tx.flush();
        throw new Error('crash before commit');
      }),
    ).rejects.toThrow('crash before commit');

    expect(await balanceOf(dave.client)).toBe(10);
    expect(await em().findOne(CreditEntry, { reference: 'report:crashing' })).toBeNull();
    expect(await em().count(Notification, { recipient: dave.id })).toBe(0);

    // the same report can be paid for once the crash is over, and only once
    const first = await server.services.credit.chargeCredit(em(), user, 1, 'report:crashing');
    const again = await server.services.credit.chargeCredit(em(), user, 1, 'report:crashing');
    expect(again.id).toBe(first.id);
    expect(await balanceOf(dave.client)).toBe(9);
  });

  it('refuses an overdraft with INSUFFICIENT_CREDIT and a reused reference for another charge', async () => {
    const erin = await buildUser(server);
    const user = await userRow(erin.id);
    await expect(server.services.credit.chargeCredit(em(), user, 1, 'report:broke')).rejects.toMatchObject({
      code: 'INSUFFICIENT_CREDIT',
      status: 402,
      message: 'Purchase IPT Tokens to continue',
    });
    await buyCredit(erin.client, '10credits');
    await server.services.credit.chargeCredit(em(), user, 2, 'report:two');
    await expect(server.services.credit.chargeCredit(em(), user, 3, 'report:two')).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    await expect(server.services.credit.chargeCredit(em(), user, -5, 'report:negative')).rejects.toMatchObject({
      code: 'BAD_USER_INPUT',
    });
    expect(await balanceOf(erin.client)).toBe(8);
  });

  it('lists history newest first with paging, over REST and GraphQL', async () => {
    const frank = await buildUser(server);
    await buyCredit(frank.client, '10credits');
    await buyCredit(frank.client, '55credits');
    const user = await userRow(frank.id);
    await server.services.credit.chargeCredit(em(), user, 1, 'report:history');

    const rest = await frank.client.rest<{
      list: { amount: number; kind: string; reference: string }[];
      info: { count: number; pages: number; page: number };
    }>('GET', '/v1/billing/history', undefined, { page: '1', limit: '2' });
    expect(rest.status).toBe(200);
    expect(rest.body.result?.info).toEqual({ count: 3, pages: 2, page: 1 });
    expect(rest.body.result?.list.map((e) => [e.amount, e.kind])).toEqual([
      [-1, 'report'],
      [55, 'purchase'],
    ]);
    const gql = await frank.client.gql<{ creditHistory: { list: { amount: number }[]; info: { page: number } } }>(
      `{ creditHistory(page: 2, limit: 2) { list { amount kind reference createdAt } info { count pages page } } }`,
    );
    expect(gql.data?.creditHistory.list.map((e) => e.amount)).toEqual([10]);
    expect(gql.data?.creditHistory.info.page).toBe(2);
  });

  it('keeps each user to their own balance and history', async () => {
    await buyCredit(alice.client, '10credits');
    const history = await mallory.client.rest<{ list: unknown[] }>('GET', '/v1/billing/history');
    expect(history.body.result?.list).toEqual([]);
    expect(await balanceOf(mallory.client)).toBe(0);
    expect((await mallory.client.gql<{ creditBalance: number }>(`{ creditBalance }`)).data?.creditBalance).toBe(0);
  });

  it('answers anonymous callers with UNAUTHENTICATED', async () => {
    const anon = new TestClient(server.url);
    expect((await anon.rest('GET', '/v1/billing/balance')).status).toBe(401);
    expect((await anon.rest('GET', '/v1/billing/history')).status).toBe(401);
    expect(gqlCode(await anon.gql(`{ creditBalance }`))).toBe('UNAUTHENTICATED');
    expect(gqlCode(await anon.gql(`{ creditHistory { list { id } } }`))).toBe('UNAUTHENTICATED');
  });

  it('rejects bad paging input', async () => {
    const queries: Record<string, string>[] = [{ page: '0' }, { limit: '1000' }, { page: 'x' }, { sneaky: '1' }];
    for (const query of queries) {
      const res = await alice.client.rest('GET', '/v1/billing/history', undefined, query);
      expect(res.status).toBe(400);
      expect(res.body.error?.code).toBe('BAD_USER_INPUT');
    }
  });
});
