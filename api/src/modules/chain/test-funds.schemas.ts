import { z } from 'zod';

// The command of the test funds service (test-funds.ts), in the domain's words; the REST route
// takes it as it is (chain.rest.ts).
export const grantTestFundsCommand = z.strictObject({
  address: z
    .string()
    .regex(/^0x[0-9a-fA-F]{40}$/, 'A wallet address is 0x followed by 40 hex digits')
    .describe('the wallet to fund: 0x and 40 hex digits'),
});
export type GrantTestFundsCommand = z.infer<typeof grantTestFundsCommand>;
