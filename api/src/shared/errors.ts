// Errors with a stable code shared by GraphQL (extensions.code) and REST (HTTP status + error.code);
// the codes and their statuses are in api/src/error-codes.ts.
import { ERROR_STATUS, type ErrorCode } from '../error-codes';

export { ERROR_STATUS, type ErrorCode };

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
