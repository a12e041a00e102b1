// The REST contract: what every route may answer, as the OpenAPI document states it. Under
// NODE_ENV=test the plugin checks each real answer against it, so every API and browser test that
// calls a route also tests that the document tells the truth about it.
import { AppError, errorStatus, unavailableIfConnectionLost, type ErrorCode } from '../shared/errors';
import type { FileRoute, RestRoute } from './registry';

type AnyRoute = Pick<RestRoute, 'method' | 'auth' | 'errors'> & Partial<Pick<RestRoute, 'file' | 'bodyLimit'>>;

/** Codes any route can answer with, whatever its handler does. */
export function baseErrors(route: AnyRoute): ErrorCode[] {
  return [
    'BAD_USER_INPUT',
    ...(route.auth === 'user' ? (['UNAUTHENTICATED'] as const) : []),
    ...(route.method !== 'GET' ? (['FORBIDDEN', 'UNSUPPORTED_MEDIA_TYPE'] as const) : []),
    ...(route.file || route.bodyLimit || route.method !== 'GET' ? (['PAYLOAD_TOO_LARGE'] as const) : []),
    'RATE_LIMITED',
    'INTERNAL_SERVER_ERROR',
    // the database dropped its connections: try again after Retry-After
    'SERVICE_UNAVAILABLE',
  ];
}

export function routeErrors(route: AnyRoute): ErrorCode[] {
  return [...new Set([...baseErrors(route), ...route.errors])];
}

/** HTTP status -> the codes a route answers with under it. */
export function errorStatuses(route: AnyRoute): Map<number, ErrorCode[]> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of routeErrors(route)) {
    const status = errorStatus(code);
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return new Map([...byStatus].sort(([a], [b]) => a - b));
}

/** Throws (a 500 that fails the test) when a route fails with a code its contract does not list. */
function checkError(route: AnyRoute & { path: string }, error: unknown): void {
  const code =
    error instanceof AppError ? error.code : (unavailableIfConnectionLost(error)?.code ?? 'INTERNAL_SERVER_ERROR');
  if (!routeErrors(route).includes(code)) {
    throw new AppError(
      'INTERNAL_SERVER_ERROR',
      `contract: ${route.method} ${route.path} answered ${code}, which its route does not declare`,
    );
  }
}

/** Throws (a 500 that fails the test) when an answer is not what the route's contract says. */
export function checkAnswer(route: RestRoute, outcome: { result: unknown } | { error: unknown }): void {
  const where = `${route.method} ${route.path}`;
  if ('error' in outcome) return checkError(route, outcome.error);
  const wire: unknown = JSON.parse(JSON.stringify(outcome.result ?? null));
  const checked = route.output.safeParse(wire);
  if (!checked.success) {
    const problems = checked.error.issues.map((i) => `${i.path.join('.') || '(result)'}: ${i.message}`).join('; ');
    throw new AppError(
      'INTERNAL_SERVER_ERROR',
      `contract: ${where} answered a result its output schema refuses: ${problems}`,
    );
  }
}

/** The same for a file route: a 200 carries one of its content types; a failure, a declared code. */
export function checkFileAnswer(route: FileRoute, outcome: { contentType: string } | { error: unknown }): void {
  if ('error' in outcome) return checkError(route, outcome.error);
  if (!route.contentTypes.includes(outcome.contentType)) {
    throw new AppError(
      'INTERNAL_SERVER_ERROR',
      `contract: ${route.method} ${route.path} answered ${outcome.contentType}, which its route does not declare`,
    );
  }
}

/** The same for a download route: a 200 carries one of its content types. */
export function checkDownload(route: RestRoute, contentType: string): void {
  if (!route.download?.contentTypes.includes(contentType)) {
    throw new AppError(
      'INTERNAL_SERVER_ERROR',
      `contract: ${route.method} ${route.path} answered ${contentType}, which its route does not declare`,
    );
  }
}
