// The error codes every module may answer, and their HTTP statuses (composed in api/src/app/error-codes.ts
// with the codes each module keeps beside itself, e.g. modules/billing/billing.errors.ts).
export const COMMON_ERRORS = {
  BAD_USER_INPUT: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL_SERVER_ERROR: 500,
  // a passing fault (the database dropped its connections): try again after Retry-After
  SERVICE_UNAVAILABLE: 503,
} as const;
