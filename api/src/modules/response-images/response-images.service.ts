import type { EntityManager } from '@mikro-orm/postgresql';
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { AppError, badInput } from '../../shared/errors';
import { parseInput } from '../../shared/validation';
import { assertUnderLimit, recordHit } from '../auth/rate-limit';
import { deviceIdSchema } from '../participants/participants.service';
import type { PublicRequestsService } from '../requests/public-requests.service';
import type { FileStorage } from '../storage/file-storage';

// Personal images of collection responses (docs/phone-response-encryption.md, "Images"): the
// participant's browser encrypts each image with the response's data key and uploads only the
// ciphertext; the server keeps opaque bytes under an unguessable id and never holds the key.
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
// 12-byte IV and 16-byte GCM tag around the image
const OVERHEAD = 12 + 16;
export const MAX_IMAGE_BODY = MAX_IMAGE_BYTES + OVERHEAD;
// base64 of the largest body plus room for the other JSON fields
export const UPLOAD_BODY_LIMIT = Math.ceil(MAX_IMAGE_BODY / 3) * 4 + 4096;
export const IMAGE_PATH = '/v1/requestClient/image/';
// per device and per address, in an hour: a response has at most 5 images, retries included
export const IMAGE_LIMITS = { perDevice: 20, perIp: 100, windowMs: 60 * 60 * 1000 };

const IMAGE_ID = /^[A-Za-z0-9_-]{43}$/;

export const uploadImageSchema = z.strictObject({
  requestId: z.uuid('requestId must be a request id'),
  deviceId: deviceIdSchema,
  data: z
    .string()
    .max(UPLOAD_BODY_LIMIT, 'data is larger than 5 MB')
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'data must be base64 (the 12-byte IV, then the AES-256-GCM ciphertext and tag)'),
});

const storageKey = (id: string) => `response-images/${id}.bin`;

export class ResponseImagesService {
  constructor(
    private readonly storage: FileStorage,
    private readonly publicRequests: PublicRequestsService,
  ) {}

  async upload(em: EntityManager, raw: unknown, ip: string): Promise<{ id: string; path: string; bytes: number }> {
    const input = parseInput(uploadImageSchema, raw);
    const body = Buffer.from(input.data, 'base64');
    if (body.length <= OVERHEAD) throw badInput('data is too short to hold an encrypted image');
    if (body.length > MAX_IMAGE_BODY) throw new AppError('PAYLOAD_TOO_LARGE', 'An image may be at most 5 MB');
    const request = await this.publicRequests.escrowOf(em, { requestId: input.requestId });
    if (request.type !== 'collection' || !request.options?.personalImages) {
      throw badInput('This request does not ask for personal images');
    }
    const buckets = [`response-image:device:${input.deviceId}`, `response-image:ip:${ip}`];
    await assertUnderLimit(em, buckets[0], IMAGE_LIMITS.perDevice, IMAGE_LIMITS.windowMs);
    await assertUnderLimit(em, buckets[1], IMAGE_LIMITS.perIp, IMAGE_LIMITS.windowMs);
    const id = randomBytes(32).toString('base64url');
    await this.storage.put(storageKey(id), body);
    for (const bucket of buckets) await recordHit(em, bucket);
    return { id, path: IMAGE_PATH + id, bytes: body.length };
  }

  /** The stored ciphertext, or null for an id that is malformed or unknown. */
  async read(id: string): Promise<Buffer | null> {
    return IMAGE_ID.test(id) ? this.storage.get(storageKey(id)) : null;
  }
}
