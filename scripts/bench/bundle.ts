// Bundle-size benchmark (issue 17): builds the web app as `npm run build` does (web/vite.config.ts),
// into a folder of its own, and prints each screen's initial JavaScript, gzip, as the build's
// report measures it (web/build/bundle-report.ts: the entry, the route's chunks and everything
// they import statically) beside its target: the login screen at most 150 kB, every admin screen
// (the /admin routes and the request report) at most 250 kB. A size has no baseline to run beside
// it; the target is the figure. The build itself also fails when a screen exceeds its budget.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import type { TargetResult } from './measure';
import { transferBench, type TransferRow } from './transfer';

export type BundleRoute = { path: string; gzipKb: number; chunks: number; budgetKb: number | null };

const LOGIN = '/auth/login-page';
const LOGIN_TARGET_KB = 150;
const ADMIN_TARGET_KB = 250;

/** The target of a screen, or null when the issue set none (the other auth and participant pages). */
export function bundleTarget(route: string): number | null {
  if (route === LOGIN) return LOGIN_TARGET_KB;
  return route.startsWith('/admin/') || route.startsWith('/request/') ? ADMIN_TARGET_KB : null;
}

/** The build's report, and the bytes Chromium receives for two pages of that build (transfer.ts). */
export async function bundleBench(): Promise<{ routes: BundleRoute[]; transfer: TransferRow[] }> {
  const outDir = mkdtempSync(path.join(os.tmpdir(), 'parley-bench-bundle-'));
  try {
    await build({
      configFile: path.resolve('web/vite.config.ts'),
      logLevel: 'warn',
      build: { outDir, emptyOutDir: true },
    });
    const { routes } = JSON.parse(readFileSync(path.join(outDir, 'bundle-report.json'), 'utf8')) as {
      routes: BundleRoute[];
    };
    return { routes, transfer: await transferBench(outDir) };
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

export function printBundleBench(routes: BundleRoute[]): TargetResult[] {
  const width = Math.max(...routes.map((r) => r.path.length));
  console.log('\nInitial JavaScript per screen, gzip (the production build, web/build/bundle-report.ts):');
  const results: TargetResult[] = [];
  for (const r of routes) {
    const target = bundleTarget(r.path);
    const met = target !== null && r.gzipKb <= target;
    console.log(
      `  ${r.path.padEnd(width)}  ${r.gzipKb.toFixed(1).padStart(6)} kB  ${target === null ? '' : `target <= ${target} kB: ${met ? 'met' : 'MISSED'}`}`,
    );
    if (target !== null) {
      results.push({ name: `bundle ${r.path} (kB gzip)`, goal: `<= ${target}`, value: r.gzipKb, met, range: '' });
    }
  }
  return results;
}
