// What GET /v1/config answers, as JSON (the OpenAPI document and the contract checks).
import { z } from 'zod';
import { evmAddressOut, wholeNumber } from '../../rest/wire';

export const runtimeConfigOut = z.strictObject({
  chainId: wholeNumber.nullable().describe('the chain the contracts are on (null without a chain)'),
  rpcUrl: z.string().nullable().describe('JSON-RPC URL for the browser wallet'),
  iptTokenAddress: evmAddressOut.nullable().describe('the IPT token contract'),
  escrowFactoryAddress: evmAddressOut.nullable().describe('the escrow factory contract'),
  chainError: z.string().nullable().describe('why chain features are off; null when they work'),
  stripePublishableKey: z.string().nullable().describe('Stripe.js key; null in test mode'),
  paymentMode: z.enum(['stripe', 'sandbox']).describe('sandbox: built-in test mode, to be labelled visibly'),
  testCards: z
    .array(
      z.strictObject({
        number: z.string().describe('the card number to type in the sandbox checkout'),
        brand: z.string(),
        outcome: z.enum(['succeeds', 'declined']),
        message: z.string().nullable().describe('the decline message'),
      }),
    )
    .describe('cards test mode accepts; empty with Stripe'),
  testFunds: z.boolean().describe('whether POST /v1/chain/testFunds works (the local chain npm start runs)'),
});
