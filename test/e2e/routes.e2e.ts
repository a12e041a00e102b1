import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { logIn, screenshot } from './support/browser';
import { appWithUser } from './support/server';
import { ADMIN_ROUTES as ADMIN_ROUTE_TABLE, OPEN_ROUTES } from './support/routes';

// Every route of the spec's table, walked logged out and logged in with made-up ids, with
// screenshots as test artifacts (test-results/e2e). The open pages' screenshots at both widths, and
// the routes with real data at 375 and 1440 px, come from the accessibility walk (a11y-screens).
const app = appWithUser();

// (ids made up: an unknown request's screen is a route too)
const ADMIN_ROUTES = ADMIN_ROUTE_TABLE.map((route) => route.replace(':id', '123'));

async function loggedIn(width: number): Promise<{ context: BrowserContext; page: Page }> {
  const context = await app.browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  await logIn(page, app.server.url, app.user);
  return { context, page };
}

const pathOf = (page: Page) => new URL(page.url()).pathname;
const slug = (route: string) => route.replace(/^\//, '').replace(/[^a-z0-9]+/gi, '-');

describe('route table, logged out', () => {
  it('sends every authenticated screen to the login page and serves the open ones', async () => {
    const context = await app.browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    for (const route of ADMIN_ROUTES) {
      await page.goto(app.server.url + route);
      // the login page brings the visitor back afterwards (not needed for the dashboard, where login lands)
      await page.waitForURL((url) => url.pathname === '/auth/login-page');
      const next = new URL(page.url()).searchParams.get('next');
      expect(next, route).toBe(route === '/admin/dashboard' ? null : route);
    }
    for (const [from, to] of [
      ['/', '/auth/login-page'],
      ['/admin', '/auth/login-page'],
      ['/auth', '/auth/login-page'],
    ]) {
      await page.goto(app.server.url + from);
      await page.waitForURL((u) => u.pathname === to);
    }
    for (const route of OPEN_ROUTES) {
      await page.goto(app.server.url + route);
      await page.waitForLoadState('networkidle');
      expect(pathOf(page), route).toBe(route);
    }
    await page.goto(`${app.server.url}/auth/error-page`);
    await expect.poll(() => page.getByText('Page not found :(').isVisible()).toBe(true);
    expect(await page.getByText('Ooooups! Looks like you got lost.').isVisible()).toBe(true);
    await page.goto(`${app.server.url}/no/such/page`);
    await expect.poll(() => page.getByText('Page not found :(').isVisible()).toBe(true);
    // the lock screen's card appears after 700 ms
    await page.goto(`${app.server.url}/auth/lock-screen-page`);
    await expect.poll(() => page.getByRole('button', { name: /Unlock/i }).isVisible(), { timeout: 5000 }).toBe(true);
    await context.close();
  });
});

describe('route table, logged in', () => {
  // with real ids, and at 375 px too, the accessibility walk (a11y-screens.e2e.ts) checks the same
  it('resolves every screen of an unknown id, and the redirects, at 1440 px', async () => {
    const width = 1440;
    const { context, page } = await loggedIn(width);
    for (const route of ADMIN_ROUTES) {
      await page.goto(app.server.url + route);
      await page.waitForLoadState('networkidle');
      expect(pathOf(page), route).toBe(route);
      await screenshot(page, `route-unknown-id-${slug(route)}-${width}`);
      expect(await page.evaluate<number>('document.documentElement.scrollWidth'), route).toBeLessThanOrEqual(width);
    }
    for (const from of ['/', '/admin', '/admin/unknown/thing']) {
      await page.goto(app.server.url + from);
      await page.waitForURL(/\/admin\/dashboard$/);
    }
    await context.close();
  });
});
