import { setTimeout as sleep } from 'node:timers/promises';
import type { Page } from 'playwright-core';

// Moving inside the app without reloading it: a full load parses and starts the whole bundle again
// (about a CPU-second a page in Chromium), a route change inside the app only renders the screen.

const inFlight = new WeakMap<Page, { count: number; changed: number }>();

/** Counts the page's requests in flight from now on (what `quiet` waits for). Once a page. */
export function trackRequests(page: Page): void {
  if (inFlight.has(page)) return;
  const state = { count: 0, changed: Date.now() };
  inFlight.set(page, state);
  const change = (by: number) => () => {
    state.count = Math.max(0, state.count + by);
    state.changed = Date.now();
  };
  page.on('request', change(1));
  page.on('requestfinished', change(-1));
  page.on('requestfailed', change(-1));
}

/** Resolves once the page has had no request in flight for `idleMs`. */
async function noRequestsFor(state: { count: number; changed: number }, idleMs: number): Promise<void> {
  const since = Date.now();
  for (;;) {
    const idleFor = Date.now() - Math.max(state.changed, since);
    if (state.count === 0 && idleFor >= idleMs) return;
    await sleep(state.count === 0 ? idleMs - idleFor : 50);
  }
}

// The page's main thread idle twice over: the app starts its idle-time loads (lazy parts, with
// requestIdleCallback) when it is idle after a render, and idle callbacks run in the order asked.
const PAGE_IDLE = `new Promise((done) => requestIdleCallback(() => setTimeout(() =>
  requestIdleCallback(done, { timeout: 250 })), { timeout: 250 }))`;

/**
 * Waits until the page's loads are in: no request in flight for `idleMs`, then the page idle (its
 * renders and idle-time loads started), then no request again; until the page idled without
 * starting one. What used to be a fixed half second of quiet (Playwright's "networkidle", which
 * fires once per document load only) follows the page: a busy page idles later.
 */
export async function quiet(page: Page, idleMs = 100): Promise<void> {
  trackRequests(page);
  const state = inFlight.get(page)!;
  for (;;) {
    await noRequestsFor(state, idleMs);
    const seen = state.changed;
    // a full load under way destroys the context: its document request is the change looked for
    await page.evaluate(PAGE_IDLE).catch(() => undefined);
    await noRequestsFor(state, idleMs);
    if (state.changed === seen) return;
  }
}

/**
 * Opens `route` (a path of this app) as a click on a link would: the router's history gets the
 * entry and hears a popstate. Resolves once the network is quiet, after any redirect.
 */
export async function goInApp(page: Page, route: string): Promise<void> {
  trackRequests(page);
  await page.evaluate(`(() => {
    history.pushState(null, '', ${JSON.stringify(route)});
    dispatchEvent(new PopStateEvent('popstate', { state: null }));
  })()`);
  await quiet(page);
}

/** Sets the page's width (the height stays) and waits for what the new layout loads. */
export async function resizeTo(page: Page, width: number): Promise<void> {
  await page.setViewportSize({ width, height: page.viewportSize()?.height ?? 900 });
  await quiet(page);
}

/**
 * Opens `route` inside the app with the keyboard's starting point where a fresh load puts it: the
 * focus leaves (through a marker at the top of the body, removed again), so the next Tab goes to
 * the page's first stop. Before the route changes: a screen that focuses a field keeps it.
 */
export async function goInAppFromTop(page: Page, route: string): Promise<void> {
  await page.evaluate(`(() => {
    const mark = document.createElement('span');
    mark.tabIndex = -1;
    document.body.prepend(mark);
    mark.focus();
    mark.remove();
  })()`);
  await goInApp(page, route);
}
