import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { Readable } from 'node:stream';
import type { S3Config } from '../../config';
import {
  checkStorageKey,
  storageUnavailable,
  type FileStorage,
  type StorageLog,
  type StoredFile,
} from './file-storage';

// a key the server never writes (its kind is no upload's), read to check the store at start-up
const PROBE_KEY = 'parley-probe/never-written.bin';

const status = (err: unknown) => (err instanceof S3ServiceException ? err.$metadata.httpStatusCode : undefined);
const named = (err: unknown, ...names: string[]) => err instanceof Error && names.includes(err.name);

/**
 * Uploaded files in an S3-compatible object store (AWS S3, MinIO, R2, ...), one object per key in
 * one bucket. Objects are written without an ACL, so they stay as private as the bucket: clients
 * never get a bucket URL, the server reads each file and streams it through its own routes.
 */
export class S3Storage implements FileStorage {
  readonly description: string;
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(
    config: S3Config,
    private readonly log: StorageLog,
  ) {
    this.bucket = config.bucket;
    this.description = `object store (bucket ${config.bucket} at ${config.endpoint ?? `AWS S3, ${config.region}`})`;
    this.client = new S3Client({
      endpoint: config.endpoint,
      region: config.region,
      forcePathStyle: config.forcePathStyle,
      credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey.reveal() },
      // a store that is down answers 503 within seconds instead of holding the request
      maxAttempts: 3,
      requestHandler: { connectionTimeout: 3_000, requestTimeout: 30_000, throwOnRequestTimeout: true },
      // S3-compatible stores do not all take the SDK's default CRC checksums: only when S3 requires one
      ...(config.endpoint
        ? { requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' }
        : {}),
    });
  }

  private failed(err: unknown, action: string, key: string) {
    return storageUnavailable(this.log, summary(err), action, key);
  }

  async put(key: string, data: Buffer): Promise<void> {
    const command = new PutObjectCommand({
      Bucket: this.bucket,
      Key: checkStorageKey(key),
      Body: data,
      ContentLength: data.length,
    });
    await this.client.send(command).catch((err: unknown) => {
      throw this.failed(err, 'put', key);
    });
  }

  async open(key: string): Promise<StoredFile | null> {
    const command = new GetObjectCommand({ Bucket: this.bucket, Key: checkStorageKey(key) });
    try {
      const out = await this.client.send(command);
      // in Node the body is the HTTP response itself: streamed, never held whole in memory
      return { body: out.Body as Readable, length: out.ContentLength };
    } catch (err) {
      if (named(err, 'NoSuchKey')) return null;
      throw this.failed(err, 'get', key);
    }
  }

  async get(key: string): Promise<Buffer | null> {
    const file = await this.open(key);
    if (!file) return null;
    const chunks: Buffer[] = [];
    try {
      for await (const chunk of file.body) chunks.push(chunk as Buffer);
    } catch (err) {
      throw this.failed(err, 'get', key);
    }
    return Buffer.concat(chunks);
  }

  async delete(key: string): Promise<void> {
    const command = new DeleteObjectCommand({ Bucket: this.bucket, Key: checkStorageKey(key) });
    await this.client.send(command).catch((err: unknown) => {
      throw this.failed(err, 'delete', key);
    });
  }

  /** The stored size of a key, or null when there is no such object (the migration's "already there"). */
  async size(key: string): Promise<number | null> {
    const command = new HeadObjectCommand({ Bucket: this.bucket, Key: checkStorageKey(key) });
    try {
      return (await this.client.send(command)).ContentLength ?? 0;
    } catch (err) {
      if (named(err, 'NotFound', 'NoSuchKey')) return null;
      throw this.failed(err, 'head', key);
    }
  }

  async problem(): Promise<string | null> {
    // reading a key that is never written tells all: a missing key is the answer of a store that is
    // up, whose bucket exists and whose credentials may read and list (without list rights S3
    // answers 403 for a missing key, and a deleted avatar would be a 503 instead of a 404)
    try {
      const probe = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: PROBE_KEY }));
      (probe.Body as Readable | undefined)?.destroy();
      return null;
    } catch (err) {
      if (named(err, 'NoSuchKey')) return null;
      if (named(err, 'NoSuchBucket')) return `the bucket ${this.bucket} does not exist`;
      if (status(err) === 403) {
        return `access to the bucket ${this.bucket} is refused (${summary(err).name}): check S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY and that they may get, put, delete and list objects`;
      }
      if (status(err) === 301) return `the bucket ${this.bucket} is in another region than S3_REGION`;
      const { name, message } = summary(err);
      return status(err)
        ? `the object store answered ${name} (${message})`
        : `the object store does not answer (${message})`;
    }
  }

  /** Closes the connections it keeps open (the process may then exit at once). */
  close(): void {
    this.client.destroy();
  }
}

// what a log line needs of an SDK error: not the raw response the SDK keeps on it
function summary(err: unknown): { name: string; message: string; status?: number } {
  const e = err instanceof Error ? err : new Error(String(err));
  const message = e.message || (e as { code?: string }).code || e.name;
  return { name: e.name, message, ...(status(err) ? { status: status(err) } : {}) };
}
