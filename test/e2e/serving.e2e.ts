import type { Request, Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { logIn } from './support/browser';
import { appWithUser } from './support/server';

// The production build as Chromium receives it from the real server: compressed, cached for good
// when hashed, and the dashboard's data asked for while its screen is still loading.
const app = appWithUser();

describe('serving the web app', () => {
  it('sends scripts brotli-compressed, immutable, and a repeat visit takes them from the cache', async () => {
    const context = await app.browser.newContext();
    const page = await context.newPage();
    // the body is read only where a check needs its size, while the page is open: a read started
    // for every script was left pending on the repeat visit's and rejected when the context closed
    const scripts: { url: string; encoding?: string; cache?: string; bytes: () => Promise<number> }[] = [];
    const onResponse = (response: Response) => {
      if (response.request().resourceType() !== 'script') return;
      const headers = response.headers();
      scripts.push({
        url: response.url(),
        encoding: headers['content-encoding'],
        cache: headers['cache-control'],
        bytes: async () => (await response.body()).length,
      });
    };
    page.on('response', onResponse);
    const first = await page.goto(`${app.server.url}/auth/login-page`);
    await page.getByRole('button', { name: "Let's Go" }).waitFor();
    expect(first?.headers()['cache-control']).toBe('no-cache');
    expect(scripts.length).toBeGreaterThan(3);
    for (const script of scripts) {
      expect(script.url, 'a hashed file').toMatch(/\/assets\/[^/]+-[\w-]{8}\.js$/);
      // every file of 1 kB or more goes compressed; a smaller one is not worth it and goes as it is
      // (the build's threshold: counting files instead failed once tiny shared chunks were half)
      if (script.encoding !== undefined || (await script.bytes()) >= 1024)
        expect(script.encoding, script.url).toBe('br');
      expect(script.cache, script.url).toBe('public, max-age=31536000, immutable');
    }
    expect(scripts.filter((s) => s.encoding === 'br').length).toBeGreaterThan(3);

    // the page preloads the API client when the browser is idle, or 2 s after it asked on a busy
    // one: long after the network was quiet for networkidle's 0.5 s (a repeat visit then fetched
    // those chunks for the first time, and this failed on a loaded CI run)
    await expect.poll(() => scripts.some((s) => /\/create-apollo-client-[\w-]{8}\.js$/.test(s.url))).toBe(true);
    await page.waitForLoadState('networkidle'); // (its chunks' own imports)
    const fetchedBefore = new Set(scripts.map((s) => s.url));
    page.off('response', onResponse);

    // the repeat visit: bytes over the wire per script, as DevTools counts them (0 from the cache)
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    const urls = new Map<string, string>();
    const fromNetwork: string[] = [];
    cdp.on('Network.requestWillBeSent', (event) => urls.set(event.requestId, event.request.url));
    cdp.on('Network.loadingFinished', (event) => {
      const url = urls.get(event.requestId) ?? '';
      if (url.endsWith('.js') && event.encodedDataLength > 0) fromNetwork.push(url);
    });
    await page.goto(`${app.server.url}/auth/login-page`);
    await page.getByRole('button', { name: "Let's Go" }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(urls.size).toBeGreaterThan(3);
    expect([...urls.values()].filter((url) => fetchedBefore.has(url)).length).toBeGreaterThan(3);
    // what the first visit fetched comes from the cache (one it never asked for cannot)
    expect(fromNetwork.filter((url) => fetchedBefore.has(url))).toEqual([]);
    await context.close();
  });

  it("asks for the dashboard's data while its screen's code is still on the way", async () => {
    const context = await app.browser.newContext();
    const page = await context.newPage();
    await logIn(page, app.server.url, app.user);
    await page.getByText('No requests yet').waitFor();

    // the dashboard's own chunk is held until its four queries are answered (or 10 s pass): a query
    // that waited for the chunk would come after it. Events are numbered in order, not timed.
    const operations = ['DashboardSummary', 'DashboardOverview', 'DashboardRequests', 'DashboardContracts'];
    let order = 0;
    const sends: [string, number][] = [];
    const answered = new Set<string>();
    let released = 0;
    let allAnswered = () => {};
    const answers = new Promise<void>((done) => (allAnswered = done));
    const operationOf = (request: Request) => /"operationName":"(\w+)"/.exec(request.postData() ?? '')?.[1];
    await page.route(/\/assets\/dashboard-page-[\w-]+\.js$/, async (route) => {
      await Promise.race([answers, new Promise((done) => setTimeout(done, 10_000))]);
      released = ++order;
      await route.continue();
    });
    page.on('request', (request) => {
      const operation = operationOf(request);
      if (operation && operations.includes(operation)) sends.push([operation, ++order]);
    });
    page.on('requestfinished', (request) => {
      const operation = operationOf(request);
      if (operation) answered.add(operation);
      if (operations.every((o) => answered.has(o))) allAnswered();
    });
    await page.goto(`${app.server.url}/admin/dashboard`);
    await page.getByText('No requests yet').waitFor();
    await page.getByText('No contracts yet').waitFor();
    expect(released).toBeGreaterThan(0);
    for (const operation of operations) {
      expect(sends.find(([o]) => o === operation)?.[1], operation).toBeLessThan(released);
    }
    // and the screen showed what they had fetched: none of them was sent again once its code came
    expect(sends.filter(([, n]) => n > released).map(([o]) => o)).toEqual([]);
    await context.close();
  });
});
