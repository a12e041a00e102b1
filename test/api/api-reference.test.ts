import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_VERSION } from './support/app';
import { buildOpenApi } from '../../api/src/rest/openapi';
import { restApi } from './support/app';
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

describe('the OpenAPI document', () => {
  it('describes every REST and file route the server serves, so none can skip its contract', async () => {
    const doc = (await (await get('/v1/openapi.json')).json()) as { paths: Record<string, Record<string, unknown>> };
    expect(doc).toEqual(JSON.parse(JSON.stringify(buildOpenApi(restApi, { version: API_VERSION }))));
    const documented = new Set(
      Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`)),
    );
    // GraphQL has its own schema; these serve the document itself and the page that renders it
    const notRest = (url: string) =>
      url === '/graphql' || url === '/v1/openapi.json' || url === '/v1/docs' || url.startsWith('/v1/docs/');
    const served = server.checks.routes
      .filter((r) => r.method !== 'HEAD' && r.method !== 'OPTIONS')
      .filter((r) => /^\/(v1\/|request\.api\/|media\/)/.test(r.url) && !notRest(r.url))
      .map((r) => `${r.method} ${r.url.replace(/:(\w+)/g, '{$1}')}`);
    expect(served.length).toBe(restApi.routes.length + restApi.fileRoutes.length);
    expect(served.filter((r) => !documented.has(r))).toEqual([]);
  });

  it('answers a missing file with the JSON error envelope its route declares', async () => {
    const missing = await get('/media/avatars/nobody.png');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'File not found' } });
    const image = await get(`/v1/requestClient/image/${'A'.repeat(43)}`);
    expect(image.status).toBe(404);
    expect(((await image.json()) as { error: { code: string } }).error.code).toBe('NOT_FOUND');
  });
});
