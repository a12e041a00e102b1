import { act, screen, waitFor } from '@testing-library/react';
import { graphql, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { buildWizardRequest, givenRequestForWizard, givenWizardKeys } from './features/requests/tests/request-fixtures';
import { AuthStatusDocument } from './shared/session/session.generated';
import {
  CollectionResponsesDocument,
  RequestResultsDocument,
  SurveyResultsDocument,
} from './features/responses/responses.generated';
import { DashboardSummaryDocument } from './features/dashboard/dashboard.generated';
import { buildProfile } from './test/factories';
import { server } from './test/msw-server';
import { givenAnonymousSession, givenKeys, givenSignedInSession, renderApp } from './test/render-app';
import { buildRequestResults } from './test/request-factories';
import { buildRoom, buildRoomRow, givenKeyChoices, givenRoom, givenRooms } from './test/rooms';

const NOT_FOUND = ['Page not found :(', 'Ooooups! Looks like you got lost.'];

function givenDashboard(profile = buildProfile()) {
  server.use(graphql.query(DashboardSummaryDocument, () => HttpResponse.json({ data: { me: profile, keys: [] } })));
}

// Request 7 of the detail and report routes, of the type its path names.
function givenRequest7(path: string) {
  const request = buildRequestResults({ id: '7', type: path.includes('survey') ? 'survey' : 'collection' });
  server.use(
    graphql.query(RequestResultsDocument, () =>
      HttpResponse.json({ data: { request: { ...request, title: 'Request 7' } } }),
    ),
    graphql.query(SurveyResultsDocument, () => HttpResponse.json({ data: { surveyStatistics: [] } })),
    graphql.query(CollectionResponsesDocument, () =>
      HttpResponse.json({ data: { requestResponses: { list: [], count: 0, offset: 0, awaitingReview: 0 } } }),
    ),
  );
}

// What the request wizards and lists read: no keys, no requests, and one survey to edit.
function givenRequestScreens() {
  givenWizardKeys([]);
  givenRequestForWizard(
    buildWizardRequest({ id: 'c0ffee00-0000-4000-8000-000000000042', type: 'survey', options: null, questions: [] }),
  );
  // the request lists: msw's default, none
}

async function settle(router: ReturnType<typeof renderApp>['router']) {
  await waitFor(() => expect(router.state.navigation.state).toBe('idle'));
  await waitFor(() => expect(screen.queryByText('Loading Parley…')).not.toBeInTheDocument());
}

// Authenticated routes of the spec's table and a heading each one shows.
const AUTHENTICATED: [string, string][] = [
  ['/admin/dashboard', 'Welcome back, Ada'],
  ['/admin/request/collection/new', 'Create Data Access Request'],
  ['/admin/request/survey/new', 'Create Survey Request'],
  ['/request/survey/edit/c0ffee00-0000-4000-8000-000000000042', 'Create Survey Request'],
  ['/admin/request/collection/list', 'Collections'],
  ['/admin/request/survey/list', 'Surveys'],
  ['/admin/request/collection/detail/7', 'Request 7'],
  ['/admin/request/survey/detail/7', 'Request 7'],
  ['/request/collection/report/7', 'Request 7'],
  ['/admin/vcr', 'Virtual Clean Room'],
  ['/admin/vcrs/3', 'Virtual Clean Room'],
  ['/admin/checkout-page/10credits/usd', 'Checkout'],
  ['/admin/settings', 'Settings'],
];

// Open routes and what they show.
const OPEN: [string, string][] = [
  ['/auth/login-page', 'Log in'],
  ['/auth/register-page', 'Register'],
  ['/auth/pricing-page', 'Purchase IPT Tokens'],
  ['/auth/error-page', 'Page not found :('],
];

describe('route table', () => {
  it.each(AUTHENTICATED)('sends an anonymous visitor of %s to the login page', async (path) => {
    givenAnonymousSession();
    const { router } = renderApp(path);
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/login-page');
  });

  it.each(AUTHENTICATED)('shows %s to a signed-in user', async (path, heading) => {
    givenSignedInSession();
    givenDashboard();
    givenKeys();
    givenRequest7(path);
    givenRequestScreens();
    givenRooms([buildRoomRow()]);
    givenKeyChoices([]);
    givenRoom(buildRoom());
    const { router } = renderApp(path);
    // a screen's first visit in a run transforms its lazy modules (the room screens are big)
    expect(await screen.findByRole('heading', { level: 1, name: heading }, { timeout: 15_000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(path);
  });

  it.each(OPEN)('shows %s without a session', async (path, heading) => {
    const { router } = renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(path);
  });

  it('redirects the root and unknown /admin paths to the dashboard', async () => {
    givenSignedInSession();
    givenDashboard();
    for (const path of ['/', '/admin', '/admin/no-such-screen', '/admin/request/unknown/deeper']) {
      const { router, unmount } = renderApp(path);
      expect(await screen.findByRole('heading', { name: 'Welcome back, Ada' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/admin/dashboard');
      unmount();
    }
  });

  it('redirects /auth to the login page', async () => {
    const { router } = renderApp('/auth');
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/login-page');
  });

  it('treats a failed auth status check as logged out', async () => {
    server.use(graphql.query(AuthStatusDocument, () => HttpResponse.error()));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { router } = renderApp('/admin/dashboard');
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/login-page');
    vi.restoreAllMocks();
  });

  it.each(['/auth/error-page', '/no/such/page', '/auth/no-such-page'])('shows the 404 texts at %s', async (path) => {
    const { router } = renderApp(path);
    for (const text of NOT_FOUND) expect(await screen.findByText(text)).toBeInTheDocument();
    await settle(router);
    expect(router.state.location.pathname).toBe(path);
  });

  it('shows the lock screen card only after 700 ms', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { router } = renderApp('/auth/lock-screen-page');
      await settle(router);
      const card = screen.getByText('Session locked').closest('.MuiCard-root');
      expect(card).toHaveAttribute('aria-hidden', 'true');
      await act(() => vi.advanceTimersByTimeAsync(650));
      expect(card).toHaveAttribute('aria-hidden', 'true');
      await act(() => vi.advanceTimersByTimeAsync(100));
      expect(screen.getByRole('button', { name: 'Unlock' })).toBeVisible();
      expect(card).not.toHaveAttribute('aria-hidden', 'true');
    } finally {
      vi.useRealTimers();
    }
  });

  it('offers Dashboard, Register, Login and Lock in the open pages navigation', async () => {
    renderApp('/auth/login-page');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    for (const name of ['Dashboard', 'Register', 'Login', 'Lock'])
      expect(nav).toContainElement(screen.getAllByRole('link', { name })[0]);
  });
});
