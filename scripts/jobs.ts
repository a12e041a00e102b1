// `npm run jobs -- failed`: jobs that used up their retries (newest first)
// `npm run jobs -- retry <job id> [<job id> ...]` or `npm run jobs -- retry --all`: run them again
// Uses the database the server uses (DATABASE_URL, or the embedded one under DATA_DIR: stop the
// server first then, as only one process may open the embedded database).
import 'reflect-metadata';

const [command, ...args] = process.argv.slice(2);
// a usage mistake is told before any database is opened
if (command !== 'failed' && !(command === 'retry' && args.length)) {
  if (command === 'retry') console.error('name the failed jobs to retry, or --all');
  console.error('usage: npm run jobs -- failed | retry <job id>... | retry --all');
  process.exit(2);
}
// Loaded after that check, and only what opening the database needs (no HTTP or GraphQL module):
// loading the whole server took seconds of CPU per run.
const { loadConfig } = await import('../api/src/config');
const { openDatabase } = await import('../api/src/app/database');
const { JobQueue } = await import('../api/src/modules/jobs/job-queue');
const config = loadConfig();
const db = await openDatabase({ databaseUrl: config.databaseUrl, embeddedDir: `${config.dataDir}/pg` });
const log = { info() {}, warn: console.warn, error: console.error };
const jobs = new JobQueue({ schedules: false, pollSeconds: 60, superviseSeconds: 3600 }, log);
try {
  await jobs.start(db.orm, db.kind === 'embedded', []);
  if (command === 'failed') {
    const failed = await jobs.failed();
    if (!failed.length) console.log('No failed jobs.');
    for (const j of failed) {
      console.log(`${j.id}  ${j.name}  ${j.failedAt?.toISOString() ?? ''}  attempts ${j.attempts}`);
      console.log(`    data:  ${JSON.stringify(j.data)}`);
      console.log(`    error: ${j.error ?? ''}`);
    }
  } else {
    const ids = args.includes('--all') ? (await jobs.failed(100_000)).map((j) => j.id) : args;
    const retried = await jobs.retry(ids);
    for (const j of retried) console.log(`queued again: ${j.id} ${j.name}`);
    const missing = ids.filter((id) => !retried.some((j) => j.id === id));
    if (missing.length) console.log(`not failed jobs (left alone): ${missing.join(', ')}`);
  }
} finally {
  await jobs.stop(1_000);
  await db.close();
}
