// What an integrator reads about each input: every query parameter and every request-body property
// of the OpenAPI document has a description, and a value that may take several forms (anyOf/oneOf)
// names each form. undocumentedInputs lists what misses one; the test fails on any.
type JsonSchema = Record<string, unknown>;

function walk(schema: unknown, where: string, out: string[]): void {
  if (!schema || typeof schema !== 'object') return;
  const s = schema as JsonSchema;
  for (const key of ['anyOf', 'oneOf'] as const) {
    const forms = s[key] as JsonSchema[] | undefined;
    // a nullable value (one form and null) is one form; a constant (0, 1, "high") names itself
    const real = forms?.filter((f) => f.type !== 'null') ?? [];
    const unnamed = real.filter((f) => f.const === undefined && f.enum === undefined);
    if (real.length > 1) {
      unnamed.forEach((form) => {
        if (!form.description)
          out.push(`${where} (form ${real.indexOf(form) + 1} of ${key}, ${String(form.type ?? '?')})`);
      });
    }
    forms?.forEach((form) => walk(form, where, out));
  }
  const props = s.properties as Record<string, JsonSchema> | undefined;
  for (const [name, prop] of Object.entries(props ?? {})) {
    const at = `${where}.${name}`;
    if (!prop.description) out.push(at);
    walk(prop, at, out);
  }
  if (s.items) walk(s.items, `${where}[]`, out);
}

/** `<method> <path> <?param | .property.path>` for every input without a description. */
export function undocumentedInputs(doc: { paths: Record<string, Record<string, JsonSchema>> }): string[] {
  const out: string[] = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      const where = `${method.toUpperCase()} ${path}`;
      for (const p of (op.parameters as JsonSchema[] | undefined) ?? []) {
        const schema = p.schema as JsonSchema | undefined;
        if (!p.description && !schema?.description) out.push(`${where} ?${String(p.name)}`);
        walk(schema, `${where} ?${String(p.name)}`, out);
      }
      const content = ((op.requestBody as JsonSchema | undefined)?.content ?? {}) as Record<string, JsonSchema>;
      for (const [type, body] of Object.entries(content)) {
        if (type === 'application/json') walk(body.schema, `${where} body`, out);
      }
    }
  }
  return out;
}
