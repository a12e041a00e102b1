/**
 * Which API test files also run on the embedded database (PGlite) in CI. Every API test file runs
 * on the PostgreSQL server; the embedded pass repeats only what can differ there (the rule is in
 * CONTRIBUTING.md, "The embedded pass"):
 * - the tests of code that behaves differently on the embedded engine: opening the database and
 *   migrating it, COPY through the engine, the job queue, the server's start-up, a dropped
 *   connection;
 * - one smoke file per module of api/src/modules, named below: the lightest file that drives the
 *   module's main paths over HTTP. A new module adds its entry (test/api/embedded-pass.test.ts
 *   fails until it does).
 */
export const ENGINE_TESTS = [
  'api/src/db/**/*.test.ts',
  // Not here, as they run on the embedded database elsewhere:
  // - api/src/modules/datasets/chunk-writer.test.ts (COPY through the engine) opens the embedded
  //   database itself in every run of the api project, the PostgreSQL server's too (and here the
  //   data set uploads of rooms.test.ts and rooms-join.test.ts take that path over HTTP);
  // - test/api/jobs-script.test.ts drives `npm run jobs`, a process per call (seconds of CPU each):
  //   the queue calls it makes are jobs.test.ts's, and a process of its own opening the embedded
  //   database under DATA_DIR is start.test.ts's and jobs-crash.test.ts's.

  // the queue's calls (failed, retry, backoff, once per key and across two workers)
  'test/api/jobs.test.ts',
  // a server process killed mid-job and the next one finding the job by its heartbeat
  'test/api/jobs-crash.test.ts',
  'test/api/start.test.ts',
  'test/api/rooms-migration.test.ts',
  // a dropped connection: the embedded socket's cut transaction is rolled back (db/embedded.ts)
  'test/api/db-faults.test.ts',
];

/**
 * Engine tests that open the embedded database whatever DATABASE_URL says (the embedded data
 * directory across a restart; `npm start` on embedded defaults). With DATABASE_URL set, the api
 * project leaves them to the embedded pass, where they run the same way: once per CI run, not twice.
 */
export const EMBEDDED_ONLY_TESTS = ['api/src/db/database.test.ts', 'test/api/start.test.ts'];

/**
 * Each module's smoke file: the test file that exercises the module's main paths over HTTP. Where
 * one file covers several modules it is named for each (a file runs once): the access log's lines
 * (answers, listings, withdrawals, deletions, image downloads) in the participant's own view
 * (participant-rights), and the analyses (compare, joins, aggregates, reports and their charge)
 * in rooms-join, the data sets' file.
 */
export const MODULE_SMOKE_TESTS: Record<string, string> = {
  'access-log': 'test/api/participant-rights.test.ts',
  analyses: 'test/api/rooms-join.test.ts',
  'api-tokens': 'test/api/api-tokens.test.ts',
  auth: 'test/api/auth.test.ts',
  billing: 'test/api/billing-sandbox.test.ts',
  chain: 'test/api/test-funds.test.ts',
  consent: 'test/api/participant-rights.test.ts',
  datasets: 'test/api/rooms-join.test.ts',
  fieldwork: 'test/api/fieldwork.test.ts',
  jobs: 'test/api/jobs.test.ts',
  keys: 'test/api/keys.test.ts',
  mail: 'test/api/auth.test.ts',
  notifications: 'test/api/notifications.test.ts',
  participants: 'test/api/requests-phone.test.ts',
  payouts: 'test/api/payouts.test.ts',
  privacy: 'test/api/rooms-attacks.test.ts',
  requests: 'test/api/requests.test.ts',
  'response-images': 'test/api/response-images.test.ts',
  retention: 'test/api/retention.test.ts',
  responses: 'test/api/collection-response.test.ts',
  rooms: 'test/api/rooms.test.ts',
  'runtime-config': 'test/api/billing-sandbox.test.ts',
  storage: 'test/api/object-store.test.ts',
  surveys: 'test/api/requests.test.ts',
  users: 'test/api/avatar.test.ts',
  webhooks: 'test/api/webhooks.test.ts',
};

export const EMBEDDED_PASS = [...ENGINE_TESTS, ...new Set(Object.values(MODULE_SMOKE_TESTS))];
