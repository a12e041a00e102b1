import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError, conflict, notFound } from '../shared/errors';
import { checkAnswer, checkFileAnswer, errorStatuses } from './contract';
import { route, type FileRoute } from './registry';
import { isoDate } from './wire';

const typed = route({
  method: 'POST',
  path: '/v1/test/thing',
  tag: 'test',
  auth: 'user',
  summary: 'a thing',
  output: z.strictObject({ id: z.string(), createdAt: isoDate }),
  errors: ['NOT_FOUND'],
  handler: async () => null,
});

describe('the REST contract', () => {
  it('takes an answer as JSON carries it (a Date is an ISO string on the wire)', () => {
    expect(() => checkAnswer(typed, { result: { id: 'a', createdAt: new Date() } })).not.toThrow();
  });

  it('refuses an answer its output schema does not describe, naming the place', () => {
    expect(() => checkAnswer(typed, { result: { id: 'a', createdAt: new Date(), extra: 1 } })).toThrow(
      /POST \/v1\/test\/thing answered a result its output schema refuses: \(result\): Unrecognized key: "extra"/,
    );
    expect(() => checkAnswer(typed, { result: { id: 7, createdAt: new Date() } })).toThrow(/id: Invalid input/);
  });

  it('takes the declared errors and the ones every route can give, and nothing else', () => {
    expect(() => checkAnswer(typed, { error: notFound('Thing') })).not.toThrow();
    expect(() => checkAnswer(typed, { error: new AppError('UNAUTHENTICATED', 'x') })).not.toThrow();
    expect(() => checkAnswer(typed, { error: new Error('database went away') })).not.toThrow();
    expect(() => checkAnswer(typed, { error: conflict('Taken') })).toThrow(
      /answered CONFLICT, which its route does not declare/,
    );
  });

  it('holds a file route to its content types and its errors', () => {
    const file: FileRoute = {
      method: 'GET',
      path: '/media/test/:id',
      tag: 'test',
      auth: 'public',
      summary: 'a file',
      params: z.strictObject({ id: z.string() }),
      contentTypes: ['image/png'],
      errors: ['NOT_FOUND'],
      read: async () => null,
    };
    expect(() => checkFileAnswer(file, { contentType: 'image/png' })).not.toThrow();
    expect(() => checkFileAnswer(file, { contentType: 'text/html' })).toThrow(
      /GET \/media\/test\/:id answered text\/html, which its route does not declare/,
    );
    expect(() => checkFileAnswer(file, { error: notFound('File') })).not.toThrow();
    expect(() => checkFileAnswer(file, { error: conflict('Taken') })).toThrow(/answered CONFLICT/);
  });

  it('lists the statuses the OpenAPI document gives the route, with their codes', () => {
    expect(Object.fromEntries(errorStatuses(typed))).toEqual({
      400: ['BAD_USER_INPUT'],
      401: ['UNAUTHENTICATED'],
      403: ['FORBIDDEN'],
      404: ['NOT_FOUND'],
      413: ['PAYLOAD_TOO_LARGE'],
      415: ['UNSUPPORTED_MEDIA_TYPE'],
      429: ['RATE_LIMITED'],
      500: ['INTERNAL_SERVER_ERROR'],
      503: ['SERVICE_UNAVAILABLE'],
    });
  });
});
