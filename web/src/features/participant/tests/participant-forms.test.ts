import { describe, expect, it } from 'vitest';
import { checkCollectionData } from '../../../shared/collection/collection-format';
import type { PhoneQuestion } from '../api/phone-api';
import { checkCollection, collectionData, problemText } from '../components/collection-form';
import { formatNumber } from '../i18n/i18n';
import { translator } from '../i18n/runtime';
import { checkSurvey, personalAnswers, surveyAnswers } from '../components/survey-form';
import { deviceId, loadAnswers, rememberAnswer } from '../participant-storage';

const QUESTIONS: PhoneQuestion[] = [
  { id: 'q1', index: 0, type: 'radios', title: 'Coffee or tea?', options: ['Coffee', 'Tea'] },
  { id: 'q2', index: 1, type: 'checkboxes', title: 'Days', options: ['Mon', 'Fri'] },
  { id: 'q3', index: 2, type: 'dropdown', title: 'Age band', options: ['18-24', '25+'] },
  { id: 'q4', index: 3, type: 'stars', title: 'Rate', options: { scale: 7, shape: 'thumb' } },
];

describe('survey answers', () => {
  it('flags every unanswered or impossible answer, and passes a complete one', () => {
    expect(checkSurvey(QUESTIONS, {})).toEqual({
      q1: 'Pick one.',
      q2: 'Tick at least one.',
      q3: 'Choose one.',
      q4: 'Give 1 to 7.',
    });
    expect(checkSurvey(QUESTIONS, { q1: 'Milk', q2: ['Sun'], q3: '18-24', q4: 8 })).toEqual({
      q1: 'Pick one.',
      q2: 'Pick from the choices.',
      q4: 'Give 1 to 7.',
    });
    const values = { q1: 'Tea', q2: ['Mon', 'Fri'], q3: '25+', q4: 7 };
    expect(checkSurvey(QUESTIONS, values)).toEqual({});
    expect(surveyAnswers(QUESTIONS, values)).toEqual([
      { questionId: 'q1', answer: 'Tea' },
      { questionId: 'q2', answer: ['Mon', 'Fri'] },
      { questionId: 'q3', answer: '25+' },
      { questionId: 'q4', answer: 7 },
    ]);
  });
});

const NEWER: PhoneQuestion[] = [
  { id: 'n1', index: 0, type: 'short_text', title: 'Nickname', options: [], required: true },
  { id: 'n2', index: 1, type: 'long_text', title: 'More', options: [], required: false },
  { id: 'n3', index: 2, type: 'number', title: 'Weight', options: [], required: true, min: 30, max: 250, unit: 'kg' },
  { id: 'n4', index: 3, type: 'date', title: 'Check-up', options: [], required: false },
  { id: 'n5', index: 4, type: 'nps', title: 'Recommend?', options: [], required: true },
  {
    id: 'n6',
    index: 5,
    type: 'matrix',
    title: 'Rate',
    options: ['Bad', 'Good'],
    rows: ['Price', 'Speed'],
    required: true,
  },
  { id: 'n7', index: 6, type: 'ranking', title: 'Order', options: ['A', 'B'], required: true },
];

describe('survey format 2 answers', () => {
  it('asks for required ones, checks ranges, rows and dates, and leaves optional ones be', () => {
    expect(checkSurvey(NEWER, {})).toEqual({
      n1: 'Please answer.',
      n3: 'Please answer.',
      n5: 'Please answer.',
      n6: 'Please answer.',
      n7: 'Put the choices in your order.',
    });
    expect(
      checkSurvey(NEWER, { n1: 'Ada', n3: '300', n4: 'soon', n5: 0, n6: { Price: 'Bad' }, n7: ['B', 'A'] }),
    ).toEqual({
      n3: 'Give 30 to 250.',
      n4: 'Give a date.',
      n6: 'Answer every row.',
    });
    const values = {
      n1: ' Ada ',
      n2: '',
      n3: '61,5',
      n4: '2026-01-31',
      n5: 9,
      n6: { Price: 'Bad', Speed: 'Good' },
      n7: ['B', 'A'],
    };
    expect(checkSurvey(NEWER, values)).toEqual({});
    // closed answers go in clear, personal ones are sealed: numbers as numbers, blanks left out
    expect(surveyAnswers(NEWER, values)).toEqual([
      { questionId: 'n5', answer: 9 },
      { questionId: 'n6', answer: { Price: 'Bad', Speed: 'Good' } },
      { questionId: 'n7', answer: ['B', 'A'] },
    ]);
    expect(personalAnswers(NEWER, values)).toEqual({ n1: 'Ada', n3: 61.5, n4: '2026-01-31' });
  });
});

describe('survey logic in the participant app', () => {
  const eq = (question: number, value: string) => ({
    match: 'all' as const,
    conditions: [{ question, op: 'equals' as const, values: [value] }],
  });
  const LOGIC: PhoneQuestion[] = [
    {
      id: 'a',
      index: 0,
      type: 'radios',
      title: 'Sport?',
      options: ['Yes', 'No'],
      logic: { skip: { when: eq(0, 'No'), to: 2 } },
    },
    { id: 'b', index: 1, type: 'short_text', title: 'Which, {{q1}}?', options: [], required: true },
    { id: 'c', index: 2, type: 'nps', title: 'Recommend?', options: [], required: true },
    {
      id: 'd',
      index: 3,
      type: 'dropdown',
      title: 'Why so low?',
      options: ['Price'],
      logic: { showIf: { match: 'any', conditions: [{ question: 2, op: 'range', max: 6 }] } },
    },
  ];
  it('asks only what is shown and sends nothing for hidden questions', () => {
    expect(checkSurvey(LOGIC, { a: 'No', c: 9 })).toEqual({});
    expect(surveyAnswers(LOGIC, { a: 'No', b: 'stale', c: 9, d: 'Price' })).toEqual([
      { questionId: 'a', answer: 'No' },
      { questionId: 'c', answer: 9 },
    ]);
    expect(personalAnswers(LOGIC, { a: 'No', b: 'stale', c: 9 })).toEqual({});
    expect(checkSurvey(LOGIC, { a: 'Yes', c: 3 })).toEqual({ b: 'Please answer.', d: 'Choose one.' });
  });
});

describe('collection answers', () => {
  const options = { profileData: true, healthData: true, personalImages: true };
  const values = {
    firstName: 'Ada',
    lastName: 'Lovelace',
    age: '36',
    mobile: '+44 20 7946 0018',
    email: 'ada@example.org',
    gender: 'female',
    'health.stepsPerDay': '8200',
    'health.restingHeartRate': '61',
    'health.sleepHours': '7.5',
  };

  it('builds exactly the documented JSON for the requested options', () => {
    const data = collectionData(options, values, ['https://parley.example/v1/requestClient/image/x']);
    expect(data).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      age: 36,
      mobile: '+44 20 7946 0018',
      email: 'ada@example.org',
      gender: 'female',
      health: { stepsPerDay: 8200, restingHeartRate: 61, sleepHours: 7.5 },
      image_upload: ['https://parley.example/v1/requestClient/image/x'],
    });
    expect(checkCollectionData(data, options)).toEqual([]);
  });

  it('names each problem by its field, in words, and wants 1 to 5 images', () => {
    const image = { name: 'a.png', type: 'image/png' as const, bytes: new Uint8Array(1), previewUrl: 'blob:x' };
    expect(checkCollection(options, values, [image])).toEqual({});
    expect(checkCollection(options, { ...values, age: '12', firstName: ' ', mobile: '0044' }, [])).toEqual({
      age: 'Age must be a whole number from 13 to 120.',
      firstName: 'First name is needed.',
      mobile: 'Mobile must be in international form: + and 8 to 15 digits, e.g. +44 20 7946 0018.',
      images: 'Add 1 to 5 images.',
    });
    expect(
      checkCollection(
        options,
        values,
        Array.from({ length: 6 }, () => image),
      ).images,
    ).toBe('Add 1 to 5 images.');
  });
});

describe("the checker's problems in the participant's language", () => {
  const options = { profileData: true };
  const values = {
    firstName: 'Ada',
    lastName: 'x'.repeat(101),
    age: '12',
    mobile: '0044',
    email: 'ada@example.org',
    gender: 'female',
  };
  it.each([
    [
      'ar',
      {
        age: 'العمر: يجب أن يكون عددًا صحيحًا من {13} إلى {120}.',
        lastName: 'اسم العائلة: يجب أن يكون من {1} إلى {100} حرفًا.',
        mobile:
          'الجوال: يجب أن يكون بالصيغة الدولية: \u200e+\u200e ثم من 8 إلى 15 رقمًا، مثل \u200e+44 20 7946 0018\u200e.',
      },
      'الجنس: يجب أن يكون أحد الخيارات: أنثى, ذكر.',
    ],
    [
      'fr',
      {
        age: 'Âge doit être un nombre entier de {13} à {120}.',
        lastName: 'Nom doit compter de {1} à {100} caractères.',
        mobile: 'Mobile doit être au format international : + et 8 à 15 chiffres, par ex. +44 20 7946 0018.',
      },
      "Genre doit être l'un de ces choix : femme, homme.",
    ],
  ])('says each in %s, the field, the rule and its numbers', async (language, problems, choices) => {
    const t = await translator(language);
    // the numbers in the language's digits
    const withNumbers = (text: string) =>
      text.replace(/\{(\d+)\}/g, (_, n: string) => formatNumber(Number(n), language));
    expect(checkCollection(options, values, [], t)).toEqual(
      Object.fromEntries(Object.entries(problems).map(([k, v]) => [k, withNumbers(v)])),
    );
    expect(problemText(t('Gender'), 'must be one of: female, male', t)).toBe(choices);
    // words the app does not know stay the checker's
    expect(problemText(t('Gender'), 'must rhyme', t)).toBe(`${t('Gender')} must rhyme.`);
  });
});

describe('what the browser keeps', () => {
  it('makes the device id once, unguessable, and keeps it', () => {
    localStorage.clear();
    const first = deviceId();
    expect(first).toMatch(/^pw-[A-Za-z0-9_-]{43}$/);
    expect(deviceId()).toBe(first);
    localStorage.clear();
    expect(deviceId()).not.toBe(first);
  });

  it('remembers answered requests, newest first, once each', () => {
    localStorage.clear();
    const answer = { requestId: 'r1', title: 'One', type: 'survey' as const, bonusEach: 1, at: '2026-01-01' };
    rememberAnswer(answer);
    rememberAnswer({ ...answer, requestId: 'r2', title: 'Two' });
    rememberAnswer({ ...answer, at: '2026-02-02' });
    expect(loadAnswers().map((a) => [a.requestId, a.at])).toEqual([
      ['r1', '2026-02-02'],
      ['r2', '2026-01-01'],
    ]);
  });
});
