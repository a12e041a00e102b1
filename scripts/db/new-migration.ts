// Generates a migration from the difference between the committed migrations and the entities:
// applies every migration to a fresh in-memory PostgreSQL, diffs against the entity metadata and
// writes api/src/db/migrations/Migration<timestamp>_<name>.ts. Register it in migrations/index.ts.
// Usage: npm run db:migration -- <name>
import 'reflect-metadata';
import { openDatabase } from '../../api/src/app';

const name = process.argv[2];
if (!name || !/^[a-z0-9_]+$/.test(name)) {
  console.error('usage: npm run db:migration -- <snake_case_name>');
  process.exit(2);
}
const db = await openDatabase({});
try {
  const result = await db.orm.migrator.create(undefined, false, false, name);
  if (!result.diff.up.length) console.log('entities match the migrations: nothing to generate');
  else console.log(`wrote ${result.fileName}; add it to api/src/db/migrations/index.ts`);
} finally {
  await db.close();
}
