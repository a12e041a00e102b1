import { beforeAll } from 'vitest';
import { webBuildReady } from './web-build';

// a setup file of the e2e project: every browser test file starts once the web build is there
beforeAll(webBuildReady, 600_000);
