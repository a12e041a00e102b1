import { beforeAll, describe, expect, it } from 'vitest';
import { Payout } from '../../api/src/modules/payouts/payout.entity';
import { Submission } from '../../api/src/modules/responses/submission.entity';
import { encryptCollectionResponse } from '../../scripts/simulate/response-crypto';
import { openCollectionResponse } from '../../web/src/crypto/collection-response';
import type { TestClient } from './support/client';
import type { TestUser } from './support/factories';
import {
  createRequest,
  expectError,
  newDevice,
  randomAddress,
  SURVEY_QUESTIONS,
  surveyBody,
  unverifiedEscrow,
  type KeyPair,
  type LegacyQuestion,
  type LegacyRequest,
} from './support/requests';
import { usePhoneTestbed } from './support/phone-testbed';
import type { TestServer } from './support/server';

// Survey format version 2: the newer question types over the phone paths and GraphQL, personal
// answers as ciphertext, and what a client that knows only version 1 is told.
let server: TestServer;
let alice: TestUser;
let key: KeyPair;
let phone: TestClient;

usePhoneTestbed((t) => ({ server, alice, key, phone } = t));

const V2_QUESTIONS = [
  { type: 'radios', title: 'How often do you exercise?', options: ['Never', 'Weekly', 'Daily'] },
  { type: 'short_text', title: 'Your nickname' },
  { type: 'long_text', title: 'Anything else?', required: false },
  { type: 'number', title: 'Your weight', min: 30, max: 250, unit: 'kg' },
  { type: 'date', title: 'Your last check-up', required: false },
  { type: 'nps', title: 'Would you recommend us?' },
  { type: 'matrix', title: 'Rate each', options: ['Bad', 'OK', 'Good'], rows: ['Price', 'Speed'] },
  { type: 'ranking', title: 'Order these', options: ['Sleep', 'Food', 'Sport'] },
];

type Accepted = { id: string };
const submit = (r: LegacyRequest, body: Record<string, unknown>) =>
  phone.rest<Accepted>('POST', '/v1/requestClient/submitSurvey', {
    requestId: r.id,
    deviceId: newDevice(),
    walletAddress: randomAddress(),
    surveyVersion: 2,
    ...body,
  });
type Group = {
  title: string;
  type: string;
  data: { option: string; counter: number; row?: string; meanRank?: number }[];
};
const statistics = async (r: LegacyRequest) =>
  (await alice.client.rest<Group[]>('GET', '/request.api/statistic', undefined, { id: r.id })).body.result!;

describe('a survey with the newer types', () => {
  let s: LegacyRequest;
  let q: LegacyQuestion[];
  let old: LegacyRequest;
  beforeAll(async () => {
    s = await createRequest(
      alice,
      surveyBody(key.id, { data: V2_QUESTIONS, bonus_amount: 100, bonus_each: 1, ...unverifiedEscrow() }),
    );
    q = s.data as LegacyQuestion[];
    old = await createRequest(alice, surveyBody(key.id, { data: SURVEY_QUESTIONS, ...unverifiedEscrow() }));
  });

  const closed = (nps: number, matrix: Record<string, string>, ranking: string[]) => [
    { questionId: q[0].id, answer: 'Daily' },
    { questionId: q[5].id, answer: nps },
    { questionId: q[6].id, answer: matrix },
    { questionId: q[7].id, answer: ranking },
  ];
  const sealed = (data: Record<string, unknown>) => encryptCollectionResponse(s.id, key.publicKeyPem, data as never);

  it('stores every type with its settings and serves them to a version 2 client', async () => {
    expect(q.map((x) => [x.type, x.options])).toEqual([
      ['radios', ['Never', 'Weekly', 'Daily']],
      ['short_text', []],
      ['long_text', []],
      ['number', []],
      ['date', []],
      ['nps', []],
      ['matrix', ['Bad', 'OK', 'Good']],
      ['ranking', ['Sleep', 'Food', 'Sport']],
    ]);
    expect(q[3]).toMatchObject({ required: true, min: 30, max: 250, unit: 'kg' });
    expect(q[2]).toMatchObject({ required: false });
    expect(q[6]).toMatchObject({ rows: ['Price', 'Speed'] });
    expect(q[0]).not.toHaveProperty('required');
    const res = await phone.rest<LegacyQuestion[]>('GET', '/v1/requestClient/getSurveyQuestions', undefined, {
      requestId: s.id,
      surveyVersion: '2',
    });
    expect(res.body.result).toEqual(q);
    const gql = await alice.client.gql<{ request: { questions: Record<string, unknown>[] } }>(
      `query($id: ID!) { request(id: $id) { questions { type choices required min max unit rows } } }`,
      { id: s.id },
    );
    expect(gql.data?.request.questions[3]).toEqual({
      type: 'number',
      choices: [],
      required: true,
      min: 30,
      max: 250,
      unit: 'kg',
      rows: null,
    });
    expect(gql.data?.request.questions[5]).toMatchObject({ type: 'nps', choices: [], rows: null });
  });

  it('tells a version 1 client to update, and serves it surveys of the four old types as before', async () => {
    for (const res of [
      await phone.rest('GET', '/v1/requestClient/getSurveyQuestions', undefined, { requestId: s.id }),
      await phone.rest('GET', '/v1/requestClient/getEndUserData', undefined, { requestID: s.id }),
      await submit(s, {
        surveyVersion: undefined,
        answers: closed(9, { Price: 'OK', Speed: 'Good' }, ['Sleep', 'Food', 'Sport']),
      }),
    ]) {
      expectError(res, 409, 'CLIENT_UPDATE_REQUIRED');
      expect((res.body as { error: { message: string } }).error.message).toMatch(/update the app/);
    }
    const plain = await phone.rest<LegacyQuestion[]>('GET', '/v1/requestClient/getSurveyQuestions', undefined, {
      requestId: old.id,
    });
    expect(plain.body.result!.map((x) => Object.keys(x).sort())).toEqual(
      Array(4).fill(['id', 'index', 'options', 'title', 'type']),
    );
    const oldAnswers = [
      { index: 0, answer: 'Daily' },
      { index: 1, answer: ['Phone'] },
      { index: 2, answer: '45+' },
    ];
    expect((await submit(old, { surveyVersion: undefined, answers: oldAnswers })).status).toBe(200);
  });

  it('counts closed answers and keeps personal ones as ciphertext only', async () => {
    const personal = { [q[1].id]: 'Ada Lovelace', [q[3].id]: 61.5 };
    const one = await submit(s, {
      answers: closed(10, { Price: 'OK', Speed: 'Good' }, ['Sleep', 'Food', 'Sport']),
      personal: [q[1].id, q[3].id],
      ...(await sealed({ answers: personal })),
    });
    expect(one.status).toBe(200);
    const two = await submit(s, {
      answers: closed(3, { Price: 'Bad', Speed: 'Good' }, ['Food', 'Sleep', 'Sport']),
      personal: [q[1].id, q[3].id],
      ...(await sealed({ answers: { [q[1].id]: 'Bo', [q[3].id]: 80 } })),
    });
    expect(two.status).toBe(200);
    const groups = await statistics(s);
    const nps = groups[5].data.filter((d) => d.counter > 0).map((d) => [d.option, d.counter]);
    expect(nps).toEqual([
      ['3', 1],
      ['10', 1],
    ]);
    expect(groups[6].data.map((d) => [d.row, d.option, d.counter])).toEqual([
      ['Price', 'Bad', 1],
      ['Price', 'OK', 1],
      ['Price', 'Good', 0],
      ['Speed', 'Bad', 0],
      ['Speed', 'OK', 0],
      ['Speed', 'Good', 2],
    ]);
    expect(groups[7].data.map((d) => [d.option, d.meanRank])).toEqual([
      ['Sleep', 1.5],
      ['Food', 1.5],
      ['Sport', 3],
    ]);
    expect(groups[1].data).toEqual([]);
    const row = await server.db.orm.em.fork().findOneOrFail(Submission, one.body.result!.id);
    expect(row.encryptedData).toMatch(/^aesgcm1\./);
    // (a space: no run of base64 characters can match it by chance, as a bare 'Ada' once did)
    expect(row.encryptedData).not.toContain('Ada Lovelace');
    const opened = await openCollectionResponse(key.privateKeyPem, s.id, {
      encryptedData: row.encryptedData!,
      sealedKey: row.sealedKey!,
    });
    expect(opened).toEqual({ answers: personal });
  });

  it('refuses answers that do not fit their question, naming it', async () => {
    const good = { Price: 'OK', Speed: 'Good' };
    const order = ['Sleep', 'Food', 'Sport'];
    const cases: [unknown[], string[] | undefined, RegExp][] = [
      [closed(11, good, order), [q[1].id, q[3].id], /Would you recommend us\?.*0 to 10|0 to 10/],
      [closed(5, { Price: 'OK' }, order), [q[1].id, q[3].id], /every row of "Rate each"; missing: Speed/],
      [closed(5, { ...good, Colour: 'OK' }, order), [q[1].id, q[3].id], /"Colour" is not a row of "Rate each"/],
      [closed(5, good, ['Sleep', 'Food']), [q[1].id, q[3].id], /rank every choice of "Order these" once/],
      [closed(5, good, ['Sleep', 'Sleep', 'Food']), [q[1].id, q[3].id], /rank every choice/],
      [closed(5, good, order), [q[1].id], /missing: Your weight/],
      [closed(5, good, order), [q[1].id, q[0].id], /not a personal question/],
      [[...closed(5, good, order), { questionId: q[1].id, answer: 'Ada' }], [q[3].id], /"Your nickname" is personal/],
    ];
    for (const [answers, personal, message] of cases) {
      const res = await submit(s, { answers, personal, ...(await sealed({ answers: {} })) });
      expectError(res, 400, 'BAD_USER_INPUT');
      expect((res.body as { error: { message: string } }).error.message).toMatch(message);
    }
    // personal answers must come sealed
    expectError(
      await submit(s, { answers: closed(5, good, order), personal: [q[1].id, q[3].id] }),
      400,
      'BAD_USER_INPUT',
    );
  });

  it('refuses settings that cannot work, in the designer and on the server', async () => {
    for (const [question, message] of [
      [{ type: 'number', title: 'Weight', min: 10, max: 5 }, /largest answer must not be below/],
      [{ type: 'matrix', title: 'Rate', options: ['A'], rows: [] }, /at least one row/],
      [{ type: 'matrix', title: 'Rate', options: [], rows: ['x'] }, /at least one choice/],
      [{ type: 'ranking', title: 'Order', options: ['A', 'A'] }, /must all be different/],
    ] as const) {
      const res = await alice.client.rest('POST', '/v1/request/create', surveyBody(key.id, { data: [question] }));
      expectError(res, 400, 'BAD_USER_INPUT');
      expect(JSON.stringify(res.body)).toMatch(message);
    }
  });
});

const messageOf = (res: { body: unknown }) => (res.body as { error: { message: string } }).error.message;

describe('logic', () => {
  const eq = (question: number, value: string) => ({
    match: 'all',
    conditions: [{ question, op: 'equals', values: [value] }],
  });
  const LOGIC = [
    {
      type: 'radios',
      title: 'Do you exercise?',
      options: ['Yes', 'No'],
      logic: { skip: { when: eq(0, 'No'), to: 3 } },
    },
    { type: 'nps', title: 'You said {{q1}}: recommend it?' },
    {
      type: 'checkboxes',
      title: 'What do promoters like?',
      options: ['Air', 'Fun'],
      logic: { showIf: { match: 'any', conditions: [{ question: 1, op: 'range', min: 9, max: 10 }] } },
    },
    { type: 'dropdown', title: 'Age band', options: ['18-24', '25+'] },
  ];
  let s: LegacyRequest;
  let q: LegacyQuestion[];
  beforeAll(async () => {
    s = await createRequest(
      alice,
      surveyBody(key.id, { data: LOGIC, bonus_amount: 100, bonus_each: 1, ...unverifiedEscrow() }),
    );
    q = s.data as LegacyQuestion[];
  });
  const answers = (...given: [number, unknown][]) => given.map(([i, answer]) => ({ questionId: q[i].id, answer }));

  it('keeps the logic and serves it to version 2 clients only', async () => {
    expect((q[0] as { logic?: unknown }).logic).toEqual({ skip: { when: eq(0, 'No'), to: 3 } });
    expect(q[1].title).toBe('You said {{q1}}: recommend it?');
    const gql = await alice.client.gql<{ request: { questions: { logic: unknown }[] } }>(
      `query($id: ID!) { request(id: $id) { questions { logic { showIf { match conditions { question op values min max } } skip { to } } } } }`,
      { id: s.id },
    );
    expect(gql.data?.request.questions[0].logic).toEqual({ showIf: null, skip: { to: '3' } });
    expect(gql.data?.request.questions[2].logic).toEqual({
      showIf: { match: 'any', conditions: [{ question: 1, op: 'range', values: null, min: 9, max: 10 }] },
      skip: null,
    });
    const old = await phone.rest('GET', '/v1/requestClient/getSurveyQuestions', undefined, { requestId: s.id });
    expectError(old, 409, 'CLIENT_UPDATE_REQUIRED');
    expect(messageOf(old)).toMatch(/, logic\): update the app/);
  });

  it('takes answers that follow the logic and refuses the others, naming the question', async () => {
    for (const ok of [
      answers([0, 'Yes'], [1, 10], [2, ['Fun']], [3, '25+']),
      answers([0, 'Yes'], [1, 5], [3, '25+']),
      answers([0, 'No'], [3, '18-24']),
    ]) {
      expect((await submit(s, { answers: ok })).status).toBe(200);
    }
    for (const [bad, message] of [
      [answers([0, 'Yes'], [1, 5], [2, ['Fun']], [3, '25+']), /"What do promoters like\?" is not shown/],
      [answers([0, 'No'], [1, 9], [3, '25+']), /"You said \{\{q1\}\}: recommend it\?" is not shown/],
      [answers([0, 'Yes'], [3, '25+']), /missing: You said \{\{q1\}\}: recommend it\?/],
      [answers([0, 'Yes'], [1, 9], [3, '25+']), /missing: What do promoters like\?/],
    ] as const) {
      const res = await submit(s, { answers: bad });
      expectError(res, 400, 'BAD_USER_INPUT');
      expect(messageOf(res)).toMatch(message);
    }
  });

  it('refuses logic on later or missing questions, unknown answers and skips backwards', async () => {
    const at = (logic: object, i = 1) => LOGIC.map((x, j) => (j === i ? { ...x, logic } : x));
    for (const [data, message] of [
      [at({ showIf: eq(2, 'Air') }), /Question 2: its display condition must look at an earlier question/],
      [at({ showIf: eq(0, 'Maybe') }), /"Maybe" is not an answer of question 1/],
      [at({ skip: { when: eq(0, 'Yes'), to: 0 } }), /Question 2: a skip must go to a later question/],
      [at({ showIf: eq(3, '25+') }, 3), /must look at an earlier question/],
      [LOGIC.map((x, j) => (j === 3 ? { ...x, title: 'Age, {{q9}}?' } : x)), /pipes question 9/],
    ] as const) {
      const res = await alice.client.rest('POST', '/v1/request/create', surveyBody(key.id, { data }));
      expectError(res, 400, 'BAD_USER_INPUT');
      expect(messageOf(res)).toMatch(message);
    }
  });
});

describe('languages', () => {
  const SAVE = `mutation($input: CreateRequestInput!) { createRequest(input: $input) {
    id language translations { language title description } questionTranslations { question language }
    questions { title choices rows translations { language title choices rows unit } } } }`;
  const QUESTIONS = [
    {
      type: 'radios',
      title: 'Do you exercise?',
      choices: ['Yes', 'No'],
      translations: [{ language: 'ar', title: 'هل تمارس الرياضة؟', choices: ['نعم', 'لا'] }],
    },
    {
      type: 'matrix',
      title: 'Rate each',
      choices: ['Bad', 'Good'],
      rows: ['Price', 'Speed'],
      // the second row is not translated yet: the English one is shown
      translations: [{ language: 'ar', title: 'قيّم كل واحد', choices: ['سيئ', 'جيد'], rows: ['السعر', ''] }],
    },
    { type: 'nps', title: 'Would you recommend us?' },
  ];
  const input = (overrides: Record<string, unknown> = {}) => ({
    type: 'survey',
    title: 'Habits',
    description: 'Three questions',
    keyId: key.id,
    bonusAmount: 100,
    bonusEach: 1,
    status: 1,
    escrowAddress: randomAddress(),
    signerAddress: randomAddress(),
    language: 'en',
    translations: [{ language: 'ar', title: 'عادات', description: 'ثلاثة أسئلة' }],
    questions: QUESTIONS,
    ...overrides,
  });
  type Saved = {
    id: string;
    language: string;
    translations: unknown[];
    questionTranslations: unknown[];
    questions: { translations: Record<string, unknown>[] }[];
  };
  let s: Saved;
  beforeAll(async () => {
    const res = await alice.client.gql<{ createRequest: Saved }>(SAVE, { input: input() });
    if (!res.data) throw new Error(JSON.stringify(res.errors));
    s = res.data.createRequest;
  });

  it('stores the default language and every translation, and reads them back', async () => {
    expect(s.language).toBe('en');
    expect(s.questionTranslations).toEqual([
      { question: 0, language: 'ar' },
      { question: 1, language: 'ar' },
    ]);
    expect(s.translations).toEqual([{ language: 'ar', title: 'عادات', description: 'ثلاثة أسئلة' }]);
    expect(s.questions.map((q) => q.translations)).toEqual([
      [{ language: 'ar', title: 'هل تمارس الرياضة؟', choices: ['نعم', 'لا'], rows: null, unit: null }],
      [{ language: 'ar', title: 'قيّم كل واحد', choices: ['سيئ', 'جيد'], rows: ['السعر', ''], unit: null }],
      [],
    ]);
    // a translation edited after answers arrived: the questions (and their counts) stay
    const answered = await submit({ id: s.id } as LegacyRequest, {
      answers: [
        { index: 0, answer: 'Yes' },
        { index: 1, answer: { Price: 'Good', Speed: 'Bad' } },
        { index: 2, answer: 9 },
      ],
    });
    expect(answered.status).toBe(200);
    const edit = await alice.client.gql<{ updateRequest: Saved }>(
      `mutation($id: ID!, $input: UpdateRequestInput!) { updateRequest(id: $id, input: $input) {
        questions { translations { title } } } }`,
      {
        id: s.id,
        input: {
          questions: QUESTIONS.map((q, i) =>
            i === 2 ? { ...q, translations: [{ language: 'ar', title: 'هل تنصح بنا؟' }] } : q,
          ),
        },
      },
    );
    expect(edit.errors).toBeUndefined();
    expect(edit.data?.updateRequest.questions[2].translations).toEqual([{ title: 'هل تنصح بنا؟' }]);
    // the legacy read-back carries the translations, so an edit that sends its questions back keeps them
    const read = (await alice.client.rest<LegacyRequest>('GET', '/v1/request/get', undefined, { id: s.id })).body
      .result as LegacyRequest & { translations: unknown[]; language: string };
    expect(read).toMatchObject({ language: 'en', translations: [{ language: 'ar', title: 'عادات' }] });
    const back = await alice.client.rest('POST', '/request.api/edit', { id: s.id, data: read.data });
    expect(back.status).toBe(200);
    const after = await alice.client.gql<{ request: Saved }>(
      `query($id: ID!) { request(id: $id) { questions { translations { title } } } }`,
      { id: s.id },
    );
    expect(after.data?.request.questions[0].translations).toEqual([{ title: 'هل تمارس الرياضة؟' }]);
    const groups = await statistics({ id: s.id } as LegacyRequest);
    expect(groups[0].data).toEqual([
      { option: 'Yes', counter: 1 },
      { option: 'No', counter: 0 },
    ]);
  });

  it('takes a language added after answers arrived, and no change to the questions themselves', async () => {
    const created = await alice.client.gql<{ createRequest: Saved }>(SAVE, { input: input() });
    const id = created.data!.createRequest.id;
    const answered = await submit({ id } as LegacyRequest, {
      answers: [
        { index: 0, answer: 'No' },
        { index: 1, answer: { Price: 'Bad', Speed: 'Good' } },
        { index: 2, answer: 7 },
      ],
    });
    expect(answered.status).toBe(200);
    const update = (changes: Record<string, unknown>) =>
      alice.client.gql<{ updateRequest: Saved }>(
        `mutation($id: ID!, $input: UpdateRequestInput!) { updateRequest(id: $id, input: $input) {
          language translations { language } questions { title translations { language title } } } }`,
        { id, input: changes },
      );
    const french = { language: 'fr', title: 'Faites-vous du sport ?', choices: ['Oui', 'Non'] };
    const withFrench = QUESTIONS.map((q, i) => (i === 0 ? { ...q, translations: [...q.translations!, french] } : q));
    const added = await update({
      translations: [...input().translations, { language: 'fr', title: 'Habitudes', description: 'Trois questions' }],
      questions: withFrench,
    });
    expect(added.errors).toBeUndefined();
    expect(added.data?.updateRequest.questions[0].translations).toEqual([
      { language: 'ar', title: 'هل تمارس الرياضة؟' },
      { language: 'fr', title: 'Faites-vous du sport ?' },
    ]);
    // a default-language text, a choice, the logic or the survey's own language: refused, nothing saved
    for (const changes of [
      { questions: withFrench.map((q, i) => (i === 0 ? { ...q, title: 'Do you run?' } : q)) },
      { questions: withFrench.map((q, i) => (i === 0 ? { ...q, choices: ['Yes', 'Never'] } : q)) },
      { questions: withFrench.map((q, i) => (i === 2 ? { ...q, required: false } : q)) },
      { language: 'de' },
    ]) {
      const refused = await update(changes);
      expect(refused.errors?.[0]?.extensions?.code, JSON.stringify(changes)).toBe('CONFLICT');
    }
    const after = await alice.client.gql<{ request: Saved }>(
      `query($id: ID!) { request(id: $id) { language questions { title choices } } }`,
      { id },
    );
    expect(after.data?.request).toMatchObject({
      language: 'en',
      questions: [{ title: 'Do you exercise?', choices: ['Yes', 'No'] }, {}, {}],
    });
  });

  it('refuses unknown languages, long texts and translations that add or remove a choice, naming the field', async () => {
    // the legacy form's create (REST): 400 with each problem's field
    const legacy = (overrides: Record<string, unknown>) =>
      alice.client.rest('POST', '/v1/request/create', {
        ...surveyBody(key.id, { data: [{ type: 'radios', title: 'Do you exercise?', options: ['Yes', 'No'] }] }),
        translations: [{ language: 'ar', title: 'عادات' }],
        ...overrides,
      });
    const q0 = { type: 'radios', title: 'Do you exercise?', options: ['Yes', 'No'] };
    for (const [overrides, path, message] of [
      [{ language: 'xx' }, 'language', /must be one of en, ar, /],
      [{ translations: [{ language: 'klingon' }] }, 'translations.0.language', /must be one of/],
      [{ translations: [{ language: 'en' }] }, 'translations', /survey's own language/],
      [
        { translations: [{ language: 'ar', description: 'x'.repeat(5001) }] },
        'translations.0.description',
        /at most 5000/,
      ],
      [
        { data: [{ ...q0, translations: [{ language: 'ar', choices: ['نعم', 'لا', 'ربما'] }] }] },
        'questions.0.translations.0.choices',
        /as many choices as the question \(2\), not 3: it cannot add or remove one/,
      ],
      [
        { data: [{ ...q0, translations: [{ language: 'ar', title: 'x'.repeat(501) }] }] },
        // the legacy call's own name for the questions
        'data.0.translations.0.title',
        /at most 500/,
      ],
      [
        { data: [{ ...q0, translations: [{ language: 'fr', title: 'Faites-vous du sport ?' }] }] },
        'questions.0.translations',
        /translated into fr, which is not one of the survey's added languages \(ar\)/,
      ],
    ] as const) {
      const res = await legacy(overrides);
      expectError(res, 400, 'BAD_USER_INPUT');
      const details = (res.body as { error: { details: { path: string; message: string }[] } }).error.details;
      expect(details.find((d) => d.path === path)?.message, JSON.stringify(details)).toMatch(message);
    }
    // GraphQL says the same, with the field
    const res = await alice.client.gql(SAVE, {
      input: input({ questions: [{ ...QUESTIONS[0], translations: [{ language: 'ar', choices: ['نعم'] }] }] }),
    });
    expect(res.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(res.errors?.[0]?.extensions?.details).toEqual([
      {
        path: 'questions.0.translations.0.choices',
        message: 'A translation has as many choices as the question (2), not 1: it cannot add or remove one',
      },
    ]);
  });

  it('serves the phone the language it asks for, or its Accept-Language, beside the default texts', async () => {
    const questions = (query: Record<string, string>, headers: Record<string, string> = {}) =>
      phone
        .fetch(
          `/v1/requestClient/getSurveyQuestions?${new URLSearchParams({ requestId: s.id, surveyVersion: '2', ...query })}`,
          {
            headers,
          },
        )
        .then(
          async (res) => (await res.json()) as { result: (LegacyQuestion & { localized: Record<string, unknown> })[] },
        );
    const arabic = (await questions({ lang: 'ar' })).result;
    expect(arabic[0]).toMatchObject({ title: 'Do you exercise?', options: ['Yes', 'No'] });
    expect(arabic[0].localized).toEqual({
      language: 'ar',
      title: 'هل تمارس الرياضة؟',
      choices: ['نعم', 'لا'],
      rows: [],
      unit: null,
    });
    expect(arabic[1].localized).toMatchObject({ rows: ['السعر', 'Speed'] });
    const byHeader = (await questions({}, { 'accept-language': 'fr-FR, ar-EG;q=0.8, en;q=0.5' })).result;
    expect(byHeader[0].localized.language).toBe('ar');
    expect((await questions({ lang: 'de' }, { 'accept-language': 'ar' })).result[0].localized).toMatchObject({
      language: 'en',
      title: 'Do you exercise?',
    });
    const bad = await phone.rest('GET', '/v1/requestClient/getSurveyQuestions', undefined, {
      requestId: s.id,
      lang: 'ar_EG!',
    });
    expectError(bad, 400, 'BAD_USER_INPUT');
    expect(messageOf(bad)).toMatch(/^lang: /);
    const page = await phone.rest<Record<string, unknown>>('GET', '/v1/requestClient/getEndUserData', undefined, {
      requestID: s.id,
      surveyVersion: '2',
      lang: 'ar-EG',
    });
    expect(page.body.result).toMatchObject({
      language: 'ar',
      languages: ['en', 'ar'],
      dir: 'rtl',
      localized: { title: 'عادات', description: 'ثلاثة أسئلة' },
      description: 'Three questions',
    });
  });

  it('keeps a translated question in its shuffled block, its choices shuffled, for the phone too', async () => {
    const shuffled = QUESTIONS.map((q, i) => (i === 0 ? { ...q, block: { shuffle: true }, shuffleOptions: true } : q));
    const res = await alice.client.gql<{
      createRequest: { id: string; questions: { block: unknown; shuffleOptions: boolean; translations: unknown[] }[] };
    }>(
      `mutation($input: CreateRequestInput!) { createRequest(input: $input) {
        id questions { block { shuffle } shuffleOptions translations { language choices } } } }`,
      { input: input({ questions: shuffled }) },
    );
    if (!res.data) throw new Error(JSON.stringify(res.errors));
    const [first, second] = res.data.createRequest.questions;
    expect(first).toEqual({
      block: { shuffle: true },
      shuffleOptions: true,
      translations: [{ language: 'ar', choices: ['نعم', 'لا'] }],
    });
    expect(second).toMatchObject({ block: null, shuffleOptions: false });
    const served = await phone.rest<(LegacyQuestion & Record<string, unknown>)[]>(
      'GET',
      '/v1/requestClient/getSurveyQuestions',
      undefined,
      { requestId: res.data.createRequest.id, surveyVersion: '2', lang: 'ar' },
    );
    expect(served.body.result?.[0]).toMatchObject({
      options: ['Yes', 'No'],
      block: { shuffle: true },
      shuffleOptions: true,
      localized: { language: 'ar', choices: ['نعم', 'لا'] },
    });
  });
});

describe('randomisation', () => {
  // a fixed first question, a shuffled block of three (one shuffles its choices), then a block in
  // the designed order; the four old types only, so a version 1 client may answer it too
  const ORDERED = [
    { type: 'radios', title: 'Do you snack?', options: ['Yes', 'No'] },
    {
      type: 'radios',
      title: 'Favourite colour',
      options: ['Red', 'Green', 'Blue'],
      block: { shuffle: true },
      shuffleOptions: true,
    },
    { type: 'checkboxes', title: 'Snacks', options: ['Tea', 'Cake'] },
    { type: 'dropdown', title: 'Area', options: ['North', 'South'] },
    { type: 'stars', title: 'Rate us', options: { scale: 5, shape: 'star' }, block: { shuffle: false } },
  ];
  let s: LegacyRequest;
  let q: LegacyQuestion[];
  beforeAll(async () => {
    s = await createRequest(
      alice,
      surveyBody(key.id, { data: ORDERED, bonus_amount: 100, bonus_each: 1, ...unverifiedEscrow() }),
    );
    q = s.data as LegacyQuestion[];
  });
  const answers = () => [
    { questionId: q[0].id, answer: 'Yes' },
    { questionId: q[1].id, answer: 'Blue' },
    { questionId: q[2].id, answer: ['Cake'] },
    { questionId: q[3].id, answer: 'South' },
    { questionId: q[4].id, answer: 4 },
  ];
  const order = (ids: number[], colours = ['Blue', 'Red', 'Green']) => ({
    questions: ids.map((i) => q[i].id),
    options: { [q[1].id]: colours },
  });

  it('keeps the blocks and switches and serves them', async () => {
    expect(
      q.map((x) => [(x as { block?: unknown }).block, (x as { shuffleOptions?: unknown }).shuffleOptions]),
    ).toEqual([
      [undefined, undefined],
      [{ shuffle: true }, true],
      [undefined, undefined],
      [undefined, undefined],
      [{ shuffle: false }, undefined],
    ]);
    const gql = await alice.client.gql<{ request: { questions: unknown[] } }>(
      `query($id: ID!) { request(id: $id) { questions { block { shuffle } shuffleOptions } } }`,
      { id: s.id },
    );
    expect(gql.data?.request.questions).toEqual([
      { block: null, shuffleOptions: false },
      { block: { shuffle: true }, shuffleOptions: true },
      { block: null, shuffleOptions: false },
      { block: null, shuffleOptions: false },
      { block: { shuffle: false }, shuffleOptions: false },
    ]);
  });

  it('stores the order each participant saw and exports it', async () => {
    const one = await submit(s, { answers: answers(), presented: order([0, 3, 1, 2, 4]) });
    expect(one.status).toBe(200);
    // a version 1 client shows the designed order and sends none
    const old = await submit(s, { surveyVersion: undefined, answers: answers() });
    expect(old.status).toBe(200);
    const row = await server.db.orm.em.fork().findOneOrFail(Submission, one.body.result!.id);
    expect(row.presented).toEqual(order([0, 3, 1, 2, 4]));
    const listed = await alice.client.gql<{
      requestResponses: { list: { id: string; presented: unknown }[] };
    }>(
      `query($id: ID!) { requestResponses(requestId: $id) { list { id presented { questions options { questionId options } } } } }`,
      { id: s.id },
    );
    expect(listed.data?.requestResponses.list).toEqual([
      {
        id: one.body.result!.id,
        presented: {
          questions: order([0, 3, 1, 2, 4]).questions,
          options: [{ questionId: q[1].id, options: ['Blue', 'Red', 'Green'] }],
        },
      },
      { id: old.body.result!.id, presented: null },
    ]);
    const exported = (await (
      await alice.client.fetch(`/v1/export/surveyResponses?${new URLSearchParams({ id: s.id, format: 'json' })}`)
    ).json()) as { result: { columns: string[]; rows: string[][] } };
    expect(exported.result.columns.slice(-2)).toEqual(['Question order', 'Choice order']);
    expect(exported.result.rows.map((r) => r.slice(-2))).toEqual([
      ['1, 4, 2, 3, 5', 'Q2: Blue | Red | Green'],
      ['', ''],
    ]);
  });

  it('refuses an order the survey cannot show, naming the question', async () => {
    for (const [presented, message] of [
      [undefined, /presented: this survey shows its questions or choices in a random order/],
      [order([1, 0, 2, 3, 4]), /"Favourite colour" is not where its block is shown/],
      [order([0, 1, 2, 4, 3]), /"Rate us" is not where its block is shown/],
      [order([0, 1, 2, 3]), /"Rate us" is not where its block is shown/],
      [order([0, 1, 2, 3, 4], ['Blue', 'Red']), /the choices of "Favourite colour" shown are not its choices/],
      [{ ...order([0, 1, 2, 3, 4]), options: {} }, /"Favourite colour" shuffles its choices: send the order shown/],
      [{ ...order([0, 1, 2, 3, 4]), options: { [q[2].id]: ['Tea', 'Cake'] } }, /"Snacks" does not shuffle its choices/],
    ] as const) {
      const res = await submit(s, { answers: answers(), presented });
      expectError(res, 400, 'BAD_USER_INPUT');
      expect(messageOf(res)).toMatch(message);
    }
  });

  it('refuses logic that a shuffled block could break', async () => {
    const eq = (question: number) => ({ match: 'all', conditions: [{ question, op: 'equals', values: ['Tea'] }] });
    const at = (i: number, extra: object) => ORDERED.map((x, j) => (j === i ? { ...x, ...extra } : x));
    for (const [data, message] of [
      [at(3, { logic: { showIf: eq(2) } }), /Question 4: its logic uses question 3 of the same shuffled block/],
      [at(2, { logic: { skip: { when: eq(2), to: 4 } } }), /only the last question may skip/],
      [
        at(0, {
          logic: { skip: { when: { ...eq(0), conditions: [{ question: 0, op: 'equals', values: ['No'] }] }, to: 2 } },
        }),
        /lands inside a shuffled block/,
      ],
      [at(4, { shuffleOptions: true }), /can shuffle their choices/],
    ] as const) {
      const res = await alice.client.rest('POST', '/v1/request/create', surveyBody(key.id, { data }));
      expectError(res, 400, 'BAD_USER_INPUT');
      expect(messageOf(res)).toMatch(message);
    }
    // logic across blocks holds in every order: a later block may look at a shuffled one
    const across = at(4, { logic: { showIf: eq(2) } });
    expect((await alice.client.rest('POST', '/v1/request/create', surveyBody(key.id, { data: across }))).status).toBe(
      200,
    );
  });
});

describe('an answer sent again', () => {
  let s: LegacyRequest;
  beforeAll(async () => {
    s = await createRequest(
      alice,
      surveyBody(key.id, { data: SURVEY_QUESTIONS, bonus_amount: 100, bonus_each: 1, ...unverifiedEscrow() }),
    );
  });
  const body = (deviceId: string, walletAddress: string, idempotencyKey: string) => ({
    requestId: s.id,
    deviceId,
    walletAddress,
    idempotencyKey,
    answers: [
      { index: 0, answer: 'Daily' },
      { index: 1, answer: ['Phone'] },
      { index: 2, answer: '45+' },
    ],
  });
  const send = (b: object) => phone.rest<Accepted & { payout: unknown }>('POST', '/v1/requestClient/submitSurvey', b);
  const stored = async () => {
    const em = server.db.orm.em.fork();
    return {
      submissions: await em.count(Submission, { request: s.id }),
      payouts: await em.count(Payout, { request: s.id }),
    };
  };

  it('with its key is stored, counted and paid once, and answered with the first result', async () => {
    const device = newDevice();
    const wallet = randomAddress();
    const first = await send(body(device, wallet, 'offline-key-1'));
    expect(first.status).toBe(200);
    // the reply was lost; the browser sends the same answer again, twice at once
    const again = await Promise.all([1, 2].map(() => send(body(device, wallet, 'offline-key-1'))));
    for (const res of again) {
      expect(res.status).toBe(200);
      expect(res.body.result).toEqual(first.body.result);
    }
    expect(await stored()).toEqual({ submissions: 1, payouts: 1 });
    const stats = await statistics(s);
    expect(stats[0].data.find((d) => d.option === 'Daily')?.counter).toBe(1);
    // a new key from the same device is a second answer: refused as before
    expectError(await send(body(device, wallet, 'offline-key-2')), 409, 'CONFLICT');
    // and a key is the device's own: another device cannot use it
    const other = await send(body(newDevice(), randomAddress(), 'offline-key-1'));
    expectError(other, 409, 'CONFLICT');
    expect(messageOf(other)).toMatch(/idempotencyKey was already used/);
    expect(await stored()).toEqual({ submissions: 1, payouts: 1 });
  });

  it('sent twice at once for the first time, is taken once', async () => {
    const device = newDevice();
    const wallet = randomAddress();
    const before = await stored();
    const both = await Promise.all([1, 2].map(() => send(body(device, wallet, 'offline-key-3'))));
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    expect(both[0].body.result).toEqual(both[1].body.result);
    expect(await stored()).toEqual({ submissions: before.submissions + 1, payouts: before.payouts + 1 });
  });
});
