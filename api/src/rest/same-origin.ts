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
