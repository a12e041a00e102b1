import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gqlCode } from './support/client';
import { buildUser, PNG_1X1, type TestUser } from './support/factories';
import { startTestServer, type TestServer } from './support/server';

let server: TestServer;
let alice: TestUser;
beforeAll(async () => {
  server = await startTestServer({ AVATAR_MAX_BYTES: '4096' });
  alice = await buildUser(server);
});
afterAll(async () => {
  await server?.close();
});

const UPLOAD = `mutation($file: Upload!) { uploadAvatar(file: $file) { avatarUrl } }`;
const png = { name: 'me.png', type: 'image/png', data: PNG_1X1 };
const text = { name: 'evil.png', type: 'image/png', data: Buffer.from('<script>alert(1)</script>') };
const big = { name: 'big.png', type: 'image/png', data: Buffer.concat([PNG_1X1, Buffer.alloc(5000)]) };

describe('avatar upload', () => {
  it('over REST (field profileImage): stores a real image and serves it back', async () => {
    const res = await alice.client.restUpload<{ avatarUrl: string; avatar: string }>(
      '/v1/auth/user/uploadAvatar',
      'profileImage',
      png,
    );
    expect(res.status).toBe(200);
    const url = res.body.result!.avatarUrl;
    expect(url).toMatch(/^\/media\/avatars\/.+\.png$/);
    const img = await fetch(server.url + url);
    expect(img.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await img.arrayBuffer()).equals(PNG_1X1)).toBe(true);
    const me = await alice.client.rest<{ avatar: string }>('GET', '/v1/auth/user/getUser');
    expect(me.body.result?.avatar).toBe(url);
  });

  it('over REST: refuses a non-image, a too large file and a wrong field', async () => {
    const before = (await alice.client.rest<{ avatarUrl: string }>('GET', '/v1/auth/user/getUser')).body.result
      ?.avatarUrl;
    const wrongType = await alice.client.restUpload('/v1/auth/user/uploadAvatar', 'profileImage', text);
    expect(wrongType.status).toBe(415);
    expect(wrongType.body.error?.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    const tooBig = await alice.client.restUpload('/v1/auth/user/uploadAvatar', 'profileImage', big);
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.error?.code).toBe('PAYLOAD_TOO_LARGE');
    const wrongField = await alice.client.restUpload('/v1/auth/user/uploadAvatar', 'avatar', png);
    expect(wrongField.status).toBe(400);
    const json = await alice.client.rest('POST', '/v1/auth/user/uploadAvatar', {});
    expect(json.status).toBe(415);
    const after = (await alice.client.rest<{ avatarUrl: string }>('GET', '/v1/auth/user/getUser')).body.result
      ?.avatarUrl;
    expect(after).toBe(before);
  });

  it('over GraphQL multipart: stores a real image, refuses a non-image and a too large file', async () => {
    const ok = await alice.client.gqlUpload<{ uploadAvatar: { avatarUrl: string } }>(UPLOAD, png);
    expect(ok.errors).toBeUndefined();
    expect(ok.data?.uploadAvatar.avatarUrl).toMatch(/^\/media\/avatars\/.+\.png$/);
    expect(gqlCode(await alice.client.gqlUpload(UPLOAD, text))).toBe('UNSUPPORTED_MEDIA_TYPE');
    const tooBig = await alice.client.gqlUpload(UPLOAD, big);
    expect([tooBig.status, gqlCode(tooBig)]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
  });

  it('refuses multipart GraphQL without the CSRF preflight header', async () => {
    const form = new FormData();
    form.append('operations', JSON.stringify({ query: UPLOAD, variables: { file: null } }));
    form.append('map', JSON.stringify({ 0: ['variables.file'] }));
    form.append('0', new Blob([new Uint8Array(PNG_1X1)], { type: 'image/png' }), 'me.png');
    const res = await alice.client.fetch('/graphql', { method: 'POST', body: form });
    expect(res.status).toBe(400);
  });
});
