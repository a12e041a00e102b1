import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restRoutes } from './support/app';
import { gqlCode, TestClient } from './support/client';
import { buildUser, p256PublicKeyPem, type TestUser } from './support/factories';
import { startTestServer, type TestServer } from './support/server';

let server: TestServer;
let alice: TestUser;
let mallory: TestUser;
let aliceKeyId: string;
let aliceNotificationId: string;

beforeAll(async () => {
  server = await startTestServer();
  [alice, mallory] = await Promise.all([buildUser(server), buildUser(server)]);
  const key = await alice.client.rest<{ id: string }>('POST', '/v1/auth/user/createkey', {
    title: 'A',
    key: p256PublicKeyPem(),
  });
  aliceKeyId = key.body.result!.id;
  const n = await mallory.client.rest<{ id: string }>('POST', '/v1/auth/user/createNotification', {
    notification: 'for alice',
    to_id: alice.id,
  });
  aliceNotificationId = n.body.result!.id;
});
afterAll(async () => {
  await server?.close();
});

describe("another user cannot touch alice's data", () => {
  it('over REST', async () => {
    const keys = await mallory.client.rest<unknown[]>('GET', '/v1/auth/user/getKeyList');
    expect(keys.body.result).toEqual([]);
    expect((await mallory.client.rest('POST', '/v1/auth/user/deletekey', { id: aliceKeyId })).status).toBe(404);
    const notes = await mallory.client.rest<unknown[]>('GET', '/v1/auth/user/getNotifications');
    expect(notes.body.result).toEqual([]);
    expect(
      (await mallory.client.rest('DELETE', '/v1/auth/user/deleteNotification', { id: aliceNotificationId })).status,
    ).toBe(404);
    const me = await mallory.client.rest<{ id: string }>('GET', '/v1/auth/user/getUser');
    expect(me.body.result?.id).toBe(mallory.id);

    // alice still has everything
    expect(
      (await alice.client.rest<{ id: string }[]>('GET', '/v1/auth/user/getKeyList')).body.result?.map((k) => k.id),
    ).toEqual([aliceKeyId]);
    expect(
      (await alice.client.rest<{ id: string }[]>('GET', '/v1/auth/user/getNotifications')).body.result?.map(
        (n) => n.id,
      ),
    ).toEqual([aliceNotificationId]);
  });

  it('over GraphQL', async () => {
    expect((await mallory.client.gql<{ keys: unknown[] }>(`{ keys { id } }`)).data?.keys).toEqual([]);
    expect(gqlCode(await mallory.client.gql(`mutation($id: ID!) { deleteKey(id: $id) }`, { id: aliceKeyId }))).toBe(
      'NOT_FOUND',
    );
    expect(
      (await mallory.client.gql<{ notifications: unknown[] }>(`{ notifications { id } }`)).data?.notifications,
    ).toEqual([]);
    expect(
      gqlCode(
        await mallory.client.gql(`mutation($id: ID!) { deleteNotification(id: $id) }`, { id: aliceNotificationId }),
      ),
    ).toBe('NOT_FOUND');
    expect((await mallory.client.gql<{ me: { id: string } }>(`{ me { id } }`)).data?.me.id).toBe(mallory.id);
    expect((await alice.client.gql<{ keys: { id: string }[] }>(`{ keys { id } }`)).data?.keys.map((k) => k.id)).toEqual(
      [aliceKeyId],
    );
  });
});

describe('anonymous callers', () => {
  const anon = () => new TestClient(server.url);

  it.each(restRoutes.filter((r) => r.auth === 'user').map((r) => [r.method, r.path] as const))(
    'REST %s %s answers 401 UNAUTHENTICATED',
    async (method, path) => {
      const res = await anon().rest(method, path, method === 'GET' ? undefined : {});
      expect(res.status).toBe(401);
      expect(res.body.error?.code).toBe('UNAUTHENTICATED');
    },
  );

  it.each([
    ['me', `{ me { id } }`],
    ['keys', `{ keys { id } }`],
    ['notifications', `{ notifications { id } }`],
    ['apiTokens', `{ apiTokens { id } }`],
    ['createKey', `mutation { createKey(input: { title: "t", publicKey: "p" }) { id } }`],
    ['deleteKey', `mutation { deleteKey(id: "x") }`],
    ['updateProfile', `mutation { updateProfile(input: { nickname: "n" }) { id } }`],
    [
      'changePassword',
      `mutation { changePassword(input: { oldPassword: "a", newPassword: "b", confirmPassword: "b" }) }`,
    ],
    ['createNotification', `mutation { createNotification(input: { toId: "x", notification: "n" }) { id } }`],
    ['deleteNotification', `mutation { deleteNotification(id: "x") }`],
    ['createApiToken', `mutation { createApiToken(input: { name: "n" }) { token } }`],
    ['creditBalance', `{ creditBalance }`],
    ['creditHistory', `{ creditHistory { list { id } } }`],
    ['purchase', `{ purchase(id: "x") { id } }`],
    ['withdrawals', `{ withdrawals { list { id } } }`],
    ['withdrawal', `{ withdrawal(id: "x") { id } }`],
    [
      'createPaymentIntent',
      `mutation { createPaymentIntent(input: { item: "10credits", currency: "usd" }) { clientSecret } }`,
    ],
    ['confirmPurchase', `mutation { confirmPurchase(purchaseId: "x") { id } }`],
    [
      'confirmSandboxPayment',
      `mutation { confirmSandboxPayment(input: { purchaseId: "x", cardNumber: "4242424242424242", expiry: "12/39", cvc: "123" }) { id } }`,
    ],
    [
      'withdrawCreditToWallet',
      `mutation { withdrawCreditToWallet(input: { amount: 1, walletAddress: "0x0", idempotencyKey: "abcdefgh" }) { id } }`,
    ],
    ['requests', `{ requests { list { id } } }`],
    ['request', `{ request(id: "00000000-0000-4000-8000-000000000000") { id } }`],
    ['requestOverview', `{ requestOverview { open } }`],
    ['contracts', `{ contracts { list { address } } }`],
    ['surveyStatistics', `{ surveyStatistics(requestId: "00000000-0000-4000-8000-000000000000") { title } }`],
    ['requestResponses', `{ requestResponses(requestId: "00000000-0000-4000-8000-000000000000") { count } }`],
    [
      'createRequest',
      `mutation { createRequest(input: { type: collection, title: "t", keyId: "k", bonusAmount: 1, bonusEach: 1, status: 0 }) { id } }`,
    ],
    [
      'updateRequest',
      `mutation { updateRequest(id: "00000000-0000-4000-8000-000000000000", input: { title: "t" }) { id } }`,
    ],
    ['deleteRequest', `mutation { deleteRequest(id: "00000000-0000-4000-8000-000000000000") }`],
    ['rooms', `{ rooms { id } }`],
    ['room', `{ room(id: "00000000-0000-4000-8000-000000000000") { id } }`],
    ['datasets', `{ datasets(roomId: "00000000-0000-4000-8000-000000000000") { id } }`],
    [
      'compareDatasets',
      `{ compareDatasets(roomId: "00000000-0000-4000-8000-000000000000", datasetIds: ["00000000-0000-4000-8000-000000000000"]) { both } }`,
    ],
    [
      'joinDatasets',
      `{ joinDatasets(roomId: "00000000-0000-4000-8000-000000000000", dataset1Id: "00000000-0000-4000-8000-000000000000", dataset2Id: "00000000-0000-4000-8000-000000000000", sqlWhere: {}) { matchCount } }`,
    ],
    ['reports', `{ reports(roomId: "00000000-0000-4000-8000-000000000000") { id } }`],
    ['createRoom', `mutation { createRoom(input: { name: "r" }) { id } }`],
    ['deleteRoom', `mutation { deleteRoom(id: "00000000-0000-4000-8000-000000000000") }`],
    [
      'chooseRoomKey',
      `mutation { chooseRoomKey(input: { roomId: "00000000-0000-4000-8000-000000000000", publicKeyId: "k" }) { aesKey } }`,
    ],
    [
      'createReport',
      `mutation { createReport(input: { roomId: "00000000-0000-4000-8000-000000000000", datasetIds: ["00000000-0000-4000-8000-000000000000"] }) { id } }`,
    ],
    [
      'setColumnRole',
      `mutation { setColumnRole(input: { roomId: "00000000-0000-4000-8000-000000000000", datasetId: "00000000-0000-4000-8000-000000000000", column: "c", partnerRole: "private" }) { id } }`,
    ],
    [
      'updateDatasetPrivacy',
      `mutation { updateDatasetPrivacy(input: { roomId: "00000000-0000-4000-8000-000000000000", datasetId: "00000000-0000-4000-8000-000000000000", budget: 5 }) { id } }`,
    ],
    [
      'datasetPrivacySpend',
      `{ datasetPrivacySpend(roomId: "00000000-0000-4000-8000-000000000000", datasetId: "00000000-0000-4000-8000-000000000000") { budget } }`,
    ],
  ])('GraphQL %s answers UNAUTHENTICATED', async (_name, query) => {
    expect(gqlCode(await anon().gql(query))).toBe('UNAUTHENTICATED');
  });
});
