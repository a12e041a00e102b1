// Errors with a stable code shared by GraphQL (extensions.code) and REST (HTTP status + error.code).
// This layer knows only the common codes: each module adds its own map to `ErrorCodeMaps` (a
// `declare module` in its *.errors.ts), and the composition root hands every status to
// `useErrorStatuses` (api/src/app/error-codes.ts), so no code here depends on a module.
import { COMMON_ERRORS } from './common-errors';

/** Every map of codes to HTTP statuses, by owner; modules add theirs by declaration merging. */
export interface ErrorCodeMaps {
  common: typeof COMMON_ERRORS;
}

/** A stable error code of the API: a key of one of the maps. */
export type ErrorCode = { [K in keyof ErrorCodeMaps]: keyof ErrorCodeMaps[K] & string }[keyof ErrorCodeMaps];

let statuses: Readonly<Record<string, number>> = COMMON_ERRORS;

/** The status of every code, common and modules' (set once by the composition root). */
export function useErrorStatuses(all: Readonly<Record<ErrorCode, number>>): void {
  statuses = all;
}

/** The HTTP status a code answers with (500 for a code nobody registered, a mistake). */
export function errorStatus(code: ErrorCode): number {
  return statuses[code] ?? 500;
}

export type FieldProblem = { path: string; message: string };

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: FieldProblem[],
    /** RATE_LIMITED, SERVICE_UNAVAILABLE: seconds until a retry can succeed (REST: Retry-After; GraphQL: extensions.retryAfter) */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'AppError';
  }

  get status(): number {
    return errorStatus(this.code);
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

// SQLSTATE classes and codes that mean the connection, not the statement, failed: connection
// exceptions (08), the server shutting down or a backend terminated (57P01-57P03).
const LOST_CODES = /^(0800[0-6]|57P0[1-3])$/;
// what the driver and the socket say when a connection went away underneath a query
const LOST_MESSAGES =
  /Connection terminated|connection error and is not queryable|Client was closed|terminating connection|ECONNRESET|EPIPE|ECONNREFUSED/i;

/**
 * Whether an error means the database connection was lost (dropped by the server, e.g.
 * pg_terminate_backend, a restart or a network cut) rather than that the statement was wrong.
 */
export function isConnectionLost(err: unknown): boolean {
  for (
    let e = err as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0;
    e && depth < 4;
    depth++
  ) {
    if (typeof e.code === 'string' && (LOST_CODES.test(e.code) || LOST_MESSAGES.test(e.code))) return true;
    if (typeof e.message === 'string' && LOST_MESSAGES.test(e.message)) return true;
    e = e.cause as typeof e;
  }
  return false;
}

/**
 * A lost database connection as the API answers it: 503 SERVICE_UNAVAILABLE with Retry-After (the
 * pool has replaced the connection by then; a read was already tried once more, see
 * db/resilient-driver.ts). Anything else: null.
 */
export function unavailableIfConnectionLost(err: unknown): AppError | null {
  return isConnectionLost(err)
    ? new AppError('SERVICE_UNAVAILABLE', 'The database is briefly unavailable. Please try again.', undefined, 1)
    : null;
}
