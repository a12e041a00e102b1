import S3rver from '@20minutes/s3rver';
import { DUMMY_ACCOUNT } from '@20minutes/s3rver/lib/models/account.js';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './processes';

// A real S3-protocol server (s3rver: it keeps objects in a folder and checks request signatures)
// on loopback, started by the tests that need one, with credentials of its own (a secret that is
// not s3rver's well-known one, so a test can look for it in logs).

export type TestObjectStore = {
  url: string;
  bucket: string;
  /** the S3_* variables that point a server at it */
  env: Record<string, string>;
  /** every object key in the bucket, sorted */
  keys(): Promise<string[]>;
  /** stops answering: connections are refused, as with a store that is down */
  stop(): Promise<void>;
  /** answers again, on the same port with the same objects */
  start(): Promise<void>;
  close(): Promise<void>;
};

export async function startObjectStore(bucket = 'parley-test'): Promise<TestObjectStore> {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'parley-s3-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const accessKeyId = `TEST${randomBytes(8).toString('hex').toUpperCase()}`;
  const secretAccessKey = randomBytes(24).toString('base64url');
  DUMMY_ACCOUNT.createKeyPair(accessKeyId, secretAccessKey);
  let server: S3rver | null = null;
  const start = async () => {
    // a new instance on the same port and folder: s3rver's logger does not survive a close
    server = new S3rver({
      address: '127.0.0.1',
      port,
      silent: true,
      directory,
      vhostBuckets: false,
      configureBuckets: [{ name: bucket }],
    });
    await server.run();
  };
  const stop = async () => {
    await server?.close();
    server = null;
  };
  await start();
  const client = new S3Client({
    endpoint: url,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId, secretAccessKey },
  });
  // the SDK asks for a bucket as "/<bucket>/", which s3rver signs as "/<bucket>" (a mismatch): the
  // tests' own listing asks without the slash; the server's code makes no bucket-level calls
  client.middlewareStack.add(
    (next) => (args) => {
      const request = args.request as { path?: string };
      if (request.path === `/${bucket}/`) request.path = `/${bucket}`;
      return next(args);
    },
    { step: 'build' },
  );
  return {
    url,
    bucket,
    env: { S3_URL: url, S3_BUCKET: bucket, S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey },
    async keys() {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }));
        keys.push(...(page.Contents ?? []).map((o) => o.Key!));
        token = page.NextContinuationToken;
      } while (token);
      return keys.sort();
    },
    stop,
    start,
    async close() {
      client.destroy();
      await stop();
      DUMMY_ACCOUNT.revokeAccessKey(accessKeyId);
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
