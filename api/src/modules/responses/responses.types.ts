import { Field, ID, Int, ObjectType } from 'type-graphql';
import { GraphQLISODateTime } from 'type-graphql';

@ObjectType('Payout', { description: "A participant's bonus paid from the request's escrow" })
export class PayoutType {
  @Field(() => String, {
    description:
      'awaiting_review (paid after review: waits for your decision or its deadline) | pending (being paid) | sent | failed | rejected (you rejected the response: nothing is paid)',
  })
  status!: string;
  @Field(() => Int, { description: 'whole IPT' })
  amount!: number;
  @Field(() => String, { nullable: true, description: "the payout's transaction, once sent" })
  txHash!: string | null;
  @Field(() => String, { nullable: true, description: 'why it failed (escrow exhausted or closed, ...)' })
  failureMessage!: string | null;
  @Field(() => GraphQLISODateTime, { nullable: true, description: 'when it was mined' })
  completedAt!: Date | null;
  @Field(() => GraphQLISODateTime, {
    nullable: true,
    description: 'paid after review: when it is approved by itself unless decided before',
  })
  reviewDueAt!: Date | null;
  @Field(() => GraphQLISODateTime, { nullable: true, description: 'paid after review: when it was decided' })
  reviewedAt!: Date | null;
  @Field(() => String, {
    nullable: true,
    description: 'paid after review: approved, auto_approved (the deadline passed) or rejected; null while undecided',
  })
  reviewOutcome!: string | null;
  @Field(() => String, { nullable: true, description: 'rejected: the reason the participant is shown' })
  rejectionReason!: string | null;
}

@ObjectType('ResponseAnswer', { description: 'One chosen option of a survey response' })
export class ResponseAnswerType {
  @Field(() => ID, { description: 'the question' })
  questionId!: string;
  @Field(() => String, { description: 'the option chosen' })
  option!: string;
}

@ObjectType('PresentedOptions', { description: 'The choices of one question in the order a participant saw them' })
export class PresentedOptionsType {
  @Field(() => ID, { description: 'the question' })
  questionId!: string;
  @Field(() => [String], { description: 'its choices, in the order shown' })
  options!: string[];
}

@ObjectType('PresentedOrder', { description: 'The order a participant saw a randomised survey in' })
export class PresentedOrderType {
  @Field(() => [ID], { description: 'every question id, in the order shown' })
  questions!: string[];
  @Field(() => [PresentedOptionsType], { description: 'the questions that shuffle their choices' })
  options!: PresentedOptionsType[];
}

@ObjectType('Response', {
  description:
    'One participant response. Collections: encryptedData (aesgcm1.<base64 iv||ciphertext>, AAD "response-data|<requestId>") and sealedKey (hpke1., info "response-key|<requestId>") open only with the request key\'s private half. Surveys: answers.',
})
export class ResponseType {
  @Field(() => ID, { description: 'the response id' })
  id!: string;
  @Field(() => String, { description: 'stable id of the participant (Member ID column)' })
  memberId!: string;
  @Field(() => String, { description: 'the wallet the bonus is paid to' })
  walletAddress!: string;
  @Field(() => String, {
    nullable: true,
    description: 'collections: aesgcm1.<base64>, opened in the browser (docs/phone-response-encryption.md)',
  })
  encryptedData!: string | null;
  @Field(() => String, {
    nullable: true,
    description: 'collections: the data key sealed to the request key, hpke1.<base64>',
  })
  sealedKey!: string | null;
  @Field(() => [ResponseAnswerType], { nullable: true, description: 'surveys: one entry per chosen option' })
  answers!: ResponseAnswerType[] | null;
  @Field(() => PresentedOrderType, {
    nullable: true,
    description: 'surveys that shuffle questions or choices: the order this participant saw (null: the designed order)',
  })
  presented!: PresentedOrderType | null;
  @Field(() => PayoutType, { nullable: true, description: 'the bonus payout to its wallet' })
  payout!: PayoutType | null;
  @Field(() => GraphQLISODateTime, { description: 'when it was submitted' })
  createdAt!: Date;
}

@ObjectType('ResponseList', { description: 'A page of responses to one request, oldest first' })
export class ResponseListType {
  @Field(() => [ResponseType], { description: 'oldest first' })
  list!: ResponseType[];
  @Field(() => Int, { description: 'responses in all' })
  count!: number;
  @Field(() => Int, { description: 'the first response of this page, from 0' })
  offset!: number;
  @Field(() => Int, { description: 'responses (on any page) whose payout awaits your review' })
  awaitingReview!: number;
}

@ObjectType('ExportTable', {
  description: "An export in the columns of the web app's CSV download: survey responses (a page) or survey statistics",
})
export class ExportTableType {
  @Field(() => [String], { description: "the columns, as the CSV's header names them" })
  columns!: string[];
  @Field(() => [[String]], {
    description: "the rows, each its cells in column order (the CSV's cells before CSV quoting)",
  })
  rows!: string[][];
  @Field(() => Int, { description: 'rows in all (responses, or question options for statistics)' })
  count!: number;
  @Field(() => Int, { description: 'the rows skipped before the first one here' })
  offset!: number;
  @Field(() => String, {
    description:
      "these rows as the web app's CSV file: a byte order mark, the header line, one line per row, CRLF line ends",
  })
  csv!: string;
}

@ObjectType('SealedResponse', {
  description:
    'A collection response as the phone sent it; it opens only with the request key’s private half (npm run export writes the CSV)',
})
export class SealedResponseType {
  @Field(() => ID, { description: 'the response' })
  id!: string;
  @Field(() => String, { description: 'stable id of the participant (Member ID column)' })
  memberId!: string;
  @Field(() => GraphQLISODateTime, { description: 'when it was submitted (Submitted column)' })
  createdAt!: Date;
  @Field(() => String, { nullable: true, description: 'aesgcm1.<base64 of iv || ciphertext>' })
  encryptedData!: string | null;
  @Field(() => String, { nullable: true, description: 'the data key sealed to the request key, hpke1.<base64>' })
  sealedKey!: string | null;
}

@ObjectType('CollectionExport', { description: "A page of a collection's sealed responses, oldest first" })
export class CollectionExportType {
  @Field(() => String, { description: 'the request key the responses are sealed to' })
  keyId!: string;
  @Field(() => [SealedResponseType], { description: 'oldest first' })
  records!: SealedResponseType[];
  @Field(() => Int, { description: 'responses in all' })
  count!: number;
  @Field(() => Int, { description: 'the responses skipped before the first record here' })
  offset!: number;
}
