import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';
import { EMBEDDED_ONLY_TESTS, EMBEDDED_PASS } from './test/embedded-pass.ts';
import { LongestFirstSequencer } from './test/sequencer.ts';

// type-graphql breaks when two copies of graphql (ESM and CJS) load: pin one entry.
const graphqlEntry = fileURLToPath(new URL('./node_modules/graphql/index.js', import.meta.url));

const API_TESTS = ['api/**/*.test.ts', 'shared/**/*.test.ts', 'test/api/**/*.test.ts', 'scripts/**/*.test.ts'];

const WEB_TESTS = ['web/src/**/*.test.{ts,tsx}'];
// vi.mock of a module the app's other screens (or other test files) import: Stripe.js, the key
// backup's scrypt cost. With shared modules the mock would miss an already loaded importer, or stay.
const WEB_OWN_MODULES = [
  'web/src/features/billing/tests/checkout-stripe.test.tsx',
  'web/src/features/keys/tests/keys-section.test.tsx',
];
const webSettings = {
  environment: 'happy-dom' as const,
  setupFiles: ['web/src/test/setup.ts'],
  testTimeout: 20_000,
};

// `npm test` runs its projects in three groups, one after the other (test/sequencer.ts orders the
// files within each): the browser files, then the API's, then the contracts' and the web's.
const [BROWSER_GROUP, API_GROUP, UNIT_GROUP] = [0, 1, 2];
// The API files wait on timers, processes and job ticks (the cores were idle about 30% of their
// group's time with two workers): a third worker took the group from 121 to 90 s (CONTRIBUTING.md).
const API_WORKERS = Math.max(3, availableParallelism());

const apiSettings = {
  environment: 'node' as const,
  globalSetup: ['test/api/support/global-setup.ts'],
  // files share a worker's loaded modules (the app's import graph costs seconds per file)
  isolate: false,
  // some tests start servers of their own (a fresh embedded database each)
  testTimeout: 60_000,
  // a file's set-up (server, users, uploads) on the embedded database of a busy machine
  hookTimeout: 120_000,
};

export default defineConfig({
  resolve: { alias: { graphql: graphqlEntry } },
  test: {
    // vitest's default leaves a core to itself, one worker on a two-core machine. The API suites wait
    // on databases, servers and chains, and the browser tests on their pages, much of their time:
    // a browser test waiting on its page leaves the cores to the others. Three workers on two cores
    // (with the browsers) made web tests time out; the API files alone take three (API_WORKERS).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // the browser files first, the short web files last (test/sequencer.ts)
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      {
        extends: true,
        test: {
          name: 'api',
          include: API_TESTS,
          sequence: { groupOrder: API_GROUP },
          maxWorkers: API_WORKERS,
          // on the PostgreSQL server (CI), tests that ignore it run in the embedded pass only
          exclude: [...configDefaults.exclude, ...(process.env.DATABASE_URL ? EMBEDDED_ONLY_TESTS : [])],
          ...apiSettings,
        },
      },
      // CI's second pass, on the embedded database (`npm run test:embedded`): see test/embedded-pass.ts
      { extends: true, test: { name: 'embedded', include: EMBEDDED_PASS, ...apiSettings } },
      {
        extends: true,
        test: {
          // several server processes on one PostgreSQL server (DATABASE_URL): `npm run test:multi`
          name: 'multi',
          environment: 'node',
          include: ['test/api/**/*.multi.ts'],
          testTimeout: 60_000,
          hookTimeout: 240_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'contracts',
          environment: 'node',
          sequence: { groupOrder: UNIT_GROUP },
          include: ['contracts/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['test/e2e/**/*.e2e.ts'],
          sequence: { groupOrder: BROWSER_GROUP },
          globalSetup: ['test/e2e/global-setup.ts'],
          setupFiles: ['test/e2e/support/web-build-ready.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // several files at a time (the pool's workers): a browser test mostly waits on its page,
          // server and chain; files share a worker's loaded modules, as in the api project
          isolate: false,
          // a page that loads, decrypts and draws can take seconds on a busy machine: a poll that
          // gives up after vitest's default second fails for no reason (seen on a loaded CI run)
          expect: { poll: { timeout: 15_000 } },
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          include: WEB_TESTS,
          sequence: { groupOrder: UNIT_GROUP },
          exclude: [...configDefaults.exclude, ...WEB_OWN_MODULES],
          ...webSettings,
          // files share a worker's loaded modules and page (a fifth less CPU than a fresh module
          // graph per file); the set-up file puts module-level state back before each test
          isolate: false,
        },
      },
      // files whose vi.mock must reach modules the others load unmocked: a fresh module graph each
      {
        extends: true,
        test: { name: 'web-isolated', include: WEB_OWN_MODULES, ...webSettings, sequence: { groupOrder: UNIT_GROUP } },
      },
    ],
  },
});
