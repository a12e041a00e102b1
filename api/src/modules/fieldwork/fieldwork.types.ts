import { Field, Float, ID, InputType, Int, ObjectType } from 'type-graphql';
import { GraphQLISODateTime } from 'type-graphql';

@ObjectType('Screener', { description: 'A screener question: only participants choosing a qualifying option go on' })
export class ScreenerType {
  @Field(() => ID, { description: 'the question' })
  questionId!: string;
  @Field(() => [String], { description: 'the options that qualify, by label' })
  qualifying!: string[];
}

@ObjectType('Quota', {
  description: 'A quota on a closed question: at most size accepted responses choosing its options',
})
export class QuotaType {
  @Field(() => ID, { description: 'the quota' })
  id!: string;
  @Field(() => String, { description: 'its name, e.g. "Aged 18-29"' })
  name!: string;
  @Field(() => ID, { description: 'the question' })
  questionId!: string;
  @Field(() => [String], { description: 'the options that fall in it, by label' })
  options!: string[];
  @Field(() => Int, { description: 'accepted responses it holds at most' })
  size!: number;
  @Field(() => String, { description: 'when full: screen_out (the next ones in it end there) or close_request' })
  action!: string;
  @Field(() => Int, { description: 'accepted responses in it' })
  filled!: number;
  @Field(() => Int, { description: 'answers it ended because it was full' })
  ended!: number;
  @Field(() => GraphQLISODateTime, { nullable: true, description: 'when it filled' })
  filledAt!: Date | null;
}

@ObjectType('AttentionCheck', { description: 'An instructed-response question and the options it asks for' })
export class AttentionCheckType {
  @Field(() => ID, { description: 'the question' })
  questionId!: string;
  @Field(() => [String], { description: 'the options a participant paying attention chooses, by label' })
  expected!: string[];
}

@ObjectType('Fieldwork', {
  description: "A survey's screening, quotas, quality checks and fair pay, and how it is going",
})
export class FieldworkType {
  @Field(() => ID, { description: 'the request' })
  requestId!: string;
  @Field(() => Boolean, { description: 'screened-out participants are paid one bonus from the escrow' })
  payScreenOut!: boolean;
  @Field(() => Float, { description: 'the share of the places screen-out pay may use' })
  screenOutShare!: number;
  @Field(() => Int, { description: 'the minimum reward per hour, whole IPT' })
  minHourly!: number;
  @Field(() => Float, { description: 'the share of responses you may reject without a reason to each' })
  rejectionShare!: number;
  @Field(() => [ScreenerType], { description: 'the screeners' })
  screeners!: ScreenerType[];
  @Field(() => [QuotaType], { description: 'the quotas, by name' })
  quotas!: QuotaType[];
  @Field(() => [AttentionCheckType], { description: 'the attention checks' })
  attentionChecks!: AttentionCheckType[];
  @Field(() => Int, { description: 'participants a screener ended' })
  screenedOut!: number;
  @Field(() => Int, { description: 'screened-out participants who were paid' })
  screenedOutPaid!: number;
  @Field(() => Int, { description: 'answers a full quota ended' })
  quotaFull!: number;
  @Field(() => Int, { nullable: true, description: 'the median completion time, in milliseconds' })
  medianMs!: number | null;
  @Field(() => Float, { nullable: true, description: 'the bonus per hour at the median time, IPT' })
  hourlyReward!: number | null;
  @Field(() => Int, { description: 'the top-up each approved participant needs to reach the minimum rate (0: none)' })
  topUpEach!: number;
  @Field(() => GraphQLISODateTime, { nullable: true, description: 'when the top-up was paid' })
  topUpPaidAt!: Date | null;
  @Field(() => Int, { description: 'participants paid a top-up' })
  topUpsPaid!: number;
  @Field(() => Int, { description: 'approved participants who have not had a top-up yet' })
  topUpOwed!: number;
  @Field(() => String, {
    description:
      "paying from your wallet: the id to create the top-up's escrow under with the factory (createEscrow(keccak256(id), topUpOwed x topUpEach, topUpEach)), then payTopUpFromWallet",
  })
  topUpWalletId!: string;
}

@ObjectType('ResponseFlags', { description: "One response's quality flags, shown before approval" })
export class ResponseFlagsType {
  @Field(() => ID, { description: 'the response' })
  responseId!: string;
  @Field(() => String, { description: 'the participant (Member ID)' })
  memberId!: string;
  @Field(() => String, { nullable: true, description: "its payout's status" })
  payoutStatus!: string | null;
  @Field(() => Int, { nullable: true, description: 'attention checks failed' })
  attentionFailed!: number | null;
  @Field(() => Int, { nullable: true, description: 'attention checks in the survey' })
  attentionChecks!: number | null;
  @Field(() => Boolean, { nullable: true, description: 'under a third of the median time (once 10 are timed)' })
  speeding!: boolean | null;
  @Field(() => Boolean, { nullable: true, description: 'every matrix row answered in one column' })
  straightLining!: boolean | null;
  @Field(() => Boolean, { nullable: true, description: 'the device answered before with other wallets' })
  repeatedDevice!: boolean | null;
  @Field(() => Boolean, { nullable: true, description: 'the wallet answered before from other devices' })
  repeatedWallet!: boolean | null;
  @Field(() => Int, { nullable: true, description: 'the time taken, in milliseconds' })
  durationMs!: number | null;
  @Field(() => [ID], { description: 'the quotas it counts in' })
  quotaIds!: string[];
}

@InputType('ScreenerInput', { description: 'A screener question and its qualifying options' })
export class ScreenerInput {
  @Field(() => ID, { description: 'a closed question of the survey' })
  questionId!: string;
  @Field(() => [String], { description: 'the options that qualify, by label' })
  qualifying!: string[];
}

@InputType('QuotaInput', { description: 'A quota on a closed question' })
export class QuotaInput {
  @Field(() => String, { description: 'its name' })
  name!: string;
  @Field(() => ID, { description: 'a closed question of the survey' })
  questionId!: string;
  @Field(() => [String], { description: 'the options that fall in it, by label' })
  options!: string[];
  @Field(() => Int, { description: 'accepted responses it holds at most' })
  size!: number;
  @Field(() => String, { description: 'screen_out or close_request' })
  action!: string;
}

@InputType('AttentionCheckInput', { description: 'An attention check' })
export class AttentionCheckInput {
  @Field(() => ID, { description: 'a closed question of the survey' })
  questionId!: string;
  @Field(() => [String], { description: 'the options it asks for, by label' })
  expected!: string[];
}

@InputType('FieldworkInput', {
  description: "A survey's fieldwork (replaces the earlier one; before the first answer)",
})
export class FieldworkInput {
  @Field(() => ID, { description: 'the request: one of your surveys' })
  requestId!: string;
  @Field(() => Boolean, { nullable: true, description: 'pay screened-out participants one bonus (default false)' })
  payScreenOut?: boolean;
  @Field(() => Float, { nullable: true, description: 'share of the places screen-out pay may use (default 0.1)' })
  screenOutShare?: number;
  @Field(() => Int, { nullable: true, description: 'minimum reward per hour, IPT (default 12)' })
  minHourly?: number;
  @Field(() => Float, { nullable: true, description: 'share you may reject without a reason to each (default 0.1)' })
  rejectionShare?: number;
  @Field(() => [ScreenerInput], { nullable: true, description: 'screeners' })
  screeners?: ScreenerInput[];
  @Field(() => [QuotaInput], { nullable: true, description: 'quotas' })
  quotas?: QuotaInput[];
  @Field(() => [AttentionCheckInput], { nullable: true, description: 'attention checks' })
  attentionChecks?: AttentionCheckInput[];
}
