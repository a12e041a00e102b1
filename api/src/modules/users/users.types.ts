import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { GraphQLISODateTime } from 'type-graphql';

@ObjectType({ description: 'The logged-in requester' })
export class Profile {
  @Field(() => ID)
  id!: string;

  @Field(() => String)
  username!: string;

  @Field(() => String)
  email!: string;

  @Field(() => String)
  nickname!: string;

  @Field(() => String, { nullable: true, description: 'relative URL of the avatar image' })
  avatarUrl!: string | null;

  @Field(() => Int, { description: 'prepaid IPT credit (whole tokens)' })
  credit!: number;

  @Field(() => Boolean, { description: 'account created from a room invitation' })
  guest!: boolean;

  @Field(() => Boolean)
  emailVerified!: boolean;

  @Field(() => GraphQLISODateTime)
  createdAt!: Date;
}

@InputType()
export class UpdateProfileInput {
  @Field(() => String)
  nickname!: string;
}
