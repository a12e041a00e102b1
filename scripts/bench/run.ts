// `npm run bench`: every benchmark, each reported against a baseline measured in the same run, and
// at the end every target met or missed (the exit code does not depend on the targets).
// DATABASE_URL: use a server (a fresh database is created on it and dropped after).
// BENCH_SECONDS sets the duration of each HTTP measurement (default 3), BENCH_ROUNDS how many
// interleaved rounds each API group and the phones run (default 5).
// BENCH_REQUESTS / BENCH_ANSWERS size the API benchmark's data (default 10000 / 1000000).
// BENCH_PHONES / BENCH_PHONE_SUBMISSIONS size the phones benchmark (default 200 / 4000).
// BENCH_ROOM_ROWS sizes the clean-room server benchmark (rows per data set, default 1000000).
// BENCH_ONLY=api|phones|rooms|gas|browser|upload|bundle runs one of them; BENCH_BROWSER_ROWS sizes
// the browser one, BENCH_UPLOAD_ROWS (default 1000000) the browser-to-server upload end to end;
// bundle builds the web app and prints each screen's initial JavaScript against its target, then
// the bytes Chromium receives for a first and a repeat visit of the login page and the dashboard.
import { spawnSync } from 'node:child_process';
import { apiBench, printApiBench } from './api';
import { bundleBench, printBundleBench } from './bundle';
import { printTransferBench } from './transfer';
import { cleanRoomBrowserBench, printCleanRoomBrowserBench } from './clean-room-browser';
import { cleanRoomUploadBench, printCleanRoomUploadBench } from './clean-room-browser-upload';
import { printTargets, type TargetResult } from './measure';
import { phonesBench, printPhonesBench } from './phones';
import { printRoomsBench, roomsBench } from './rooms';

const only = process.env.BENCH_ONLY === 'requests' ? 'api' : process.env.BENCH_ONLY;
const dbKind = process.env.DATABASE_URL ? 'PostgreSQL server' : 'embedded PGlite';
const targets: TargetResult[] = [];

if (!only || only === 'api') targets.push(...printApiBench(await apiBench(), dbKind));

if (!only || only === 'phones') targets.push(...printPhonesBench(await phonesBench(), dbKind));

if (!only || only === 'rooms') targets.push(...printRoomsBench(await roomsBench(), dbKind));

if (!only || only === 'gas') {
  console.log('\nGas per escrow (clone factory vs direct deployment):');
  const gas = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/bench/escrow-gas.ts'], { stdio: 'inherit' });
  if (gas.status !== 0) process.exitCode = 1;
}

if (!only || only === 'browser') targets.push(...printCleanRoomBrowserBench(await cleanRoomBrowserBench()));

if (!only || only === 'upload') targets.push(...printCleanRoomUploadBench(await cleanRoomUploadBench(), dbKind));

if (!only || only === 'bundle') {
  const { routes, transfer } = await bundleBench();
  targets.push(...printBundleBench(routes));
  printTransferBench(transfer);
}

printTargets(dbKind, targets);
