import { isObjectType, printSchema, type GraphQLSchema } from 'graphql';
import { buildSchema, getMetadataStorage } from 'type-graphql';
import { AnalysesResolver } from '../modules/analyses/analyses.resolver';
import { ApiTokensResolver } from '../modules/api-tokens/api-tokens.resolver';
import { AuthResolver } from '../modules/auth/auth.resolver';
import { CreditResolver } from '../modules/billing/credit.resolver';
import { PurchasesResolver } from '../modules/billing/purchases.resolver';
import { WithdrawalsResolver } from '../modules/billing/withdrawals.resolver';
import { DatasetsResolver } from '../modules/datasets/datasets.resolver';
import { KeysResolver } from '../modules/keys/keys.resolver';
import { NotificationsResolver } from '../modules/notifications/notifications.resolver';
import { RequestsResolver } from '../modules/requests/requests.resolver';
import { FieldworkResolver } from '../modules/fieldwork/fieldwork.resolver';
import { ResponsesResolver } from '../modules/responses/responses.resolver';
import { ExportsResolver } from '../modules/responses/exports.resolver';
import { RetentionResolver } from '../modules/retention/retention.resolver';
import { RoomsResolver } from '../modules/rooms/rooms.resolver';
import { RuntimeConfigResolver } from '../modules/runtime-config/runtime-config.resolver';
import { UsersResolver } from '../modules/users/users.resolver';
import { WebhooksResolver } from '../modules/webhooks/webhooks.resolver';

export const resolvers = [
  AuthResolver,
  UsersResolver,
  KeysResolver,
  NotificationsResolver,
  ApiTokensResolver,
  RuntimeConfigResolver,
  CreditResolver,
  PurchasesResolver,
  WithdrawalsResolver,
  RequestsResolver,
  ResponsesResolver,
  FieldworkResolver,
  ExportsResolver,
  RoomsResolver,
  DatasetsResolver,
  AnalysesResolver,
  WebhooksResolver,
  RetentionResolver,
] as const;

let cached: Promise<GraphQLSchema> | undefined;

/** The code-first schema; inputs are validated by the services (zod), not class-validator. */
export function buildAppSchema(): Promise<GraphQLSchema> {
  cached ??= buildSchema({ resolvers: [...resolvers], validate: false, emitSchemaFile: false }).then((schema) => {
    // type-graphql has no place for the root types' own descriptions
    Object.assign(schema.getQueryType()!, {
      description:
        'Everything the API reads. Unless a field says otherwise it needs a logged-in requester (session cookie or API token)',
    });
    Object.assign(schema.getMutationType()!, {
      description: 'Everything the API changes. Unless a field says otherwise it needs a logged-in requester',
    });
    readPlainFieldsDirectly(schema);
    return schema;
  });
  return cached;
}

/**
 * type-graphql gives every field of an object type a resolver returning `root[property]`, a hook
 * for field middlewares and auth checks, which this API does not use (services check access). It
 * only costs time: the executor calls it for every field of every row instead of reading the
 * property. A field that is a plain property (its schema name is its property name, no field
 * resolver, middlewares, roles or arguments) gets no resolver, so it is read directly (what
 * type-graphql's own `simpleResolvers` option does, here for every type at once).
 */
function readPlainFieldsDirectly(schema: GraphQLSchema) {
  const storage = getMetadataStorage();
  for (const objectType of storage.objectTypes) {
    const type = schema.getType(objectType.name);
    if (!isObjectType(type) || type === schema.getQueryType() || type === schema.getMutationType()) continue;
    const target = objectType.target;
    const ownOrInherited = (t: typeof target | undefined) =>
      t !== undefined && (t === target || target.prototype instanceof t);
    const fields = type.getFields();
    for (const f of storage.fields.filter((x) => ownOrInherited(x.target))) {
      const field = fields[f.schemaName];
      const plain =
        field &&
        f.name === f.schemaName &&
        !f.middlewares?.length &&
        !f.roles?.length &&
        !f.params?.length &&
        !storage.fieldResolvers.some((r) => r.methodName === f.name && ownOrInherited(r.getObjectType?.()));
      if (plain) field.resolve = undefined;
    }
  }
}

/** The SDL committed at schema/schema.graphql (web codegen reads it; a test keeps it fresh). */
export async function printAppSchema(): Promise<string> {
  return `# Generated from the code-first API by \`npm run schema\`. Do not edit.\n\n${printSchema(await buildAppSchema())}\n`;
}
