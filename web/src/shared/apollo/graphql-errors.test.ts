import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';
import { describe, expect, it } from 'vitest';
import { toApiError } from './graphql-errors';

describe('toApiError', () => {
  it('reads the code, message and field details of a GraphQL error', () => {
    const error = new CombinedGraphQLErrors({
      errors: [
        {
          message: 'email: Email must be a valid e-mail address',
          extensions: {
            code: 'BAD_USER_INPUT',
            details: [{ path: 'input.email', message: 'Email must be a valid e-mail address' }],
          },
        },
      ],
    });
    expect(toApiError(error)).toEqual({
      code: 'BAD_USER_INPUT',
      message: 'email: Email must be a valid e-mail address',
      fields: { email: 'Email must be a valid e-mail address' },
    });
  });

  it('reads errors raised before GraphQL ran from the response body', () => {
    const body = JSON.stringify({ errors: [{ message: 'File too large', extensions: { code: 'PAYLOAD_TOO_LARGE' } }] });
    const error = new ServerError('Response not successful', {
      response: new Response(body, { status: 413 }),
      bodyText: body,
    });
    expect(toApiError(error)).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: 'File too large' });
  });

  it('turns a failed fetch into a network error and unknown codes into UNKNOWN', () => {
    expect(toApiError(new TypeError('Failed to fetch')).code).toBe('NETWORK_ERROR');
    expect(
      toApiError(new CombinedGraphQLErrors({ errors: [{ message: 'odd', extensions: { code: 'SOMETHING_NEW' } }] }))
        .code,
    ).toBe('UNKNOWN');
  });
});
