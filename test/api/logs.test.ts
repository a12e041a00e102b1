import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../api/src/modules/auth/session-cookie';
import { TestClient } from './support/client';
import { buildUserInput, p256PublicKeyPem, verificationToken } from './support/factories';
import { startTestServer, type TestServer } from './support/server';

let server: TestServer;
let logs = '';
beforeAll(async () => {
  const stream = new PassThrough();
  stream.on('data', (d) => (logs += String(d)));
  server = await startTestServer({ LOG_LEVEL: 'trace' }, stream);
});
afterAll(async () => {
  await server?.close();
});

describe('structured logs', () => {
  it('are JSON lines and never contain passwords, session cookies, verification tokens or API tokens', async () => {
    const c = new TestClient(server.url);
    const input = buildUserInput({ password: 'Canary4242xyz' });
    await c.rest('POST', '/v1/auth/register', input);
    const token = await verificationToken(server, input.email);
    await c.rest('POST', '/v1/auth/verifyEmail', { token });
    await c.rest('POST', '/v1/auth/login', { username: input.username, password: 'wrongCanary99' });
    await c.rest('POST', '/v1/auth/login', { username: input.username, password: input.password });
    await c.rest('POST', '/v1/auth/user/createkey', { title: 'k', key: p256PublicKeyPem() });
    const created = await c.gql<{ createApiToken: { token: string } }>(
      `mutation { createApiToken(input: { name: "n" }) { token } }`,
    );
    const apiToken = created.data!.createApiToken.token;
    const bearer = new TestClient(server.url);
    bearer.bearer = apiToken;
    await bearer.gql(`{ me { id } }`);
    await c.rest('POST', '/v1/auth/changePassword', { oldPassword: input.password, newPassword: 'Canary5353abc' });

    const lines = logs.trim().split('\n');
    expect(lines.length).toBeGreaterThan(10);
    for (const line of lines) expect(() => JSON.parse(line)).not.toThrow();
    const session = c.cookie(SESSION_COOKIE)!;
    for (const secret of ['Canary4242xyz', 'wrongCanary99', 'Canary5353abc', token, session, apiToken]) {
      expect(logs).not.toContain(secret);
    }
    expect(logs).toContain('incoming request'); // requests were logged, just not their secrets
  });
});
