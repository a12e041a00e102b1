import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

// The import rules of .dependency-cruiser.cjs as `npm run lint` applies them (`npm run lint:deps`):
// the repository passes with no violation at all, and a planted import against a rule fails.
const run = promisify(execFile);
const root = process.cwd();
const depcruise = path.join(root, 'node_modules', '.bin', 'depcruise');

type Outcome = { code: number; out: string };

async function check(cwd: string, folders: string[]): Promise<Outcome> {
  const args = [...folders, '--config', path.join(root, '.dependency-cruiser.cjs')];
  try {
    const { stdout, stderr } = await run(depcruise, args, { cwd });
    return { code: 0, out: stdout + stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: e.stdout + e.stderr };
  }
}

/** The rule names the check reports, one per violation, from its text output. */
const rulesHit = (out: string) => [...out.matchAll(/^\s*error (\S+): /gm)].map((m) => m[1]).sort();

const made: string[] = [];
afterAll(() => made.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A throwaway tree with these files (path -> source). */
function tree(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'parley-deps-'));
  made.push(dir);
  for (const [file, source] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), source);
  }
  writeFileSync(path.join(dir, 'tsconfig.json'), '{}');
  return dir;
}

describe('dependency rules (npm run lint:deps)', () => {
  it('pass on the repository', async () => {
    const { code, out } = await check(root, ['api', 'shared', 'web', 'scripts', 'test']);
    expect(out).toContain('no dependency violations found');
    expect(code).toBe(0);
  });

  it('fail on a planted import against each rule, and not on the imports they allow', async () => {
    const dir = tree({
      'api/src/config.ts': 'export const c = 1;\n',
      'api/src/shared/errors.ts': "export { c } from '../config';\n",
      // a module above importing one below is the order; the reverse is not
      'api/src/modules/users/user.entity.ts': "export { c } from '../../shared/errors';\n",
      'api/src/modules/requests/request.entity.ts': "export { c } from '../users/user.entity';\n",
      'api/src/modules/users/probe.ts': "export { c } from '../requests/request.entity';\n",
      // a platform folder importing a module, and a dynamic import of scripts/
      'api/src/db/probe.ts':
        "export const later = () => import('../../../scripts/seed');\nexport { c } from '../modules/users/user.entity';\n",
      'scripts/seed.ts': "export { c } from '../api/src/config';\n",
      // the composition root: only main.ts (and scripts, and test support) import it
      'api/src/app/services.ts': "export { c } from '../modules/requests/request.entity';\n",
      'api/src/main.ts': "export { c } from './app/services';\n",
      'api/src/modules/requests/probe.ts': "export { c } from '../../app/services';\n",
      'test/api/support/server.ts': "export { c } from '../../../api/src/app/services';\n",
      'test/api/probe.test.ts': "export { c } from '../../api/src/app/services';\n",
      // a service importing the REST layer; the module's routes may
      'api/src/rest/wire.ts': "export { c } from '../config';\n",
      'api/src/modules/keys/keys.rest.ts': "export { c } from '../../rest/wire';\n",
      'api/src/modules/keys/probe.service.ts': "export { c } from './keys.rest';\n",
      // a folder outside the order
      'api/src/misc/thing.ts': 'export const t = 1;\n',
      'api/src/modules/keys/uses-misc.ts': "export { t } from '../../misc/thing';\n",
      // the browser bundle and server code; features apart except a test's generated documents
      'web/src/probe.ts': "export { c } from '../../api/src/config';\n",
      'web/src/features/a/page.ts': "export { d } from '../b/doc.generated';\n",
      'web/src/features/a/page.test.ts': "export { d } from '../b/doc.generated';\n",
      'web/src/features/b/doc.generated.ts': 'export const d = 1;\n',
    });
    const { code, out } = await check(dir, ['api', 'web', 'scripts', 'test']);
    expect(code).not.toBe(0);
    expect(rulesHit(out)).toEqual([
      'api-not-scripts',
      'app-only-from-entry-points',
      'app-only-from-entry-points',
      'layer-order:db',
      'layer-order:modules/requests',
      'layer-order:modules/users',
      'layer-order:unplaced',
      'services-not-rest',
      'web-features-apart',
      'web-not-server',
    ]);
    for (const allowed of ['test/api/support/server.ts', 'api/src/main.ts', 'web/src/features/a/page.test.ts']) {
      expect(out).not.toContain(`${allowed} →`);
    }
  });
});
