// Stable error codes shared by GraphQL (extensions.code) and REST (HTTP status + error.code).
export const ERROR_STATUS = {
  BAD_USER_INPUT: 400,
  // clean-room join conditions (sqlWhere): nested deeper than 3 groups, a column the data sets do
  // not have, tokens of two different join domains, SQL text instead of the JSON tree, or any
  // other malformed tree
  CONDITION_TOO_DEEP: 400,
  UNKNOWN_COLUMN: 400,
  DOMAIN_MISMATCH: 400,
  SQL_NOT_ALLOWED: 400,
  INVALID_CONDITION: 400,
  UNAUTHENTICATED: 401,
  INSUFFICIENT_CREDIT: 402,
  FORBIDDEN: 403,
  EMAIL_NOT_VERIFIED: 403,
  // a clean-room data set's analysis rule (chosen by its uploader) does not allow this to a partner
  ANALYSIS_RULE: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL_SERVER_ERROR: 500,
  // the card payment provider (Stripe) failed or could not be reached
  PAYMENT_PROVIDER_ERROR: 502,
  // the chain is not configured, not reachable, or has no contracts at the configured addresses
  CHAIN_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export type FieldProblem = { path: string; message: string };

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: FieldProblem[],
    /** RATE_LIMITED: seconds until a retry can succeed (REST: Retry-After; GraphQL: extensions.retryAfter) */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'AppError';
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export const unauthenticated = (message = 'You must be logged in') => new AppError('UNAUTHENTICATED', message);
export const forbidden = (message = 'You are not allowed to do this') => new AppError('FORBIDDEN', message);
export const notFound = (what: string) => new AppError('NOT_FOUND', `${what} not found`);
export const badInput = (message: string, details?: FieldProblem[]) => new AppError('BAD_USER_INPUT', message, details);
export const conflict = (message: string) => new AppError('CONFLICT', message);

export function isUniqueViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && 'code' in err && (err as { code?: string }).code === '23505';
}
