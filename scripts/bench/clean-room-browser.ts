// Browser encryption benchmark (issue 6): builds scripts/bench/clean-room-browser with Vite (the
// same worker code the room page uses), serves it on 127.0.0.1 and runs it in headless Chromium.
// Prints rows/s of the real pipeline (CSV worker -> encryption worker pool -> JSON chunk bodies)
// and of the same cells through raw WebCrypto calls on the page's thread, measured in one run.
// BENCH_BROWSER_ROWS sets the row count (default 100000).
import { createReadStream, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { build } from 'vite';
import { launchBrowser } from '../../test/e2e/support/browser';

import type { TargetResult } from './measure';
import type { BenchResult } from './clean-room-browser/bench-types';

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript' };

/** Builds the bench page (clean-room-browser/) with Vite into a new folder; the caller removes it. */
export async function buildBenchPage(): Promise<string> {
  const outDir = mkdtempSync(path.join(os.tmpdir(), 'parley-bench-web-'));
  await build({
    root: path.resolve('scripts/bench/clean-room-browser'),
    configFile: false,
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true },
    worker: { format: 'es' },
  });
  return outDir;
}

/** Opens the bench page at `url` in a new page of `browser`, once its script has loaded. */
export async function openBenchPage(browser: Browser | BrowserContext, url: string): Promise<Page> {
  const page = await browser.newPage();
  await page.goto(url);
  await page.getByText('loaded').waitFor();
  return page;
}

export async function cleanRoomBrowserBench(rows = Number(process.env.BENCH_BROWSER_ROWS ?? 100_000)) {
  const outDir = await buildBenchPage();
  const server = createServer((req, res) => {
    const file = path.join(outDir, new URL(req.url ?? '/', 'http://x').pathname.replace(/\/$/, '/index.html'));
    if (!file.startsWith(outDir) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  const browser = await launchBrowser();
  try {
    const page = await openBenchPage(browser, `http://127.0.0.1:${port}/`);
    return await page.evaluate(
      (count) => (globalThis as unknown as { runBench: (n: number) => Promise<BenchResult> }).runBench(count),
      rows,
    );
  } finally {
    await browser.close();
    server.close();
    rmSync(outDir, { recursive: true, force: true });
  }
}

export function printCleanRoomBrowserBench(result: BenchResult): TargetResult[] {
  const rate = (ms: number) => Math.round(result.rows / (ms / 1000)).toLocaleString('en-US');
  console.log(`\nClean-room encryption in headless Chromium, ${result.rows.toLocaleString('en-US')} rows`);
  console.log(
    `(${(result.csvBytes / 1e6).toFixed(1)} MB CSV; 2 join keys, 1 sealed, 2 clear columns; pool of ${result.poolSize} workers):`,
  );
  console.log(`  scan pass (CSV worker), from the file choice   ${result.scanMs.toFixed(0).padStart(7)} ms`);
  console.log(
    `  encryption workers loaded and warmed up        ${result.warmMs.toFixed(0).padStart(7)} ms after the file choice (during the scan and the column set-up)`,
  );
  console.log(
    `  parse + encrypt + chunk bodies, from "Encrypt" ${result.encryptMs.toFixed(0).padStart(7)} ms  ${rate(result.encryptMs).padStart(9)} rows/s`,
  );
  console.log(
    `  scan + parse + encrypt + chunk bodies          ${result.pipelineMs.toFixed(0).padStart(7)} ms  ${rate(result.pipelineMs).padStart(9)} rows/s`,
  );
  console.log(
    `  raw WebCrypto, page thread (baseline)         ${result.rawMs.toFixed(0).padStart(7)} ms  ${rate(result.rawMs).padStart(9)} rows/s`,
  );
  const ratio = result.rawMs / result.pipelineMs;
  const rowsPerSec = result.rows / (result.pipelineMs / 1000);
  console.log(
    `  ratio raw / (scan + encrypt)                  ${ratio.toFixed(2).padStart(7)}  goal: at least 3 and 60,000 rows/s: ${ratio >= 3 && rowsPerSec >= 60_000 ? 'met' : 'MISSED'}`,
  );
  console.log(
    `  longest page-thread task                       ${result.longestTaskMs.toFixed(0).padStart(7)} ms (${(result.uploadBytes / 1e6).toFixed(0)} MB of chunk bodies)`,
  );
  return [
    {
      name: 'browser encryption, pipeline / raw WebCrypto',
      goal: '>= 3',
      value: ratio,
      met: ratio >= 3,
      range: ratio.toFixed(2),
    },
    {
      name: 'browser encryption, rows/s (thousands)',
      goal: '>= 60',
      value: rowsPerSec / 1000,
      met: rowsPerSec >= 60_000,
      range: (rowsPerSec / 1000).toFixed(1),
    },
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) printCleanRoomBrowserBench(await cleanRoomBrowserBench());
