import { printSchema, type GraphQLSchema } from 'graphql';
import { buildSchema } from 'type-graphql';
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
import { ResponsesResolver } from '../modules/responses/responses.resolver';
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
  RoomsResolver,
  DatasetsResolver,
  AnalysesResolver,
  WebhooksResolver,
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
    return schema;
  });
  return cached;
}

/** The SDL committed at schema/schema.graphql (web codegen reads it; a test keeps it fresh). */
export async function printAppSchema(): Promise<string> {
  return `# Generated from the code-first API by \`npm run schema\`. Do not edit.\n\n${printSchema(await buildAppSchema())}\n`;
}
