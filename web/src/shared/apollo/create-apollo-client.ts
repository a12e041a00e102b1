import { ApolloClient, ApolloLink, InMemoryCache } from '@apollo/client';
import { ErrorLink } from '@apollo/client/link/error';
import UploadHttpLink from 'apollo-upload-client/UploadHttpLink.mjs';
import { toApiError } from './graphql-errors';

export type ApolloClientOptions = {
  // Same-origin `/graphql` in the browser; tests pass an absolute URL because Node's fetch needs one.
  uri?: string;
  // Called when an operation fails because the session ended (expired cookie, logged out elsewhere).
  onSessionEnded?: () => void;
};

// Operations that legitimately run without a session: their UNAUTHENTICATED is not "session ended".
const ANONYMOUS_OPERATIONS = new Set([
  'Login',
  'Logout',
  'AuthStatus',
  'Register',
  'VerifyEmail',
  'ResendVerificationEmail',
]);

// One client per page load (and per test). The session is an httpOnly cookie, so the only
// client-side state worth keeping is Apollo's normalised cache.
export function createApolloClient({ uri = '/graphql', onSessionEnded }: ApolloClientOptions = {}): ApolloClient {
  const http = new UploadHttpLink({
    uri,
    credentials: 'same-origin',
    // Apollo Server's CSRF prevention rejects multipart requests without a preflight-forcing
    // header; sending it on every request is harmless and keeps uploads working.
    headers: { 'apollo-require-preflight': 'true' },
    // Resolved per request so test doubles installed after start-up (msw) are honoured.
    fetch: (input, init) => fetch(input, init),
  });
  const sessionWatch = new ErrorLink(({ error, operation }) => {
    if (!onSessionEnded || ANONYMOUS_OPERATIONS.has(operation.operationName ?? '')) return;
    if (toApiError(error).code === 'UNAUTHENTICATED') onSessionEnded();
  });
  return new ApolloClient({
    link: ApolloLink.from([sessionWatch, http]),
    cache: new InMemoryCache(),
    defaultOptions: {
      watchQuery: { fetchPolicy: 'cache-and-network', nextFetchPolicy: 'cache-first' },
    },
  });
}
