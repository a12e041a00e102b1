import { BaseSequencer, type TestSpecification } from 'vitest/node';

// vitest queues files by project name (api, contracts, e2e, web): the browser files, the longest,
// started after the API's, and a single browser file finished minutes after every other test.
// Longest first instead: the browser files, then the API's, the contracts', and the many short web
// files last, to fill the workers to the end. (vitest.config.ts also runs them as three groups, one
// after the other, so the API files can have a worker more.)
const PROJECT_ORDER = ['e2e', 'api', 'contracts', 'web-isolated', 'web'];

/** vitest's own order within each project (failed, then longest last time, then largest), projects longest first. */
export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification) => PROJECT_ORDER.indexOf(spec.project.name);
    // a stable sort: each project keeps vitest's order (projects not listed keep their place, first)
    return sorted.toSorted((a, b) => rank(a) - rank(b));
  }
}
