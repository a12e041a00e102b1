import type { ApolloClient } from '@apollo/client';
import type { ApolloClientOptions } from './create-apollo-client';

// The app's single Apollo client, created on first use. Apollo is ~50 kB of gzip JS: the open
// pages (login, registration) render without it and fetch it only when they talk to the server,
// which keeps their initial JS small. Screens under the session guard get it through context.
let options: ApolloClientOptions = {};
let instance: Promise<ApolloClient> | null = null;

export function configureApolloClient(next: ApolloClientOptions): void {
  options = next;
  instance = null;
}

export function getApolloClient(): Promise<ApolloClient> {
  instance ??= import('./create-apollo-client').then(({ createApolloClient }) => createApolloClient(options));
  return instance;
}

// Starts loading Apollo while the browser is idle, so the first request does not wait for it.
export function preloadApolloClient(): void {
  const start = () => void getApolloClient();
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(start, { timeout: 2000 });
  else setTimeout(start, 200);
}
