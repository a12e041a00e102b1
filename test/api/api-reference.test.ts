import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const get = (path: string) => fetch(`${server.url}${path}`);

describe('the API reference page', () => {
  it('serves Swagger UI from this server, pointed at the OpenAPI document', async () => {
    const page = await get('/v1/docs');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await page.text();
    const sources = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
    // everything it loads is ours: no CDN
    expect(sources.every((s) => s.startsWith('/v1/docs/'))).toBe(true);
    for (const source of sources) expect((await get(source)).status, source).toBe(200);
    const bundle = await get('/v1/docs/assets/swagger-ui-bundle.js');
    expect(bundle.headers.get('content-type')).toMatch(/javascript/);
    expect((await bundle.text()).length).toBeGreaterThan(100_000);
    expect(await (await get('/v1/docs/init.js')).text()).toContain("url: '/v1/openapi.json'");
    // the page's scripts are external, so the site's CSP (scripts from this origin only) holds
    expect(html).not.toMatch(/<script>[^<]/);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
  });

  it('serves only the files the page needs from the package', async () => {
    for (const path of [
      '/v1/docs/assets/index.html',
      '/v1/docs/assets/swagger-initializer.js',
      '/v1/docs/assets/package.json',
      '/v1/docs/assets/../package.json',
      '/v1/docs/assets/%2e%2e/%2e%2e/package.json',
    ]) {
      expect((await get(path)).status, path).toBe(404);
    }
  });
});
