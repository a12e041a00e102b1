/**
 * Which API test files also run on the embedded database (PGlite) in CI. Every API test file runs
 * on the PostgreSQL server; the embedded pass repeats only what can differ there (the rule is in
 * CONTRIBUTING.md, "The embedded pass"):
 * - the tests of code that behaves differently on the embedded engine: opening the database and
 *   migrating it, COPY through the engine, the job queue, the server's start-up;
 * - one smoke file per module of api/src/modules, named below. A new module adds its entry
 *   (test/api/embedded-pass.test.ts fails until it does).
 */
export const ENGINE_TESTS = [
  'api/src/db/**/*.test.ts',
  'api/src/modules/datasets/chunk-writer.test.ts',
  'test/api/jobs*.test.ts',
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

/** Each module's smoke file: the test file that exercises the module's main paths over HTTP. */
export const MODULE_SMOKE_TESTS: Record<string, string> = {
  'access-log': 'test/api/consent-receipts.test.ts',
  analyses: 'test/api/rooms-rules.test.ts',
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
