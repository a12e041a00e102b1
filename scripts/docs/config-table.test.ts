import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { configSchema } from '../../api/src/config';
import { CONFIG_DOC, configRows, configTable, renderConfigDoc } from './config-table';

describe('the configuration table', () => {
  it('in docs/operations/configuration.md is what `npm run docs:config` writes from the configuration schema', async () => {
    const committed = readFileSync(CONFIG_DOC, 'utf8');
    expect(await renderConfigDoc(committed), 'run `npm run docs:config`').toBe(committed);
  });

  it('lists every variable the schema reads, each with a description', () => {
    const rows = configRows();
    expect(rows.map((r) => r.name)).toEqual(Object.keys(configSchema.shape));
    for (const row of rows) expect(row.meaning, row.name).not.toBe('');
  });

  it('goes stale when a variable is added, and the generator writes the new row from its schema', async () => {
    const committed = readFileSync(CONFIG_DOC, 'utf8');
    const grown = configSchema.extend({
      S3_BUCKET: z.string().default('parley-files').meta({ description: 'bucket that holds uploaded files' }),
      ARGON2_MEMORY_KIB: z.coerce
        .number()
        .int()
        .min(8)
        .max(1_048_576)
        .optional()
        .meta({ description: 'argon2 memory' }),
    });
    const next = await renderConfigDoc(committed, configTable(configRows(grown)));
    expect(next).not.toBe(committed);
    expect(next).toMatch(/\| `S3_BUCKET` +\| `parley-files` +\| bucket that holds uploaded files +\|/);
    expect(next).toMatch(/\| `ARGON2_MEMORY_KIB` +\| unset +\| argon2 memory; 8 to 1048576 +\|/);
  });

  it('refuses a variable without a description, naming it', () => {
    const grown = configSchema.extend({ EXPLORER_ENABLED: z.string().optional() });
    expect(() => configRows(grown)).toThrow(/EXPLORER_ENABLED/);
  });
});
