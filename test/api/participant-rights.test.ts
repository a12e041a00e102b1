import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { encryptCollectionResponse } from '../../scripts/simulate/response-crypto';
import type { TestClient } from './support/client';
import { buildUser, type TestUser } from './support/factories';
import {
  collectionBody,
  createRequest,
  expectError,
  newDevice,
  randomAddress,
  surveyBody,
  unverifiedEscrow,
  type KeyPair,
  type LegacyQuestion,
} from './support/requests';
import { usePhoneTestbed } from './support/phone-testbed';
import type { TestServer } from './support/server';

// A participant's access and deletion requests over the phone app's REST calls (the device id is
// the credential): everything held comes back as JSON, and a deletion keeps only payments' records.
let server: TestServer;
let alice: TestUser;
let key: KeyPair;
let phone: TestClient;

usePhoneTestbed((t) => ({ server, alice, key, phone } = t));

type MyData = {
  participant: { memberId: string; walletAddress: string } | null;
  answerWithinDays: number;
  submissions: {
    id: string;
    type: string;
    encryptedData: string | null;
    sealedKey: string | null;
    answers: { question: string; option: string }[] | null;
  }[];
  withdrawn: { requestId: string }[];
  payouts: { requestId: string; amount: number; status: string }[];
  receipts: string[];
  accessLog: { kind: string; actor: string; detail: string | null; requestId: string | null }[];
};
const myData = async (deviceId: string) =>
  (await phone.rest<MyData>('GET', '/v1/requestClient/getMyData', undefined, { deviceId })).body.result!;
const deleteMyData = async (deviceId: string) =>
  phone.rest<{ deletedSubmissions: number; kept: string[] }>('POST', '/v1/requestClient/deleteMyData', { deviceId });

async function answerBoth(deviceId: string, walletAddress: string) {
  const survey = await createRequest(alice, surveyBody(key.id, unverifiedEscrow()));
  const questions = (
    await phone.rest<LegacyQuestion[]>('GET', '/v1/requestClient/getSurveyQuestions', undefined, {
      requestId: survey.id,
    })
  ).body.result!;
  const option = (q: LegacyQuestion) => (Array.isArray(q.options) ? q.options[1] : '');
  const answers = questions.map((q) =>
    q.type === 'stars'
      ? { questionId: q.id, answer: 5 }
      : { questionId: q.id, answer: q.type === 'checkboxes' ? [option(q)] : option(q) },
  );
  expect(
    (
      await phone.rest('POST', '/v1/requestClient/submitSurvey', {
        requestId: survey.id,
        deviceId,
        walletAddress,
        answers,
      })
    ).status,
  ).toBe(200);
  const collection = await createRequest(alice, collectionBody(key.id, unverifiedEscrow()));
  const sealed = await encryptCollectionResponse(collection.id, key.publicKeyPem, { firstName: 'Grace' } as never);
  expect(
    (
      await phone.rest('POST', '/v1/requestClient/submitCollection', {
        requestId: collection.id,
        deviceId,
        walletAddress,
        ...sealed,
      })
    ).status,
  ).toBe(200);
  return { survey, collection, sealed };
}

describe('an access request', () => {
  it('answers with everything held about the device, ciphertexts as stored, and is logged', async () => {
    const deviceId = newDevice();
    const wallet = randomAddress();
    const { survey, collection, sealed } = await answerBoth(deviceId, wallet);
    await alice.client.rest('GET', '/request.api/response', undefined, { id: collection.id, type: 'collection' });

    const data = await myData(deviceId);
    expect(data.participant).toMatchObject({ walletAddress: wallet });
    expect(data.answerWithinDays).toBe(30);
    expect(data.submissions.map((s) => s.type)).toEqual(['survey', 'collection']);
    expect(data.submissions[0].answers).toContainEqual({
      questionId: expect.any(String),
      question: 'How often do you exercise?',
      option: 'Weekly',
    });
    expect(data.submissions[1]).toMatchObject({ ...sealed, answers: null });
    expect(data.receipts).toHaveLength(2);
    expect(data.payouts.map((p) => [p.requestId, p.amount]).sort()).toEqual(
      [
        [survey.id, 3],
        [collection.id, 2],
      ].sort(),
    );
    expect(data.accessLog.map((e) => e.kind)).toEqual(['data_requested', 'listed', 'submitted', 'submitted']);
    // another device learns nothing, and nothing is logged for it
    expect(await myData(newDevice())).toMatchObject({ participant: null, submissions: [], receipts: [] });
  });
});

describe('a deletion request', () => {
  it('withdraws every answer, keeps payouts, receipts and the log, and a repeat finds nothing', async () => {
    const deviceId = newDevice();
    const { survey, collection } = await answerBoth(deviceId, randomAddress());
    const image = await phone.rest<{ path: string }>('POST', '/v1/requestClient/uploadImage', {
      requestId: collection.id,
      deviceId,
      data: randomBytes(100).toString('base64'),
    });
    expect((await fetch(server.url + image.body.result!.path)).status).toBe(200);
    const before = await myData(deviceId);

    const res = await deleteMyData(deviceId);
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({ deletedSubmissions: 2 });
    const after = await myData(deviceId);
    expect(after.submissions).toEqual([]);
    // the encrypted image went with its answer
    expect((await fetch(server.url + image.body.result!.path)).status).toBe(404);
    expect(after.withdrawn.map((w) => w.requestId).sort()).toEqual([survey.id, collection.id].sort());
    expect(after.receipts).toEqual(before.receipts);
    expect(after.payouts).toHaveLength(2);
    expect(after.accessLog.map((e) => e.kind).slice(0, 4)).toEqual([
      'data_requested',
      'deleted',
      'withdrawn',
      'withdrawn',
    ]);

    const requesterView = await alice.client.rest<{ list: unknown[] }>('GET', '/request.api/response', undefined, {
      id: survey.id,
      type: 'survey',
    });
    expect(requesterView.body.result!.list).toEqual([]);
    expect((await deleteMyData(deviceId)).body.result).toMatchObject({ deletedSubmissions: 0 });
    expect((await deleteMyData(newDevice())).body.result).toMatchObject({ deletedSubmissions: 0 });
  });
});

describe('a single withdrawal', () => {
  it("deletes the answer's encrypted images, and only that answer's", async () => {
    const deviceId = newDevice();
    const other = newDevice();
    const collection = await createRequest(alice, collectionBody(key.id, unverifiedEscrow()));
    const upload = async (device: string) =>
      (
        await phone.rest<{ path: string }>('POST', '/v1/requestClient/uploadImage', {
          requestId: collection.id,
          deviceId: device,
          data: randomBytes(100).toString('base64'),
        })
      ).body.result!.path;
    const mine = await upload(deviceId);
    const theirs = await upload(other);
    for (const device of [deviceId, other]) {
      const sealed = await encryptCollectionResponse(collection.id, key.publicKeyPem, { firstName: 'Ada' } as never);
      const sent = await phone.rest('POST', '/v1/requestClient/submitCollection', {
        requestId: collection.id,
        deviceId: device,
        walletAddress: randomAddress(),
        ...sealed,
      });
      expect(sent.status).toBe(200);
    }
    expect((await fetch(server.url + mine)).status).toBe(200);

    const res = await phone.rest('DELETE', '/v1/requestClient/deleteRequest', { request_id: collection.id, deviceId });
    expect(res.status).toBe(200);
    expect((await fetch(server.url + mine)).status).toBe(404);
    // another participant's image of the same request stays
    expect((await fetch(server.url + theirs)).status).toBe(200);
    // the check above fetched the image with no credentials: someone holding its link
    expect((await myData(deviceId)).accessLog.map((e) => [e.kind, e.actor])).toEqual([
      ['data_requested', 'participant'],
      ['withdrawn', 'participant'],
      ['image_downloaded', 'someone'],
      ['submitted', 'participant'],
    ]);
  });
});

describe('a request deleted by its requester', () => {
  it("is a line in each participant's log: their answer went with it; another user deletes nothing", async () => {
    const deviceId = newDevice();
    const { survey, collection } = await answerBoth(deviceId, randomAddress());
    const bob = await buildUser(server);
    expectError(await bob.client.rest('POST', '/request.api/delete', { id: survey.id }), 404, 'NOT_FOUND');
    expect((await myData(deviceId)).accessLog.map((e) => e.kind)).toEqual(['data_requested', 'submitted', 'submitted']);

    expect((await alice.client.rest('POST', '/request.api/delete', { id: survey.id })).status).toBe(200);
    const log = (await myData(deviceId)).accessLog;
    expect(log.map((e) => [e.kind, e.actor, e.detail])).toEqual([
      ['data_requested', 'participant', null],
      ['deleted', 'requester', 'request'],
      ['data_requested', 'participant', null],
      ['submitted', 'participant', null],
      ['submitted', 'participant', null],
    ]);
    expect(log[1]).toMatchObject({ requestId: survey.id });
    // the participant's log still names the deleted request on each of its lines, and no other
    const lines = (
      await phone.rest<{ requestId: string | null; requestTitle: string | null }[]>(
        'GET',
        '/v1/requestClient/getAccessLog',
        undefined,
        { deviceId },
      )
    ).body.result!;
    const titles = (id: string) => lines.filter((l) => l.requestId === id).map((l) => l.requestTitle);
    expect(titles(survey.id)).toEqual(['Fitness habits', 'Fitness habits']);
    expect(titles(collection.id)).toEqual([collection.title]);
    // the receipts stay, the survey answer is gone, the collection answer is untouched
    const after = await myData(deviceId);
    expect(after.receipts).toHaveLength(2);
    expect(after.submissions.map((s) => s.type)).toEqual(['collection']);
  });

  it('takes every encrypted image uploaded for it, answered or not, and no other request’s', async () => {
    const deviceId = newDevice();
    const { collection } = await answerBoth(deviceId, randomAddress());
    const other = await createRequest(alice, collectionBody(key.id, unverifiedEscrow()));
    const upload = async (requestId: string, device: string) =>
      (
        await phone.rest<{ path: string }>('POST', '/v1/requestClient/uploadImage', {
          requestId,
          deviceId: device,
          data: randomBytes(100).toString('base64'),
        })
      ).body.result!.path;
    const answered = await upload(collection.id, deviceId);
    const unanswered = await upload(collection.id, newDevice());
    const elsewhere = await upload(other.id, deviceId);

    expect((await alice.client.rest('POST', '/request.api/delete', { id: collection.id })).status).toBe(200);
    for (const path of [answered, unanswered]) expect((await fetch(server.url + path)).status).toBe(404);
    expect((await fetch(server.url + elsewhere)).status).toBe(200);
    expect(
      await server.db.orm.em.fork().execute('select id from response_images where request_id = ?', [collection.id]),
    ).toEqual([]);
  });
});
