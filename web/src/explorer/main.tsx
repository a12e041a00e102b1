// The GraphQL explorer served at GET /graphql in development (GRAPHQL_EXPLORER): GraphiQL from its
// npm package, built as an entry of its own so that none of it reaches the app's bundle, and served
// from this origin so that it works offline and under the app's Content-Security-Policy. Requests
// go to /graphql with the browser's session cookie: log in to the app first to query as yourself.
import 'graphiql/setup-workers/vite';
import 'graphiql/style.css';
import { createGraphiQLFetcher } from '@graphiql/toolkit';
import { GraphiQL } from 'graphiql';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

const fetcher = createGraphiQLFetcher({ url: '/graphql' });

const DEFAULT_QUERY = `# Runs as the user logged in to Parley in this browser
# (log in at /auth/login-page), or as an API token's owner:
# Headers {"Authorization": "Bearer <token>"}
query Me {
  me {
    id
    username
    nickname
    credit
  }
}
`;

const root = document.getElementById('explorer');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <GraphiQL fetcher={fetcher} defaultQuery={DEFAULT_QUERY} />
    </StrictMode>,
  );
}
