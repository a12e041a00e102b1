import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildOpenApi } from './openapi';
import { undocumentedInputs } from './openapi-descriptions';
import { route } from './registry';
import { restApi } from '../app/routes';

const build = (routes: typeof restApi.routes) =>
  buildOpenApi({ routes, fileRoutes: [], schemas: {} }, { version: 'test' }) as Parameters<
    typeof undocumentedInputs
  >[0];

const thing = (input: z.ZodType, method: 'GET' | 'POST' = 'POST') =>
  route({
    method,
    path: '/v1/test/thing',
    tag: 'test',
    auth: 'user',
    summary: 'a thing',
    input,
    output: z.null(),
    errors: [],
    handler: async () => null,
  });

describe('the OpenAPI document describes every input', () => {
  it('has a description for every parameter and body property, and names each form of a value that has several', () => {
    expect(undocumentedInputs(build(restApi.routes))).toEqual([]);
  });

  it('finds a query parameter, a nested property and a form without one', () => {
    const found = undocumentedInputs(
      build([
        thing(z.strictObject({ id: z.uuid() }), 'GET'),
        thing(
          z.strictObject({
            list: z.array(z.strictObject({ name: z.string() })).describe('a list'),
            answer: z.union([z.string().describe('one form'), z.number()]).describe('an answer'),
            level: z.union([z.literal(0), z.literal(1)]).describe('0 or 1: constants name themselves'),
          }),
        ),
      ]),
    );
    expect(found).toEqual([
      'GET /v1/test/thing ?id',
      'POST /v1/test/thing body.list[].name',
      'POST /v1/test/thing body.answer (form 2 of anyOf, number)',
    ]);
  });

  it('takes a clean-room field’s description from the legacy glossary, by route where a name means two things', () => {
    const doc = build([
      { ...thing(z.strictObject({ room_id: z.uuid(), request_id: z.uuid() })), path: '/v1/vcr/declineAccess' },
    ]) as unknown as {
      paths: Record<
        string,
        {
          post: {
            requestBody: {
              content: { 'application/json': { schema: { properties: Record<string, { description?: string }> } } };
            };
          };
        }
      >;
    };
    const props = doc.paths['/v1/vcr/declineAccess'].post.requestBody.content['application/json'].schema.properties;
    expect(props.room_id.description).toMatch(/clean room/);
    expect(props.request_id.description).toBe('the access request (from getAccessRequests)');
  });
});
