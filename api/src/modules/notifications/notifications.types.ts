import { Field, ID, InputType, ObjectType } from 'type-graphql';
import { GraphQLISODateTime } from 'type-graphql';

@ObjectType('Notification')
export class NotificationType {
  @Field(() => ID)
  id!: string;

  @Field(() => String)
  notification!: string;

  @Field(() => GraphQLISODateTime)
  createdAt!: Date;
}

@InputType()
export class CreateNotificationInput {
  @Field(() => ID)
  toId!: string;

  @Field(() => String)
  notification!: string;
}
