// `npm start`: builds the web app when its build is missing or stale, then runs the server, which
// serves the app, /graphql and the REST paths on one port.
import { buildWebIfStale } from './web-build';

buildWebIfStale();
await import('./server');
