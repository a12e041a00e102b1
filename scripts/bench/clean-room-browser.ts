// Browser encryption benchmark (issue 6): builds scripts/bench/clean-room-browser with Vite (the
// same worker code the room page uses), serves it on 127.0.0.1 and runs it in headless Chromium.
// Prints rows/s of the real pipeline (CSV worker -> encryption worker pool -> JSON chunk bodies)
// and of the same cells through raw WebCrypto calls on the page's thread, measured in one run:
// BENCH_BROWSER_ROUNDS rounds (default 3) of the pipeline and then its baseline, each ratio taken
// within its round; the median ratio is judged. BENCH_BROWSER_ROWS sets the row count (default
// 100000).
import { createReadStream, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { build } from 'vite';
import { launchBrowser } from '../../test/e2e/support/browser';

import { envInt, median, type TargetResult } from './measure';
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

/** BENCH_BROWSER_ROUNDS rounds (default 3), each the pipeline and then its baseline, in one page. */
export async function cleanRoomBrowserBench(
  rows = envInt('BENCH_BROWSER_ROWS', 100_000),
  rounds = Math.max(1, envInt('BENCH_BROWSER_ROUNDS', 3)),
): Promise<BenchResult[]> {
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
  const browser = await launchBrowser({ optimizeJs: true });
  try {
    const page = await openBenchPage(browser, `http://127.0.0.1:${port}/`);
    const results: BenchResult[] = [];
    for (let round = 0; round < rounds; round++) {
      results.push(
        await page.evaluate(
          (count) => (globalThis as unknown as { runBench: (n: number) => Promise<BenchResult> }).runBench(count),
          rows,
        ),
      );
    }
    return results;
  } finally {
    await browser.close();
    server.close();
    rmSync(outDir, { recursive: true, force: true });
  }
}

export function printCleanRoomBrowserBench(results: BenchResult[]): TargetResult[] {
  const [first] = results;
  // the median of a figure over the rounds, and its range when there are several
  const figure = (f: (r: BenchResult) => number, digits = 0) => {
    const xs = results.map(f);
    const text = (x: number) =>
      x.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
    return {
      value: median(xs),
      text: `${text(median(xs))}${xs.length > 1 ? ` (${text(Math.min(...xs))}-${text(Math.max(...xs))})` : ''}`,
    };
  };
  const ms = (f: (r: BenchResult) => number) => `${figure(f).text} ms`.padEnd(26);
  const rate = (f: (r: BenchResult) => number) => `${figure((r) => r.rows / (f(r) / 1000)).text} rows/s`;
  console.log(
    `\nClean-room encryption in headless Chromium, ${first.rows.toLocaleString('en-US')} rows, ${results.length} round(s), medians (range)`,
  );
  console.log(
    `(${(first.csvBytes / 1e6).toFixed(1)} MB CSV; 2 join keys, 1 sealed, 2 clear columns; pool of ${first.poolSize} workers):`,
  );
  console.log(`  scan pass (CSV worker), from the file choice   ${ms((r) => r.scanMs)}`);
  console.log(
    `  encryption workers loaded and warmed up        ${ms((r) => r.warmMs)} after the scan (during the column set-up)`,
  );
  console.log(`  parse + encrypt + chunk bodies, from "Encrypt" ${ms((r) => r.encryptMs)} ${rate((r) => r.encryptMs)}`);
  console.log(
    `  scan + parse + encrypt + chunk bodies          ${ms((r) => r.pipelineMs)} ${rate((r) => r.pipelineMs)}`,
  );
  console.log(`  raw WebCrypto, page thread (baseline)          ${ms((r) => r.rawMs)} ${rate((r) => r.rawMs)}`);
  // each round's pipeline against the baseline measured right after it
  const ratio = figure((r) => r.rawMs / r.pipelineMs, 2);
  const rowsPerSec = figure((r) => r.rows / (r.pipelineMs / 1000));
  console.log(
    `  ratio raw / (scan + encrypt), per round        ${ratio.text}  goal: at least 3 and 60,000 rows/s: ${ratio.value >= 3 && rowsPerSec.value >= 60_000 ? 'met' : 'MISSED'}`,
  );
  console.log(
    `  longest page-thread task                       ${ms((r) => r.longestTaskMs)} (${(first.uploadBytes / 1e6).toFixed(0)} MB of chunk bodies)`,
  );
  const range = (f: (r: BenchResult) => number) => {
    const xs = results.map(f);
    return xs.length > 1 ? `${Math.min(...xs).toFixed(2)}-${Math.max(...xs).toFixed(2)}` : xs[0].toFixed(2);
  };
  return [
    {
      name: 'browser encryption, pipeline / raw WebCrypto',
      goal: '>= 3',
      value: ratio.value,
      met: ratio.value >= 3,
      range: range((r) => r.rawMs / r.pipelineMs),
    },
    {
      name: 'browser encryption, rows/s (thousands)',
      goal: '>= 60',
      value: rowsPerSec.value / 1000,
      met: rowsPerSec.value >= 60_000,
      range: range((r) => r.rows / r.pipelineMs),
    },
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) printCleanRoomBrowserBench(await cleanRoomBrowserBench());
