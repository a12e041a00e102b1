import { z } from 'zod';
import { deviceIdSchema } from '../participants/participants.service';

const requestId = z.uuid('requestId must be a request id').describe('the published request');

export const termsCommand = z.strictObject({ requestId });
export const receiptsCommand = z.strictObject({
  deviceId: deviceIdSchema,
  requestId: requestId.optional().describe('only the receipts of this request'),
});
export const deviceCommand = z.strictObject({ deviceId: deviceIdSchema });
export const verifyCommand = z.strictObject({
  receipt: z.string().trim().min(1).max(20_000).describe('a receipt: the compact JWS, as in the receipt file'),
});
export type ReceiptsCommand = z.infer<typeof receiptsCommand>;
