import { mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startWebBuildIfStale } from '../../scripts/web-build';
import { WEB_BUILD_STATUS_ENV } from './support/web-build';

// The browser tests drive the real production build served by the real server. The build runs
// while the run's other tests do (a global set-up holds every project's start until it returns):
// each browser test file waits for it first (support/web-build-ready.ts) through a status file.
export default function setup(): () => Promise<void> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'parley-web-build-'));
  const status = path.join(dir, 'status');
  process.env[WEB_BUILD_STATUS_ENV] = status;
  // written whole, then renamed: a reader never sees half of it
  const report = (text: string) => {
    writeFileSync(`${status}.tmp`, text);
    renameSync(`${status}.tmp`, status);
  };
  const build = startWebBuildIfStale().then(
    () => report('ok'),
    (err: Error) => report(err.message),
  );
  return async () => {
    await build;
    rmSync(dir, { recursive: true, force: true });
  };
}
