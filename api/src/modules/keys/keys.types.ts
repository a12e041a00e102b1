import { Field, ID, InputType, ObjectType } from 'type-graphql';
import { GraphQLISODateTime } from 'type-graphql';

@ObjectType('Key', { description: 'A public key; its private half stays in the browser' })
export class KeyType {
  @Field(() => ID, { description: 'first 16 bytes of SHA-256 over the SPKI DER, hex' })
  id!: string;

  @Field(() => String)
  title!: string;

  @Field(() => String, { description: 'SPKI PEM' })
  publicKey!: string;

  @Field(() => GraphQLISODateTime)
  createdAt!: Date;
}

@InputType()
export class CreateKeyInput {
  @Field(() => String)
  title!: string;

  @Field(() => String, { description: 'P-256 public key, SPKI PEM' })
  publicKey!: string;

  @Field(() => String, { nullable: true, description: 'the id the client computed; checked when given' })
  id?: string;
}
