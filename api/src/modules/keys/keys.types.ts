import { Field, ID, InputType, ObjectType } from 'type-graphql';
import { GraphQLISODateTime } from 'type-graphql';

@ObjectType('Key', { description: 'A public key; its private half stays in the browser' })
export class KeyType {
  @Field(() => ID, { description: 'first 16 bytes of SHA-256 over the SPKI DER, hex' })
  id!: string;

  @Field(() => String, { description: 'your name for the key' })
  title!: string;

  @Field(() => String, { description: 'SPKI PEM' })
  publicKey!: string;

  @Field(() => GraphQLISODateTime, { description: 'when it was registered' })
  createdAt!: Date;
}

@InputType({ description: 'The public half of a key pair made in your browser' })
export class CreateKeyInput {
  @Field(() => String, { description: 'a name for the key' })
  title!: string;

  @Field(() => String, { description: 'P-256 public key, SPKI PEM' })
  publicKey!: string;

  @Field(() => String, { nullable: true, description: 'the id the client computed; checked when given' })
  id?: string;
}
