import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_LIMITS } from '../../api/src/modules/response-images/response-images.service';
import { dbSnapshot } from './support/db-snapshot';
import { TestClient } from './support/client';
import { buildUser, type TestUser } from './support/factories';
import {
  buildKey,
  collectionBody,
  createRequest,
  expectError,
  newDevice,
  surveyBody,
  unverifiedEscrow,
  type KeyPair,
  type LegacyRequest,
} from './support/requests';
import { startTestServer, type TestServer } from './support/server';

// Encrypted personal images (docs/phone-response-encryption.md "Images"): a public upload of opaque
// bytes for published collections that ask for images, served back by an unguessable id.
let server: TestServer;
let alice: TestUser;
let key: KeyPair;
let phone: TestClient;
let withImages: LegacyRequest;
let withoutImages: LegacyRequest;
let survey: LegacyRequest;
let draft: LegacyRequest;

beforeAll(async () => {
  server = await startTestServer();
  alice = await buildUser(server);
  key = await buildKey(alice);
  phone = new TestClient(server.url);
  withImages = await createRequest(alice, collectionBody(key.id, unverifiedEscrow()));
  withoutImages = await createRequest(
    alice,
    collectionBody(key.id, {
      ...unverifiedEscrow(),
      collectionData: {
        healthData: true,
        locationData: false,
        profileData: false,
        idData: false,
        personalImages: false,
      },
    }),
  );
  survey = await createRequest(alice, surveyBody(key.id, unverifiedEscrow()));
  draft = await createRequest(alice, collectionBody(key.id));
});
afterAll(async () => {
  await server?.close();
});

type Uploaded = { id: string; path: string; bytes: number };
const upload = (body: Record<string, unknown>, client = phone) =>
  client.rest<Uploaded>('POST', '/v1/requestClient/uploadImage', body);

describe('encrypted image uploads', () => {
  it('stores the exact bytes under an unguessable id and serves them back as opaque data', async () => {
    const sealed = randomBytes(2000);
    const res = await upload({ requestId: withImages.id, deviceId: newDevice(), data: sealed.toString('base64') });
    expect(res.status).toBe(200);
    const { id, path: imagePath, bytes } = res.body.result!;
    expect(id).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(imagePath).toBe(`/v1/requestClient/image/${id}`);
    expect(bytes).toBe(2000);

    const served = await fetch(server.url + imagePath);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('application/octet-stream');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await served.arrayBuffer()).equals(sealed)).toBe(true);
    // on disk: the same opaque bytes, nothing else
    const folder = path.join(server.config.dataDir, 'uploads', 'response-images');
    expect(readFileSync(path.join(folder, `${id}.bin`)).equals(sealed)).toBe(true);

    const second = await upload({ requestId: withImages.id, deviceId: newDevice(), data: sealed.toString('base64') });
    expect(second.body.result!.id).not.toBe(id);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    for (const id of ['A'.repeat(43), 'short', '..%2F..%2Fetc%2Fpasswd', 'A'.repeat(42) + '.']) {
      const res = await fetch(`${server.url}/v1/requestClient/image/${id}`);
      expect(res.status, id).toBe(404);
    }
  });

  it('refuses bad input with a clear 4xx and stores nothing', async () => {
    const folder = path.join(server.config.dataDir, 'uploads', 'response-images');
    const files = () => readdirSync(folder).length;
    const before = files();
    const snapshot = await dbSnapshot(server);
    const ok = { requestId: withImages.id, deviceId: newDevice(), data: randomBytes(100).toString('base64') };
    expectError(await upload({ ...ok, data: randomBytes(20).toString('base64') }), 400, 'BAD_USER_INPUT');
    expectError(await upload({ ...ok, data: 'not base64!' }), 400, 'BAD_USER_INPUT');
    expectError(await upload({ ...ok, deviceId: 'x' }), 400, 'BAD_USER_INPUT');
    expectError(await upload({ ...ok, requestId: 'nope' }), 400, 'BAD_USER_INPUT');
    expectError(await upload({ ...ok, extra: 1 }), 400, 'BAD_USER_INPUT');
    expectError(await upload({ ...ok, requestId: withoutImages.id }), 400, 'BAD_USER_INPUT');
    expectError(await upload({ ...ok, requestId: survey.id }), 400, 'BAD_USER_INPUT');
    expectError(await upload({ ...ok, requestId: draft.id }), 404, 'NOT_FOUND');
    // more than 5 MB of image
    const large = await upload({ ...ok, data: Buffer.alloc(5 * 1024 * 1024 + 29).toString('base64') });
    expect([400, 413]).toContain(large.status);
    expect(files()).toBe(before);
    expect(await dbSnapshot(server)).toEqual(snapshot);
  });

  it('takes an image of exactly 5 MB', async () => {
    const res = await upload({
      requestId: withImages.id,
      deviceId: newDevice(),
      data: randomBytes(5 * 1024 * 1024 + 28).toString('base64'),
    });
    expect(res.status).toBe(200);
  });

  it('limits uploads per device', async () => {
    const deviceId = newDevice();
    const data = randomBytes(64).toString('base64');
    for (let i = 0; i < IMAGE_LIMITS.perDevice; i++) {
      expect((await upload({ requestId: withImages.id, deviceId, data })).status).toBe(200);
    }
    expectError(await upload({ requestId: withImages.id, deviceId, data }), 429, 'RATE_LIMITED');
    // another device is not held back by this one
    expect((await upload({ requestId: withImages.id, deviceId: newDevice(), data })).status).toBe(200);
  });

  it('limits uploads per address', async () => {
    const data = randomBytes(64).toString('base64');
    let status = 200;
    for (let i = 0; i <= IMAGE_LIMITS.perIp && status === 200; i++) {
      status = (await upload({ requestId: withImages.id, deviceId: newDevice(), data })).status;
    }
    expect(status).toBe(429);
  });

  it('is in the OpenAPI document', async () => {
    const doc = (await (await fetch(`${server.url}/v1/openapi.json`)).json()) as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toContain('/v1/requestClient/uploadImage');
  });
});
