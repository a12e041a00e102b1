import type { ApolloServerOptionsWithGateway, BaseContext } from '@apollo/server';
import {
  execute,
  getVariableValues,
  GraphQLError,
  type DocumentNode,
  type ExecutionResult,
  type GraphQLSchema,
} from 'graphql';
import { compileQuery, isCompiledQuery, type CompiledQuery } from 'graphql-jit';

type Gateway = ApolloServerOptionsWithGateway<BaseContext>['gateway'];
type GatewayExecutor = NonNullable<Awaited<ReturnType<Gateway['load']>>['executor']>;

/**
 * Executes GraphQL with graphql-jit: each operation is compiled once into a plain function (no
 * per-field dispatch through graphql-js's generic executor) and the compiled function is reused
 * for every request sending the same document. It sits behind Apollo Server as its executor, so
 * Apollo still parses, caches, validates (our depth/alias/cost limits included) and formats
 * errors; only the execution of an already valid operation changes. The compiled functions hang
 * off the parsed documents Apollo keeps in its own bounded document cache, so they go with them.
 */
export function jitExecutor(schema: GraphQLSchema): GatewayExecutor {
  // per document and operation: its compiled function, or graphql-js for the few it cannot take
  const compiled = new WeakMap<DocumentNode, Map<string, CompiledQuery | 'graphql-js'>>();
  return async ({ document, operation, operationName, request, context }) => {
    let byOperation = compiled.get(document);
    if (!byOperation) compiled.set(document, (byOperation = new Map()));
    const name = operationName ?? '';
    let query = byOperation.get(name);
    const variables = request.variables ?? {};
    const withGraphqlJs = () =>
      execute({ schema, document, operationName, contextValue: context, variableValues: variables });
    // Apollo found no operation by the name asked for (it hands us the name of the operation it
    // found: none): graphql-js, given the name asked for, says so as errors, which Apollo answers 400
    if (!operation) return execute({ schema, document, operationName: request.operationName, contextValue: context });
    if (query === 'graphql-js') return withGraphqlJs();
    if (!query) {
      const result = compileQuery(schema, document, operationName ?? undefined, {
        // errors are shown without stacks anyway (format-error.ts); capturing them costs time
        disablingCapturingStackErrors: true,
      });
      if (!isCompiledQuery(result)) return asGraphQLErrors(result);
      byOperation.set(name, (query = result));
    }
    const result = await query.query(undefined, context, variables);
    if (result.data === undefined && result.errors?.length) {
      // variables refused before anything ran. graphql-js's own errors name the variable's
      // definition, which is how Apollo tells them apart (BAD_USER_INPUT, status 400)
      const coerced = getVariableValues(schema, operation.variableDefinitions ?? [], variables);
      if (coerced.errors) return { errors: coerced.errors };
      // graphql-js takes them: graphql-jit does not fill in the default of a non-null input field
      // left out, so this operation runs on graphql-js's executor from now on
      byOperation.set(name, 'graphql-js');
      return withGraphqlJs();
    }
    return asGraphQLErrors(result);
  };
}

/**
 * graphql-jit's errors are look-alikes without graphql-js's always-present `extensions`, which
 * Apollo's error formatting reads: they become graphql-js errors with the same message,
 * locations, path and original error.
 */
function asGraphQLErrors(result: ExecutionResult): ExecutionResult {
  if (!result.errors?.length) return result;
  const errors = result.errors.map((e) => {
    const error = new GraphQLError(e.message, {
      path: e.path,
      originalError: e.originalError ?? undefined,
      extensions: e.extensions,
    });
    (error as { locations?: GraphQLError['locations'] }).locations = e.locations;
    return error;
  });
  return { ...result, errors };
}

/** The executor in the shape Apollo Server takes it: a "gateway" serving one fixed schema. */
export function jitGateway(schema: GraphQLSchema): Gateway {
  return {
    async load() {
      return { schema, executor: jitExecutor(schema) };
    },
    onSchemaLoadOrUpdate(callback) {
      callback({ apiSchema: schema, coreSupergraphSdl: '' });
      return () => {};
    },
    async stop() {},
  };
}
