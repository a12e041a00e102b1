import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { configureApolloClient } from '../shared/apollo/apollo-client';
import { resetWalletAccount } from '../wallet/wallet-account';
import { server } from './msw-server';

// Node's fetch needs an absolute URL; every test gets a fresh Apollo client (and cache).
export const TEST_GRAPHQL_URL = 'http://localhost/graphql';

// Routes are lazy chunks: the first visit of a screen in a run transforms its modules on the fly,
// and CI runs two workers on two cores beside other passes: a findBy that gives up after 5 s
// failed there with the screen rendered a moment later. A passing wait ends as soon as it holds.
configure({ asyncUtilTimeout: 15_000 });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  configureApolloClient({ uri: TEST_GRAPHQL_URL });
  localStorage.clear();
  // the wallet store is per page load; every test is a fresh page
  resetWalletAccount();
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
  delete (window as Window & { ethereum?: unknown }).ethereum;
});
afterAll(() => server.close());
