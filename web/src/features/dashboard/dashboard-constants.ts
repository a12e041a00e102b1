// Spec s.9: the dashboard pages requests and contracts 5 at a time, from page 1.
export const DASHBOARD_PAGE_SIZE = 5;
