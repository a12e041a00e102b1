import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { GraphQLISODateTime } from 'type-graphql';

@ObjectType({ description: 'The logged-in requester' })
export class Profile {
  @Field(() => ID, { description: 'your user id' })
  id!: string;

  @Field(() => String, { description: 'your username' })
  username!: string;

  @Field(() => String, { description: 'your e-mail address' })
  email!: string;

  @Field(() => String, { description: 'the name shown to others' })
  nickname!: string;

  @Field(() => String, { nullable: true, description: 'relative URL of the avatar image' })
  avatarUrl!: string | null;

  @Field(() => Int, { description: 'prepaid IPT credit (whole tokens)' })
  credit!: number;

  @Field(() => Boolean, { description: 'account created from a room invitation' })
  guest!: boolean;

  @Field(() => Boolean, { description: 'the e-mail address was verified' })
  emailVerified!: boolean;

  @Field(() => GraphQLISODateTime, { description: 'when the account was made' })
  createdAt!: Date;
}

@InputType({ description: 'Profile changes' })
export class UpdateProfileInput {
  @Field(() => String, { description: 'the name shown to others' })
  nickname!: string;
}
