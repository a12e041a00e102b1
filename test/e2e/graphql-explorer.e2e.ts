import { describe, expect, it } from 'vitest';
import { logIn, screenshot } from './support/browser';
import { appWithUser } from './support/server';

// The GraphQL explorer at /graphql (GraphiQL, built and served by us): it works on a machine with
// no way out, under the app's Content-Security-Policy, and queries as the logged-in user.
const app = appWithUser();

describe('GraphQL explorer', () => {
  it('opens at /graphql compressed, runs `me` as the logged-in user, and loads nothing from elsewhere', async () => {
    const context = await app.browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    const foreign: string[] = [];
    const refused: string[] = [];
    context.on('request', (request) => {
      const url = new URL(request.url());
      if (!['data:', 'blob:'].includes(url.protocol) && url.origin !== app.server.url) foreign.push(request.url());
    });
    // the explorer's scripts and styles (Monaco's megabytes among them) go precompressed, as the app's
    const sent: { url: string; encoding?: string }[] = [];
    page.on('response', (response) => {
      if (!['script', 'stylesheet'].includes(response.request().resourceType())) return;
      if (!new URL(response.url()).pathname.startsWith('/assets/')) return;
      sent.push({ url: response.url(), encoding: response.headers()['content-encoding'] });
    });
    page.on('console', (message) => {
      if (/Content.Security.Policy|Refused to/i.test(message.text())) refused.push(message.text());
    });

    await logIn(page, app.server.url, app.user);

    await page.goto(`${app.server.url}/graphql`);
    await expect.poll(() => page.title()).toBe('Parley GraphQL explorer');
    const run = page.getByRole('button', { name: /Execute query/i });
    await run.waitFor({ timeout: 30_000 });
    // Monaco draws spaces as no-break spaces: compare the text with its white space made plain
    const text = async (selector: string) => (await page.locator(selector).innerText()).replace(/\s+/g, ' ');
    // the editor holds the default query once Monaco is up
    await expect.poll(() => text('.graphiql-query-editor'), { timeout: 30_000 }).toContain('query Me { me {');
    await run.click();
    await expect
      .poll(() => text('.graphiql-response'), { timeout: 15_000 })
      .toContain(`"username": "${app.user.username}"`);
    expect(await text('.graphiql-response')).not.toContain('"errors"');
    await screenshot(page, 'graphql-explorer-1440');

    const big = sent.filter((file) => /(monaco-editor|explorer)-[\w-]{8}\.(js|css)$/.test(file.url));
    expect(big.length, "Monaco and the explorer's own script and styles").toBeGreaterThanOrEqual(3);
    for (const file of big) expect(file.encoding, file.url).toBe('br');
    expect(foreign).toEqual([]);
    expect(refused).toEqual([]);
    await context.close();
  });
});
