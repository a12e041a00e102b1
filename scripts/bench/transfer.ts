// Bytes a browser actually receives (issue 28): the production server serving a build, Chromium
// loading the login page and the dashboard twice each in one browser profile, first with an empty
// cache and then again, as a person coming back. Counted from the DevTools protocol: each
// response's encodedDataLength (headers and body as they came over the wire, after any
// Content-Encoding; 0 for what the cache answered). The baseline, in the same run, is the first
// visit with compression refused (Accept-Encoding: identity), which is what every visit cost
// before the server sent compressed files and let the browser keep the hashed ones.
import type { BrowserContext, Page } from 'playwright-core';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { buildApp } from '../../api/src/app';
import { loadConfig } from '../../api/src/config';
import { launchBrowser } from '../../test/e2e/support/browser';
import { openBenchDatabase } from './bench-db';
import { benchLogin } from './bench-user';

export type TransferRow = {
  page: string;
  /** kB received on the first visit with an empty cache, compression refused (the baseline) */
  identityKb: number;
  /** kB received on the first visit with an empty cache */
  firstKb: number;
  /** kB received on the visit after it, same profile */
  repeatKb: number;
  /** responses on the repeat visit that the browser still fetched (API calls, revalidated pages) */
  repeatRequests: number;
};

const PAGES = [
  { page: '/auth/login-page', ready: (page: Page) => page.getByRole('button', { name: "Let's Go" }).waitFor() },
  {
    page: '/admin/dashboard',
    // the Recent Requests table with its rows, not its skeleton
    ready: (page: Page) =>
      page
        .getByRole('table', { name: 'Recent Requests' })
        .getByText('No requests yet')
        .or(page.getByRole('table', { name: 'Recent Requests' }).getByRole('row').nth(1))
        .first()
        .waitFor(),
  },
];

async function visit(context: BrowserContext, url: string, ready: (page: Page) => Promise<unknown>) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  let bytes = 0;
  let fetched = 0;
  cdp.on('Network.loadingFinished', (event: { encodedDataLength: number }) => {
    bytes += event.encodedDataLength;
    if (event.encodedDataLength > 0) fetched += 1;
  });
  await page.goto(url);
  await ready(page);
  await page.waitForLoadState('networkidle');
  await page.close();
  return { kb: Math.round(bytes / 102.4) / 10, fetched };
}

/** Serves `webDist` as production does and measures what Chromium receives for each page. */
export async function transferBench(webDist: string): Promise<TransferRow[]> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'parley-bench-transfer-'));
  const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, WEB_DIST: webDist });
  const db = await openBenchDatabase(dataDir);
  const logStream = pino.destination({ dest: '/dev/null', sync: true });
  const { app, services } = await buildApp({
    config,
    orm: db.orm,
    logger: { stream: logStream as unknown as NodeJS.WritableStream },
  });
  const browser = await launchBrowser({ optimizeJs: true });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const { cookie } = await benchLogin(db.orm.em.fork(), services, base, 'transfer');
    const [name, value] = cookie.split('=');
    const rows: TransferRow[] = [];
    for (const { page, ready } of PAGES) {
      const profile = async (headers: Record<string, string> = {}) => {
        const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, extraHTTPHeaders: headers });
        await context.addCookies([{ name, value, url: base }]);
        return context;
      };
      const identity = await profile({ 'accept-encoding': 'identity' });
      const plain = await visit(identity, base + page, ready);
      await identity.close();
      const context = await profile();
      const first = await visit(context, base + page, ready);
      const repeat = await visit(context, base + page, ready);
      await context.close();
      rows.push({
        page,
        identityKb: plain.kb,
        firstKb: first.kb,
        repeatKb: repeat.kb,
        repeatRequests: repeat.fetched,
      });
    }
    return rows;
  } finally {
    await browser.close();
    await app.close();
    await db.close();
    logStream.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function printTransferBench(rows: TransferRow[]): void {
  console.log('\nBytes received by Chromium per page visit (headers and bodies over the wire, the production server):');
  const width = Math.max(...rows.map((r) => r.page.length));
  console.log(
    `  ${'page'.padEnd(width)}  ${'uncompressed'.padStart(12)}  ${'first visit'.padStart(11)}  ${'ratio'.padStart(5)}  ${'repeat visit'.padStart(12)}  fetched again`,
  );
  for (const r of rows) {
    console.log(
      `  ${r.page.padEnd(width)}  ${`${r.identityKb.toFixed(1)} kB`.padStart(12)}  ${`${r.firstKb.toFixed(1)} kB`.padStart(11)}  ${(r.firstKb / r.identityKb).toFixed(2).padStart(5)}  ${`${r.repeatKb.toFixed(1)} kB`.padStart(12)}  ${r.repeatRequests}`,
    );
  }
}
