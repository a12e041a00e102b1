// Where the app sends people; the spec's route table is the source of these.
export const LOGIN_PATH = '/auth/login-page';
export const LOGOUT_PATH = '/auth/logout-page';
export const DASHBOARD_PATH = '/admin/dashboard';
export const SETTINGS_PATH = '/admin/settings';
