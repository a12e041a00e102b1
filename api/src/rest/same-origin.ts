import type { FastifyRequest } from 'fastify';

/**
 * Whether a request came from a page of our own origin, as far as the browser says: its fetch
 * metadata (`Sec-Fetch-Site: same-origin`), or, from a client that sends none, an Origin header
 * naming us. A request that proves nothing is not from us: a GET that spends money on the strength
 * of a cookie alone could be a link or an image on someone else's page.
 */
export function fromOwnOrigin(request: FastifyRequest, publicUrl: string): boolean {
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string') return site === 'same-origin';
  const origin = request.headers.origin;
  if (!origin) return false;
  try {
    const url = new URL(origin);
    return url.origin === new URL(publicUrl).origin || url.host === request.headers.host;
  } catch {
    return false;
  }
}

/** Whether an Origin header names our own origin (or the Host the request was sent to). */
export function isOwnOrigin(origin: string, ownOrigin: string, host: string | undefined): boolean {
  if (origin === ownOrigin) return true;
  // "null" (sandboxed frames, file: pages, some redirects) and anything else that is not a URL is foreign
  if (!URL.canParse(origin)) return false;
  const url = new URL(origin);
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.host === host;
}

/**
 * Whether a cookie-authenticated write may go on as far as its Origin header says: none (not a
 * browser, or a same-origin GET) or our own. REST writes and GraphQL POSTs both ask this.
 */
export function originAllowed(request: FastifyRequest, ownOrigin: string): boolean {
  const origin = request.headers.origin;
  return origin === undefined || isOwnOrigin(origin, ownOrigin, request.headers.host);
}
