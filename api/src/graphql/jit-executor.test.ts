import { buildSchema, parse, type OperationDefinitionNode } from 'graphql';
import { describe, expect, it } from 'vitest';
import { jitExecutor } from './jit-executor';

const schema = buildSchema(`
  input Page { size: Int! = 10, from: Int }
  type Query { echo(page: Page!): String!, fail: String }
`);
Object.assign(schema.getQueryType()!.getFields().echo, {
  resolve: (_: unknown, { page }: { page: { size: number; from?: number } }) => `${page.size}/${page.from ?? '-'}`,
});
Object.assign(schema.getQueryType()!.getFields().fail, {
  resolve: () => {
    throw new Error('boom');
  },
});

const run = (query: string, variables?: Record<string, unknown>) => {
  const document = parse(query);
  const operation = document.definitions[0] as OperationDefinitionNode;
  const execute = jitExecutor(schema);
  const ctx = { document, operation, operationName: null, request: { variables }, context: {} };
  return execute(ctx as unknown as Parameters<typeof execute>[0]);
};

describe('the graphql-jit executor', () => {
  it('answers as graphql-js does', async () => {
    expect(await run('{ echo(page: { size: 3, from: 1 }) }')).toEqual({ data: { echo: '3/1' } });
    expect(await run('query($p: Page!) { echo(page: $p) }', { p: { size: 2 } })).toEqual({ data: { echo: '2/-' } });
  });

  it('fills in the default of a non-null input field left out of a variable (graphql-jit alone refuses it)', async () => {
    expect(await run('query($p: Page!) { echo(page: $p) }', { p: { from: 5 } })).toEqual({ data: { echo: '10/5' } });
  });

  it('refuses bad variables with graphql-js errors that name the variable definition', async () => {
    const result = await run('query($p: Page!) { echo(page: $p) }', { p: { size: 'x' } });
    expect(result.data).toBeUndefined();
    expect(result.errors?.[0].message).toMatch(/^Variable "\$p" got invalid value/);
    expect(result.errors?.[0].nodes?.[0].kind).toBe('VariableDefinition');
  });

  it("keeps a resolver's error as the original error, with its path, locations and extensions", async () => {
    const result = await run('{ fail }');
    expect(result.data).toEqual({ fail: null });
    const error = result.errors![0];
    expect(error.originalError?.message).toBe('boom');
    expect(error.path).toEqual(['fail']);
    expect(error.locations).toEqual([{ line: 1, column: 3 }]);
    expect(error.extensions).toEqual({});
  });
});
