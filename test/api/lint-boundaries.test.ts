import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The two import boundaries of eslint.config.js, as `npm run lint` applies them.
const eslint = new ESLint({ cwd: process.cwd() });
const rulesHit = async (filePath: string, code: string) =>
  (await eslint.lintText(code, { filePath }))[0].messages.map((m) => m.ruleId).filter((r) => r?.startsWith('parley/'));

describe('import boundaries', () => {
  it('keep api/ from importing scripts/, statically or dynamically', async () => {
    const code =
      "export { seed } from '../../scripts/seed';\nexport const later = () => import('../../scripts/seed');\n";
    expect(await rulesHit('api/src/probe.ts', code)).toEqual(['parley/no-scripts-in-api', 'parley/no-scripts-in-api']);
    expect(await rulesHit('scripts/probe.ts', "export { openDatabase } from '../api/src/db/database';\n")).toEqual([]);
  });

  it('keep services from importing the REST layer, but not the rest of a module', async () => {
    const file = 'api/src/modules/keys/probe.service.ts';
    const code = [
      "export { done } from '../../rest/wire';",
      "export { keysRoutes } from './keys.rest';",
      "export { legacyKeyOut } from './keys.outputs';",
      "export { keyRef } from './keys.schemas';",
      '',
    ].join('\n');
    expect(await rulesHit(file, code)).toEqual([
      'parley/no-rest-in-services',
      'parley/no-rest-in-services',
      'parley/no-rest-in-services',
    ]);
    expect(await rulesHit('api/src/modules/keys/probe.rest.ts', code)).toEqual([]);
  });
});
