import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { GraphQLISODateTime } from 'type-graphql';

@ObjectType('Plan', { description: 'A prepaid IPT credit plan from the server plan table' })
export class PlanType {
  @Field(() => String, { description: 'checkout item id: 5credits, 10credits, 55credits, 120credits' })
  item!: string;

  @Field(() => String, { description: 'Trial, Starter, Bulk discount 1, Bulk discount 2' })
  name!: string;

  @Field(() => Int, { description: 'price in cents of currency; 0 for the free plan' })
  priceCents!: number;

  @Field(() => String)
  currency!: string;

  @Field(() => Int, { description: 'IPT credited' })
  tokens!: number;

  @Field(() => Boolean, { description: 'the free plan: no card needed, once per account' })
  free!: boolean;
}

@ObjectType('PageInfo')
export class PageInfoType {
  @Field(() => Int, { description: 'items in all pages' })
  count!: number;

  @Field(() => Int)
  pages!: number;

  @Field(() => Int)
  page!: number;
}

@ObjectType('CreditEntry', { description: 'One change of prepaid credit: + credit, - debit' })
export class CreditEntryType {
  @Field(() => ID)
  id!: string;

  @Field(() => Int, { description: 'whole IPT, signed' })
  amount!: number;

  @Field(() => String, { description: 'purchase | free-plan | report | withdrawal | adjustment' })
  kind!: string;

  @Field(() => String, { description: 'what it was for, unique: purchase:<id>, report:<id>, withdrawal:<id>, ...' })
  reference!: string;

  @Field(() => GraphQLISODateTime)
  createdAt!: Date;
}

@ObjectType('CreditHistory')
export class CreditHistoryType {
  @Field(() => [CreditEntryType], { description: 'newest first' })
  list!: CreditEntryType[];

  @Field(() => PageInfoType)
  info!: PageInfoType;
}

@ObjectType('Purchase', { description: 'A checkout of one plan' })
export class PurchaseType {
  @Field(() => ID)
  id!: string;

  @Field(() => String)
  item!: string;

  @Field(() => String)
  planName!: string;

  @Field(() => Int)
  amountCents!: number;

  @Field(() => String)
  currency!: string;

  @Field(() => Int)
  tokens!: number;

  @Field(() => String, { description: 'stripe | sandbox | free' })
  gateway!: string;

  @Field(() => String, { description: 'pending | succeeded | failed (a failed one can be paid again)' })
  status!: string;

  @Field(() => String, { nullable: true, description: 'why the last attempt failed: show "Payment failed {message}"' })
  failureMessage!: string | null;

  @Field(() => GraphQLISODateTime)
  createdAt!: Date;

  @Field(() => GraphQLISODateTime, { nullable: true })
  completedAt!: Date | null;
}

@ObjectType('PaymentIntent')
export class PaymentIntentType {
  @Field(() => String, { nullable: true, description: 'Stripe mode: for Stripe.js confirmCardPayment; else null' })
  clientSecret!: string | null;

  @Field(() => String, { description: 'stripe | sandbox (test mode: label it visibly)' })
  paymentMode!: string;

  @Field(() => PurchaseType)
  purchase!: PurchaseType;
}

@InputType()
export class CreatePaymentIntentInput {
  @Field(() => String, { description: 'plan item; an unknown one falls back to the free plan' })
  item!: string;

  @Field(() => String, { description: 'usd' })
  currency!: string;
}

@InputType()
export class SandboxPaymentInput {
  @Field(() => ID)
  purchaseId!: string;

  @Field(() => String, { description: 'a documented test card number (spaces allowed)' })
  cardNumber!: string;

  @Field(() => String, { description: 'MM/YY, in the future' })
  expiry!: string;

  @Field(() => String)
  cvc!: string;
}

@ObjectType('Withdrawal', { description: 'Purchased credit moved to a wallet as on-chain IPT' })
export class WithdrawalType {
  @Field(() => ID)
  id!: string;

  @Field(() => Int)
  amount!: number;

  @Field(() => String)
  walletAddress!: string;

  @Field(() => String, { description: 'pending | sent | failed (failed ones are refunded to the credit)' })
  status!: string;

  @Field(() => String, { nullable: true })
  txHash!: string | null;

  @Field(() => String, { nullable: true })
  failureMessage!: string | null;

  @Field(() => GraphQLISODateTime)
  createdAt!: Date;

  @Field(() => GraphQLISODateTime, { nullable: true })
  completedAt!: Date | null;
}

@ObjectType('WithdrawalList')
export class WithdrawalListType {
  @Field(() => [WithdrawalType], { description: 'newest first' })
  list!: WithdrawalType[];

  @Field(() => PageInfoType)
  info!: PageInfoType;
}

@InputType()
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
