import { Field, ID, InputType, ObjectType } from 'type-graphql';
import { GraphQLISODateTime } from 'type-graphql';

@ObjectType('ApiToken', { description: 'A personal API token (the secret itself is shown only once)' })
export class ApiTokenType {
  @Field(() => ID)
  id!: string;

  @Field(() => String)
  name!: string;

  @Field(() => String, { description: 'first characters of the token' })
  prefix!: string;

  @Field(() => GraphQLISODateTime)
  createdAt!: Date;

  @Field(() => GraphQLISODateTime, { nullable: true })
  lastUsedAt!: Date | null;

  @Field(() => GraphQLISODateTime, { nullable: true })
  revokedAt!: Date | null;
}

@ObjectType()
export class CreatedApiToken {
  @Field(() => String, { description: 'send as "Authorization: Bearer <token>"; shown only now' })
  token!: string;

  @Field(() => ApiTokenType)
  apiToken!: ApiTokenType;
}

@InputType()
export class CreateApiTokenInput {
  @Field(() => String)
  name!: string;
}
