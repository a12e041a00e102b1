// What POST /v1/chain/testFunds answers, as JSON (the OpenAPI document and the contract checks).
import { z } from 'zod';
import { evmAddressOut, txHashOut, wholeNumber } from '../../rest/wire';

export const testFundsOut = z.strictObject({
  address: evmAddressOut.describe('the wallet funded (checksummed)'),
  eth: z.string().describe('ETH sent, in ether (a decimal string)'),
  ipt: wholeNumber.describe('IPT sent'),
  ethTxHash: txHashOut,
  iptTxHash: txHashOut,
});
