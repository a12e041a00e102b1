import type { EntityManager } from '@mikro-orm/postgresql';
import { randomBytes } from 'node:crypto';
import type { AccessLog } from '../access-log/access-log.service';
import { AppError, badInput } from '../../shared/errors';
import { giveBack, TOO_MANY_ATTEMPTS, takeHits } from '../../shared/rate-limit';
import type { PublicRequestsService } from '../responses/public-requests.service';
import type { FileStorage, StoredFile } from '../storage/file-storage';
import { ResponseImage } from './response-image.entity';
import { IMAGE_OVERHEAD, MAX_IMAGE_BODY, type UploadImageCommand } from './response-images.schemas';

// Personal images of collection responses (docs/phone-response-encryption.md, "Images"): the
// participant's browser encrypts each image with the response's data key and uploads only the
// ciphertext; the server keeps opaque bytes under an unguessable id and never holds the key.
export const IMAGE_PATH = '/v1/requestClient/image/';
// per device and per address, in an hour: a response has at most 5 images, retries included
export const IMAGE_LIMITS = { perDevice: 20, perIp: 100, windowMs: 60 * 60 * 1000 };

const IMAGE_ID = /^[A-Za-z0-9_-]{43}$/;

const storageKey = (id: string) => `response-images/${id}.bin`;

export class ResponseImagesService {
  constructor(
    private readonly storage: FileStorage,
    private readonly publicRequests: PublicRequestsService,
    // participants see in their access log each download of an image of their answer
    private readonly accessLog?: AccessLog,
  ) {}

  async upload(
    em: EntityManager,
    input: UploadImageCommand,
    ip: string,
  ): Promise<{ id: string; path: string; bytes: number }> {
    const body = Buffer.from(input.data, 'base64');
    if (body.length <= IMAGE_OVERHEAD) throw badInput('data is too short to hold an encrypted image');
    if (body.length > MAX_IMAGE_BODY) throw new AppError('PAYLOAD_TOO_LARGE', 'An image may be at most 5 MB');
    const request = await this.publicRequests.escrowOf(em, { requestId: input.requestId });
    if (request.type !== 'collection' || !request.options?.personalImages) {
      throw badInput('This request does not ask for personal images');
    }
    const { perDevice, perIp, windowMs } = IMAGE_LIMITS;
    // counted atomically before the file is stored: parallel uploads never pass the limits
    const hitIds = await takeHits(em, [
      { bucket: `response-image:device:${input.deviceId}`, max: perDevice, windowMs, message: TOO_MANY_ATTEMPTS },
      { bucket: `response-image:ip:${ip}`, max: perIp, windowMs, message: TOO_MANY_ATTEMPTS },
    ]);
    const id = randomBytes(32).toString('base64url');
    try {
      await this.storage.put(storageKey(id), body);
    } catch (err) {
      // a store that fails (STORAGE_UNAVAILABLE) counts nothing
      await giveBack(em, hitIds);
      throw err;
    }
    // which answer it belongs to, for deleting it with that answer (retention, a deletion request)
    em.create(ResponseImage, { id, requestId: request.id, deviceId: input.deviceId });
    await em.flush();
    return { id, path: IMAGE_PATH + id, bytes: body.length };
  }

  /** Deletes the images a device uploaded for a request (after its answer went); how many. */
  async deleteOf(em: EntityManager, requestId: string, deviceId: string): Promise<number> {
    const images = await em.find(ResponseImage, { requestId, deviceId });
    for (const image of images) await this.storage.delete(storageKey(image.id));
    if (images.length) await em.nativeDelete(ResponseImage, { id: { $in: images.map((i) => i.id) } });
    return images.length;
  }

  /**
   * A deleted request's images, every device's (in the deletion's transaction): the rows now, the
   * files once it commits, so a failed file delete leaves bytes nobody can link to an answer.
   */
  async deleteOfRequest(tx: EntityManager, requestId: string): Promise<() => Promise<void>> {
    const images = await tx.find(ResponseImage, { requestId }, { fields: ['id'] });
    if (images.length) await tx.nativeDelete(ResponseImage, { requestId });
    return async () => {
      for (const image of images) await this.storage.delete(storageKey(image.id));
    };
  }

  /**
   * The stored ciphertext as a stream, or null for an id that is malformed or unknown. A download
   * of an image that belongs to an answer is a line in its participant's access log (the image's
   * id and bytes are not in it): by the requester when the caller owns the request, else by
   * someone holding the link.
   */
  async read(em: EntityManager | null, id: string, callerId: string | null): Promise<StoredFile | null> {
    if (!IMAGE_ID.test(id)) return null;
    const stored = await this.storage.open(storageKey(id));
    if (stored && em && this.accessLog) {
      const answers = await em.execute<{ id: string; owner_id: string }[]>(
        `select s.id, s.owner_id from response_images i
           join participants p on p.device_id = i.device_id
           join submissions s on s.participant_id = p.id and s.request_id = i.request_id
          where i.id = ?`,
        [id],
      );
      for (const a of answers) {
        await this.accessLog.forSubmissions(em, [a.id], {
          kind: 'image_downloaded',
          actor: a.owner_id === callerId ? 'requester' : 'someone',
        });
      }
    }
    return stored;
  }
}
