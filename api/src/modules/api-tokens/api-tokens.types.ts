import { Field, ID, InputType, ObjectType } from 'type-graphql';
import { GraphQLISODateTime } from 'type-graphql';

@ObjectType('ApiToken', { description: 'A personal API token (the secret itself is shown only once)' })
export class ApiTokenType {
  @Field(() => ID, { description: 'the token id' })
  id!: string;

  @Field(() => String, { description: 'your name for it' })
  name!: string;

  @Field(() => String, { description: 'first characters of the token' })
  prefix!: string;

  @Field(() => GraphQLISODateTime, { description: 'when it was made' })
  createdAt!: Date;

  @Field(() => GraphQLISODateTime, { nullable: true, description: 'when it last authenticated a call' })
  lastUsedAt!: Date | null;

  @Field(() => GraphQLISODateTime, { nullable: true, description: 'when it was revoked (it no longer works)' })
  revokedAt!: Date | null;
}

@ObjectType({ description: 'A new API token and its secret, shown this once' })
export class CreatedApiToken {
  @Field(() => String, { description: 'send as "Authorization: Bearer <token>"; shown only now' })
  token!: string;

  @Field(() => ApiTokenType, { description: 'the token' })
  apiToken!: ApiTokenType;
}

@InputType({ description: 'A new API token' })
export class CreateApiTokenInput {
  @Field(() => String, { description: 'a name to recognise it by' })
  name!: string;
}
