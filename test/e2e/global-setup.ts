import { buildWebIfStale } from '../../scripts/web-build';

// The browser tests drive the real production build served by the real server.
export default function setup() {
  buildWebIfStale();
}
