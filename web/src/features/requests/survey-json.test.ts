import { describe, expect, it } from 'vitest';
import { newQuestion, type DesignerQuestion } from './request-form';
import { parseSurveyFile, parseSurveyJson, surveyToJson } from './survey-json';

const questions: DesignerQuestion[] = [
  { ...newQuestion('radios'), title: ' How often? ', choices: ['Daily', '', 'Weekly'] },
  { ...newQuestion('checkboxes'), title: 'Which devices?', choices: ['Phone', 'Laptop', 'Tablet'] },
  { ...newQuestion('stars'), title: 'Rate us', scale: 7, shape: 'heart' },
];
const file = (body: object) => JSON.stringify({ format: 'parley-survey', version: 1, ...body });

describe('survey JSON', () => {
  it('exports the questions as the documented version 1 file', () => {
    expect(JSON.parse(surveyToJson(questions, 'Habits'))).toEqual({
      format: 'parley-survey',
      version: 1,
      title: 'Habits',
      questions: [
        { type: 'radios', title: 'How often?', choices: ['Daily', 'Weekly'] },
        { type: 'checkboxes', title: 'Which devices?', choices: ['Phone', 'Laptop', 'Tablet'] },
        { type: 'stars', title: 'Rate us', scale: 7, shape: 'heart' },
      ],
    });
  });

  it('imports what it exports, as the designer edits it', () => {
    const back = parseSurveyJson(surveyToJson(questions));
    expect(back.map((q) => [q.type, q.title])).toEqual([
      ['radios', 'How often?'],
      ['checkboxes', 'Which devices?'],
      ['stars', 'Rate us'],
    ]);
    expect(back[0].choices).toEqual(['Daily', 'Weekly', '']); // padded to the designer's three rows
    expect(back[2]).toMatchObject({ scale: 7, shape: 'heart' });
    expect(parseSurveyJson(surveyToJson(back))).toEqual(back);
  });

  it('round-trips blocks and shuffled choices as version 2, and refuses logic a shuffle could break', () => {
    const shuffled: DesignerQuestion[] = [
      questions[0],
      { ...questions[1], block: { shuffle: true }, shuffleOptions: true },
      { ...newQuestion('dropdown'), title: 'Area', choices: ['North', 'South'] },
      { ...questions[2], block: { shuffle: false } },
    ];
    const json = JSON.parse(surveyToJson(shuffled));
    expect(json.version).toBe(2);
    expect(
      json.questions.map((q: object) => [
        (q as { block?: unknown }).block,
        (q as { shuffleOptions?: unknown }).shuffleOptions,
      ]),
    ).toEqual([
      [undefined, undefined],
      [{ shuffle: true }, true],
      [undefined, undefined],
      [{ shuffle: false }, undefined],
    ]);
    const back = parseSurveyJson(JSON.stringify(json));
    expect(back.map((q) => [q.block, q.shuffleOptions])).toEqual([
      [null, false],
      [{ shuffle: true }, true],
      [null, false],
      [{ shuffle: false }, false],
    ]);
    expect(parseSurveyJson(surveyToJson(back))).toEqual(back);
    json.questions[1].block = { shuffle: 'yes' };
    expect(() => parseSurveyJson(JSON.stringify(json))).toThrow(
      'questions[1].block: must be { "shuffle": true or false }.',
    );
    json.questions[1].block = { shuffle: true };
    json.questions[2].logic = {
      showIf: { match: 'all', conditions: [{ question: 1, op: 'equals', values: ['Phone'] }] },
    };
    expect(() => parseSurveyJson(JSON.stringify(json))).toThrow(
      /Question 3: its logic uses question 2 of the same shuffled block/,
    );
  });

  it('round-trips blocks and shuffled choices together with translations', () => {
    const both: DesignerQuestion[] = [
      {
        ...questions[0],
        translations: { ar: { title: 'كم مرة؟', choices: { Daily: 'يوميًا', Weekly: '' }, rows: {}, unit: '' } },
      },
      {
        ...questions[1],
        block: { shuffle: true },
        shuffleOptions: true,
        translations: {
          ar: { title: 'أي أجهزة؟', choices: { Phone: 'هاتف', Laptop: 'حاسوب', Tablet: 'لوحي' }, rows: {}, unit: '' },
        },
      },
      { ...questions[2], block: { shuffle: false } },
    ];
    const json = JSON.parse(surveyToJson(both, 'Habits', { language: 'en', added: ['ar'] }));
    expect(json).toMatchObject({ version: 2, language: 'en', languages: ['ar'] });
    expect(json.questions[1]).toEqual({
      type: 'checkboxes',
      title: 'Which devices?',
      choices: ['Phone', 'Laptop', 'Tablet'],
      block: { shuffle: true },
      shuffleOptions: true,
      translations: [{ language: 'ar', title: 'أي أجهزة؟', choices: ['هاتف', 'حاسوب', 'لوحي'] }],
    });
    const back = parseSurveyFile(surveyToJson(both, 'Habits', { language: 'en', added: ['ar'] }));
    expect(back).toMatchObject({ language: 'en', languages: ['ar'] });
    expect(back.questions.map((q) => [q.block, q.shuffleOptions])).toEqual([
      [null, false],
      [{ shuffle: true }, true],
      [{ shuffle: false }, false],
    ]);
    expect(back.questions[1].translations?.ar.choices).toEqual({ Phone: 'هاتف', Laptop: 'حاسوب', Tablet: 'لوحي' });
    expect(back.questions[0].translations?.ar).toMatchObject({ title: 'كم مرة؟', choices: { Daily: 'يوميًا' } });
    expect(surveyToJson(back.questions, 'Habits', { language: 'en', added: ['ar'] })).toEqual(
      surveyToJson(both, 'Habits', { language: 'en', added: ['ar'] }),
    );
  });

  it('exports and imports the version 2 types with their settings', () => {
    const v2: DesignerQuestion[] = [
      ...questions,
      { ...newQuestion('short_text'), title: 'Nickname', required: false },
      { ...newQuestion('long_text'), title: 'Anything else?' },
      { ...newQuestion('number'), title: 'Weight', min: '30', max: '250.5', unit: 'kg' },
      { ...newQuestion('date'), title: 'Last check-up' },
      { ...newQuestion('nps'), title: 'Recommend us?' },
      { ...newQuestion('matrix'), title: 'Rate each', rows: ['Price', 'Speed', ''], choices: ['Bad', 'Good', ''] },
      {
        ...newQuestion('ranking'),
        title: 'Order these, {{q1}}',
        choices: ['Sleep', 'Food', 'Sport'],
        logic: {
          showIf: { match: 'any', conditions: [{ question: 7, op: 'range', min: 9, max: 10 }] },
          skip: { when: { match: 'all', conditions: [{ question: 0, op: 'equals', values: ['Daily'] }] }, to: 'end' },
        },
      },
    ];
    const json = JSON.parse(surveyToJson(v2)) as { version: number; questions: object[] };
    expect(json.version).toBe(2);
    expect(json.questions.slice(3)).toEqual([
      { type: 'short_text', title: 'Nickname', required: false },
      { type: 'long_text', title: 'Anything else?', required: true },
      { type: 'number', title: 'Weight', required: true, min: 30, max: 250.5, unit: 'kg' },
      { type: 'date', title: 'Last check-up', required: true },
      { type: 'nps', title: 'Recommend us?', required: true },
      { type: 'matrix', title: 'Rate each', required: true, choices: ['Bad', 'Good'], rows: ['Price', 'Speed'] },
      {
        type: 'ranking',
        title: 'Order these, {{q1}}',
        logic: v2[9].logic,
        required: true,
        choices: ['Sleep', 'Food', 'Sport'],
      },
    ]);
    const back = parseSurveyJson(surveyToJson(v2));
    expect(parseSurveyJson(surveyToJson(back))).toEqual(back);
    expect(back[5]).toMatchObject({ min: '30', max: '250.5', unit: 'kg' });
    expect(back[8].rows).toEqual(['Price', 'Speed', '']);
    expect(back[9].logic).toEqual(v2[9].logic);
  });

  it.each([
    ['{ not json', /^The file is not JSON: /],
    [JSON.stringify({ questions: [] }), /^format: must be "parley-survey"/],
    [JSON.stringify({ format: 'parley-survey', version: 3, questions: [] }), /^version: 3 is not supported/],
    [file({ questions: [{ type: 'nps', title: 'x' }] }), /^questions\[0\]\.type: must be one of/],
    [
      JSON.stringify({
        format: 'parley-survey',
        version: 2,
        questions: [
          {
            type: 'radios',
            title: 'a',
            choices: ['x'],
            logic: { showIf: { match: 'all', conditions: [{ question: 1, op: 'equals', values: ['x'] }] } },
          },
          { type: 'radios', title: 'b', choices: ['x'] },
        ],
      }),
      /^questions\[0\]\.logic: Question 1: its display condition must look at an earlier question/,
    ],
    [
      JSON.stringify({
        format: 'parley-survey',
        version: 2,
        questions: [{ type: 'matrix', title: 'x', choices: ['a'] }],
      }),
      /^questions\[0\]\.rows: must be a list of at least one row\.$/,
    ],
    [
      JSON.stringify({
        format: 'parley-survey',
        version: 2,
        questions: [{ type: 'number', title: 'x', min: 5, max: 1 }],
      }),
      /^questions\[0\]\.max: must not be below min\.$/,
    ],
    [file({ questions: [] }), /^questions: must be a list of at least one question\.$/],
    [file({ questions: [{ type: 'slider', title: 'x' }] }), /^questions\[0\]\.type: must be one of/],
    [
      file({ questions: [{ type: 'radios', title: ' ', choices: ['a'] }] }),
      /^questions\[0\]\.title: must be a non-empty text\.$/,
    ],
    [
      file({
        questions: [
          { type: 'radios', title: 'ok', choices: ['a'] },
          { type: 'radios', title: 'x', choices: ['a', 7] },
        ],
      }),
      /^questions\[1\]\.choices\[1\]: must be a non-empty text\.$/,
    ],
    [
      file({ questions: [{ type: 'dropdown', title: 'x', choices: ['a', 'a'] }] }),
      /^questions\[0\]\.choices\[1\]: "a" is listed twice\.$/,
    ],
    [
      file({ questions: [{ type: 'stars', title: 'x', scale: 11, shape: 'star' }] }),
      /^questions\[0\]\.scale: must be a whole number from 3 to 10\.$/,
    ],
    [
      file({ questions: [{ type: 'stars', title: 'x', scale: 5, shape: 'moon' }] }),
      /^questions\[0\]\.shape: must be one of/,
    ],
    [
      file({ questions: [{ type: 'radios', title: 'x', choices: ['a'], colour: 'red' }] }),
      /^questions\[0\]: unknown field "colour"/,
    ],
    [
      file({ questions: Array.from({ length: 101 }, () => ({ type: 'radios', title: 'x', choices: ['a'] })) }),
      /at most 100 questions/,
    ],
  ])('refuses %s, naming the place', (source, message) => {
    expect(() => parseSurveyJson(source)).toThrow(message);
  });
});
