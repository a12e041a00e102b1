// `npm run bench`: every benchmark, each reported against a baseline measured in the same run.
// BENCH_SECONDS sets the duration of each HTTP measurement (default 5). DATABASE_URL: use a server.
import { spawnSync } from 'node:child_process';
import { apiBench, printApiBench } from './api';

const rows = await apiBench();
printApiBench(rows, process.env.DATABASE_URL ? 'PostgreSQL server' : 'embedded PGlite');

console.log('\nGas per escrow (clone factory vs direct deployment):');
const gas = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/bench/escrow-gas.ts'], { stdio: 'inherit' });
if (gas.status !== 0) process.exitCode = 1;
