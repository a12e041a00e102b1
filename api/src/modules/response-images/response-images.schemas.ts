import { z } from 'zod';
import { GCM_IV_BYTES, GCM_TAG_BYTES, MAX_IMAGE_BYTES } from '../../../../shared/crypto-constants';
import { deviceIdSchema } from '../participants/participants.service';

export { MAX_IMAGE_BYTES };
// the IV and GCM tag around the image
export const IMAGE_OVERHEAD = GCM_IV_BYTES + GCM_TAG_BYTES;
export const MAX_IMAGE_BODY = MAX_IMAGE_BYTES + IMAGE_OVERHEAD;
// base64 of the largest body plus room for the other JSON fields
export const UPLOAD_BODY_LIMIT = Math.ceil(MAX_IMAGE_BODY / 3) * 4 + 4096;

/** Upload one encrypted image of a collection response (the REST route takes it as it is). */
export const uploadImageCommand = z.strictObject({
  requestId: z
    .uuid('requestId must be a request id')
    .describe('the published collection (its options ask for personalImages)'),
  deviceId: deviceIdSchema,
  data: z
    .string()
    .max(UPLOAD_BODY_LIMIT, 'data is larger than 5 MB')
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'data must be base64 (the 12-byte IV, then the AES-256-GCM ciphertext and tag)')
    .describe(
      'base64 of the 12-byte IV || AES-256-GCM ciphertext and tag of the image file (at most 5 MB of image), with the response’s data key and AAD "response-image|<requestId>|<index>"',
    ),
});
export type UploadImageCommand = z.infer<typeof uploadImageCommand>;
