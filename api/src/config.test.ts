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
});
