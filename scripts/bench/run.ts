// `npm run bench`: every benchmark, each reported against a baseline measured in the same run.
// BENCH_SECONDS sets the duration of each HTTP measurement (default 5). DATABASE_URL: use a server.
// BENCH_REQUESTS / BENCH_ANSWERS size the requests benchmark's data (default 10000 / 1000000).
// BENCH_ROOM_ROWS sizes the clean-room server benchmark (rows per data set, default 1000000).
// BENCH_ONLY=api|requests|rooms|gas|browser runs one of them; BENCH_BROWSER_ROWS sizes the browser one.
import { spawnSync } from 'node:child_process';
import { apiBench, printApiBench } from './api';
import { cleanRoomBrowserBench, printCleanRoomBrowserBench } from './clean-room-browser';
import { printRequestsBench, requestsBench } from './requests';
import { printRoomsBench, roomsBench } from './rooms';

const only = process.env.BENCH_ONLY;
const dbKind = process.env.DATABASE_URL ? 'PostgreSQL server' : 'embedded PGlite';

if (!only || only === 'api') printApiBench(await apiBench(), dbKind);

if (!only || only === 'requests') printRequestsBench(await requestsBench(), dbKind);

if (!only || only === 'rooms') printRoomsBench(await roomsBench(), dbKind);

if (!only || only === 'gas') {
  console.log('\nGas per escrow (clone factory vs direct deployment):');
  const gas = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/bench/escrow-gas.ts'], { stdio: 'inherit' });
  if (gas.status !== 0) process.exitCode = 1;
}

if (!only || only === 'browser') printCleanRoomBrowserBench(await cleanRoomBrowserBench());
