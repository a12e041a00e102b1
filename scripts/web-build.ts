import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

function newestMtime(entry: string): number {
  if (!existsSync(entry)) return 0;
  const st = statSync(entry);
  if (!st.isDirectory()) return st.mtimeMs;
  return readdirSync(entry).reduce((max, name) => Math.max(max, newestMtime(path.join(entry, name))), st.mtimeMs);
}

const SOURCES = [
  'web/src',
  'web/public',
  'web/index.html',
  'web/explorer.html',
  'web/build',
  'web/vite.config.ts',
  'package-lock.json',
];

/** Builds the web app into web/dist when the build is missing or older than its sources. */
export function buildWebIfStale(): void {
  const built = path.resolve('web/dist/index.html');
  if (!existsSync('web/vite.config.ts')) return;
  if (existsSync(built) && Math.max(...SOURCES.map(newestMtime)) <= statSync(built).mtimeMs) return;
  console.log('building the web app (web/dist is missing or stale)...');
  const vite = path.resolve('node_modules/vite/bin/vite.js');
  const res = spawnSync(process.execPath, [vite, 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'], {
    stdio: 'inherit',
    // vitest sets NODE_ENV=test, which would make Vite bundle React's development build
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (res.status !== 0) throw new Error(`web build failed with status ${res.status}`);
}
