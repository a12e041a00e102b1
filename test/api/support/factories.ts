import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { OutboxMail } from '../../../api/src/modules/mail/outbox-mail.entity';
import { TestClient } from './client';
import type { TestServer } from './server';

let seq = 0;
export const uniqueName = (prefix = 'user') => `${prefix}${process.pid}x${++seq}${randomBytes(2).toString('hex')}`;

export type UserInput = { username: string; email: string; password: string };

export function buildUserInput(overrides: Partial<UserInput> = {}): UserInput {
  const username = overrides.username ?? uniqueName();
  return { username, email: `${username.toLowerCase()}@example.test`, password: 'secret123', ...overrides };
}

/** The newest verification token mailed to an address, read from the outbox table. */
export async function verificationToken(server: TestServer, email: string): Promise<string> {
  const mail = await server.db.orm.em
    .fork()
    .findOneOrFail(
      OutboxMail,
      { toAddress: email.toLowerCase(), kind: 'verify-email' },
      { orderBy: { createdAt: 'desc' } },
    );
  const token = /token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
  if (!token) throw new Error('no token in verification mail');
  return token;
}

export type TestUser = UserInput & { id: string; client: TestClient };

/** Registers, verifies (through the outbox) and logs in a user over REST; returns its client. */
export async function buildUser(server: TestServer, overrides: Partial<UserInput> = {}): Promise<TestUser> {
  const input = buildUserInput(overrides);
  const client = new TestClient(server.url);
  const reg = await client.rest<{ user: { id: string } }>('POST', '/v1/auth/register', input);
  if (reg.status !== 200) throw new Error(`register failed: ${JSON.stringify(reg.body)}`);
  const token = await verificationToken(server, input.email);
  const ver = await client.rest('POST', '/v1/auth/verifyEmail', { token });
  if (ver.status !== 200) throw new Error(`verify failed: ${JSON.stringify(ver.body)}`);
  const login = await client.rest('POST', '/v1/auth/login', { username: input.username, password: input.password });
  if (login.status !== 200) throw new Error(`login failed: ${JSON.stringify(login.body)}`);
  return { ...input, id: reg.body.result!.user.id, client };
}

/** A P-256 public key as SPKI PEM (what the browser's key generation produces). */
export function p256PublicKeyPem(): string {
  return generateKeyPairSync('ec', { namedCurve: 'P-256' })
    .publicKey.export({ type: 'spki', format: 'pem' })
    .toString();
}

export function p384PublicKeyPem(): string {
  return generateKeyPairSync('ec', { namedCurve: 'P-384' })
    .publicKey.export({ type: 'spki', format: 'pem' })
    .toString();
}

export function rsaPublicKeyPem(): string {
  return generateKeyPairSync('rsa', { modulusLength: 1024 })
    .publicKey.export({ type: 'spki', format: 'pem' })
    .toString();
}

// A 1x1 PNG and a fake "image" for upload tests.
export const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
