// Where the app sends people; the spec's route table is the source of these.
export const LOGIN_PATH = '/auth/login-page';
export const LOGOUT_PATH = '/auth/logout-page';
export const DASHBOARD_PATH = '/admin/dashboard';
export const SETTINGS_PATH = '/admin/settings';

// After logging in, the login page returns to the screen that asked for it (?next=...).
export const RETURN_PARAM = 'next';

// Only our own authenticated screens: never another origin ("//evil", "/\evil") or an open page.
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || value.length > 512) return null;
  if (!/^\/(admin|request)\//.test(value) || value.includes('//') || value.includes('\\')) return null;
  return value;
}

// The login page, remembering where to come back to (not for the dashboard, where login lands anyway).
export function loginPathFor(returnTo: string | null | undefined): string {
  const safe = safeReturnPath(returnTo);
  if (!safe || safe === DASHBOARD_PATH) return LOGIN_PATH;
  return `${LOGIN_PATH}?${new URLSearchParams({ [RETURN_PARAM]: safe }).toString()}`;
}
