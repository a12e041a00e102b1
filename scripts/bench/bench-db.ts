// The benchmarks' database: a fresh one on DATABASE_URL's server (dropped after), or else the
// embedded one kept on disk in `dataDir/pg`, as `npm start` keeps it (api/src/main.ts). Not the
// in-memory engine the tests use: there a table's file is copied whole each time COPY extends it
// (see api/src/db/embedded.ts), which no person running Parley meets.
import path from 'node:path';
import { openDatabase } from '../../api/src/app';
import type { Database } from '../../api/src/db/database';
import { openTestDatabase } from '../../test/api/support/test-db';

export function openBenchDatabase(dataDir: string): Promise<Database> {
  return process.env.DATABASE_URL ? openTestDatabase() : openDatabase({ embeddedDir: path.join(dataDir, 'pg') });
}
