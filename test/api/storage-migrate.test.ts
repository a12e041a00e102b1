import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../api/src/config';
import { copyToObjectStore } from '../../api/src/modules/storage/copy-to-object-store';
import { S3Storage } from '../../api/src/modules/storage/s3-storage';
import { TestClient } from './support/client';
import { buildUser, PNG_1X1, type TestUser } from './support/factories';
import { startObjectStore, type TestObjectStore } from './support/object-store';
import { buildKey, collectionBody, createRequest, newDevice, unverifiedEscrow } from './support/requests';
import { startTestServer, type TestServer } from './support/server';

// `npm run storage:migrate` as an operator runs it when moving to an object store: a child process
// over the uploads of a server that kept them on local disk. Then a second server on the same
// database, with the object store and a DATA_DIR of its own, serves every file.
let store: TestObjectStore;
let onDisk: TestServer;
let alice: TestUser;
let avatarUrl: string;
let image: { path: string; bytes: Buffer };
let uploads: string;
let localKeys: string[];

beforeAll(async () => {
  store = await startObjectStore();
  onDisk = await startTestServer();
  alice = await buildUser(onDisk);
  const res = await alice.client.restUpload<{ avatarUrl: string }>('/v1/auth/user/uploadAvatar', 'profileImage', {
    name: 'me.png',
    type: 'image/png',
    data: PNG_1X1,
  });
  avatarUrl = res.body.result!.avatarUrl;
  const key = await buildKey(alice);
  const request = await createRequest(alice, collectionBody(key.id, unverifiedEscrow()));
  const bytes = randomBytes(4000);
  const uploaded = await new TestClient(onDisk.url).rest<{ path: string }>('POST', '/v1/requestClient/uploadImage', {
    requestId: request.id,
    deviceId: newDevice(),
    data: bytes.toString('base64'),
  });
  image = { path: uploaded.body.result!.path, bytes };
  uploads = path.join(onDisk.config.dataDir, 'uploads');
  localKeys = [avatarUrl.replace('/media/', ''), `response-images/${image.path.split('/').pop()}.bin`].sort();
  // what an interrupted write leaves behind: not an upload, not copied
  writeFileSync(path.join(uploads, 'avatars', 'half.png.0123456789ab.partial'), 'half');
});
afterAll(async () => {
  await onDisk?.close();
  await store?.close();
});

/** Runs `npm run storage:migrate` over the on-disk server's DATA_DIR and collects what it prints. */
function migrate(env: Record<string, string> = store.env) {
  const base = Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== 'DATABASE_URL'));
  const child = spawn('npm', ['run', '--silent', 'storage:migrate'], {
    env: { ...base, NODE_ENV: 'test', DATA_DIR: onDisk.config.dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on('close', (code) => resolve({ code, stdout, stderr })),
  );
}

const summaryLine = (stdout: string) => stdout.trim().split('\n').pop();

describe('npm run storage:migrate', () => {
  it('refuses to run without an object store configured', async () => {
    const res = await migrate({});
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('No object store is configured: set S3_BUCKET');
  });

  it('copies nothing and says why when the store cannot be used', async () => {
    const res = await migrate({ ...store.env, S3_SECRET_ACCESS_KEY: 'wrong' });
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('The object store cannot be used: access to the bucket parley-test is refused');
    expect(res.stderr).toContain('Nothing was copied.');
    expect(await store.keys()).toEqual([]);
  });

  it('counts every file that fails when the store goes away mid-run, with the reason', async () => {
    const s3 = new S3Storage(loadConfig(store.env).s3!, { error() {} });
    await store.stop();
    try {
      const report = await copyToObjectStore(uploads, s3);
      expect(report.failed.map((f) => f.key)).toEqual(localKeys);
      for (const f of report.failed) expect(f.reason).toContain('ECONNREFUSED');
      expect([report.copied, report.present]).toEqual([[], []]);
    } finally {
      await store.start();
      s3.close();
    }
  });

  it('copies every file under the same key, then finds them there when run again', async () => {
    const first = await migrate();
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(first.stdout).toContain('not uploads, left alone: avatars/half.png.0123456789ab.partial');
    expect(summaryLine(first.stdout)).toBe('2 copied, 0 already there, 0 failed');
    expect(await store.keys()).toEqual(localKeys);

    const again = await migrate();
    expect(again.code).toBe(0);
    expect(summaryLine(again.stdout)).toBe('0 copied, 2 already there, 0 failed');

    // a file missing from the store (or an earlier run that failed) is copied again, alone
    const s3 = new S3Storage(loadConfig(store.env).s3!, { error() {} });
    await s3.delete(localKeys[0]);
    s3.close();
    const third = await migrate();
    expect(summaryLine(third.stdout)).toBe('1 copied, 1 already there, 0 failed');
    expect(await store.keys()).toEqual(localKeys);
  });

  it('leaves a server with the object store and a DATA_DIR of its own serving every file', async () => {
    const onStore = await startTestServer(store.env, undefined, onDisk.db);
    try {
      expect(onStore.config.dataDir).not.toBe(onDisk.config.dataDir);
      const browser = new TestClient(onStore.url);
      await browser.rest('POST', '/v1/auth/login', { username: alice.username, password: alice.password });
      const me = await browser.rest<{ avatarUrl: string }>('GET', '/v1/auth/user/getUser');
      expect(me.body.result?.avatarUrl).toBe(avatarUrl);
      const avatar = await fetch(onStore.url + avatarUrl);
      expect(avatar.headers.get('content-type')).toBe('image/png');
      expect(Buffer.from(await avatar.arrayBuffer()).equals(readFileSync(path.join(uploads, localKeys[0])))).toBe(true);
      const served = await fetch(onStore.url + image.path);
      expect(served.status).toBe(200);
      expect(Buffer.from(await served.arrayBuffer()).equals(image.bytes)).toBe(true);
      expect(existsSync(path.join(onStore.config.dataDir, 'uploads'))).toBe(false);
    } finally {
      await onStore.close();
    }
  });
});
