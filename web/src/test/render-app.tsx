import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { graphql, HttpResponse } from 'msw';
import { createMemoryRouter, type InitialEntry } from 'react-router';
import { App } from '../app';
import { AuthStatusDocument } from '../shared/session/session.generated';
import { CreditHistoryDocument, type CreditHistoryRow_EntryFragment } from '../features/billing/credit.generated';
import { KeysDocument, RegisteredKeysDocument } from '../features/keys/keys.generated';
import { NotificationsDocument } from '../features/notifications/notifications.generated';
import { RuntimeConfigDocument } from '../shared/config/runtime-config.generated';
import { buildRoutes } from '../router';
import { type buildNotification, buildProfile, buildRuntimeConfig, creditHistoryPage } from './factories';
import { server } from './msw-server';

// Renders the real route table at `path` (a URL, or a location with navigation state), as the browser would show it.
export function renderApp(path: InitialEntry) {
  const router = createMemoryRouter(buildRoutes(), { initialEntries: [path] });
  const user = userEvent.setup({ delay: null });
  const view = render(<App router={router} />);
  return { ...view, router, user };
}

type NotificationRow = ReturnType<typeof buildNotification>;

// A signed-in session: authStatus and the header's notifications (none unless given).
export function givenSignedInSession(profile = buildProfile(), options: { notifications?: NotificationRow[] } = {}) {
  const authStatus = { __typename: 'AuthStatus', loggedIn: true, user: profile };
  server.use(
    graphql.query(AuthStatusDocument, () => HttpResponse.json({ data: { authStatus } })),
    graphql.query(NotificationsDocument, () =>
      HttpResponse.json({ data: { notifications: options.notifications ?? [] } }),
    ),
  );
  return profile;
}

export function givenRuntimeConfig(overrides: Parameters<typeof buildRuntimeConfig>[0] = {}) {
  server.use(
    graphql.query(RuntimeConfigDocument, () =>
      HttpResponse.json({ data: { runtimeConfig: buildRuntimeConfig(overrides) } }),
    ),
  );
}

export function givenCreditHistory(entries: CreditHistoryRow_EntryFragment[]) {
  server.use(
    graphql.query(CreditHistoryDocument, () =>
      HttpResponse.json({ data: { creditHistory: creditHistoryPage(entries) } }),
    ),
  );
}

export function givenAnonymousSession() {
  const authStatus = { __typename: 'AuthStatus', loggedIn: false, user: null };
  server.use(graphql.query(AuthStatusDocument, () => HttpResponse.json({ data: { authStatus } })));
}

// The account's keys; `publicKey` is what loading a pair compares against (empty unless given).
export function givenKeys(keys: { id: string; title: string; createdAt: string; publicKey?: string }[] = []) {
  const listed = keys.map(({ publicKey: _publicKey, ...key }) => key);
  const registered = keys.map(({ id, title, publicKey }) => ({
    __typename: 'Key',
    id,
    title,
    publicKey: publicKey ?? '',
  }));
  server.use(
    graphql.query(KeysDocument, () => HttpResponse.json({ data: { keys: listed } })),
    graphql.query(RegisteredKeysDocument, () => HttpResponse.json({ data: { keys: registered } })),
  );
}
