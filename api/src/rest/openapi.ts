import { z } from 'zod';
import { errorStatuses } from './contract';
import { describeLegacyFields } from './legacy-glossary';
import type { FileRoute, RestApi, RestRoute } from './registry';

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

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const json = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  delete json.$schema;
  return json;
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad input',
  401: 'Not logged in',
  402: 'Not enough credit',
  403: 'Not allowed',
  404: 'Not found (or not yours)',
  409: 'Conflict with the current state',
  413: 'Body too large',
  415: 'Unsupported content type',
  429: 'Too many requests (Retry-After says when to try again)',
  500: 'Server error',
  502: 'Payment provider error',
  503: 'Unavailable for a moment (Retry-After says when to try again): the database dropped its connections, or the chain is unreachable',
};

// One response per error status the route can answer with, naming its codes.
function errorResponses(route: RestRoute | FileRoute): Record<string, JsonSchema> {
  return Object.fromEntries(
    [...errorStatuses(route)].map(([status, codes]) => [
      String(status),
      {
        description: `${STATUS_TEXT[status] ?? 'Error'}: ${codes.join(', ')}`,
        content: {
          'application/json': {
            schema: {
              ...errorEnvelope,
              properties: {
                error: {
                  ...(errorEnvelope.properties as { error: JsonSchema }).error,
                  properties: {
                    ...((errorEnvelope.properties as { error: { properties: JsonSchema } }).error
                      .properties as JsonSchema),
                    code: { type: 'string', enum: codes },
                  },
                },
              },
            },
          },
        },
      },
    ]),
  );
}

const operationId = (method: string, path: string) =>
  `${method.toLowerCase()}${path.replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ?? '').toUpperCase())}`;

// A file route's answer: the bytes, in one of its content types; its path parameters.
function fileOperation(r: FileRoute): [string, JsonSchema] {
  const path = r.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
  const params = jsonSchema(r.params, 'input');
  const props = (params.properties ?? {}) as Record<string, JsonSchema>;
  return [
    path,
    {
      summary: r.summary,
      tags: [r.tag],
      operationId: operationId(r.method, path),
      security: [],
      parameters: Object.entries(props).map(([name, s]) => ({ name, in: 'path', required: true, schema: s })),
      responses: {
        '200': {
          description: 'Success: the file itself (not the JSON envelope)',
          content: Object.fromEntries(
            r.contentTypes.map((type) => [type, { schema: { type: 'string', format: 'binary' } }]),
          ),
        },
        ...errorResponses(r),
      },
    },
  ];
}

/** A JSON route's operation: its answer in the envelope, its input as query, JSON, multipart or raw body. */
function routeOperation(r: RestRoute): JsonSchema {
  const op: JsonSchema = {
    summary: r.summary,
    tags: [r.tag],
    operationId: operationId(r.method, r.path),
    ...(r.auth === 'user' ? { security: [{ sessionCookie: [] }, { apiToken: [] }] } : { security: [] }),
    responses: {
      '200': {
        description: r.download ? `Success: ${r.download.description}` : 'Success: the result in an envelope',
        content: {
          'application/json': {
            schema: { type: 'object', required: ['result'], properties: { result: jsonSchema(r.output, 'output') } },
          },
          ...Object.fromEntries(
            (r.download?.contentTypes ?? [])
              .filter((type) => type !== 'application/json')
              .map((type) => [type, { schema: { type: 'string' } }]),
          ),
        },
      },
      ...errorResponses(r),
    },
  };
  const schema = jsonSchema(r.input, 'input');
  describeLegacyFields(r.path, schema);
  if (r.rawBody) {
    op.parameters = [
      {
        name: r.rawBody.signatureHeader,
        in: 'header',
        required: true,
        description: 'the signature of the exact body bytes, as the sender computed it',
        schema: { type: 'string' },
      },
    ];
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
      ...(typeof s.description === 'string' ? { description: s.description } : {}),
      schema: s,
    }));
  } else {
    const binary = r.binaryBody && {
      [r.binaryBody.contentType]: {
        schema: { type: 'string', format: 'binary', description: r.binaryBody.description },
      },
    };
    op.requestBody = { required: true, content: { 'application/json': { schema }, ...binary } };
  }
  return op;
}

/** OpenAPI 3.1 document generated from the same zod schemas that validate the routes. */
export function buildOpenApi(api: RestApi, info: { version: string }): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const r of api.routes) {
    (paths[r.path] ??= {})[r.method.toLowerCase()] = routeOperation(r);
  }
  for (const r of api.fileRoutes) {
    const [path, op] = fileOperation(r);
    (paths[path] ??= {})[r.method.toLowerCase()] = op;
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
      schemas: Object.fromEntries(Object.entries(api.schemas).map(([name, s]) => [name, jsonSchema(s, 'output')])),
    },
    paths,
  };
}
