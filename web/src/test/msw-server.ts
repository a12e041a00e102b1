import { setupServer } from 'msw/node';

// One msw server for the web tests; each test adds the handlers it needs (reset after each test).
export const server = setupServer();
