import { describe, expect, it } from 'vitest';
import { AppError } from '../../shared/errors';
import { checkRequestRules, fullOptions, sameOptions } from './request-rules';
import type { RequestFields } from './requests.schemas';

const ESCROW = '0x1111111111111111111111111111111111111111';
const SIGNER = '0x2222222222222222222222222222222222222222';
const collection = (over: Partial<RequestFields> = {}) =>
  ({
    type: 'collection',
    bonusAmount: 10,
    bonusEach: 2,
    status: 0,
    options: fullOptions({ profileData: true }),
    ...over,
  }) as RequestFields;
const survey = (over: Partial<RequestFields> = {}) =>
  collection({ type: 'survey', options: undefined, questions: [{}] as RequestFields['questions'], ...over });

function refusal(f: RequestFields): AppError {
  try {
    checkRequestRules(f);
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('the rules let it through');
}

describe('the rules that span a request’s fields', () => {
  it('let a well-formed draft, survey and published request through', () => {
    expect(() => checkRequestRules(collection())).not.toThrow();
    expect(() => checkRequestRules(survey())).not.toThrow();
    expect(() => checkRequestRules(collection({ bonusEach: 10 }))).not.toThrow();
    expect(() =>
      checkRequestRules(collection({ status: 1, escrowAddress: ESCROW, signerAddress: SIGNER })),
    ).not.toThrow();
  });

  it('refuse IPTs per Response above Total IPTs', () => {
    const e = refusal(collection({ bonusEach: 11 }));
    expect(e.code).toBe('BAD_USER_INPUT');
    expect(e.details).toEqual([
      { path: 'bonusEach', message: 'bonus_each (IPTs per Response) must not exceed bonus_amount' },
    ]);
  });

  it('want a collection to ask for some data and no questions, and a survey to ask questions', () => {
    expect(refusal(collection({ options: fullOptions({}) })).message).toBe(
      'Choose at least one kind of data to collect',
    );
    expect(refusal(collection({ options: undefined })).message).toBe('Choose at least one kind of data to collect');
    expect(refusal(collection({ questions: [{}] as RequestFields['questions'] })).message).toBe(
      'Questions belong to surveys',
    );
    expect(refusal(survey({ questions: [] })).message).toBe('A survey needs at least one question');
  });

  it('want publishing to name the escrow and the wallet that funded it', () => {
    for (const f of [collection({ status: 1 }), collection({ status: 1, escrowAddress: ESCROW })]) {
      expect(refusal(f).details?.map((p) => p.path)).toEqual(['escrowAddress']);
    }
  });

  it('report every broken rule at once', () => {
    const e = refusal(survey({ bonusEach: 20, questions: [], status: 1 }));
    expect(e.details?.map((p) => p.path)).toEqual(['bonusEach', 'questions', 'escrowAddress']);
    expect(e.message.split('; ')).toHaveLength(3);
  });
});

describe('collection options', () => {
  it('fill every option, unticked unless given as true', () => {
    expect(fullOptions({ profileData: true })).toEqual(
      Object.fromEntries(Object.keys(fullOptions(undefined)).map((k) => [k, k === 'profileData'])),
    );
    expect(Object.values(fullOptions(undefined)).every((v) => v === false)).toBe(true);
  });

  it('compare what is asked, not key order or missing keys', () => {
    expect(sameOptions({ profileData: true, idData: false }, { profileData: true })).toBe(true);
    expect(sameOptions({ profileData: true }, { idData: true })).toBe(false);
    expect(sameOptions(null, {})).toBe(true);
  });
});
