import { generate, loadCodegenConfig } from '@graphql-codegen/cli';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

describe('web operations', () => {
  it('web/src/gql/types.ts and every x.generated.ts are what graphql-codegen generates (run `npm run codegen`)', async () => {
    const { config } = await loadCodegenConfig({ configFilePath: 'codegen.yml' });
    const files = await generate({ ...config, silent: true }, false);
    expect(files.length).toBeGreaterThan(1);
    for (const file of files) expect(await readFile(file.filename, 'utf8'), file.filename).toBe(file.content);
    // no generated file outlives the .graphql file it came from
    const generated = files.map((file: { filename: string }) => path.resolve(file.filename)).sort();
    const onDisk = (await readdir('web/src', { recursive: true }))
      .filter((name) => name.endsWith('.generated.ts') || name === path.join('gql', 'types.ts'))
      .map((name) => path.resolve('web/src', name))
      .sort();
    expect(onDisk).toEqual(generated);
  });
});
