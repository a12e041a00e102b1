import { Field, ID, InputType, ObjectType } from 'type-graphql';
import { GraphQLISODateTime } from 'type-graphql';

@ObjectType('Notification', { description: 'A message to you (room invitations, access requests, payouts, ...)' })
export class NotificationType {
  @Field(() => ID, { description: 'the notification id' })
  id!: string;

  @Field(() => String, { description: 'the message' })
  notification!: string;

  @Field(() => GraphQLISODateTime, { description: 'when it was sent' })
  createdAt!: Date;
}

@InputType({ description: 'A message to another user' })
export class CreateNotificationInput {
  @Field(() => ID, { description: 'the user to notify' })
  toId!: string;

  @Field(() => String, { description: 'the message' })
  notification!: string;
}
