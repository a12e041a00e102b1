// Writes the configuration table of docs/operations/configuration.md from the server's configuration
// schema (api/src/config.ts): one row per variable, its default read from the schema and its meaning
// from the variable's description, so a variable added there appears here with no hand edits.
// Usage: npm run docs:config
import { readFile, writeFile } from 'node:fs/promises';
import prettier from 'prettier';
import { z } from 'zod';
import { configSchema } from '../../api/src/config';

export const CONFIG_DOC = 'docs/operations/configuration.md';
const START = '<!-- config-table:start -->';
const END = '<!-- config-table:end -->';

type Row = { name: string; default: string; meaning: string };

const code = (value: unknown) => `\`${String(value)}\``;

/** The default a variable gets when unset, as the schema gives it (under optional, pipes and transforms). */
function schemaDefault(schema: z.ZodType): unknown {
  if (schema instanceof z.ZodDefault) return schema.def.defaultValue;
  if (schema instanceof z.ZodPipe) return schemaDefault(schema.in as z.ZodType);
  if (schema instanceof z.ZodOptional) return schemaDefault(schema.unwrap() as z.ZodType);
  return undefined;
}

/** What values the schema takes, where it says so plainly: an enum's values, a number's range. */
function accepts(schema: z.ZodType): string | undefined {
  if (schema instanceof z.ZodDefault || schema instanceof z.ZodOptional) return accepts(schema.unwrap() as z.ZodType);
  if (schema instanceof z.ZodPipe) return accepts(schema.in as z.ZodType);
  if (schema instanceof z.ZodEnum) return `one of ${schema.options.map(code).join(', ')}`;
  if (schema instanceof z.ZodNumber) {
    const { minValue, maxValue } = schema;
    const bounded = (v: number | null) => v !== null && Number.isFinite(v) && Math.abs(v) < Number.MAX_SAFE_INTEGER;
    if (bounded(minValue) && bounded(maxValue)) return `${minValue} to ${maxValue}`;
    if (bounded(minValue)) return `at least ${minValue}`;
  }
  return undefined;
}

const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');

/** One row per variable of the schema, in its order; throws naming every variable without a description. */
export function configRows(schema: z.ZodObject = configSchema): Row[] {
  const missing: string[] = [];
  const rows = Object.entries(schema.shape).map(([name, field]) => {
    const variable = field as z.ZodType;
    const meta = variable.meta() ?? {};
    if (!meta.description?.trim()) missing.push(name);
    const fallback = schemaDefault(variable);
    const range = accepts(variable);
    return {
      name,
      default: meta.unset ?? (fallback === undefined ? 'unset' : code(fallback)),
      meaning: [meta.description ?? '', range].filter(Boolean).join('; '),
    };
  });
  if (missing.length)
    throw new Error(
      `give each configuration variable a description (.meta({ description })) in api/src/config.ts: ${missing.join(', ')}`,
    );
  return rows;
}

export function configTable(rows: Row[] = configRows()): string {
  return [
    '| variable | default | meaning |',
    '| --- | --- | --- |',
    ...rows.map((r) => `| ${code(r.name)} | ${cell(r.default)} | ${cell(r.meaning)} |`),
  ].join('\n');
}

/** The document with its table replaced by the generated one, formatted as `prettier --write` would. */
export async function renderConfigDoc(current: string, table = configTable()): Promise<string> {
  const start = current.indexOf(START);
  const end = current.indexOf(END);
  if (start === -1 || end < start) throw new Error(`${CONFIG_DOC} must hold the markers ${START} and ${END}`);
  const text = `${current.slice(0, start + START.length)}\n\n${table}\n\n${current.slice(end)}`;
  const options = (await prettier.resolveConfig(CONFIG_DOC)) ?? {};
  return prettier.format(text, { ...options, filepath: CONFIG_DOC });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const current = await readFile(CONFIG_DOC, 'utf8');
  const next = await renderConfigDoc(current);
  if (next === current) console.log(`${CONFIG_DOC} is up to date`);
  else {
    await writeFile(CONFIG_DOC, next);
    console.log(`wrote the configuration table into ${CONFIG_DOC}`);
  }
}
