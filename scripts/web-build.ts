import { spawn, spawnSync } from 'node:child_process';
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

/** Whether web/dist is missing or older than its sources. */
export function webBuildIsStale(): boolean {
  const built = path.resolve('web/dist/index.html');
  if (!existsSync('web/vite.config.ts')) return false;
  return !existsSync(built) || Math.max(...SOURCES.map(newestMtime)) > statSync(built).mtimeMs;
}

const viteBuild = () => ({
  command: process.execPath,
  args: [
    path.resolve('node_modules/vite/bin/vite.js'),
    'build',
    '--config',
    'web/vite.config.ts',
    '--logLevel',
    'warn',
  ],
  // vitest sets NODE_ENV=test, which would make Vite bundle React's development build
  env: { ...process.env, NODE_ENV: 'production' },
});

/** Builds the web app into web/dist when the build is missing or older than its sources. */
export function buildWebIfStale(): void {
  if (!webBuildIsStale()) return;
  console.log('building the web app (web/dist is missing or stale)...');
  const { command, args, env } = viteBuild();
  const res = spawnSync(command, args, { stdio: 'inherit', env });
  if (res.status !== 0) throw new Error(`web build failed with status ${res.status}`);
}

/** buildWebIfStale without waiting: resolves when the build is done, rejects when it failed. */
export function startWebBuildIfStale(): Promise<void> {
  if (!webBuildIsStale()) return Promise.resolve();
  console.log('building the web app (web/dist is missing or stale)...');
  const { command, args, env } = viteBuild();
  const child = spawn(command, args, { stdio: 'inherit', env });
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`web build failed with status ${code}`))));
  });
}
