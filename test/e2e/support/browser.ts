import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';

// Debian's headless shell (package chromium-headless-shell) when installed: the same engine without
// the full browser's user interface, as Playwright's own headless runs use; 9-24% less CPU on the
// browser files (surveys-v2: 83 CPU-s with /usr/bin/chromium, 63 with the shell; a11y-screens 186, 170).
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const CHROMIUM = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');
export const ARTIFACTS = path.resolve('test-results/e2e');

/** The flags this closed network needs (see STACK.md), headless. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Debian's Chromium headless shell, or its Chromium (CHROMIUM_PATH elsewhere); throws when neither is installed. */
export function chromiumExecutable(): string {
  if (!existsSync(CHROMIUM))
    throw new Error(`Chromium not found at ${CHROMIUM}: apt-get install -y chromium-headless-shell`);
  return CHROMIUM;
}

/**
 * V8's optimizing compilers (Maglev, TurboFan) off: a test's page lives seconds, too short to pay
 * back compiling its hot code again; the interpreter and Sparkplug run the same JavaScript. Two runs
 * of one file at once, with and without: 6-10% less CPU for the whole file (requests-wizards,
 * a11y-screens, clean-room).
 */
const SHORT_LIVED_PAGES = '--js-flags=--max-opt=1';

/**
 * Debian's Chromium, headless, with the flags this closed network needs (see STACK.md).
 * `optimizeJs` keeps V8's optimizing compilers, for pages that compute in JavaScript for seconds
 * (the key backup's scrypt at its production cost: over 30 s without them on a loaded CI run) and
 * for the benchmarks, which measure the browser as people run it.
 */
export async function launchBrowser({ optimizeJs = false } = {}): Promise<Browser> {
  const args = optimizeJs ? CHROMIUM_ARGS : [...CHROMIUM_ARGS, SHORT_LIVED_PAGES];
  return chromium.launch({ executablePath: chromiumExecutable(), args });
}

export type RecordedRequest = { method: string; url: string; body: string };

/** Records every request a context sends (method, URL and body) for later assertions. */
export function recordRequests(context: BrowserContext): RecordedRequest[] {
  const seen: RecordedRequest[] = [];
  context.on('request', (req) => {
    let body: string;
    try {
      body = req.postDataBuffer()?.toString('latin1') ?? '';
    } catch {
      body = ''; // bodies of some request kinds cannot be read; they carry nothing we send
    }
    seen.push({ method: req.method(), url: req.url(), body });
  });
  return seen;
}

/** Asserts that no recorded request carried any of the secrets (or a PEM private key block). */
export function findLeaks(requests: RecordedRequest[], secrets: string[]): string[] {
  const leaks: string[] = [];
  const needles = secrets.flatMap((s) => {
    const b64 = s.replace(/-----[^-]+-----/g, '').replace(/\s+/g, '');
    return [s, b64, encodeURIComponent(s)].filter((n) => n.length >= 16);
  });
  for (const r of requests) {
    const hay = `${r.url}\n${r.body}`;
    if (/PRIVATE KEY/.test(hay)) leaks.push(`${r.method} ${r.url}: PEM private key block`);
    for (const n of needles) if (hay.includes(n)) leaks.push(`${r.method} ${r.url}: secret material`);
  }
  return leaks;
}

/**
 * Screenshots are for people looking at the screens (`E2E_SCREENSHOTS=1`, CONTRIBUTING.md): nothing
 * asserts on them, and CI, where no one looks, would pay several CPU-minutes for them.
 */
export const SCREENSHOTS = process.env.E2E_SCREENSHOTS === '1';

/** The transitions under way finished (at most 2 s: spinners never end). */
export async function transitionsDone(page: Page): Promise<void> {
  await page.evaluate(`Promise.race([
    Promise.all(document.getAnimations()
      .filter((a) => a.effect && a.effect.getComputedTiming().endTime !== Infinity)
      .map((a) => a.finished.catch(() => undefined))),
    new Promise((done) => setTimeout(done, 2000)),
  ])`);
}

/**
 * The page from its top once its transitions end (a dialog fading in, a resize's re-render), then a
 * full-page capture of it if SCREENSHOTS. The settling happens either way: suites read the layout
 * right after (the width of the page at 375 px, say), as they were written to.
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  // two frames: a resize's media-query listeners run in the next frame's rendering steps, and the
  // re-render they cause is laid out in the one after (a capture used to wait for a frame itself)
  await page.evaluate('new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))');
  // from the top: the fixed header and sidebar are drawn where the viewport is
  await page.evaluate('window.scrollTo(0, 0)');
  await transitionsDone(page);
  if (!SCREENSHOTS) return;
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage: true });
}

/** The viewport only, or one element, as it is now; or nothing (SCREENSHOTS). */
export async function screenshotAsIs(target: Page | Locator, name: string): Promise<void> {
  if (!SCREENSHOTS) return;
  mkdirSync(ARTIFACTS, { recursive: true });
  await target.screenshot({ path: path.join(ARTIFACTS, `${name}.png`) });
}

export type RecordedResponse = { url: string; body: string };

/**
 * Records the body of every response a context receives from the app's API (what reached that
 * browser); `settled()` waits for bodies still being read.
 */
export function recordResponses(context: BrowserContext, origin: string) {
  const seen: RecordedResponse[] = [];
  const pending = new Set<Promise<void>>();
  context.on('response', (res) => {
    const url = res.url();
    if (!url.startsWith(origin) || !/\/(graphql|v1\/)/.test(url)) return;
    const read = res
      .text()
      .then((body) => void seen.push({ url, body }))
      .catch(() => undefined)
      .finally(() => pending.delete(read));
    pending.add(read);
  });
  return {
    responses: seen,
    settled: async () => {
      while (pending.size) await Promise.all(pending);
      return seen;
    },
  };
}

/** Logs `user` in through the login page and waits for the dashboard. */
/**
 * Signs in through the API with the page's own cookie jar, then opens the dashboard: where the
 * login form is not what a test is about (account.e2e.ts drives it), a page load fewer.
 */
export async function signIn(page: Page, baseUrl: string, user: { username: string; password: string }): Promise<void> {
  const res = await page.request.post(`${baseUrl}/graphql`, {
    headers: { origin: baseUrl },
    data: {
      query: 'mutation ($input: LoginInput!) { login(input: $input) { id } }',
      variables: { input: { username: user.username, password: user.password } },
    },
  });
  const body = (await res.json()) as { errors?: unknown[] };
  if (!res.ok() || body.errors) throw new Error(`sign-in failed: ${res.status()} ${JSON.stringify(body)}`);
  await page.goto(`${baseUrl}/admin/dashboard`);
}

export async function logIn(page: Page, baseUrl: string, user: { username: string; password: string }): Promise<void> {
  await page.goto(`${baseUrl}/auth/login-page`);
  await page.getByLabel('Username or e-mail').fill(user.username);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: "Let's Go" }).click();
  await page.waitForURL(/\/admin\/dashboard$/);
}
