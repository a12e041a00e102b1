import { Field, Int, ObjectType } from 'type-graphql';

@ObjectType('TestCard', { description: 'A card number test mode accepts' })
export class TestCardType {
  @Field(() => String, { description: 'the card number to type in the sandbox checkout' })
  number!: string;

  @Field(() => String, { description: 'its brand' })
  brand!: string;

  @Field(() => String, { description: 'succeeds | declined' })
  outcome!: string;

  @Field(() => String, { nullable: true, description: 'the decline message' })
  message!: string | null;
}

@ObjectType('RuntimeConfig', { description: 'Public settings the web app needs (also GET /v1/config)' })
export class RuntimeConfigType {
  @Field(() => Int, { nullable: true, description: 'the chain the contracts are on (null without a chain)' })
  chainId!: number | null;

  @Field(() => String, { nullable: true, description: 'JSON-RPC URL for the browser wallet' })
  rpcUrl!: string | null;

  @Field(() => String, { nullable: true, description: 'the IPT token contract' })
  iptTokenAddress!: string | null;

  @Field(() => String, { nullable: true, description: 'the escrow factory contract' })
  escrowFactoryAddress!: string | null;

  @Field(() => String, { nullable: true, description: 'why chain features are off; null when they work' })
  chainError!: string | null;

  @Field(() => String, { nullable: true, description: 'Stripe.js key; null in test mode' })
  stripePublishableKey!: string | null;

  @Field(() => String, { description: 'stripe | sandbox (built-in test mode: label it visibly)' })
  paymentMode!: string;

  @Field(() => [TestCardType], { description: 'cards test mode accepts; empty with Stripe' })
  testCards!: TestCardType[];

  @Field(() => Boolean, {
    description: 'whether POST /v1/chain/testFunds works (the local chain npm start runs): "Get test funds"',
  })
  testFunds!: boolean;
}
