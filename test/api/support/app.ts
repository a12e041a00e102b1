// Tests reach the composition root (every route, the schema) through the support, as the server does.
export { API_VERSION, buildAppSchema, printAppSchema, restApi, restRoutes } from '../../../api/src/app';
