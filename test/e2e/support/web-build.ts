import { existsSync, readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

/** The file the e2e global set-up writes when the web build is done: "ok" or what failed. */
export const WEB_BUILD_STATUS_ENV = 'PARLEY_WEB_BUILD_STATUS';

/** Waits until web/dist is built (the global set-up started the build); throws if it failed. */
export async function webBuildReady(): Promise<void> {
  const status = process.env[WEB_BUILD_STATUS_ENV];
  if (!status) throw new Error(`${WEB_BUILD_STATUS_ENV} is not set: run the e2e project through vitest`);
  while (!existsSync(status)) await sleep(250);
  const result = readFileSync(status, 'utf8');
  if (result !== 'ok') throw new Error(`the web build failed: ${result}`);
}
