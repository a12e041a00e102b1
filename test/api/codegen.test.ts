import { generate, loadCodegenConfig } from '@graphql-codegen/cli';
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';

describe('web operations', () => {
  it('web/src/gql is what graphql-codegen generates from the schema and operations (run `npm run codegen`)', async () => {
    const { config } = await loadCodegenConfig({ configFilePath: 'codegen.yml' });
    const files = await generate({ ...config, silent: true }, false);
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) expect(await readFile(file.filename, 'utf8'), file.filename).toBe(file.content);
  });
});
