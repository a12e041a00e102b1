import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { GraphQLISODateTime } from 'type-graphql';
import { PageInfoType } from '../../graphql/page-info';

@ObjectType('Plan', { description: 'A prepaid IPT credit plan from the server plan table' })
export class PlanType {
  @Field(() => String, { description: 'checkout item id: 5credits, 10credits, 55credits, 120credits' })
  item!: string;

  @Field(() => String, { description: 'Trial, Starter, Bulk discount 1, Bulk discount 2' })
  name!: string;

  @Field(() => Int, { description: 'price in cents of currency; 0 for the free plan' })
  priceCents!: number;

  @Field(() => String, { description: 'ISO 4217 currency of the price (usd)' })
  currency!: string;

  @Field(() => Int, { description: 'IPT credited' })
  tokens!: number;

  @Field(() => Boolean, { description: 'the free plan: no card needed, once per account' })
  free!: boolean;
}

@ObjectType('CreditEntry', { description: 'One change of prepaid credit: + credit, - debit' })
export class CreditEntryType {
  @Field(() => ID, { description: 'the entry id' })
  id!: string;

  @Field(() => Int, { description: 'whole IPT, signed' })
  amount!: number;

  @Field(() => String, { description: 'purchase | free-plan | report | withdrawal | adjustment' })
  kind!: string;

  @Field(() => String, { description: 'what it was for, unique: purchase:<id>, report:<id>, withdrawal:<id>, ...' })
  reference!: string;

  @Field(() => GraphQLISODateTime, { description: 'when it was booked' })
  createdAt!: Date;
}

@ObjectType('CreditHistory', { description: 'A page of your credit ledger, newest first' })
export class CreditHistoryType {
  @Field(() => [CreditEntryType], { description: 'newest first' })
  list!: CreditEntryType[];

  @Field(() => PageInfoType, { description: 'where this page stands' })
  info!: PageInfoType;
}

@ObjectType('Purchase', { description: 'A checkout of one plan' })
export class PurchaseType {
  @Field(() => ID, { description: 'the purchase id' })
  id!: string;

  @Field(() => String, { description: 'the plan item bought (5credits, 10credits, ...)' })
  item!: string;

  @Field(() => String, { description: "the plan's name" })
  planName!: string;

  @Field(() => Int, { description: 'the price in cents' })
  amountCents!: number;

  @Field(() => String, { description: 'ISO 4217 currency (usd)' })
  currency!: string;

  @Field(() => Int, { description: 'IPT credited when paid' })
  tokens!: number;

  @Field(() => String, { description: 'stripe | sandbox | free' })
  gateway!: string;

  @Field(() => String, { description: 'pending | succeeded | failed (a failed one can be paid again)' })
  status!: string;

  @Field(() => String, { nullable: true, description: 'why the last attempt failed: show "Payment failed {message}"' })
  failureMessage!: string | null;

  @Field(() => GraphQLISODateTime, { description: 'when it was started' })
  createdAt!: Date;

  @Field(() => GraphQLISODateTime, { nullable: true, description: 'when it was paid and credited' })
  completedAt!: Date | null;
}

@ObjectType('PaymentIntent', { description: 'A purchase started with the payment gateway' })
export class PaymentIntentType {
  @Field(() => String, { nullable: true, description: 'Stripe mode: for Stripe.js confirmCardPayment; else null' })
  clientSecret!: string | null;

  @Field(() => String, { description: 'stripe | sandbox (test mode: label it visibly)' })
  paymentMode!: string;

  @Field(() => PurchaseType, { description: 'the purchase it pays for' })
  purchase!: PurchaseType;
}

@InputType({ description: 'The plan to buy' })
export class CreatePaymentIntentInput {
  @Field(() => String, { description: 'plan item; an unknown one falls back to the free plan' })
  item!: string;

  @Field(() => String, { description: 'usd' })
  currency!: string;
}

@InputType({ description: 'A card payment in the sandbox gateway (test cards only)' })
export class SandboxPaymentInput {
  @Field(() => ID, { description: 'the purchase to pay' })
  purchaseId!: string;

  @Field(() => String, { description: 'a documented test card number (spaces allowed)' })
  cardNumber!: string;

  @Field(() => String, { description: 'MM/YY, in the future' })
  expiry!: string;

  @Field(() => String, { description: "the card's 3 or 4 digit security code" })
  cvc!: string;
}

@ObjectType('Withdrawal', { description: 'Purchased credit moved to a wallet as on-chain IPT' })
export class WithdrawalType {
  @Field(() => ID, { description: 'the withdrawal id' })
  id!: string;

  @Field(() => Int, { description: 'whole IPT' })
  amount!: number;

  @Field(() => String, { description: 'the wallet paid' })
  walletAddress!: string;

  @Field(() => String, { description: 'pending | sent | failed (failed ones are refunded to the credit)' })
  status!: string;

  @Field(() => String, { nullable: true, description: "the transfer's transaction, once sent" })
  txHash!: string | null;

  @Field(() => String, { nullable: true, description: 'why it failed (the credit was returned)' })
  failureMessage!: string | null;

  @Field(() => GraphQLISODateTime, { description: 'when it was asked for' })
  createdAt!: Date;

  @Field(() => GraphQLISODateTime, { nullable: true, description: 'when it was mined' })
  completedAt!: Date | null;
}

@ObjectType('WithdrawalList', { description: 'A page of your credit withdrawals, newest first' })
export class WithdrawalListType {
  @Field(() => [WithdrawalType], { description: 'newest first' })
  list!: WithdrawalType[];

  @Field(() => PageInfoType, { description: 'where this page stands' })
  info!: PageInfoType;
}

@InputType({ description: 'Credit to turn into on-chain IPT paid to a wallet' })
export class WithdrawInput {
  @Field(() => Int, { description: 'whole IPT, at most the credit balance' })
  amount!: number;

  @Field(() => String, { description: 'recipient wallet (EIP-55 checksum checked when mixed case)' })
  walletAddress!: string;

  @Field(() => String, {
    nullable: true,
    description: 'send one per withdrawal (8-64 of A-Z a-z 0-9 - _): a retry with it resumes instead of paying twice',
  })
  idempotencyKey?: string | null;
}
