import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/server';

// How the server sends the web build: the pre-compressed copies the build writes beside each file,
// cache headers by whether a file's name carries its hash, and the GraphQL explorer's page. The
// build is a small one made here, so that each case knows its bytes (the browser tests run the real
// build: test/e2e/serving.e2e.ts).
const SCRIPT = `console.log(${JSON.stringify('parley '.repeat(400))});\n`;
const INDEX = `<!doctype html><html><head><title>Parley</title></head><body>${'<div></div>'.repeat(200)}</body></html>`;
const EXPLORER = '<!doctype html><title>Parley GraphQL explorer</title><div id="explorer"></div>';
let dist: string;
let server: TestServer;

function writeCompressed(file: string, text: string) {
  writeFileSync(file, text);
  writeFileSync(`${file}.br`, brotliCompressSync(text));
  writeFileSync(`${file}.gz`, gzipSync(text));
}

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };
function get(url: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on('error', reject);
  });
}

beforeAll(async () => {
  dist = mkdtempSync(path.join(os.tmpdir(), 'parley-web-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeCompressed(path.join(dist, 'index.html'), INDEX);
  writeCompressed(path.join(dist, 'assets', 'main-Ab12Cd34.js'), SCRIPT);
  writeFileSync(path.join(dist, 'explorer.html'), EXPLORER);
  writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  server = await startTestServer({ WEB_DIST: dist, NODE_ENV: 'development' });
});
afterAll(async () => {
  await server?.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('static files', () => {
  it('sends the brotli copy to a browser that accepts it, gzip to one that takes only gzip, plain otherwise', async () => {
    const url = `${server.url}/assets/main-Ab12Cd34.js`;
    const br = await get(url, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.body.length).toBeLessThan(SCRIPT.length / 10);
    expect(brotliDecompressSync(br.body).toString()).toBe(SCRIPT);

    const gz = await get(url, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(SCRIPT);

    const plain = await get(url, { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(SCRIPT);
  });

  it('caches hashed files for a year, immutable, and has the browser revalidate the pages', async () => {
    for (const encoding of ['br', 'identity']) {
      const asset = await get(`${server.url}/assets/main-Ab12Cd34.js`, { 'accept-encoding': encoding });
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    for (const route of ['/', '/admin/dashboard', '/auth/login-page']) {
      const page = await get(server.url + route, { 'accept-encoding': 'br', accept: 'text/html' });
      expect(page.status, route).toBe(200);
      expect(page.headers['cache-control'], route).toBe('no-cache');
      expect(page.headers['content-encoding'], route).toBe('br');
      expect(brotliDecompressSync(page.body).toString(), route).toBe(INDEX);
    }
    const icon = await get(`${server.url}/favicon.svg`);
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('answers a missing hashed file 404, not the app page', async () => {
    const missing = await get(`${server.url}/assets/main-Zz99Zz99.js`, { 'accept-encoding': 'br' });
    expect(missing.status).toBe(404);
  });
});

describe('the GraphQL explorer', () => {
  it('answers a browser opening /graphql with the explorer page, and clients with GraphQL', async () => {
    const page = await get(`${server.url}/graphql`, {
      accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
    });
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body.toString()).toBe(EXPLORER);
    // the same Content-Security-Policy as the app: nothing from another origin
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/https?:\/\/(?!127\.0\.0\.1|localhost)/);

    // a GET query from a client is still a query, even one asking for HTML first
    const query = await get(`${server.url}/graphql?query=${encodeURIComponent('{ __typename }')}`, {
      accept: 'text/html, application/json',
      'apollo-require-preflight': 'true',
    });
    expect(JSON.parse(query.body.toString())).toEqual({ data: { __typename: 'Query' } });
    // the page itself is not a static file
    expect((await get(`${server.url}/explorer.html`)).body.toString()).not.toBe(EXPLORER);
  });

  it('is off in production unless GRAPHQL_EXPLORER turns it on', async () => {
    const accept = { accept: 'text/html' };
    const prod = await startTestServer({ WEB_DIST: dist, NODE_ENV: 'production' });
    const on = await startTestServer({ WEB_DIST: dist, NODE_ENV: 'production', GRAPHQL_EXPLORER: 'true' });
    const off = await startTestServer({ WEB_DIST: dist, GRAPHQL_EXPLORER: 'false' });
    try {
      for (const closed of [prod, off]) {
        const answer = await get(`${closed.url}/graphql`, accept);
        expect(answer.body.toString()).not.toContain('explorer');
        expect(answer.status).toBe(400);
      }
      expect((await get(`${on.url}/graphql`, accept)).body.toString()).toBe(EXPLORER);
    } finally {
      await Promise.all([prod.close(), on.close(), off.close()]);
    }
  });
});
