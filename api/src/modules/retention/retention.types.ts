import { Field, ID, Int, ObjectType } from 'type-graphql';

@ObjectType('RequestRetention', {
  description: "How long a request's answers are kept, and what its keeping period has deleted",
})
export class RetentionType {
  @Field(() => ID, { description: 'the request' })
  requestId!: string;

  @Field(() => Int, {
    nullable: true,
    description: 'each answer is deleted this many days after it is sent; null: no period chosen',
  })
  days!: number | null;

  @Field(() => [Int], { description: 'the periods to choose from, in days' })
  choices!: number[];

  @Field(() => Int, { description: 'answers announced for deletion within a week, not yet deleted' })
  expiringSoon!: number;

  @Field(() => Int, { description: 'answers the keeping period has deleted so far' })
  deleted!: number;

  @Field(() => Int, {
    description: 'answers their participants withdrew or deleted (a deletion request) so far',
  })
  withdrawn!: number;
}
