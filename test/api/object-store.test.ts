import { randomBytes } from 'node:crypto';
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../api/src/config';
import { S3Storage } from '../../api/src/modules/storage/s3-storage';
import { AppError } from '../../api/src/shared/errors';
import { gqlCode } from './support/client';
import { dbSnapshot } from './support/db-snapshot';
import { buildUser, PNG_1X1, type TestUser } from './support/factories';
import { startObjectStore, type TestObjectStore } from './support/object-store';
import { createServerDatabase, startServerProcess, tempDataDir, waitFor } from './support/processes';
import { buildKey, collectionBody, createRequest, newDevice, unverifiedEscrow } from './support/requests';
import { startTestServer, type TestServer } from './support/server';

// Uploaded files in an S3-compatible object store (S3_* set): the store itself against a real
// S3-protocol server on loopback, then the server's avatars and encrypted response images through
// it, and what a client sees while the store is down.
let store: TestObjectStore;
const logs: string[] = [];
beforeAll(async () => {
  store = await startObjectStore();
});
afterAll(async () => {
  await store?.close();
});

const s3Config = (env: Record<string, string> = {}) => loadConfig({ ...store.env, ...env }).s3!;
const noLog = { error() {} };
const unavailable = (err: unknown) => err instanceof AppError && err.code === 'STORAGE_UNAVAILABLE';

describe('S3Storage', () => {
  let s3: S3Storage;
  beforeAll(() => {
    s3 = new S3Storage(s3Config(), noLog);
  });
  afterAll(() => s3?.close());

  it('puts, gets, streams and deletes an object under its key', async () => {
    const data = randomBytes(70_000);
    await s3.put('avatars/put-get.png', data);
    expect(await store.keys()).toContain('avatars/put-get.png');
    expect((await s3.get('avatars/put-get.png'))!.equals(data)).toBe(true);
    expect(await s3.size('avatars/put-get.png')).toBe(data.length);
    const opened = await s3.open('avatars/put-get.png');
    expect(opened!.length).toBe(data.length);
    const chunks: Buffer[] = [];
    for await (const chunk of opened!.body) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(data)).toBe(true);

    await s3.delete('avatars/put-get.png');
    expect(await store.keys()).not.toContain('avatars/put-get.png');
    expect(await s3.get('avatars/put-get.png')).toBeNull();
  });

  it('answers null for a missing key, and deleting one is not an error', async () => {
    expect(await s3.get('avatars/never-stored.png')).toBeNull();
    expect(await s3.open('response-images/never-stored.bin')).toBeNull();
    expect(await s3.size('avatars/never-stored.png')).toBeNull();
    await expect(s3.delete('avatars/never-stored.png')).resolves.toBeUndefined();
  });

  it('refuses a key the server would not make before it reaches the store', async () => {
    const before = await store.keys();
    for (const key of ['../escape.png', 'avatars/../../x.png', 'avatars/a/b.png', 'avatars/x', 'Avatars/x.png', '']) {
      await expect(s3.put(key, Buffer.from('x')), key).rejects.toThrow('invalid storage key');
      await expect(s3.get(key), key).rejects.toThrow('invalid storage key');
      await expect(s3.delete(key), key).rejects.toThrow('invalid storage key');
    }
    expect(await store.keys()).toEqual(before);
  });

  it('says why a store cannot be used: a missing bucket, refused credentials, no answer', async () => {
    expect(await s3.problem()).toBeNull();
    const noBucket = new S3Storage(s3Config({ S3_BUCKET: 'no-such-bucket' }), noLog);
    expect(await noBucket.problem()).toBe('the bucket no-such-bucket does not exist');
    const wrongKey = new S3Storage(s3Config({ S3_SECRET_ACCESS_KEY: 'not-the-secret' }), noLog);
    expect(await wrongKey.problem()).toMatch(/^access to the bucket parley-test is refused \(SignatureDoesNotMatch\)/);
    const nowhere = new S3Storage(s3Config({ S3_URL: 'http://127.0.0.1:1' }), noLog);
    expect(await nowhere.problem()).toMatch(/^the object store does not answer \(.*ECONNREFUSED/);
    for (const s of [noBucket, wrongKey, nowhere]) s.close();
  });

  it('fails with STORAGE_UNAVAILABLE, never "missing", while the store is down', async () => {
    await s3.put('avatars/while-down.png', Buffer.from('kept'));
    await store.stop();
    try {
      const failures = await Promise.all(
        [
          s3.put('avatars/new-while-down.png', Buffer.from('x')),
          s3.get('avatars/while-down.png'),
          s3.open('avatars/never-stored.png'),
          s3.delete('avatars/while-down.png'),
        ].map((p) => p.catch((e: unknown) => e)),
      );
      expect(failures.map(unavailable)).toEqual([true, true, true, true]);
      expect(await s3.problem()).toMatch(/does not answer/);
    } finally {
      await store.start();
    }
    expect((await s3.get('avatars/while-down.png'))!.toString()).toBe('kept');
    expect(await s3.get('avatars/new-while-down.png')).toBeNull();
  });
});

describe('a server with an object store', () => {
  let server: TestServer;
  let alice: TestUser;
  let requestId: string;
  const UPLOAD = `mutation($file: Upload!) { uploadAvatar(file: $file) { avatarUrl } }`;
  const png = { name: 'me.png', type: 'image/png', data: PNG_1X1 };
  const uploadAvatar = () =>
    alice.client.restUpload<{ avatarUrl: string }>('/v1/auth/user/uploadAvatar', 'profileImage', png);
  const uploadImage = (data: Buffer) =>
    alice.client.rest<{ id: string; path: string }>('POST', '/v1/requestClient/uploadImage', {
      requestId,
      deviceId: newDevice(),
      data: data.toString('base64'),
    });
  const avatarOf = async () =>
    (await alice.client.rest<{ avatarUrl: string | null }>('GET', '/v1/auth/user/getUser')).body.result!.avatarUrl;

  beforeAll(async () => {
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logs.push(chunk.toString());
        done();
      },
    });
    server = await startTestServer({ ...store.env, LOG_LEVEL: 'error' }, logStream);
    alice = await buildUser(server);
    const key = await buildKey(alice);
    requestId = (await createRequest(alice, collectionBody(key.id, unverifiedEscrow()))).id;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('keeps an avatar in the bucket, none on disk, and serves it through its own route', async () => {
    const res = await uploadAvatar();
    expect(res.status).toBe(200);
    const url = res.body.result!.avatarUrl;
    const key = url.replace(/^\/media\//, '');
    expect(await store.keys()).toContain(key);
    expect(existsSync(path.join(server.config.dataDir, 'uploads'))).toBe(false);

    const img = await fetch(server.url + url);
    expect(img.status).toBe(200);
    expect(img.headers.get('content-type')).toBe('image/png');
    expect(img.headers.get('content-length')).toBe(String(PNG_1X1.length));
    expect(img.headers.get('cache-control')).toBe('private, max-age=86400');
    expect(img.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await img.arrayBuffer()).equals(PNG_1X1)).toBe(true);

    // a new avatar replaces the object: the old one is deleted from the bucket
    const next = await alice.client.gqlUpload<{ uploadAvatar: { avatarUrl: string } }>(UPLOAD, png);
    const nextKey = next.data!.uploadAvatar.avatarUrl.replace(/^\/media\//, '');
    const avatars = (await store.keys()).filter((k) => k.startsWith(`avatars/${alice.id}-`));
    expect(avatars).toEqual([nextKey]);
    expect((await fetch(server.url + url)).status).toBe(404);
  });

  it('keeps encrypted response images in the bucket and serves the same bytes back', async () => {
    const sealed = randomBytes(300_000);
    const res = await uploadImage(sealed);
    expect(res.status).toBe(200);
    expect(await store.keys()).toContain(`response-images/${res.body.result!.id}.bin`);
    const served = await fetch(server.url + res.body.result!.path);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('application/octet-stream');
    expect(served.headers.get('cache-control')).toBe('private, max-age=86400, immutable');
    expect(Buffer.from(await served.arrayBuffer()).equals(sealed)).toBe(true);
    // answers hand out our own paths only, never the bucket's address
    expect(JSON.stringify(res.body)).not.toContain(store.url);
    expect((await fetch(`${server.url}/v1/requestClient/image/${'A'.repeat(43)}`)).status).toBe(404);
    expect((await fetch(`${server.url}/media/avatars/${alice.id}-000000000000.png`)).status).toBe(404);
  });

  it('answers 503 while the store is down, writes nothing, and serves again once it is back', async () => {
    const stored = await uploadAvatar();
    const avatarUrl = stored.body.result!.avatarUrl;
    const image = (await uploadImage(randomBytes(500))).body.result!;
    const keysBefore = await store.keys();
    const snapshot = await dbSnapshot(server);
    logs.length = 0;

    await store.stop();
    try {
      const rest = await uploadAvatar();
      expect(rest.status).toBe(503);
      expect(rest.body.error).toEqual({
        code: 'STORAGE_UNAVAILABLE',
        message: 'File storage is unavailable at the moment; please try again shortly',
      });
      const gql = await alice.client.gqlUpload(UPLOAD, png);
      expect(gqlCode(gql)).toBe('STORAGE_UNAVAILABLE');
      const img = await uploadImage(randomBytes(500));
      expect(img.status).toBe(503);
      expect(img.body.error?.code).toBe('STORAGE_UNAVAILABLE');

      for (const url of [avatarUrl, image.path]) {
        const res = await fetch(server.url + url);
        expect(res.status, url).toBe(503);
        expect(((await res.json()) as { error: { code: string } }).error.code).toBe('STORAGE_UNAVAILABLE');
      }
      // nothing half-written: the profile still names the stored avatar, no rate-limit hit counted
      expect(await avatarOf()).toBe(avatarUrl);
      expect(await dbSnapshot(server)).toEqual(snapshot);
    } finally {
      await store.start();
    }
    expect(await store.keys()).toEqual(keysBefore);
    // the cause is logged for the operator, without the store's secret
    const failures = logs.filter((l) => l.includes('file storage: put failed'));
    expect(failures.length).toBeGreaterThanOrEqual(3);
    expect(failures.join('\n')).toContain('ECONNREFUSED');
    expect(logs.join('\n')).not.toContain(store.env.S3_SECRET_ACCESS_KEY);

    const back = await fetch(server.url + avatarUrl);
    expect(back.status).toBe(200);
    expect(Buffer.from(await back.arrayBuffer()).equals(PNG_1X1)).toBe(true);
    expect((await uploadAvatar()).status).toBe(200);
  });
});

describe('npm start with an object store it cannot use', () => {
  it('starts anyway and logs why, without the secret', { timeout: 180_000 }, async () => {
    const dataDir = tempDataDir();
    const secret = 'not-the-store-secret';
    // on the run's PostgreSQL server when there is one (a migrated copy); else the embedded database
    const database = process.env.DATABASE_URL
      ? await createServerDatabase(process.env.DATABASE_URL, { migrated: true })
      : undefined;
    const proc = await startServerProcess({
      ...store.env,
      S3_SECRET_ACCESS_KEY: secret,
      DATA_DIR: dataDir,
      ...(database ? { DATABASE_URL: database.url } : {}),
    });
    try {
      const output = await waitFor(
        async () => proc.output.join(''),
        (o) => o.includes('file storage cannot be used'),
      );
      const line = output.split('\n').find((l) => l.includes('file storage cannot be used'))!;
      expect(JSON.parse(line)).toMatchObject({
        level: 50,
        files: `object store (bucket ${store.bucket} at ${store.url})`,
        problem: expect.stringMatching(/^access to the bucket parley-test is refused \(SignatureDoesNotMatch\)/),
      });
      expect(output).not.toContain(secret);
      expect((await fetch(`${proc.url}/healthz`)).status).toBe(200);
    } finally {
      await proc.stop();
      await database?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
