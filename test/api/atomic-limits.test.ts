import { randomBytes } from 'node:crypto';
import { Wallet } from 'ethers';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PAYMENT_INTENT_LIMIT } from '../../api/src/modules/billing/purchases.service';
import { Purchase } from '../../api/src/modules/billing/purchase.entity';
import { DEV_FUNDING } from '../../scripts/chain/anvil';
import { TEST_FUNDS_LIMITS } from '../../api/src/modules/chain/test-funds';
import { RateLimitHit } from '../../api/src/shared/rate-limit-hit.entity';
import { DataRequest } from '../../api/src/modules/requests/request.entity';
import { Notification } from '../../api/src/modules/notifications/notification.entity';
import { OutboxMail } from '../../api/src/modules/mail/outbox-mail.entity';
import { NOTIFICATION_LIMITS } from '../../api/src/modules/notifications/notifications.service';
import { IMAGE_LIMITS } from '../../api/src/modules/response-images/response-images.service';
import { INVITATION_LIMITS, MAX_MEMBERS } from '../../api/src/modules/rooms/rooms.service';
import { User } from '../../api/src/modules/users/user.entity';
import { TestClient, type RestResult } from './support/client';
import { buildUser, buildUserInput, p256PublicKeyPem, type TestUser } from './support/factories';
import { buildKey, collectionBody, createRequest, newDevice, unverifiedEscrow } from './support/requests';
import { runAsLocalChain, startChainServer, type ChainServer } from './support/chain';
import { startTestServer, type TestServer } from './support/server';

// Issue 27, finding 1: every limit with a count is taken atomically. Each test fires 40 requests
// at once (more than any of these limits) and checks the exact number let through and what they
// left behind: grants on the chain, purchases, mails in the outbox, stored rows.

const AT_ONCE = 40;
const FREE_FAILURES = 2;
let server: TestServer;
let chainServer: ChainServer;

beforeAll(async () => {
  // as npm start deploys: ten dev accounts funded, account 9 is the faucet
  chainServer = await startChainServer(10, DEV_FUNDING, (env) =>
    startTestServer({
      ...env,
      // client addresses from X-Forwarded-For: a test can be many clients or one
      TRUST_PROXY: 'true',
      LOGIN_FREE_FAILURES: String(FREE_FAILURES),
    }),
  );
  server = chainServer.server;
  runAsLocalChain(server);
});
afterAll(async () => {
  await chainServer?.close();
});

// each test starts with no counts: its users are signed up from this machine's one address
beforeEach(async () => {
  await em().nativeDelete(RateLimitHit, {});
});

/** Runs `n` calls at once; the statuses answered, by status. */
async function atOnce<T extends { status: number }>(n: number, call: (i: number) => Promise<T>) {
  const answers = await Promise.all(Array.from({ length: n }, (_, i) => call(i)));
  const byStatus: Record<number, number> = {};
  for (const a of answers) byStatus[a.status] = (byStatus[a.status] ?? 0) + 1;
  return { answers, byStatus };
}

const em = () => server.db.orm.em.fork();
const mailsTo = (address: string, kind?: string) =>
  em().count(OutboxMail, { toAddress: address.toLowerCase(), ...(kind ? { kind } : {}) });
let ipSeq = 0;
const freshIp = () => `203.0.113.${++ipSeq}`;
const from = (ip: string) => ({ 'content-type': 'application/json', 'x-forwarded-for': ip });
const post = (client: TestClient, path: string, body: unknown, ip = '192.0.2.1') =>
  client
    .fetch(path, { method: 'POST', headers: from(ip), body: JSON.stringify(body) })
    .then(async (res) => ({ status: res.status, body: (await res.json()) as RestResult['body'] }));

describe(`limits taken atomically (${AT_ONCE} requests at once)`, () => {
  it(`test funds: ${TEST_FUNDS_LIMITS.perAddressPerHour} grants per address, whoever asks`, async () => {
    const users = await Promise.all(Array.from({ length: 8 }, () => buildUser(server)));
    const address = Wallet.createRandom().address;
    const { byStatus } = await atOnce(AT_ONCE, (i) =>
      users[i % users.length].client.rest('POST', '/v1/chain/testFunds', { address }),
    );
    expect(byStatus).toEqual({ 200: 3, 429: AT_ONCE - 3 });
    expect(await chainServer.provider.getBalance(address)).toBe(3n * 10n ** 18n);
    expect(await chainServer.onChain(address)).toBe(3000n);
  }, 60_000);

  it(`test funds: ${TEST_FUNDS_LIMITS.perUserPerHour} grants per account, whatever the address`, async () => {
    const user = await buildUser(server);
    const addresses = Array.from({ length: AT_ONCE }, () => Wallet.createRandom().address);
    const { answers, byStatus } = await atOnce(AT_ONCE, (i) =>
      user.client.rest('POST', '/v1/chain/testFunds', { address: addresses[i] }),
    );
    expect(byStatus).toEqual({ 200: 5, 429: AT_ONCE - 5 });
    const granted = addresses.filter((_, i) => answers[i].status === 200);
    const balances = await Promise.all(addresses.map((a) => chainServer.provider.getBalance(a)));
    expect(balances.reduce((a, b) => a + b, 0n)).toBe(5n * 10n ** 18n);
    for (const a of granted) expect(await chainServer.provider.getBalance(a)).toBe(10n ** 18n);
  }, 60_000);

  it(`checkout: ${PAYMENT_INTENT_LIMIT.max} starts per window, and as many purchases`, async () => {
    const user = await buildUser(server);
    const { byStatus } = await atOnce(AT_ONCE, () =>
      user.client.rest('POST', '/v1/billing/paymentIntent', { items: '10credits', currency: 'usd' }),
    );
    expect(byStatus).toEqual({ 200: PAYMENT_INTENT_LIMIT.max, 429: AT_ONCE - PAYMENT_INTENT_LIMIT.max });
    expect(await em().count(Purchase, { user: user.id })).toBe(PAYMENT_INTENT_LIMIT.max);
  });

  it('resend verification: 5 links a day to one address, asked from many client addresses', async () => {
    const input = buildUserInput();
    expect((await new TestClient(server.url).rest('POST', '/v1/auth/register', input)).status).toBe(200);
    expect(await mailsTo(input.email, 'verify-email')).toBe(1);
    const { byStatus } = await atOnce(AT_ONCE, () =>
      post(new TestClient(server.url), '/v1/auth/resendVerification', { email: input.email }, freshIp()),
    );
    expect(byStatus).toEqual({ 200: AT_ONCE });
    expect(await mailsTo(input.email, 'verify-email')).toBe(1 + 5);
  });

  it('resend verification: 10 asks an hour from one client address', async () => {
    const input = buildUserInput();
    expect((await new TestClient(server.url).rest('POST', '/v1/auth/register', input)).status).toBe(200);
    const ip = freshIp();
    const { byStatus } = await atOnce(AT_ONCE, () =>
      post(new TestClient(server.url), '/v1/auth/resendVerification', { email: input.email }, ip),
    );
    expect(byStatus).toEqual({ 200: 10, 429: AT_ONCE - 10 });
    expect(await mailsTo(input.email, 'verify-email')).toBe(1 + 5);
  });

  it('sign-ups: 30 an hour from one client address', async () => {
    const ip = freshIp();
    const inputs = Array.from({ length: AT_ONCE }, () => buildUserInput());
    const { byStatus } = await atOnce(AT_ONCE, (i) =>
      post(new TestClient(server.url), '/v1/auth/register', inputs[i], ip),
    );
    expect(byStatus).toEqual({ 200: 30, 429: AT_ONCE - 30 });
    expect(await em().count(User, { email: { $in: inputs.map((i) => i.email) } })).toBe(30);
  });

  it(`invitations: ${INVITATION_LIMITS.perSender.max} an hour from one sender`, async () => {
    const owner = await buildUser(server);
    const room = await owner.client.rest<{ id: string }>('POST', '/v1/vcr/createRoom', { name: 'Busy room' });
    const emails = Array.from({ length: AT_ONCE }, () => `${randomBytes(6).toString('hex')}@example.test`);
    const { byStatus } = await atOnce(AT_ONCE, (i) =>
      owner.client.rest('POST', '/v1/vcr/sendInvite', { room_id: room.body.result!.id, recipients: [emails[i]] }),
    );
    const max = INVITATION_LIMITS.perSender.max;
    expect(byStatus).toEqual({ 200: max, 429: AT_ONCE - max });
    const mailed = await Promise.all(emails.map((e) => mailsTo(e)));
    expect(mailed.reduce((a, b) => a + b, 0)).toBe(max);
  });

  it(`invitations: ${INVITATION_LIMITS.perRecipient.max} a day to one address from everyone together`, async () => {
    const owners = await Promise.all(Array.from({ length: 8 }, () => buildUser(server)));
    const rooms: { owner: TestUser; id: string }[] = [];
    for (const owner of owners) {
      for (let r = 0; r < AT_ONCE / owners.length; r++) {
        const room = await owner.client.rest<{ id: string }>('POST', '/v1/vcr/createRoom', { name: `Room ${r}` });
        rooms.push({ owner, id: room.body.result!.id });
      }
    }
    const victim = `${randomBytes(6).toString('hex')}@example.test`;
    const { byStatus } = await atOnce(AT_ONCE, (i) =>
      rooms[i].owner.client.rest('POST', '/v1/vcr/sendInvite', { room_id: rooms[i].id, recipients: [victim] }),
    );
    const max = INVITATION_LIMITS.perRecipient.max;
    expect(byStatus).toEqual({ 200: max, 429: AT_ONCE - max });
    expect(await mailsTo(victim)).toBe(max);
  });

  it(`room members: at most ${MAX_MEMBERS} however many sign up through invitation links at once`, async () => {
    const owner = await buildUser(server);
    const room = await owner.client.rest<{ id: string }>('POST', '/v1/vcr/createRoom', { name: 'Crowded' });
    const invitees = Array.from({ length: 12 }, () => buildUserInput());
    for (const batch of [invitees.slice(0, 6), invitees.slice(6)]) {
      const invite = await owner.client.rest('POST', '/v1/vcr/sendInvite', {
        room_id: room.body.result!.id,
        recipients: batch.map((g) => g.email),
      });
      expect(invite.status).toBe(200);
    }
    const links = await Promise.all(
      invitees.map(async (g) => {
        const mail = await em().findOneOrFail(OutboxMail, { toAddress: g.email });
        return /invite=([A-Za-z0-9_-]+)/.exec(mail.text)![1];
      }),
    );
    const { byStatus } = await atOnce(invitees.length, (i) =>
      post(new TestClient(server.url), '/v1/auth/register', { ...invitees[i], invite: links[i] }, freshIp()),
    );
    expect(byStatus).toEqual({ 200: MAX_MEMBERS - 1, 409: invitees.length - (MAX_MEMBERS - 1) });
    const count = await owner.client.rest<{ count: number }>('GET', '/v1/vcr/getRoomUsersCount', undefined, {
      room_id: room.body.result!.id,
    });
    expect(count.body.result!.count).toBe(MAX_MEMBERS);
  });

  it(`notifications: ${NOTIFICATION_LIMITS.toRecipient} an hour to one person from everyone together`, async () => {
    const { perRecipient, toRecipient } = NOTIFICATION_LIMITS;
    const recipient = await buildUser(server);
    const senders = await Promise.all(Array.from({ length: toRecipient / perRecipient + 3 }, () => buildUser(server)));
    const send = (from: TestUser, text: string) =>
      from.client.rest('POST', '/v1/auth/user/createNotification', { notification: text, to_id: recipient.id });
    // all but the last 10 of the inbox's hour, one sender after another
    const early = senders.slice(0, toRecipient / perRecipient - 1);
    for (const s of early) for (let i = 0; i < perRecipient; i++) expect((await send(s, `e${i}`)).status).toBe(200);
    const late = senders.slice(early.length);
    const { byStatus } = await atOnce(AT_ONCE, (i) => send(late[i % late.length], `l${i}`));
    expect(byStatus).toEqual({ 200: perRecipient, 429: AT_ONCE - perRecipient });
    expect(await em().count(Notification, { recipient: recipient.id })).toBe(toRecipient);
  });

  it('login throttling: one address trying many names gets its free failures, then waits', async () => {
    const ip = freshIp();
    const started = Date.now();
    const { byStatus } = await atOnce(AT_ONCE, (i) =>
      post(new TestClient(server.url), '/v1/auth/login', { username: `nobody${i}x${ip}`, password: 'wrongpass1' }, ip),
    );
    const seconds = (Date.now() - started) / 1000;
    // ten times one account's free failures for an address (login-throttle.ts, ADDRESS_FACTOR);
    // beyond them one more attempt after 1 s, another 2 s later, 4 s... (a busy machine can take
    // seconds to answer 40 logins; those delays run out meanwhile)
    const free = FREE_FAILURES * 10;
    expect(byStatus[401]).toBeGreaterThanOrEqual(free);
    expect(byStatus[401]).toBeLessThanOrEqual(free + Math.floor(Math.log2(seconds + 1)));
    expect(byStatus[401] + byStatus[429]).toBe(AT_ONCE);
  });

  it(`encrypted images: ${IMAGE_LIMITS.perDevice} an hour per device`, async () => {
    const alice = await buildUser(server);
    const key = await buildKey(alice);
    // published as without a chain (this server has one, where publishing needs a real escrow)
    const request = await createRequest(alice, collectionBody(key.id));
    const { newchild, address } = unverifiedEscrow();
    await em().nativeUpdate(
      DataRequest,
      { id: request.id },
      { status: 1, escrowAddress: newchild, signerAddress: address },
    );
    const deviceId = newDevice();
    const data = randomBytes(200).toString('base64');
    const { byStatus } = await atOnce(AT_ONCE, () =>
      new TestClient(server.url).rest('POST', '/v1/requestClient/uploadImage', {
        requestId: request.id,
        deviceId,
        data,
      }),
    );
    expect(byStatus).toEqual({ 200: IMAGE_LIMITS.perDevice, 429: AT_ONCE - IMAGE_LIMITS.perDevice });
  });

  it('webhook endpoints: 10 per account', async () => {
    const user = await buildUser(server);
    const { byStatus } = await atOnce(AT_ONCE, (i) =>
      user.client.rest('POST', '/v1/webhooks/createEndpoint', {
        url: `https://hooks.example.com/${i}`,
        events: ['response.created'],
      }),
    );
    expect(byStatus).toEqual({ 200: 10, 400: AT_ONCE - 10 });
    expect((await user.client.rest<unknown[]>('GET', '/v1/webhooks/endpoints')).body.result).toHaveLength(10);
  });

  it('API tokens: 20 active per account', async () => {
    const user = await buildUser(server);
    const { byStatus } = await atOnce(AT_ONCE, (i) =>
      user.client.gql(`mutation($n: String!) { createApiToken(input: { name: $n }) { token } }`, { n: `t${i}` }),
    );
    expect(byStatus).toEqual({ 200: AT_ONCE });
    const tokens = await user.client.gql<{ apiTokens: unknown[] }>('{ apiTokens { id } }');
    expect(tokens.data!.apiTokens).toHaveLength(20);
  });

  it('keys: 100 per account', async () => {
    const user = await buildUser(server);
    for (let i = 0; i < 90; i++) {
      const res = await user.client.rest('POST', '/v1/auth/user/createkey', {
        title: `k${i}`,
        key: p256PublicKeyPem(),
      });
      expect(res.status).toBe(200);
    }
    const { byStatus } = await atOnce(AT_ONCE, (i) =>
      user.client.rest('POST', '/v1/auth/user/createkey', { title: `p${i}`, key: p256PublicKeyPem() }),
    );
    expect(byStatus).toEqual({ 200: 10, 409: AT_ONCE - 10 });
    expect((await user.client.rest<unknown[]>('GET', '/v1/auth/user/getKeyList')).body.result).toHaveLength(100);
  });
});
