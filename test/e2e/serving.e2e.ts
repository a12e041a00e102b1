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
    const scripts: { url: string; encoding?: string; cache?: string; bytes: Promise<number> }[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      const headers = response.headers();
      const bytes = response.body().then((b) => b.length);
      scripts.push({
        url: response.url(),
        encoding: headers['content-encoding'],
        cache: headers['cache-control'],
        bytes,
      });
    });
    const first = await page.goto(`${app.server.url}/auth/login-page`);
    await page.getByRole('button', { name: "Let's Go" }).waitFor();
    expect(first?.headers()['cache-control']).toBe('no-cache');
    expect(scripts.length).toBeGreaterThan(3);
    for (const script of scripts) {
      expect(script.url, 'a hashed file').toMatch(/\/assets\/[^/]+-[\w-]{8}\.js$/);
      // every file of 1 kB or more goes compressed; a smaller one is not worth it and goes as it is
      // (the build's threshold: counting files instead failed once tiny shared chunks were half)
      if (script.encoding !== undefined || (await script.bytes) >= 1024) expect(script.encoding, script.url).toBe('br');
      expect(script.cache, script.url).toBe('public, max-age=31536000, immutable');
    }
    expect(scripts.filter((s) => s.encoding === 'br').length).toBeGreaterThan(3);

    await page.waitForLoadState('networkidle'); // (what the page preloads when idle too)

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
    expect(fromNetwork).toEqual([]);
    await context.close();
  });

  it("asks for the dashboard's data while its screen's code is still on the way", async () => {
    const context = await app.browser.newContext();
    const page = await context.newPage();
    await logIn(page, app.server.url, app.user);
    await page.getByText('No requests yet').waitFor();

    // the dashboard's own chunk comes 1.5 s late; its queries must not wait for it
    const sent = new Map<string, number>();
    let released = 0;
    await page.route(/\/assets\/dashboard-page-[\w-]+\.js$/, async (route) => {
      await new Promise((done) => setTimeout(done, 1500));
      released = Date.now();
      await route.continue();
    });
    page.on('request', (request) => {
      const operation = /"operationName":"(\w+)"/.exec(request.postData() ?? '')?.[1];
      if (operation && !sent.has(operation)) sent.set(operation, Date.now());
    });
    await page.goto(`${app.server.url}/admin/dashboard`);
    await page.getByText('No requests yet').waitFor();
    const shown = Date.now();
    expect(released).toBeGreaterThan(0);
    for (const operation of ['DashboardSummary', 'DashboardOverview', 'DashboardRequests', 'DashboardContracts']) {
      expect(sent.get(operation), operation).toBeLessThan(released);
    }
    await page.getByText('No contracts yet').waitFor();
    expect(shown - released).toBeLessThan(1000);
    await context.close();
  });
});
