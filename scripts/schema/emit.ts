// Writes schema/schema.graphql (from the type-graphql resolvers) and schema/openapi.json (from the
// REST routes' zod schemas). Both are committed; test/api/schema.test.ts fails when they are stale.
import 'reflect-metadata';
import { writeFile } from 'node:fs/promises';
import { API_VERSION, printAppSchema, restApi } from '../../api/src/app';
import { buildOpenApi } from '../../api/src/rest/openapi';

await writeFile('schema/schema.graphql', await printAppSchema());
await writeFile('schema/openapi.json', JSON.stringify(buildOpenApi(restApi, { version: API_VERSION }), null, 2) + '\n');
console.log('wrote schema/schema.graphql and schema/openapi.json');
