import { z } from 'zod';
import { routeWith, type FileRoute } from '../../rest/registry';
import { uploadedImageOut } from '../responses/phone.outputs';
import { UPLOAD_BODY_LIMIT, uploadImageCommand } from './response-images.schemas';
import { IMAGE_PATH, type ResponseImagesService } from './response-images.service';
import type { User } from '../users/user.entity';
import type { RequestContext } from '../../shared/context';

/** The request context of these handlers: the services they use (the root hands them in) and the user type. */
export type Ctx = RequestContext<{ responseImages: ResponseImagesService }, User>;
const route = routeWith<Ctx>();

export const responseImagesRoutes = [
  route({
    method: 'POST',
    path: '/v1/requestClient/uploadImage',
    output: uploadedImageOut,
    errors: ['NOT_FOUND', 'STORAGE_UNAVAILABLE'],
    tag: 'phone app',
    auth: 'public',
    summary: `Upload one personal image of a collection response, encrypted in the participant's browser: requestId (a published collection asking for personalImages), deviceId, data (base64 of the 12-byte IV || AES-256-GCM ciphertext and tag of the image file, with the response's data key and AAD "response-image|<requestId>|<index>"; at most 5 MB of image). Answers { id, path, bytes }: GET <path> (${IMAGE_PATH}<id>) serves the same bytes back; the link goes in the response JSON's image_upload. Rate-limited per device and per address (429)`,
    input: uploadImageCommand,
    bodyLimit: UPLOAD_BODY_LIMIT,
    handler: async (ctx, input) => ctx.services.responseImages.upload(ctx.em, input, ctx.ip),
  }),
];

/** GET /v1/requestClient/image/:id: the stored ciphertext, as opaque bytes no browser will render. */
export const responseImageFileRoutes: FileRoute<Ctx['services']>[] = [
  {
    method: 'GET',
    path: `${IMAGE_PATH}:id`,
    tag: 'phone app',
    auth: 'public',
    summary:
      "An uploaded response image, exactly the bytes uploadImage took: the 12-byte IV, then the AES-256-GCM ciphertext and tag (open it with the response's data key). Anyone with the link can fetch it; only the key holder can read it. Each download of an image of an answer is a line in its participant's access log (by the requester when the caller, by session or API token, owns the request)",
    params: z.strictObject({ id: z.string().describe('the id uploadImage answered (43 base64url characters)') }),
    contentTypes: ['application/octet-stream'],
    errors: ['NOT_FOUND', 'STORAGE_UNAVAILABLE'],
    read: async (services, params, caller) => {
      const user = caller?.actor?.user as User | undefined;
      const stored = await services.responseImages.read(caller?.em ?? null, params.id, user?.id ?? null);
      return (
        stored && {
          contentType: 'application/octet-stream',
          data: stored.body,
          length: stored.length,
          headers: { 'cache-control': 'private, max-age=86400, immutable' },
        }
      );
    },
  },
];
