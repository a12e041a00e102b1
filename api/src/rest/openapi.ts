import { z } from 'zod';
import type { RestRoute } from './registry';

type JsonSchema = Record<string, unknown>;

const errorEnvelope: JsonSchema = {
  type: 'object',
  required: ['error'],
  properties: {
    error: {
      type: 'object',
      required: ['code', 'message'],
      properties: {
        code: { type: 'string', example: 'BAD_USER_INPUT' },
        message: { type: 'string' },
        details: {
          type: 'array',
          items: { type: 'object', properties: { path: { type: 'string' }, message: { type: 'string' } } },
        },
      },
    },
  },
};

function inputSchema(route: RestRoute): JsonSchema {
  const schema = z.toJSONSchema(route.input, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  delete schema.$schema;
  return schema;
}

/** OpenAPI 3.1 document generated from the same zod schemas that validate the routes. */
export function buildOpenApi(routes: RestRoute[], info: { version: string }): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const r of routes) {
    const op: JsonSchema = {
      summary: r.summary,
      tags: [r.tag],
      operationId: `${r.method.toLowerCase()}${r.path.replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ?? '').toUpperCase())}`,
      ...(r.auth === 'user' ? { security: [{ sessionCookie: [] }, { apiToken: [] }] } : { security: [] }),
      responses: {
        '200': {
          description: 'Success: the result in an envelope',
          content: {
            'application/json': { schema: { type: 'object', required: ['result'], properties: { result: {} } } },
          },
        },
        default: { description: 'Failure', content: { 'application/json': { schema: errorEnvelope } } },
      },
    };
    const schema = inputSchema(r);
    if (r.rawBody) {
      op.parameters = [{ name: r.rawBody.signatureHeader, in: 'header', required: true, schema: { type: 'string' } }];
      op.requestBody = {
        required: true,
        content: { 'application/json': { schema: { type: 'object', description: r.rawBody.description } } },
      };
    } else if (r.file) {
      op.requestBody = {
        required: true,
        content: {
          'multipart/form-data': {
            schema: {
              type: 'object',
              required: [r.file.field],
              properties: { [r.file.field]: { type: 'string', format: 'binary', description: r.file.description } },
            },
          },
        },
      };
    } else if (r.method === 'GET') {
      const props = (schema.properties ?? {}) as Record<string, JsonSchema>;
      const required = new Set((schema.required as string[] | undefined) ?? []);
      op.parameters = Object.entries(props).map(([name, s]) => ({
        name,
        in: 'query',
        required: required.has(name),
        schema: s,
      }));
    } else {
      op.requestBody = { required: true, content: { 'application/json': { schema } } };
    }
    (paths[r.path] ??= {})[r.method.toLowerCase()] = op;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Parley legacy REST API',
      version: info.version,
      description:
        'The v1 paths the phone app relies on. Success: `{ "result": ... }`. Failure: `{ "error": { "code", "message" } }` with a matching HTTP status. Unknown fields are rejected.',
    },
    components: {
      securitySchemes: {
        sessionCookie: { type: 'apiKey', in: 'cookie', name: 'parley_session' },
        apiToken: { type: 'http', scheme: 'bearer', description: 'personal API token (prl_...)' },
      },
    },
    paths,
  };
}
