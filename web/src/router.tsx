import { createBrowserRouter, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { getApolloClient } from './shared/apollo/apollo-client';
import type { RouteHandle } from './shared/hooks/use-route-handle';
import { DASHBOARD_PATH, LOGIN_PATH } from './shared/session/session-paths';
import { lazy, Suspense } from 'react';

const handle = (value: RouteHandle): RouteHandle => value;
// The last-resort error page and the first-load spinner load on demand: their MUI buttons and
// progress would otherwise sit in every route's initial JS (the participant app's budget is 150 kB).
const RouteErrorPage = lazy(async () => ({ default: (await import('./shared/ui/route-error-page')).RouteErrorPage }));
const PageLoader = lazy(async () => ({ default: (await import('./shared/ui/page-loader')).PageLoader }));
const toDashboard = () => redirect(DASHBOARD_PATH);
// Redirect-only routes render nothing; a component keeps the router from warning about it.
const Nothing = () => null;

async function sessionLoader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const [{ requireSession }, client, dashboard] = await Promise.all([
    import('./shared/session/require-session'),
    getApolloClient(),
    // the dashboard's queries leave as soon as the session is confirmed (dashboard-prefetch.ts)
    url.pathname === DASHBOARD_PATH ? import('./features/dashboard/dashboard-prefetch') : null,
  ]);
  const result = await requireSession(client, url.pathname + url.search);
  dashboard?.prefetchDashboard(client);
  return result;
}

// The authenticated shell: Apollo's context, the admin layout and its notifications dropdown.
async function sessionShell() {
  const [{ ApolloProvider }, { AdminLayout }, { NotificationsMenu }, client] = await Promise.all([
    import('./shared/apollo/apollo-provider'),
    import('./layouts/admin/admin-layout'),
    import('./features/notifications/components/notifications-menu'),
    getApolloClient(),
  ]);
  return {
    Component: () => (
      <ApolloProvider client={client}>
        <AdminLayout notifications={<NotificationsMenu />} />
      </ApolloProvider>
    ),
  };
}

// The route table of the product spec (s.2). Every screen is a lazy chunk; the session check
// runs as a loader before any authenticated screen renders.
export function buildRoutes(): RouteObject[] {
  return [
    {
      id: 'root',
      ErrorBoundary: () => (
        <Suspense fallback={null}>
          <RouteErrorPage />
        </Suspense>
      ),
      HydrateFallback: () => (
        <Suspense fallback={null}>
          <PageLoader label="Loading Parley…" minHeight="100vh" />
        </Suspense>
      ),
      children: [
        { index: true, loader: toDashboard, Component: Nothing },
        {
          id: 'session',
          loader: sessionLoader,
          lazy: sessionShell,
          children: [
            {
              path: 'admin',
              children: [
                { index: true, loader: toDashboard, Component: Nothing },
                {
                  path: 'dashboard',
                  handle: handle({ title: 'Dashboard' }),
                  lazy: async () => ({
                    Component: (await import('./features/dashboard/pages/dashboard-page')).DashboardPage,
                  }),
                },
                {
                  path: 'settings',
                  handle: handle({ title: 'Settings' }),
                  lazy: async () => ({ Component: (await import('./routes/settings-route')).SettingsRoute }),
                },
                // Spec s.2: an id on the create screens means edit.
                {
                  path: 'request/collection/new/:id?',
                  handle: handle({ title: 'Create Data Access Request' }),
                  lazy: requestWizard('collection'),
                },
                {
                  path: 'request/survey/new/:id?',
                  handle: handle({ title: 'Create Survey Request' }),
                  lazy: requestWizard('survey'),
                },
                {
                  path: 'request/collection/list',
                  handle: handle({ title: 'Collections' }),
                  lazy: requestList('collection'),
                },
                {
                  path: 'request/survey/list',
                  handle: handle({ title: 'Surveys' }),
                  lazy: requestList('survey'),
                },
                {
                  path: 'request/collection/detail/:id',
                  handle: handle({ title: 'Collection detail' }),
                  lazy: async () => ({
                    Component: (await import('./features/responses/pages/collection-detail-page')).CollectionDetailPage,
                  }),
                },
                {
                  path: 'request/survey/detail/:id',
                  handle: handle({ title: 'Survey detail' }),
                  lazy: async () => ({
                    Component: (await import('./features/responses/pages/survey-detail-page')).SurveyDetailPage,
                  }),
                },
                {
                  path: 'vcr',
                  handle: handle({ title: 'Virtual Clean Room' }),
                  lazy: async () => ({ Component: (await import('./features/rooms/pages/rooms-page')).RoomsPage }),
                },
                {
                  path: 'vcrs/:id',
                  handle: handle({ title: 'Virtual Clean Room' }),
                  lazy: async () => ({ Component: (await import('./features/rooms/pages/room-page')).RoomPage }),
                },
                {
                  path: 'checkout-page/:item/:currency',
                  handle: handle({ title: 'Checkout' }),
                  lazy: async () => ({
                    Component: (await import('./features/billing/pages/checkout-page')).CheckoutPage,
                  }),
                },
                // Spec s.2: any unknown /admin path goes to the dashboard.
                { path: '*', loader: toDashboard, Component: Nothing },
              ],
            },
            // The spec lists these two without the /admin prefix; they are authenticated screens all the same.
            {
              path: 'request/:type/edit/:id',
              handle: handle({ title: 'Edit request' }),
              lazy: requestWizard(),
            },
            {
              path: 'request/:type/report/:id',
              handle: handle({ title: 'Analyse request' }),
              lazy: async () => ({
                Component: (await import('./features/responses/pages/request-report-page')).RequestReportPage,
              }),
            },
          ],
        },
        // The participant app (issue 15): public, its own layout, no Apollo; it talks to the phone REST routes.
        {
          path: 'p',
          lazy: async () => ({
            Component: (await import('./layouts/participant/participant-layout')).ParticipantLayout,
          }),
          children: [
            {
              index: true,
              handle: handle({ title: 'Open requests' }),
              lazy: async () => ({
                Component: (await import('./features/participant/pages/open-requests-page')).OpenRequestsPage,
              }),
            },
            {
              path: 'r/:id',
              handle: handle({ title: 'Answer a request' }),
              lazy: async () => ({
                Component: (await import('./features/participant/pages/request-page')).RequestPage,
              }),
            },
            {
              path: 'answers',
              handle: handle({ title: 'My answers' }),
              lazy: async () => ({
                Component: (await import('./features/participant/pages/my-answers-page')).MyAnswersPage,
              }),
            },
            {
              path: 'verify',
              handle: handle({ title: 'Check a receipt' }),
              lazy: async () => ({
                Component: (await import('./features/participant/pages/verify-receipt-page')).VerifyReceiptPage,
              }),
            },
            {
              path: 'wallet',
              handle: handle({ title: 'Wallet' }),
              lazy: async () => ({
                Component: (await import('./features/participant/pages/wallet-page')).WalletPage,
              }),
            },
            { path: '*', loader: () => redirect('/p'), Component: Nothing },
          ],
        },
        {
          path: 'auth',
          lazy: async () => ({ Component: (await import('./layouts/auth/auth-layout')).AuthLayout }),
          children: [
            { index: true, loader: () => redirect(LOGIN_PATH), Component: Nothing },
            {
              path: 'login-page',
              handle: handle({ title: 'Login', authBackground: 'login' }),
              lazy: async () => ({ Component: (await import('./features/auth/pages/login-page')).LoginPage }),
            },
            {
              path: 'logout-page',
              handle: handle({ title: 'Log out', authBackground: 'login' }),
              lazy: async () => ({ Component: (await import('./features/auth/pages/logout-page')).LogoutPage }),
            },
            {
              path: 'register-page',
              handle: handle({ title: 'Register', authBackground: 'register' }),
              lazy: async () => ({ Component: (await import('./features/auth/pages/register-page')).RegisterPage }),
            },
            {
              path: 'verify-email',
              handle: handle({ title: 'E-mail verification', authBackground: 'verify' }),
              lazy: async () => ({
                Component: (await import('./features/auth/pages/verify-email-page')).VerifyEmailPage,
              }),
            },
            {
              path: 'pricing-page',
              handle: handle({ title: 'Purchase IPT Tokens', authBackground: 'pricing' }),
              lazy: pricingPage,
            },
            {
              path: 'lock-screen-page',
              handle: handle({ title: 'Lock screen', authBackground: 'lock' }),
              lazy: async () => ({
                Component: (await import('./features/auth/pages/lock-screen-page')).LockScreenPage,
              }),
            },
            {
              path: 'error-page',
              handle: handle({ title: 'Page not found', authBackground: 'error' }),
              lazy: notFound,
            },
            { path: '*', handle: handle({ title: 'Page not found', authBackground: 'error' }), lazy: notFound },
          ],
        },
        // Unknown paths outside /admin show the 404 page inside the open layout.
        {
          lazy: async () => ({ Component: (await import('./layouts/auth/auth-layout')).AuthLayout }),
          children: [
            { path: '*', handle: handle({ title: 'Page not found', authBackground: 'error' }), lazy: notFound },
          ],
        },
      ],
    },
  ];
}

// The request wizards (create and edit) and the per-type lists.
const requestWizard = (type?: 'collection' | 'survey') => async () => {
  const { RequestWizardPage } = await import('./features/requests/pages/request-wizard-page');
  return { Component: () => <RequestWizardPage type={type} /> };
};
const requestList = (type: 'collection' | 'survey') => async () => {
  const { RequestListPage } = await import('./features/requests/pages/request-list-page');
  return { Component: () => <RequestListPage type={type} /> };
};

// An open page that reads the API through Apollo hooks (the public plans), so it brings the client.
async function pricingPage() {
  const [{ ApolloProvider }, { PricingPage }, client] = await Promise.all([
    import('./shared/apollo/apollo-provider'),
    import('./features/billing/pages/pricing-page'),
    getApolloClient(),
  ]);
  return {
    Component: () => (
      <ApolloProvider client={client}>
        <PricingPage />
      </ApolloProvider>
    ),
  };
}

async function notFound() {
  return { Component: (await import('./features/auth/pages/error-page')).ErrorPage };
}

export function createAppRouter() {
  return createBrowserRouter(buildRoutes());
}
