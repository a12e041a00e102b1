// Recognises Apollo's error classes by shape rather than importing them: this module is used by
// pages that render before Apollo itself has been downloaded.
// Codes the API puts in `extensions.code` (api/src/shared/errors.ts), plus the transport cases.
export type ApiErrorCode =
  | 'BAD_USER_INPUT'
  | 'UNAUTHENTICATED'
  | 'EMAIL_NOT_VERIFIED'
  | 'FORBIDDEN'
  // a clean-room data set's analysis rule does not allow this (its uploader may, on request)
  | 'ANALYSIS_RULE'
  // a partner's privacy budget on a differentially private data set is spent
  | 'PRIVACY_BUDGET'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'INSUFFICIENT_CREDIT'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'RATE_LIMITED'
  | 'INTERNAL_SERVER_ERROR'
  // a passing fault (the database dropped its connections): trying again shortly works
  | 'SERVICE_UNAVAILABLE'
  | 'NETWORK_ERROR'
  | 'UNKNOWN';

export type FieldProblem = { path: string; message: string };

export type ApiError = {
  code: ApiErrorCode;
  message: string;
  // Per-field problems of a BAD_USER_INPUT error, keyed by input field name.
  fields: Record<string, string>;
};

type RawGraphQLError = { message?: unknown; extensions?: Record<string, unknown> | null };

function isCombinedGraphQLErrors(error: unknown): error is Error & { errors: ReadonlyArray<RawGraphQLError> } {
  return (
    error instanceof Error &&
    error.name === 'CombinedGraphQLErrors' &&
    Array.isArray((error as { errors?: unknown }).errors)
  );
}

function isServerError(error: unknown): error is Error & { statusCode: number; bodyText: string } {
  return (
    error instanceof Error &&
    error.name === 'ServerError' &&
    typeof (error as { statusCode?: unknown }).statusCode === 'number'
  );
}

const KNOWN_CODES = new Set<string>([
  'BAD_USER_INPUT',
  'UNAUTHENTICATED',
  'EMAIL_NOT_VERIFIED',
  'FORBIDDEN',
  'ANALYSIS_RULE',
  'PRIVACY_BUDGET',
  'NOT_FOUND',
  'CONFLICT',
  'INSUFFICIENT_CREDIT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'INTERNAL_SERVER_ERROR',
  'SERVICE_UNAVAILABLE',
]);

const NETWORK_MESSAGE = 'The server could not be reached. Check your connection and try again.';

// Turns whatever Apollo threw into one shape the screens can branch on.
export function toApiError(error: unknown): ApiError {
  if (isCombinedGraphQLErrors(error)) return fromGraphQLErrors(error.errors);
  if (isServerError(error)) {
    // Errors raised before GraphQL runs (body too large, bad multipart) still carry a GraphQL body.
    const parsed = parseErrorBody(String(error.bodyText ?? ''));
    if (parsed) return parsed;
    if (error.statusCode === 413) return { code: 'PAYLOAD_TOO_LARGE', message: 'The upload is too large.', fields: {} };
    return {
      code: 'INTERNAL_SERVER_ERROR',
      message: `The server answered with status ${error.statusCode}.`,
      fields: {},
    };
  }
  if (error instanceof TypeError) return { code: 'NETWORK_ERROR', message: NETWORK_MESSAGE, fields: {} };
  const message = error instanceof Error && error.message ? error.message : 'Something went wrong.';
  return { code: 'UNKNOWN', message, fields: {} };
}

function fromGraphQLErrors(errors: ReadonlyArray<RawGraphQLError>): ApiError {
  const first = errors[0];
  const rawCode = first?.extensions?.code;
  const code: ApiErrorCode =
    typeof rawCode === 'string' && KNOWN_CODES.has(rawCode) ? (rawCode as ApiErrorCode) : 'UNKNOWN';
  const message = typeof first?.message === 'string' ? first.message : 'Something went wrong.';
  const fields: Record<string, string> = {};
  for (const problem of readDetails(first?.extensions?.details)) {
    // "input.username" and "username" both address the username field.
    const field = problem.path.split('.').pop() ?? problem.path;
    fields[field] ??= problem.message;
  }
  return { code, message, fields };
}

function readDetails(details: unknown): FieldProblem[] {
  if (!Array.isArray(details)) return [];
  return details.flatMap((item: unknown) => {
    if (typeof item !== 'object' || item === null) return [];
    const { path, message } = item as { path?: unknown; message?: unknown };
    return typeof path === 'string' && typeof message === 'string' ? [{ path, message }] : [];
  });
}

function parseErrorBody(bodyText: string): ApiError | null {
  try {
    const body: unknown = JSON.parse(bodyText);
    if (typeof body === 'object' && body !== null && Array.isArray((body as { errors?: unknown }).errors)) {
      const errors = (body as { errors: RawGraphQLError[] }).errors;
      if (errors.length > 0) return fromGraphQLErrors(errors);
    }
  } catch {
    // not JSON: fall through to the status-based message
  }
  return null;
}
