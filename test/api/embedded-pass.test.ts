import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EMBEDDED_ONLY_TESTS, EMBEDDED_PASS, ENGINE_TESTS, MODULE_SMOKE_TESTS } from '../embedded-pass';

const MODULES = 'api/src/modules';

describe('the embedded pass (test/embedded-pass.ts)', () => {
  it('names a smoke test file for every module, and only for modules that exist', () => {
    const modules = readdirSync(MODULES).filter((m) => statSync(path.join(MODULES, m)).isDirectory());
    expect(Object.keys(MODULE_SMOKE_TESTS).sort()).toEqual(modules.sort());
  });

  it('names test files and patterns that exist', () => {
    for (const file of Object.values(MODULE_SMOKE_TESTS)) expect(existsSync(file), file).toBe(true);
    for (const pattern of ENGINE_TESTS) {
      const dir = pattern.includes('**') ? pattern.split('/**')[0] : path.dirname(pattern);
      const base = new RegExp(`^${path.basename(pattern).replace(/\./g, '\\.').replace(/\*/g, '.*')}$`);
      const found = readdirSync(dir, { recursive: true }).some((f) => base.test(path.basename(String(f))));
      expect(found, pattern).toBe(true);
    }
  });

  it('runs in its pass every test the api project leaves out on the PostgreSQL server', () => {
    const inPass = (file: string) => EMBEDDED_PASS.some((pattern) => path.matchesGlob(file, pattern));
    for (const file of EMBEDDED_ONLY_TESTS) {
      expect(existsSync(file), file).toBe(true);
      expect(inPass(file), file).toBe(true);
    }
  });
});
