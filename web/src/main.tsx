import '@fontsource/roboto/300.css';
import '@fontsource/roboto/400.css';
import '@fontsource/roboto/500.css';
import '@fontsource/roboto/700.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { configureApolloClient, getApolloClient } from './shared/apollo/apollo-client';
import { LOGIN_PATH, loginPathFor } from './shared/session/session-paths';
import { createAppRouter } from './router';

const router = createAppRouter();

// A request answered "not logged in" mid-session (expired cookie, logged out elsewhere): forget
// the cached data and show the login page.
configureApolloClient({
  onSessionEnded: () => {
    const { pathname, search } = router.state.location;
    if (pathname === LOGIN_PATH) return;
    void getApolloClient()
      .then((client) => client.clearStore())
      .then(() => router.navigate(loginPathFor(pathname + search), { replace: true }));
  },
});

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
createRoot(container).render(
  <StrictMode>
    <App router={router} />
  </StrictMode>,
);
