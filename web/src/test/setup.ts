import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { configureApolloClient } from '../shared/apollo/apollo-client';
import { setAppLanguage, startAppLanguage } from '../features/participant/i18n/i18n';
import { resetWalletAccount } from '../wallet/wallet-account';
import { removeInsertedStyles } from './emotion-styles';
import { server } from './msw-server';

// Node's fetch needs an absolute URL; every test gets a fresh Apollo client (and cache).
export const TEST_GRAPHQL_URL = 'http://localhost/graphql';
// vitest's happy-dom page. happy-dom follows a link's click even with `download` (a browser saves
// the file and stays): a test's download took the page to blob:..., and the next file's relative
// fetches (the participant app's /v1/...) failed as an invalid URL.
const PAGE_URL = 'http://localhost:3000/';
type HappyDomWindow = Window & { happyDOM?: { setURL(url: string): void } };

// Routes are lazy chunks: the first visit of a screen in a run transforms its modules on the fly,
// and CI runs two workers on two cores beside other passes: a findBy that gives up after 5 s
// failed there with the screen rendered a moment later. A passing wait ends as soon as it holds.
configure({ asyncUtilTimeout: 15_000 });

// A request no handler answers fails with a network error and msw prints it. It does not fail the
// test: a screen a test ends on may still be sending its queries when the test ends, and which
// of them go out before the clean-up depends on the machine's load (a check that failed the
// test failed two full CI runs in a row on such stragglers, each time a different test).
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
// The web project's files share their worker's modules and page (isolate: false): every test starts
// from a fresh page's state, whatever the file before it left behind.
beforeEach(async () => {
  if (location.href !== PAGE_URL) (window as HappyDomWindow).happyDOM?.setURL(PAGE_URL);
  configureApolloClient({ uri: TEST_GRAPHQL_URL });
  localStorage.clear();
  sessionStorage.clear();
  // the wallet store and the participant app's language are per page load
  resetWalletAccount();
  await startAppLanguage(); // the pick, read again from the emptied storage: none
  await setAppLanguage('en');
});
afterEach(() => {
  cleanup();
  // Emotion keeps every style rule it inserted for the page's life: thousands of style elements by a
  // worker's last files, and happy-dom's getComputedStyle (each accessible name and role query asks
  // it, for each element) goes through every rule. The web projects took 230 CPU-s instead of 290.
  removeInsertedStyles();
  server.resetHandlers();
  delete (window as Window & { ethereum?: unknown }).ethereum;
  // a test that failed before putting its timers and spies back
  vi.useRealTimers();
  vi.restoreAllMocks();
});
afterAll(() => server.close());
