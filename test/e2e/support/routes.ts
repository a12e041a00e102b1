// The spec's route table as the browser suites walk it (routes.e2e.ts logged out and in with
// made-up ids, a11y-screens.e2e.ts with real ones). `:id` stands for a request's id.
export const ADMIN_ROUTES = [
  '/admin/dashboard',
  '/admin/request/collection/new',
  '/admin/request/survey/new',
  '/request/collection/edit/:id',
  '/admin/request/collection/list',
  '/admin/request/survey/list',
  '/admin/request/collection/detail/:id',
  '/admin/request/survey/detail/:id',
  '/request/survey/report/:id',
  '/admin/vcr',
  '/admin/vcrs/:id',
  '/admin/checkout-page/10credits/usd',
  '/admin/settings',
];
export const OPEN_ROUTES = [
  '/auth/login-page',
  '/auth/register-page',
  '/auth/pricing-page',
  '/auth/lock-screen-page',
  '/auth/error-page',
];
export const PARTICIPANT_ROUTES = ['/p', '/p/r/:id', '/p/answers', '/p/wallet'];
