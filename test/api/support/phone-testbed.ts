import { afterAll, beforeAll } from 'vitest';
import { TestClient } from './client';
import { buildUser, type TestUser } from './factories';
import { buildKey, type KeyPair } from './requests';
import { startTestServer, type TestServer } from './server';

/** A server without a chain, a requester (alice) with a request key, and a phone without a session. */
export type PhoneTestbed = { server: TestServer; alice: TestUser; key: KeyPair; phone: TestClient };

/**
 * Starts a phone testbed before the file's tests and closes it after them; `use` receives it once
 * it is up (the files keep their own variables: `usePhoneTestbed((t) => ({ server, alice, key, phone } = t))`).
 */
export function usePhoneTestbed(use: (testbed: PhoneTestbed) => void): void {
  let server: TestServer | undefined;
  beforeAll(async () => {
    server = await startTestServer();
    const alice = await buildUser(server);
    use({ server, alice, key: await buildKey(alice), phone: new TestClient(server.url) });
  });
  afterAll(async () => {
    await server?.close();
  });
}
