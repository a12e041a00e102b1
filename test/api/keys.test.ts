import { createHash, createPublicKey } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gqlCode } from './support/client';
import { buildUser, p256PublicKeyPem, p384PublicKeyPem, rsaPublicKeyPem, type TestUser } from './support/factories';
import { startTestServer, type TestServer } from './support/server';

let server: TestServer;
let alice: TestUser;
beforeAll(async () => {
  server = await startTestServer();
  alice = await buildUser(server);
});
afterAll(async () => {
  await server?.close();
});

// the id as CRYPTO.md defines it, computed independently of the server code
const expectedId = (pem: string) =>
  createHash('sha256')
    .update(createPublicKey(pem).export({ type: 'spki', format: 'der' }))
    .digest()
    .subarray(0, 16)
    .toString('hex');

type LegacyKey = { id: string; key: string; title: string; createdAt: string };

describe('keys over REST', () => {
  it('creates, lists and deletes a key', async () => {
    const pem = p256PublicKeyPem();
    const created = await alice.client.rest<LegacyKey>('POST', '/v1/auth/user/createkey', {
      title: 'Laptop',
      key: pem,
    });
    expect(created.status).toBe(200);
    expect(created.body.result?.id).toBe(expectedId(pem));
    expect(Date.parse(created.body.result!.createdAt)).toBeGreaterThan(Date.now() - 60_000);

    const list = await alice.client.rest<LegacyKey[]>('GET', '/v1/auth/user/getKeyList');
    expect(list.body.result).toEqual([
      {
        id: expectedId(pem),
        title: 'Laptop',
        key: createPublicKey(pem).export({ type: 'spki', format: 'pem' }).toString(),
        createdAt: created.body.result!.createdAt,
      },
    ]);

    expect((await alice.client.rest('POST', '/v1/auth/user/deletekey', { id: expectedId(pem) })).status).toBe(200);
    expect((await alice.client.rest<LegacyKey[]>('GET', '/v1/auth/user/getKeyList')).body.result).toEqual([]);
    const again = await alice.client.rest('POST', '/v1/auth/user/deletekey', { id: expectedId(pem) });
    expect(again.status).toBe(404);
  });

  it('accepts the client-computed id in colon form and rejects a wrong one', async () => {
    const pem = p256PublicKeyPem();
    const colon = expectedId(pem).match(/../g)!.join(':').toUpperCase();
    const wrongId = '00'.repeat(16);
    const bad = await alice.client.rest('POST', '/v1/auth/user/createkey', { title: 'x', key: pem, id: wrongId });
    expect(bad.status).toBe(400);
    expect(bad.body.error?.message).toBe('Key id does not match the public key');
    const ok = await alice.client.rest<LegacyKey>('POST', '/v1/auth/user/createkey', {
      title: 'x',
      key: pem,
      id: colon,
    });
    expect(ok.body.result?.id).toBe(expectedId(pem));
    const dup = await alice.client.rest('POST', '/v1/auth/user/createkey', { title: 'again', key: pem });
    expect(dup.status).toBe(409);
  });

  it.each([
    ['not PEM at all', 'hello'],
    ['a PEM of garbage', '-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----'],
    ['a private key block', '-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----'],
  ])('rejects an invalid PEM: %s', async (_label, key) => {
    const res = await alice.client.rest('POST', '/v1/auth/user/createkey', { title: 'bad', key });
    expect(res.status).toBe(400);
    expect(res.body.error?.code).toBe('BAD_USER_INPUT');
  });

  it.each([
    ['P-384', p384PublicKeyPem],
    ['RSA', rsaPublicKeyPem],
  ])('rejects a %s key', async (_label, make) => {
    const res = await alice.client.rest('POST', '/v1/auth/user/createkey', { title: 'bad', key: make() });
    expect(res.status).toBe(400);
    expect(res.body.error?.message).toBe('Public key must be an elliptic-curve P-256 key');
  });

  it('requires a title', async () => {
    const res = await alice.client.rest('POST', '/v1/auth/user/createkey', { title: '  ', key: p256PublicKeyPem() });
    expect(res.status).toBe(400);
    expect(res.body.error?.message).toMatch(/Title is required/);
  });
});

describe('keys over GraphQL', () => {
  it('creates, lists and deletes a key, with the same validation', async () => {
    const pem = p256PublicKeyPem();
    const create = `mutation($i: CreateKeyInput!) { createKey(input: $i) { id title publicKey createdAt } }`;
    const created = await alice.client.gql<{ createKey: { id: string } }>(create, {
      i: { title: 'Phone', publicKey: pem },
    });
    expect(created.data?.createKey.id).toBe(expectedId(pem));
    const list = await alice.client.gql<{ keys: { id: string; title: string }[] }>(`{ keys { id title } }`);
    expect(list.data?.keys.map((k) => k.id)).toContain(expectedId(pem));

    expect(gqlCode(await alice.client.gql(create, { i: { title: 'P384', publicKey: p384PublicKeyPem() } }))).toBe(
      'BAD_USER_INPUT',
    );
    expect(gqlCode(await alice.client.gql(create, { i: { title: 'Bad', publicKey: 'nope' } }))).toBe('BAD_USER_INPUT');
    expect(
      gqlCode(
        await alice.client.gql(create, { i: { title: 'Id', publicKey: p256PublicKeyPem(), id: 'ab'.repeat(16) } }),
      ),
    ).toBe('BAD_USER_INPUT');

    const del = await alice.client.gql(`mutation($id: ID!) { deleteKey(id: $id) }`, { id: expectedId(pem) });
    expect(del.data).toEqual({ deleteKey: true });
    const after = await alice.client.gql<{ keys: { id: string }[] }>(`{ keys { id } }`);
    expect(after.data?.keys.map((k) => k.id)).not.toContain(expectedId(pem));
  });
});
