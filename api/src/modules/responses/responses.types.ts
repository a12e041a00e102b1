import { Field, ID, Int, ObjectType } from 'type-graphql';
import { GraphQLISODateTime } from 'type-graphql';

@ObjectType('Payout', { description: "A participant's bonus paid from the request's escrow" })
export class PayoutType {
  @Field(() => String, { description: 'pending | sent | failed' })
  status!: string;
  @Field(() => Int, { description: 'whole IPT' })
  amount!: number;
  @Field(() => String, { nullable: true })
  txHash!: string | null;
  @Field(() => String, { nullable: true, description: 'why it failed (escrow exhausted or closed, ...)' })
  failureMessage!: string | null;
  @Field(() => GraphQLISODateTime, { nullable: true })
  completedAt!: Date | null;
}

@ObjectType('ResponseAnswer')
export class ResponseAnswerType {
  @Field(() => ID)
  questionId!: string;
  @Field(() => String)
  option!: string;
}

@ObjectType('Response', {
  description:
    'One participant response. Collections: encryptedData (aesgcm1.<base64 iv||ciphertext>, AAD "response-data|<requestId>") and sealedKey (hpke1., info "response-key|<requestId>") open only with the request key\'s private half. Surveys: answers.',
})
export class ResponseType {
  @Field(() => ID)
  id!: string;
  @Field(() => String, { description: 'stable id of the participant (Member ID column)' })
  memberId!: string;
  @Field(() => String)
  walletAddress!: string;
  @Field(() => String, { nullable: true })
  encryptedData!: string | null;
  @Field(() => String, { nullable: true })
  sealedKey!: string | null;
  @Field(() => [ResponseAnswerType], { nullable: true, description: 'surveys: one entry per chosen option' })
  answers!: ResponseAnswerType[] | null;
  @Field(() => PayoutType, { nullable: true })
  payout!: PayoutType | null;
  @Field(() => GraphQLISODateTime)
  createdAt!: Date;
}

@ObjectType('ResponseList')
export class ResponseListType {
  @Field(() => [ResponseType], { description: 'oldest first' })
  list!: ResponseType[];
  @Field(() => Int)
  count!: number;
  @Field(() => Int)
  offset!: number;
}
