import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import { unwrapResolverError } from '@apollo/server/errors';
import { AppError, unavailableIfConnectionLost } from '../shared/errors';

// Codes Apollo and graphql-js produce themselves for bad requests; they pass through unchanged.
const CLIENT_CODES = new Set([
  'GRAPHQL_PARSE_FAILED',
  'GRAPHQL_VALIDATION_FAILED',
  'BAD_USER_INPUT',
  'BAD_REQUEST',
  'PAYLOAD_TOO_LARGE',
  'PERSISTED_QUERY_NOT_FOUND',
  'PERSISTED_QUERY_NOT_SUPPORTED',
  'OPERATION_RESOLUTION_FAILURE',
  'QUERY_TOO_DEEP',
  'TOO_MANY_ALIASES',
  'QUERY_TOO_COMPLEX',
]);

/**
 * Every error leaving /graphql has a stable extensions.code. Domain errors keep their message;
 * anything unexpected becomes INTERNAL_SERVER_ERROR with a generic message (logged by the server),
 * and no stack trace is ever sent.
 */
export function formatGraphQLError(
  formatted: GraphQLFormattedError,
  error: unknown,
  onUnexpected: (err: unknown) => void,
): GraphQLFormattedError {
  const unwrapped = unwrapResolverError(error);
  // a dropped database connection is a passing fault (503, try again), not the server's bug
  const original = unwrapped instanceof AppError ? unwrapped : (unavailableIfConnectionLost(unwrapped) ?? unwrapped);
  if (original instanceof AppError) {
    return {
      message: original.message,
      locations: formatted.locations,
      path: formatted.path,
      extensions: {
        code: original.code,
        ...(original.details ? { details: original.details } : {}),
        ...(original.retryAfterSeconds !== undefined ? { retryAfter: original.retryAfterSeconds } : {}),
      },
    };
  }
  // Apollo re-labels every validation error GRAPHQL_VALIDATION_FAILED; keep our limit codes
  const inner = error instanceof GraphQLError ? error.originalError : undefined;
  const innerCode = inner instanceof GraphQLError ? inner.extensions?.code : undefined;
  const code = typeof innerCode === 'string' && CLIENT_CODES.has(innerCode) ? innerCode : formatted.extensions?.code;
  if (typeof code === 'string' && CLIENT_CODES.has(code)) {
    return { message: formatted.message, locations: formatted.locations, path: formatted.path, extensions: { code } };
  }
  // Apollo's own refusals of a malformed request (a persisted-query hash that does not match the
  // query, an unsupported persisted-query version) carry a 4xx HTTP status but no code
  const httpStatus =
    error instanceof GraphQLError ? (error.extensions?.http as { status?: number })?.status : undefined;
  if (httpStatus && httpStatus >= 400 && httpStatus < 500) {
    return { message: formatted.message, locations: formatted.locations, extensions: { code: 'BAD_REQUEST' } };
  }
  onUnexpected(original);
  return {
    message: 'Internal server error',
    locations: formatted.locations,
    path: formatted.path,
    extensions: { code: 'INTERNAL_SERVER_ERROR' },
  };
}
