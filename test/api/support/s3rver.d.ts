// @20minutes/s3rver ships no types: the part of its API the tests use.
declare module '@20minutes/s3rver' {
  import type { AddressInfo } from 'node:net';

  type Options = {
    address?: string;
    port?: number;
    silent?: boolean;
    directory?: string;
    configureBuckets?: { name: string }[];
    vhostBuckets?: boolean;
  };

  export default class S3rver {
    constructor(options: Options);
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}

declare module '@20minutes/s3rver/lib/models/account.js' {
  /** s3rver's one account: the access keys it checks signatures with */
  export const DUMMY_ACCOUNT: {
    createKeyPair(accessKeyId: string, secretAccessKey: string): void;
    revokeAccessKey(accessKeyId: string): void;
  };
}
