// `npm run dev`: the API with reload on change (port 3000) and Vite's dev server with hot reload,
// which proxies /graphql, /v1, /media and /dev to the API. Ctrl-C stops both.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const children: ChildProcess[] = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'scripts/server.ts'], { stdio: 'inherit' }),
  spawn(process.execPath, [path.resolve('node_modules/vite/bin/vite.js'), '--config', 'web/vite.config.ts'], {
    stdio: 'inherit',
  }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children) c.on('exit', stop);
