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
 * Whether a cookie-authenticated write may go on as far as the browser tells where it came from:
 * an Origin header naming our own origin; or no Origin (not a browser, or one that sends none)
 * unless the rest of what it sent says another site: fetch metadata other than same-origin (or
 * none, a user's own navigation), or a Referer from another origin. REST writes and GraphQL POSTs
 * both ask this.
 */
export function originAllowed(request: FastifyRequest, ownOrigin: string): boolean {
  const { origin, referer, host } = request.headers;
  if (origin !== undefined) return isOwnOrigin(origin, ownOrigin, host);
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return false;
  if (referer === undefined) return true;
  return URL.canParse(referer) && isOwnOrigin(new URL(referer).origin, ownOrigin, host);
}
