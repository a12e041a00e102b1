// `npm start`: builds the web app when its build is missing or older than its sources, then runs
// the server (which serves the app, /graphql and the REST paths on one port).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

function newestMtime(entry: string): number {
  if (!existsSync(entry)) return 0;
  const st = statSync(entry);
  if (!st.isDirectory()) return st.mtimeMs;
  return readdirSync(entry).reduce((max, name) => Math.max(max, newestMtime(path.join(entry, name))), st.mtimeMs);
}

const built = path.resolve('web/dist/index.html');
const sources = ['web/src', 'web/public', 'web/index.html', 'web/vite.config.ts', 'package-lock.json'];
if (
  existsSync('web/vite.config.ts') &&
  (!existsSync(built) || Math.max(...sources.map(newestMtime)) > statSync(built).mtimeMs)
) {
  console.log('building the web app (web/dist is missing or stale)...');
  const res = spawnSync(
    process.execPath,
    [path.resolve('node_modules/vite/bin/vite.js'), 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'],
    {
      stdio: 'inherit',
    },
  );
  if (res.status !== 0) process.exit(res.status ?? 1);
}

await import('../api/src/main');
