import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('config', () => {
  it('has working embedded defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 3000,
      env: 'development',
      cookieSecure: false,
      devOutbox: true,
      databaseUrl: undefined,
    });
    expect(c.publicUrl).toBe('http://localhost:3000');
  });

  it('turns on Secure cookies and off the dev outbox in production', () => {
    const c = loadConfig({ NODE_ENV: 'production' });
    expect(c.cookieSecure).toBe(true);
    expect(c.devOutbox).toBe(false);
  });

  it('tells GraphQL clients about the schema outside production only, unless configured', () => {
    expect(loadConfig({}).graphqlSchemaDetails).toEqual({ introspection: true, fieldSuggestions: true });
    expect(loadConfig({ NODE_ENV: 'production' }).graphqlSchemaDetails).toEqual({
      introspection: false,
      fieldSuggestions: false,
    });
    const open = loadConfig({ NODE_ENV: 'production', GRAPHQL_INTROSPECTION: 'true', GRAPHQL_FIELD_SUGGESTIONS: '1' });
    expect(open.graphqlSchemaDetails).toEqual({ introspection: true, fieldSuggestions: true });
    expect(loadConfig({ GRAPHQL_INTROSPECTION: 'no' }).graphqlSchemaDetails.introspection).toBe(false);
  });

  it('hashes passwords at OWASP cost by default and refuses less in production', () => {
    expect(loadConfig({}).passwordHash).toEqual({ memoryKib: 19_456, passes: 2 });
    expect(loadConfig({ PASSWORD_HASH_MEMORY_KIB: '64', PASSWORD_HASH_PASSES: '1' }).passwordHash).toEqual({
      memoryKib: 64,
      passes: 1,
    });
    const weak = () =>
      loadConfig({ NODE_ENV: 'production', PASSWORD_HASH_MEMORY_KIB: '64', PASSWORD_HASH_PASSES: '1' });
    expect(weak).toThrow(ConfigError);
    expect(weak).toThrow(/PASSWORD_HASH_MEMORY_KIB: at least 19456 in production[\s\S]*PASSWORD_HASH_PASSES/);
    expect(loadConfig({ NODE_ENV: 'production', PASSWORD_HASH_MEMORY_KIB: '65536' }).passwordHash.memoryKib).toBe(
      65_536,
    );
  });

  it("reads TRUST_PROXY as off, on, or the proxies' addresses and ranges", () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: ' 10.0.0.1, 172.16.0.0/12 ,::1,fd00::/8' }).trustProxy).toBe(
      '10.0.0.1,172.16.0.0/12,::1,fd00::/8',
    );
    for (const bad of ['proxy.example.com', '10.0.0.1/33', '10.0.0.1,', '2', 'fd00::/129', '10.0.0.0/8/1']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
    }
  });

  it('lists every bad variable at once', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'not a url', NODE_ENV: 'staging', SESSION_TTL_HOURS: '0' });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.map((p) => p.split(':')[0]).sort();
    expect(problems).toEqual(['DATABASE_URL', 'NODE_ENV', 'PORT', 'SESSION_TTL_HOURS']);
  });

  it('needs the contract addresses with CHAIN_RPC_URL and the publishable key with Stripe, listed with the rest', () => {
    let error: unknown;
    try {
      loadConfig({ CHAIN_RPC_URL: 'http://127.0.0.1:8545', STRIPE_SECRET_KEY: 'sk_test_x', PORT: 'x', CHAIN_ID: '0' });
    } catch (err) {
      error = err;
    }
    const problems = (error as ConfigError).problems.map((p) => p.split(':')[0]).sort();
    expect(problems).toEqual([
      'CHAIN_ID',
      'ESCROW_FACTORY_ADDRESS',
      'IPT_TOKEN_ADDRESS',
      'PORT',
      'STRIPE_PUBLISHABLE_KEY',
    ]);
  });

  it('keeps secrets out of logs and JSON', () => {
    const key = '0x' + 'ab'.repeat(32);
    const c = loadConfig({
      TREASURY_PRIVATE_KEY: key,
      STRIPE_SECRET_KEY: 'sk_test_secret',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_public',
      STRIPE_WEBHOOK_SECRET: 'whsec_secret',
      STRIPE_API_BASE: 'http://127.0.0.1:12111',
    });
    expect(c.chain.treasuryPrivateKey?.reveal()).toBe(key);
    expect(c.stripe?.api).toEqual({ host: '127.0.0.1', port: 12111, protocol: 'http' });
    const printed = JSON.stringify(c) + inspect(c, { depth: 10 }) + String(c.stripe?.secretKey);
    for (const secret of [key, 'sk_test_secret', 'whsec_secret']) expect(printed).not.toContain(secret);
    expect(printed).toContain('pk_test_public');
  });

  it('runs without a chain or Stripe configured (local chain and sandbox payments)', () => {
    const c = loadConfig({});
    expect(c.chain.rpcUrl).toBeUndefined();
    expect(c.stripe).toBeNull();
  });

  describe('the object store (S3_*)', () => {
    const minio = {
      S3_URL: 'http://minio:9000/',
      S3_BUCKET: 'parley-files',
      S3_ACCESS_KEY_ID: 'parley',
      S3_SECRET_ACCESS_KEY: 's3-secret-value',
    };
    const problemsOf = (env: Record<string, string>) => {
      try {
        loadConfig(env);
      } catch (err) {
        return (err as ConfigError).problems;
      }
      return [];
    };

    it('is off by default: uploads stay on local disk', () => {
      expect(loadConfig({}).s3).toBeNull();
    });

    it('reads an S3-compatible endpoint, path-style by default there', () => {
      const { s3 } = loadConfig(minio);
      expect(s3).toMatchObject({
        endpoint: 'http://minio:9000',
        bucket: 'parley-files',
        region: 'us-east-1',
        accessKeyId: 'parley',
        forcePathStyle: true,
      });
      expect(s3!.secretAccessKey.reveal()).toBe('s3-secret-value');
      expect(JSON.stringify(loadConfig(minio)) + inspect(loadConfig(minio), { depth: 10 })).not.toContain(
        's3-secret-value',
      );
      expect(loadConfig({ ...minio, S3_FORCE_PATH_STYLE: 'false' }).s3!.forcePathStyle).toBe(false);
    });

    it('reads AWS S3 itself (no S3_URL) with its region, virtual-host style', () => {
      const { s3 } = loadConfig({ ...minio, S3_URL: '', S3_REGION: 'eu-central-1' });
      expect(s3).toMatchObject({ endpoint: undefined, region: 'eu-central-1', forcePathStyle: false });
    });

    it('names every variable a partial configuration lacks, with the other problems', () => {
      expect(problemsOf({ S3_URL: 'http://minio:9000', PORT: 'x' })).toEqual([
        'PORT: Invalid input: expected number, received NaN',
        'S3_BUCKET: required for the object store (S3_URL is set)',
        'S3_ACCESS_KEY_ID: required for the object store (S3_URL is set)',
        'S3_SECRET_ACCESS_KEY: required for the object store (S3_URL is set)',
      ]);
      expect(problemsOf({ S3_BUCKET: 'parley-files', S3_SECRET_ACCESS_KEY: 'x' })).toEqual([
        'S3_ACCESS_KEY_ID: required for the object store (S3_BUCKET, S3_SECRET_ACCESS_KEY are set)',
        'S3_REGION: required for AWS S3 (no S3_URL; S3_BUCKET, S3_SECRET_ACCESS_KEY are set)',
      ]);
      expect(problemsOf({ ...minio, S3_SECRET_ACCESS_KEY: '' })).toEqual([
        'S3_SECRET_ACCESS_KEY: required for the object store (S3_URL, S3_BUCKET, S3_ACCESS_KEY_ID are set)',
      ]);
      expect(problemsOf({ S3_FORCE_PATH_STYLE: 'true' })).toHaveLength(4);
    });

    it('refuses a malformed endpoint, bucket or region', () => {
      const bad = (env: Record<string, string>) => problemsOf({ ...minio, ...env });
      expect(bad({ S3_URL: 'ftp://minio' })).toEqual(['S3_URL: must be an http(s) URL']);
      expect(bad({ S3_URL: 'http://key:secret@minio:9000' })).toEqual([
        'S3_URL: must not hold credentials: use S3_ACCESS_KEY_ID',
      ]);
      expect(bad({ S3_URL: 'http://minio:9000/parley-files' })).toEqual([
        'S3_URL: must not have a path: name the bucket in S3_BUCKET',
      ]);
      expect(bad({ S3_BUCKET: 'Parley_Files' })[0]).toMatch(/^S3_BUCKET: must be a bucket name/);
      expect(bad({ S3_REGION: 'EU West' })[0]).toMatch(/^S3_REGION: must be a region name/);
      expect(bad({ S3_FORCE_PATH_STYLE: 'maybe' })[0]).toMatch(/^S3_FORCE_PATH_STYLE:/);
    });
  });
});
