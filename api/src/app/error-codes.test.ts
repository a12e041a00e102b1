import { describe, expect, it } from 'vitest';
import { composeErrorCodes, ERROR_STATUS } from './error-codes';
import { ANALYSES_ERRORS } from '../modules/analyses/analyses.errors';
import { AUTH_ERRORS } from '../modules/auth/auth.errors';
import { BILLING_ERRORS } from '../modules/billing/billing.errors';
import { CHAIN_ERRORS } from '../modules/chain/chain.errors';
import { FIELDWORK_ERRORS } from '../modules/fieldwork/fieldwork.errors';
import { PRIVACY_ERRORS } from '../modules/privacy/privacy.errors';
import { STORAGE_ERRORS } from '../modules/storage/storage.errors';
import { SURVEYS_ERRORS } from '../modules/surveys/surveys.errors';
import { COMMON_ERRORS } from '../shared/common-errors';
import { AppError } from '../shared/errors';

describe('the error codes', () => {
  const parts = [
    COMMON_ERRORS,
    ANALYSES_ERRORS,
    AUTH_ERRORS,
    BILLING_ERRORS,
    CHAIN_ERRORS,
    FIELDWORK_ERRORS,
    PRIVACY_ERRORS,
    STORAGE_ERRORS,
    SURVEYS_ERRORS,
  ];

  it("hold every module's codes with their statuses, and nothing else", () => {
    for (const part of parts) expect(ERROR_STATUS).toMatchObject(part);
    expect(Object.keys(ERROR_STATUS)).toHaveLength(parts.reduce((n, p) => n + Object.keys(p).length, 0));
    expect(new AppError('INSUFFICIENT_CREDIT', 'Not enough credit').status).toBe(402);
    expect(new AppError('CHAIN_UNAVAILABLE', 'No chain').status).toBe(503);
    expect(new AppError('STORAGE_UNAVAILABLE', 'No store').status).toBe(503);
    expect(new AppError('ANALYSIS_RULE', 'Not allowed').status).toBe(403);
    expect(new AppError('PRIVACY_BUDGET', 'Spent').status).toBe(403);
    expect(new AppError('REJECTION_NOT_ALLOWED', 'Reason each').status).toBe(422);
  });

  it('are 4xx or 5xx statuses', () => {
    for (const status of Object.values(ERROR_STATUS)) {
      expect(status).toBeGreaterThanOrEqual(400);
      expect(status).toBeLessThan(600);
    }
  });

  it('refuses a code defined in two modules', () => {
    const twice = composeErrorCodes as (...maps: Record<string, number>[]) => unknown;
    expect(() => twice({ CONFLICT: 409 }, { CONFLICT: 400 })).toThrow('error code CONFLICT is defined twice');
  });
});
