import { compactVerify, createLocalJWKSet, type JSONWebKeySet } from 'jose';
import { createHash, createPublicKey, randomBytes, verify as verifySignature } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { canonicalJson, type ReceiptClaims, type ReceiptFile } from '../../shared/consent-receipt';
import { DEV_CONSENT_SIGNING_KEY, ReceiptSigner, verifyReceipt } from '../../api/src/modules/consent/receipt-signer';
import { encryptCollectionResponse } from '../../scripts/simulate/response-crypto';
import { TestClient } from './support/client';
import { buildUser, type TestUser } from './support/factories';
import {
  buildKey,
  collectionBody,
  createRequest,
  newDevice,
  randomAddress,
  surveyBody,
  unverifiedEscrow,
  type KeyPair,
  type LegacyQuestion,
  type LegacyRequest,
} from './support/requests';
import { usePhoneTestbed } from './support/phone-testbed';
import { startTestServer, type TestServer } from './support/server';

// Consent receipts (docs/consent-receipts.md) and the participants' access log, against a server
// without a chain: the receipt is signed in the submission's transaction and verifies offline.
type Vector = {
  jwks: JSONWebKeySet;
  token: string;
  tampered: string;
  content: unknown;
  canonicalContent: string;
  claims: ReceiptClaims;
};
const vector = JSON.parse(readFileSync('docs/vectors/consent-receipt.json', 'utf8')) as Vector;
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

describe('the known-answer vector in docs/', () => {
  it('verifies with its key set, which is the development key, and its hash is the content’s', async () => {
    expect(new ReceiptSigner(DEV_CONSENT_SIGNING_KEY).jwks()).toEqual(vector.jwks);
    const ok = await verifyReceipt(vector.token, vector.jwks);
    expect(ok).toMatchObject({ valid: true, claims: vector.claims, kid: vector.jwks.keys[0].kid });
    expect(canonicalJson(vector.content)).toBe(vector.canonicalContent);
    expect(sha256(vector.canonicalContent)).toBe(vector.claims.submission.hash);
  });

  it('verifies by the documented offline steps with no JOSE library, and the tampered one does not', () => {
    // docs/consent-receipts.md, "Verifying a receipt offline", steps 2 to 5 with node:crypto alone
    const check = (token: string) => {
      const [h, p, s] = token.split('.');
      const header = JSON.parse(Buffer.from(h, 'base64url').toString('utf8')) as Record<string, string>;
      expect(header).toMatchObject({ alg: 'ES256', typ: 'consent-receipt+jwt' });
      const jwk = vector.jwks.keys.find((k) => k.kid === header.kid)!;
      const key = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: jwk.x, y: jwk.y }, format: 'jwk' });
      const signature = Buffer.from(s, 'base64url');
      expect(signature).toHaveLength(64);
      const ok = verifySignature(
        'sha256',
        Buffer.from(`${h}.${p}`, 'ascii'),
        { key, dsaEncoding: 'ieee-p1363' },
        signature,
      );
      return { ok, claims: JSON.parse(Buffer.from(p, 'base64url').toString('utf8')) as ReceiptClaims };
    };
    expect(check(vector.token)).toEqual({ ok: true, claims: vector.claims });
    const tampered = check(vector.tampered);
    expect(tampered.ok).toBe(false);
    expect([vector.claims.reward.amount, tampered.claims.reward.amount]).toEqual([5, 9]);
  });

  it('refuses the tampered token and any flipped character of header, payload or signature', async () => {
    expect(await verifyReceipt(vector.tampered, vector.jwks)).toMatchObject({ valid: false });
    const [h, p, s] = vector.token.split('.');
    const flip = (part: string, i: number) => part.slice(0, i) + (part[i] === 'A' ? 'B' : 'A') + part.slice(i + 1);
    for (const bad of [`${flip(h, 5)}.${p}.${s}`, `${h}.${flip(p, 40)}.${s}`, `${h}.${p}.${flip(s, 10)}`]) {
      expect(await verifyReceipt(bad, vector.jwks)).toMatchObject({ valid: false });
    }
    // another key (a receipt made elsewhere) does not verify against the published set
    const { generateKeyPairSync } = await import('node:crypto');
    const other = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({
      type: 'pkcs8',
      format: 'pem',
    });
    const forged = await new ReceiptSigner(other.toString()).sign(vector.claims);
    expect(await verifyReceipt(forged, vector.jwks)).toMatchObject({ valid: false });
  });
});

let server: TestServer;
let alice: TestUser;
let key: KeyPair;
let phone: TestClient;

usePhoneTestbed((t) => ({ server, alice, key, phone } = t));

type Terms = {
  controller: string;
  purpose: string;
  categories: string[];
  reward: { amount: number };
  retention: { text: string };
};
type AccessLine = {
  kind: string;
  actor: string;
  detail: string | null;
  requestId: string | null;
  submissionId: string | null;
  requestTitle: string | null;
};

const receipts = async (deviceId: string, requestId?: string) =>
  (
    await phone.rest<ReceiptFile[]>('GET', '/v1/requestClient/getReceipts', undefined, {
      deviceId,
      ...(requestId ? { requestId } : {}),
    })
  ).body.result!;
const accessLog = async (deviceId: string) =>
  (await phone.rest<AccessLine[]>('GET', '/v1/requestClient/getAccessLog', undefined, { deviceId })).body.result!;
const publishedSurvey = () => createRequest(alice, surveyBody(key.id, unverifiedEscrow()));

async function answerSurvey(r: LegacyRequest, deviceId = newDevice()) {
  const questions = (
    await phone.rest<LegacyQuestion[]>('GET', '/v1/requestClient/getSurveyQuestions', undefined, { requestId: r.id })
  ).body.result!;
  const first = (q: LegacyQuestion) => (Array.isArray(q.options) ? q.options[0] : '');
  const answers = questions.map((q) =>
    q.type === 'stars'
      ? { questionId: q.id, answer: 4 }
      : q.type === 'checkboxes'
        ? { questionId: q.id, answer: [first(q)] }
        : { questionId: q.id, answer: first(q) },
  );
  const res = await phone.rest<{ id: string; memberId: string }>('POST', '/v1/requestClient/submitSurvey', {
    requestId: r.id,
    deviceId,
    walletAddress: randomAddress(),
    answers,
  });
  expect(res.status).toBe(200);
  return { deviceId, answers, accepted: res.body.result! };
}

describe('a receipt for every accepted answer', () => {
  it('shows the terms first, then signs them with the published key, hashing what was sent', async () => {
    const r = await publishedSurvey();
    const terms = (await phone.rest<Terms>('GET', '/v1/requestClient/getConsentTerms', undefined, { requestId: r.id }))
      .body.result!;
    expect(terms).toMatchObject({ purpose: 'Five quick questions', reward: { amount: 3 } });
    expect(terms.categories).toContain('Question: How often do you exercise?');

    const { deviceId, answers, accepted } = await answerSurvey(r);
    const [file] = await receipts(deviceId, r.id);
    const jwks = (await (await fetch(`${server.url}/.well-known/jwks.json`)).json()) as JSONWebKeySet;
    const { payload, protectedHeader } = await compactVerify(file.receipt, createLocalJWKSet(jwks));
    expect(protectedHeader).toMatchObject({ alg: 'ES256', typ: 'consent-receipt+jwt' });
    const claims = JSON.parse(new TextDecoder().decode(payload)) as ReceiptClaims;
    expect(claims).toEqual(file.claims);
    expect(claims).toMatchObject({
      sub: accepted.memberId,
      piiControllers: [{ piiController: terms.controller, piiControllerId: alice.id }],
      services: [
        { service: r.title, requestId: r.id, purposes: [{ purpose: terms.purpose, piiCategory: terms.categories }] },
      ],
      reward: { amount: 3, currency: 'IPT' },
      retention: { text: terms.retention.text },
      submission: { id: accepted.id, hash: sha256(canonicalJson({ answers })) },
    });

    const verified = await phone.rest<{ valid: boolean }>('POST', '/v1/consent/verify', { receipt: file.receipt });
    expect(verified.body.result).toMatchObject({ valid: true, claims });
    const [h, p, s] = file.receipt.split('.');
    const changed = Buffer.from(JSON.stringify({ ...claims, reward: { ...claims.reward, amount: 300 } })).toString(
      'base64url',
    );
    const forged = await phone.rest('POST', '/v1/consent/verify', { receipt: `${h}.${changed}.${s}` });
    expect(forged.body.result).toMatchObject({ valid: false, claims: null });
    expect(p).not.toBe(changed);
  });

  it('hashes a collection’s ciphertext, and the receipt outlives a withdrawal', async () => {
    const r = await createRequest(alice, collectionBody(key.id, unverifiedEscrow()));
    const sealed = await encryptCollectionResponse(r.id, key.publicKeyPem, { firstName: 'Ada', age: 36 } as never);
    const deviceId = newDevice();
    const res = await phone.rest('POST', '/v1/requestClient/submitCollection', {
      requestId: r.id,
      deviceId,
      walletAddress: randomAddress(),
      ...sealed,
    });
    expect(res.status).toBe(200);
    const [file] = await receipts(deviceId);
    expect(file.claims.submission.hash).toBe(sha256(canonicalJson(sealed)));
    expect(file.claims.sensitive).toBe(true);

    await phone.rest('DELETE', '/v1/requestClient/deleteRequest', { request_id: r.id, deviceId });
    expect((await receipts(deviceId)).map((f) => f.receipt)).toEqual([file.receipt]);
    expect((await accessLog(deviceId)).map((l) => l.kind)).toEqual(['withdrawn', 'submitted']);
  });

  it('gives a device only its own receipts, and none to a device that never answered', async () => {
    const r = await publishedSurvey();
    const one = await answerSurvey(r);
    await answerSurvey(r);
    expect(await receipts(one.deviceId)).toHaveLength(1);
    expect(await receipts(newDevice())).toEqual([]);
  });
});

describe('the access log', () => {
  it('records the requester listing and exporting, with no answer content', async () => {
    const r = await publishedSurvey();
    const { deviceId, accepted } = await answerSurvey(r);
    await alice.client.rest('GET', '/request.api/response', undefined, { id: r.id, type: 'survey' });
    const exported = await alice.client.fetch(`/v1/export/surveyResponses?id=${r.id}`);
    expect(exported.status).toBe(200);
    await exported.text();
    const log = await accessLog(deviceId);
    expect(log.map((l) => [l.kind, l.actor])).toEqual([
      ['exported', 'requester'],
      ['listed', 'requester'],
      ['submitted', 'participant'],
    ]);
    for (const line of log)
      expect(line).toMatchObject({ requestId: r.id, submissionId: accepted.id, requestTitle: r.title });
    // nothing of the answers is in it
    expect(JSON.stringify(log)).not.toMatch(/Never|Phone|18-24/);
  });

  it('records each download of an answer’s encrypted image, and who made it, with no file name in it', async () => {
    const r = await createRequest(alice, collectionBody(key.id, unverifiedEscrow()));
    const deviceId = newDevice();
    const upload = await phone.rest<{ id: string; path: string }>('POST', '/v1/requestClient/uploadImage', {
      requestId: r.id,
      deviceId,
      data: randomBytes(100).toString('base64'),
    });
    const { id: imageId, path } = upload.body.result!;
    // an image with no answer yet belongs to nobody's log
    expect((await fetch(server.url + path)).status).toBe(200);
    const sealed = await encryptCollectionResponse(r.id, key.publicKeyPem, {
      image_upload: [server.url + path],
    } as never);
    const sent = await phone.rest<{ id: string }>('POST', '/v1/requestClient/submitCollection', {
      requestId: r.id,
      deviceId,
      walletAddress: randomAddress(),
      ...sealed,
    });
    expect(sent.status).toBe(200);

    // the requester twice (the session, as the request screen fetches it; an API token), then
    // another signed-in user and a caller with no credentials who hold the link
    for (const caller of [alice.client, alice.client]) expect((await caller.fetch(path)).status).toBe(200);
    const token = await alice.client.gql<{ createApiToken: { token: string } }>(
      'mutation($i: CreateApiTokenInput!) { createApiToken(input: $i) { token } }',
      { i: { name: 'images' } },
    );
    const byToken = await fetch(server.url + path, {
      headers: { authorization: `Bearer ${token.data!.createApiToken.token}` },
    });
    expect(byToken.status).toBe(200);
    const bob = await buildUser(server);
    expect((await bob.client.fetch(path)).status).toBe(200);
    expect((await fetch(server.url + path)).status).toBe(200);
    // an unknown image is a 404 and logs nothing
    expect((await fetch(`${server.url}/v1/requestClient/image/${'A'.repeat(43)}`)).status).toBe(404);

    const exported = await alice.client.fetch(`/v1/export/collectionResponses?id=${r.id}`);
    expect(exported.status).toBe(200);
    await exported.text();
    const log = await accessLog(deviceId);
    expect(log.map((l) => [l.kind, l.actor, l.detail])).toEqual([
      ['exported', 'requester', 'collection'],
      ['image_downloaded', 'someone', null],
      ['image_downloaded', 'someone', null],
      ['image_downloaded', 'requester', null],
      ['image_downloaded', 'requester', null],
      ['image_downloaded', 'requester', null],
      ['submitted', 'participant', null],
    ]);
    for (const line of log)
      expect(line).toMatchObject({ requestId: r.id, submissionId: sent.body.result!.id, requestTitle: r.title });
    expect(JSON.stringify(log)).not.toContain(imageId);
    // another participant's log has none of it
    expect(await accessLog(newDevice())).toEqual([]);
  });

  it('records the requester’s review of an answer paid after review', async () => {
    const r = await createRequest(alice, surveyBody(key.id, { ...unverifiedEscrow(), pay_after_review: true }));
    const a = await answerSurvey(r);
    const b = await answerSurvey(r);
    const approve = await alice.client.rest('POST', '/request.api/response/approve', {
      id: r.id,
      response_ids: [a.accepted.id],
    });
    expect(approve.status).toBe(200);
    const reject = await alice.client.rest('POST', '/request.api/response/reject', {
      id: r.id,
      response_ids: [b.accepted.id],
      reason: 'Blank',
    });
    expect(reject.status).toBe(200);
    expect((await accessLog(a.deviceId)).map((l) => l.kind)).toEqual(['approved', 'submitted']);
    expect((await accessLog(b.deviceId)).map((l) => l.kind)).toEqual(['rejected', 'submitted']);

    // an answer left unreviewed past its deadline is approved by the platform's job, and logged
    const c = await answerSurvey(r);
    await server.db.orm.em
      .fork()
      .execute(
        `update payouts set review_due_at = now() - interval '1 minute' where request_id = ? and status = 'awaiting_review'`,
        [r.id],
      );
    expect(await server.services.payouts.approveOverdue(server.db.orm.em.fork())).toBe(1);
    expect((await accessLog(c.deviceId)).map((l) => [l.kind, l.actor, l.detail])).toEqual([
      ['approved', 'platform', 'review deadline'],
      ['submitted', 'participant', null],
    ]);
    expect((await accessLog(a.deviceId)).map((l) => l.kind)).toEqual(['approved', 'submitted']);
  });
});

describe('the signing key from the configuration', () => {
  it('signs with CONSENT_SIGNING_KEY (line breaks written as \\n) and publishes its public half', async () => {
    const { generateKeyPairSync } = await import('node:crypto');
    const pem = generateKeyPairSync('ec', { namedCurve: 'P-256' })
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString();
    const own = await startTestServer({ CONSENT_SIGNING_KEY: pem.trim().replace(/\n/g, '\\n') });
    try {
      const jwks = (await (await fetch(`${own.url}/.well-known/jwks.json`)).json()) as JSONWebKeySet;
      expect(jwks).toEqual(new ReceiptSigner(pem).jwks());
      expect(jwks.keys[0].kid).not.toBe(vector.jwks.keys[0].kid);
      expect(JSON.stringify(jwks)).not.toMatch(/"d"/);
    } finally {
      await own.close();
    }
  });
});

describe('a webhook carrying an answer’s event', () => {
  it('is a line in the participant’s access log once delivered', async () => {
    const receiver = http.createServer((_req, res) => res.writeHead(200).end('ok'));
    await new Promise<void>((done) => receiver.listen(0, '127.0.0.1', done));
    const dev = await startTestServer({ NODE_ENV: 'development', WEBHOOK_RETRY_SECONDS: '1' });
    try {
      const owner = await buildUser(dev);
      const ownKey = await buildKey(owner);
      const port = (receiver.address() as AddressInfo).port;
      const created = await owner.client.rest('POST', '/v1/webhooks/createEndpoint', {
        url: `http://127.0.0.1:${port}/hook`,
        events: ['response.created'],
      });
      expect(created.status).toBe(200);
      const r = await createRequest(owner, surveyBody(ownKey.id, unverifiedEscrow()));
      const device = new TestClient(dev.url);
      const questions = (
        await device.rest<LegacyQuestion[]>('GET', '/v1/requestClient/getSurveyQuestions', undefined, {
          requestId: r.id,
        })
      ).body.result!;
      const pick = (q: LegacyQuestion) => (Array.isArray(q.options) ? q.options[0] : '');
      const deviceId = newDevice();
      const sent = await device.rest('POST', '/v1/requestClient/submitSurvey', {
        requestId: r.id,
        deviceId,
        walletAddress: randomAddress(),
        answers: questions.map((q) =>
          q.type === 'stars'
            ? { questionId: q.id, answer: 2 }
            : { questionId: q.id, answer: q.type === 'checkboxes' ? [pick(q)] : pick(q) },
        ),
      });
      expect(sent.status).toBe(200);
      await expect
        .poll(
          async () =>
            (
              await device.rest<AccessLine[]>('GET', '/v1/requestClient/getAccessLog', undefined, { deviceId })
            ).body.result!.map((l) => [l.kind, l.detail]),
          { timeout: 20_000 },
        )
        .toEqual([
          ['webhook', 'response.created'],
          ['submitted', null],
        ]);
    } finally {
      await dev.close();
      receiver.close();
    }
  });
});
