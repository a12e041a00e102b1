// The composition root's surface, for the entry points (main.ts, scripts) and the test support.
export { API_VERSION, buildApp, type SelfChecks } from './build-app';
export { openDatabase } from './database';
export { restApi, restRoutes } from './routes';
export { buildAppSchema, printAppSchema } from './schema';
export type { Services } from './services';
