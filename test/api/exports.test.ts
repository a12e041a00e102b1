import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectionCsv, statisticsCsv, surveyResponsesCsv, type StatisticsGroup } from '../../shared/export-format';
import { EXPORT_BATCH } from '../../api/src/modules/responses/exports.service';
import { encryptCollectionResponse } from '../../scripts/simulate/response-crypto';
import { openRow } from '../../web/src/features/responses/open-row';
import { TestClient } from './support/client';
import { buildUser, type TestUser } from './support/factories';
import { runNpmScript } from './support/processes';
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
import { startTestServer, type TestServer } from './support/server';

let server: TestServer;
let alice: TestUser;
let bob: TestUser;
let key: KeyPair;
let survey: LegacyRequest;
let collection: LegacyRequest;

// A question whose title needs CSV quoting and an option a spreadsheet would run as a formula.
const QUESTIONS = [
  { type: 'radios', title: 'Favourite, "best" colour', options: ['=SUM(A1)', 'Blue'] },
  { type: 'checkboxes', title: 'Which devices do you own?', options: ['Phone', 'Watch', 'Tablet'] },
  { type: 'stars', title: 'Rate the app', options: { scale: 5, shape: 'heart' } },
];

const phone = () => new TestClient(server.url);

async function answerSurvey(s: LegacyRequest, colour: string, devices: string[], stars?: number) {
  const q = s.data as LegacyQuestion[];
  const res = await phone().rest('POST', '/v1/requestClient/submitSurvey', {
    requestId: s.id,
    deviceId: newDevice(),
    walletAddress: randomAddress(),
    answers: [
      { questionId: q[0].id, answer: colour },
      { questionId: q[1].id, answer: devices },
      ...(stars === undefined ? [] : [{ questionId: q[2].id, answer: stars }]),
    ],
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

async function submitCollection(r: LegacyRequest, sealed: { encryptedData: string; sealedKey: string }) {
  const res = await phone().rest('POST', '/v1/requestClient/submitCollection', {
    requestId: r.id,
    deviceId: newDevice(),
    walletAddress: randomAddress(),
    ...sealed,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

async function tokenOf(user: TestUser): Promise<{ token: string; id: string }> {
  const created = await user.client.gql<{ createApiToken: { token: string; apiToken: { id: string } } }>(
    `mutation($i: CreateApiTokenInput!) { createApiToken(input: $i) { token apiToken { id } } }`,
    { i: { name: 'exports' } },
  );
  return { token: created.data!.createApiToken.token, id: created.data!.createApiToken.apiToken.id };
}

function withToken(token: string): TestClient {
  const c = new TestClient(server.url);
  c.bearer = token;
  return c;
}

// the body's exact bytes as text (Response.text() would drop the byte order mark)
const bytes = (b: ArrayBuffer) => Buffer.from(b).toString('utf8');

type TableAnswer = { result: { columns: string[]; count: number; offset: number; rows: string[][] } };
const asTable = (body: unknown) => body as TableAnswer;

const get = (client: TestClient, p: string, query: Record<string, string>) =>
  client.fetch(`${p}?${new URLSearchParams(query)}`);

const RESPONSES_FOR_EXPORT = `query($requestId: ID!, $offset: Int!, $limit: Int!) {
  requestResponses(requestId: $requestId, offset: $offset, limit: $limit) {
    list { id memberId createdAt encryptedData sealedKey answers { questionId option } } count } }`;
type ExportRow = {
  id: string;
  memberId: string;
  createdAt: string;
  encryptedData: string | null;
  sealedKey: string | null;
  answers: { questionId: string; option: string }[] | null;
};

/** What the web app's download buttons fetch (the same GraphQL queries, every page of 100). */
async function browserRows(user: TestUser, requestId: string): Promise<ExportRow[]> {
  const rows: ExportRow[] = [];
  for (let offset = 0; ; offset += 100) {
    const page = await user.client.gql<{ requestResponses: { list: ExportRow[]; count: number } }>(
      RESPONSES_FOR_EXPORT,
      { requestId, offset, limit: 100 },
    );
    rows.push(...page.data!.requestResponses.list);
    if (rows.length >= page.data!.requestResponses.count) return rows;
  }
}

async function browserStatistics(user: TestUser, requestId: string): Promise<StatisticsGroup[]> {
  const res = await user.client.gql<{ surveyStatistics: StatisticsGroup[] }>(
    `query($requestId: ID!) { surveyStatistics(requestId: $requestId) { questionId title data { option counter } } }`,
    { requestId },
  );
  return res.data!.surveyStatistics;
}

beforeAll(async () => {
  server = await startTestServer();
  alice = await buildUser(server);
  bob = await buildUser(server);
  key = await buildKey(alice);
  survey = await createRequest(alice, surveyBody(key.id, { data: QUESTIONS, ...unverifiedEscrow() }));
  await answerSurvey(survey, '=SUM(A1)', ['Phone', 'Watch'], 4);
  await answerSurvey(survey, 'Blue', ['Tablet']);
  await answerSurvey(survey, 'Blue', ['Phone'], 2);

  collection = await createRequest(alice, collectionBody(key.id, unverifiedEscrow()));
  await submitCollection(
    collection,
    await encryptCollectionResponse(collection.id, key.publicKeyPem, {
      firstName: 'Zoë',
      lastName: '=cmd',
      age: 36,
      email: 'zoe@example.org',
      location: { name: 'Home', street: '1 Main St, Flat 2', district: 'D', city: 'Leeds', region: 'Y', country: 'GB' },
      health: { stepsPerDay: 8000, restingHeartRate: 61, sleepHours: 7.5 },
      image_upload: ['http://localhost:3000/v1/requestClient/image/x', 'javascript:alert(1)'],
    }),
  );
  // altered on the way: its ciphertext no longer opens (same length, one byte changed)
  const altered = await encryptCollectionResponse(collection.id, key.publicKeyPem, { firstName: 'Eve' });
  const i = altered.encryptedData.length - 6;
  const flipped = altered.encryptedData[i] === 'A' ? 'B' : 'A';
  await submitCollection(collection, {
    ...altered,
    encryptedData: altered.encryptedData.slice(0, i) + flipped + altered.encryptedData.slice(i + 1),
  });
});
afterAll(async () => {
  await server?.close();
});

describe('survey exports', () => {
  it('REST CSV is the web app’s Responses CSV, byte for byte', async () => {
    const res = await get(alice.client, '/v1/export/surveyResponses', { id: survey.id });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="Fitness habits responses \d{4}-\d\d-\d\d\.csv"/,
    );
    const csv = await res.arrayBuffer().then(bytes);
    const groups = await browserStatistics(alice, survey.id);
    const expected = surveyResponsesCsv(groups, await browserRows(alice, survey.id));
    expect(csv).toBe(expected);
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe(
      '\uFEFFMember ID,Submitted,"1. Favourite, ""best"" colour",2. Which devices do you own?,3. Rate the app',
    );
    expect(lines[1]).toMatch(/^[^,]+,\d{4}-\d\d-\d\dT[\d:.]+Z,'=SUM\(A1\),Phone; Watch,4$/);
    expect(lines[2]).toMatch(/,Blue,Tablet,$/);
    expect(lines).toHaveLength(5); // header, 3 rows, the empty string after the last CRLF
  });

  it('JSON has the same columns and cells (without the CSV’s formula guard), paged by offset and limit', async () => {
    const all = await (
      await get(alice.client, '/v1/export/surveyResponses', { id: survey.id, format: 'json' })
    )
      .json()
      .then(asTable);
    expect(all.result.columns).toEqual([
      'Member ID',
      'Submitted',
      '1. Favourite, "best" colour',
      '2. Which devices do you own?',
      '3. Rate the app',
    ]);
    expect(all.result.count).toBe(3);
    expect(all.result.rows).toHaveLength(3);
    expect(all.result.rows[0].slice(2)).toEqual(['=SUM(A1)', 'Phone; Watch', '4']);
    const res = await get(alice.client, '/v1/export/surveyResponses', {
      id: survey.id,
      format: 'json',
      offset: '1',
      limit: '1',
    });
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const page = await res.json().then(asTable);
    expect(page.result).toEqual({ columns: all.result.columns, count: 3, offset: 1, rows: [all.result.rows[1]] });
    // a page of CSV is a whole file: header, then its rows
    const csvPage = await (
      await get(alice.client, '/v1/export/surveyResponses', { id: survey.id, offset: '2' })
    )
      .arrayBuffer()
      .then(bytes);
    expect(csvPage.split('\r\n')).toHaveLength(3);
    expect(csvPage).toMatch(/,Blue,Phone,2\r\n$/);
  });

  it('statistics: the web app’s Statistics CSV, and JSON', async () => {
    const csv = await (
      await get(alice.client, '/v1/export/surveyStatistics', { id: survey.id })
    )
      .arrayBuffer()
      .then(bytes);
    expect(csv).toBe(statisticsCsv(await browserStatistics(alice, survey.id)));
    expect(csv).toContain(`"1. Favourite, ""best"" colour",Blue,2,66.7\r\n`);
    const json = await (
      await get(alice.client, '/v1/export/surveyStatistics', { id: survey.id, format: 'json' })
    )
      .json()
      .then(asTable);
    expect(json.result.columns).toEqual(['Question', 'Option', 'Count', 'Share (%)']);
    expect(json.result.rows).toContainEqual(['1. Favourite, "best" colour', '=SUM(A1)', '1', '33.3']);
    expect(json.result.count).toBe(json.result.rows.length);
  });

  it('GraphQL answers the same columns, cells and CSV', async () => {
    const rest = await (
      await get(alice.client, '/v1/export/surveyResponses', { id: survey.id, format: 'json' })
    )
      .json()
      .then(asTable);
    const restCsv = await (
      await get(alice.client, '/v1/export/surveyResponses', { id: survey.id })
    )
      .arrayBuffer()
      .then(bytes);
    const gql = await alice.client.gql<{
      surveyResponsesExport: { columns: string[]; rows: string[][]; count: number; offset: number; csv: string };
      surveyStatisticsExport: { csv: string };
    }>(
      `query($id: ID!) { surveyResponsesExport(requestId: $id) { columns rows count offset csv }
         surveyStatisticsExport(requestId: $id) { csv } }`,
      { id: survey.id },
    );
    expect(gql.errors).toBeUndefined();
    expect(gql.data!.surveyResponsesExport).toEqual({ ...rest.result, csv: restCsv });
    expect(gql.data!.surveyStatisticsExport.csv).toBe(
      await (await get(alice.client, '/v1/export/surveyStatistics', { id: survey.id })).arrayBuffer().then(bytes),
    );
    const page = await alice.client.gql<{ surveyResponsesExport: { rows: string[][]; offset: number } }>(
      `query($id: ID!) { surveyResponsesExport(requestId: $id, offset: 2, limit: 5) { rows offset } }`,
      { id: survey.id },
    );
    expect(page.data!.surveyResponsesExport).toEqual({ offset: 2, rows: [rest.result.rows[2]] });
    const tooMany = await alice.client.gql(
      `query($id: ID!) { surveyResponsesExport(requestId: $id, limit: 1001) { count } }`,
      {
        id: survey.id,
      },
    );
    expect(tooMany.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
  });

  it(`streams a large study in batches of ${EXPORT_BATCH} in a stable order, the same as its pages`, async () => {
    const big = await createRequest(alice, surveyBody(key.id, { data: QUESTIONS, ...unverifiedEscrow() }));
    await answerSurvey(big, 'Blue', ['Watch'], 5);
    const n = EXPORT_BATCH * 2 + 137;
    const conn = server.db.orm.em.fork().getConnection();
    // n participants answer in one statement, all at the same instant (the order falls back to the id)
    await conn.execute(
      `with p as (
         insert into participants (id, device_id, member_id, wallet_address, created_at, updated_at)
         select gen_random_uuid(), 'bulk-' || g || '-' || ?, 'b' || substr(md5(g || ?), 1, 11),
                '0x' || lpad(to_hex(g), 40, '0'), now(), now()
           from generate_series(1, ?) g
         returning id, wallet_address)
       insert into submissions (id, request_id, owner_id, participant_id, wallet_address, created_at)
       select gen_random_uuid(), ?, ?, p.id, p.wallet_address, timestamp '2026-01-01' from p`,
      [big.id, big.id, n, big.id, alice.id],
    );
    const blue = (big.data as LegacyQuestion[])[0].id;
    await conn.execute(
      `insert into survey_answers (id, submission_id, option_id)
       select gen_random_uuid(), s.id, o.id from submissions s, survey_options o
        where s.request_id = ? and s.created_at = timestamp '2026-01-01' and o.question_id = ? and o.label = 'Blue'`,
      [big.id, blue],
    );
    const csv = await (await get(alice.client, '/v1/export/surveyResponses', { id: big.id })).arrayBuffer().then(bytes);
    const lines = csv.split('\r\n').slice(1, -1);
    expect(lines).toHaveLength(n + 1);
    expect(new Set(lines).size).toBe(n + 1);
    expect(lines.slice(0, n).every((l) => l.includes(',2026-01-01T00:00:00.000Z,Blue,,'))).toBe(true);
    expect(csv).toBe(surveyResponsesCsv(await browserStatistics(alice, big.id), await browserRows(alice, big.id)));
    // pages across a batch boundary join into the whole
    const pages: string[][] = [];
    for (let offset = 0; offset <= n; offset += 400) {
      const page = await (
        await get(alice.client, '/v1/export/surveyResponses', {
          id: big.id,
          format: 'json',
          offset: String(offset),
          limit: '400',
        })
      )
        .json()
        .then(asTable);
      pages.push(...page.result.rows);
    }
    const whole = await (
      await get(alice.client, '/v1/export/surveyResponses', { id: big.id, format: 'json' })
    )
      .json()
      .then(asTable);
    expect(pages).toEqual(whole.result.rows);
    expect(whole.result.count).toBe(n + 1);
    // GraphQL's largest page, 1000 responses, is the same rows
    const gql = await alice.client.gql<{ surveyResponsesExport: { rows: string[][]; count: number } }>(
      `query($id: ID!) { surveyResponsesExport(requestId: $id, offset: 100, limit: 1000) { rows count } }`,
      { id: big.id },
    );
    expect(gql.errors).toBeUndefined();
    expect(gql.data!.surveyResponsesExport.rows).toEqual(whole.result.rows.slice(100, 1100));
  });
});

describe('who may export', () => {
  const paths = ['/v1/export/surveyResponses', '/v1/export/surveyStatistics', '/v1/export/collectionResponses'];
  const idFor = (p: string) => (p.includes('collection') ? collection.id : survey.id);

  it('anonymous: 401 on REST and GraphQL', async () => {
    for (const p of paths) {
      const res = await get(new TestClient(server.url), p, { id: idFor(p) });
      expect(res.status, p).toBe(401);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('UNAUTHENTICATED');
    }
    const gql = await new TestClient(server.url).gql(
      `query($id: ID!) { surveyStatisticsExport(requestId: $id) { count } }`,
      {
        id: survey.id,
      },
    );
    expect(gql.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('another user, by session or by API token: 404, as for a request that does not exist', async () => {
    const bobToken = withToken((await tokenOf(bob)).token);
    for (const client of [bob.client, bobToken]) {
      for (const p of paths) {
        const res = await get(client, p, { id: idFor(p) });
        expect(res.status, p).toBe(404);
        expect(((await res.json()) as { error: { code: string } }).error.code).toBe('NOT_FOUND');
      }
      for (const q of [
        `query($id: ID!) { surveyResponsesExport(requestId: $id) { count } }`,
        `query($id: ID!) { surveyStatisticsExport(requestId: $id) { count } }`,
      ]) {
        const gql = await client.gql(q, { id: survey.id });
        expect(gql.errors?.[0].extensions?.code).toBe('NOT_FOUND');
        expect(gql.data).toBeNull();
      }
      const gql = await client.gql(`query($id: ID!) { collectionResponsesExport(requestId: $id) { count } }`, {
        id: collection.id,
      });
      expect(gql.errors?.[0].extensions?.code).toBe('NOT_FOUND');
    }
  });

  it('the owner’s API token exports; once revoked it is refused', async () => {
    const { token, id } = await tokenOf(alice);
    const integrator = withToken(token);
    const res = await get(integrator, '/v1/export/surveyResponses', { id: survey.id });
    expect(res.status).toBe(200);
    expect(await res.arrayBuffer().then(bytes)).toBe(
      await (await get(alice.client, '/v1/export/surveyResponses', { id: survey.id })).arrayBuffer().then(bytes),
    );
    expect((await get(integrator, '/v1/export/collectionResponses', { id: collection.id })).status).toBe(200);
    await alice.client.gql(`mutation($id: ID!) { revokeApiToken(id: $id) }`, { id });
    expect((await get(integrator, '/v1/export/surveyResponses', { id: survey.id })).status).toBe(401);
  });

  it('a survey export of a collection (and the reverse) is a 404; bad input is a 400', async () => {
    expect((await get(alice.client, '/v1/export/surveyResponses', { id: collection.id })).status).toBe(404);
    expect((await get(alice.client, '/v1/export/collectionResponses', { id: survey.id })).status).toBe(404);
    for (const query of [
      { id: 'nope' } as Record<string, string>,
      { id: survey.id, format: 'xml' },
      { id: survey.id, limit: '0' },
      { id: survey.id, offset: '-1' },
      { id: survey.id, extra: '1' },
    ]) {
      const res = await get(alice.client, '/v1/export/surveyResponses', query);
      expect(res.status, JSON.stringify(query)).toBe(400);
    }
  });
});

describe('collection exports', () => {
  it('answers the sealed records only, with the request key’s id', async () => {
    const res = await alice.client.rest<{
      request: { id: string; keyId: string };
      count: number;
      records: ExportRow[];
    }>('GET', '/v1/export/collectionResponses', undefined, { id: collection.id, limit: '1' });
    expect(res.status).toBe(200);
    expect(res.body.result!.request).toMatchObject({ id: collection.id, keyId: key.id });
    expect(res.body.result!.count).toBe(2);
    expect(res.body.result!.records).toHaveLength(1);
    const [record] = res.body.result!.records;
    expect(record.encryptedData).toMatch(/^aesgcm1\./);
    expect(record.sealedKey).toMatch(/^hpke1\./);
    expect(JSON.stringify(res.body)).not.toContain('Zoë');
    const gql = await alice.client.gql<{ collectionResponsesExport: { keyId: string; records: ExportRow[] } }>(
      `query($id: ID!) { collectionResponsesExport(requestId: $id, limit: 1) { keyId records { id memberId createdAt encryptedData sealedKey } } }`,
      { id: collection.id },
    );
    expect(gql.data!.collectionResponsesExport).toEqual({ keyId: key.id, records: [record] });
  });

  describe('npm run export', () => {
    let dir: string;
    let keyFile: string;
    let token: string;
    beforeAll(async () => {
      dir = mkdtempSync(path.join(os.tmpdir(), 'parley-export-'));
      keyFile = path.join(dir, 'privateKey.pem');
      writeFileSync(keyFile, key.privateKeyPem);
      token = (await tokenOf(alice)).token;
    });

    const run = (args: string[], env: Record<string, string> = {}) => runNpmScript('export', args, env);

    it('writes the exact CSV the browser makes from the same records', async () => {
      const { code, stdout, stderr } = await run(['--request', collection.id, '--key', keyFile, '--url', server.url], {
        PARLEY_API_TOKEN: token,
      });
      expect(stderr).toContain('2 responses written, 1 could not be decrypted');
      expect(code).toBe(0);
      // the browser: the same GraphQL rows, opened and written by the web app's modules
      const rows = await browserRows(alice, collection.id);
      const opened = [];
      for (const row of rows) {
        opened.push({
          memberId: row.memberId,
          createdAt: row.createdAt,
          opened: await openRow(key.privateKeyPem, collection.id, row),
        });
      }
      const browser = collectionCsv(opened);
      expect(stdout.equals(Buffer.from(browser, 'utf8'))).toBe(true);
      const text = stdout.toString('utf8');
      expect(text).toContain(
        `Zoë,'=cmd,36,,zoe@example.org,,Home,"1 Main St, Flat 2",D,Leeds,Y,GB,8000,61,7.5,,,,http://localhost:3000/v1/requestClient/image/x,decrypted\r\n`,
      );
      expect(text).toContain('Could not be decrypted: the data was altered or belongs to another request.');
    });

    it('writes a file with --out and --token, paging through the API', async () => {
      const out = path.join(dir, 'responses.csv');
      const { code } = await run([
        '--request',
        collection.id,
        '--key',
        keyFile,
        '--url',
        server.url,
        '--token',
        token,
        '--out',
        out,
      ]);
      expect(code).toBe(0);
      const { readFileSync } = await import('node:fs');
      const viaStdout = await run(['--request', collection.id, '--key', keyFile, '--url', server.url], {
        PARLEY_API_TOKEN: token,
      });
      expect(readFileSync(out).equals(viaStdout.stdout)).toBe(true);
    });

    it('refuses another key, another user’s token and a missing argument, saying why', async () => {
      const other = path.join(dir, 'other.pem');
      writeFileSync(other, (await buildKey(alice, 'Another key')).privateKeyPem);
      const wrongKey = await run(['--request', collection.id, '--key', other, '--url', server.url], {
        PARLEY_API_TOKEN: token,
      });
      expect(wrongKey.code).toBe(1);
      expect(wrongKey.stderr).toContain("The key file is not this request's key");
      expect(wrongKey.stdout.length).toBe(0);
      // with --out, a refused export leaves no file behind (not even a partial one)
      const refusedFile = path.join(dir, 'refused.csv');
      const refused = await run(
        ['--request', collection.id, '--key', other, '--url', server.url, '--out', refusedFile],
        { PARLEY_API_TOKEN: token },
      );
      expect(refused.code).toBe(1);
      expect(existsSync(refusedFile) || existsSync(`${refusedFile}.part`)).toBe(false);
      // a server URL with a trailing slash (or a path prefix) is taken as the base
      const slash = await run(['--request', collection.id, '--key', keyFile, '--url', `${server.url}/`], {
        PARLEY_API_TOKEN: token,
      });
      expect(slash.code, slash.stderr).toBe(0);
      const bobs = await run(['--request', collection.id, '--key', keyFile, '--url', server.url], {
        PARLEY_API_TOKEN: (await tokenOf(bob)).token,
      });
      expect(bobs.code).toBe(1);
      expect(bobs.stderr).toContain('NOT_FOUND');
      const usage = await run(['--request', collection.id]);
      expect(usage.code).toBe(2);
      expect(usage.stderr).toContain('usage: npm run export');
    });
  });
});
