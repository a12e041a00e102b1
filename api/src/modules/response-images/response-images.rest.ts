import type { FastifyInstance } from 'fastify';
import { route } from '../../rest/registry';
import type { Services } from '../../services';
import { IMAGE_PATH, ResponseImagesService, UPLOAD_BODY_LIMIT, uploadImageSchema } from './response-images.service';

const service = (services: Services) => new ResponseImagesService(services.storage, services.publicRequests);

export const responseImagesRoutes = [
  route({
    method: 'POST',
    path: '/v1/requestClient/uploadImage',
    tag: 'phone app',
    auth: 'public',
    summary: `Upload one personal image of a collection response, encrypted in the participant's browser: requestId (a published collection asking for personalImages), deviceId, data (base64 of the 12-byte IV || AES-256-GCM ciphertext and tag of the image file, with the response's data key and AAD "response-image|<requestId>|<index>"; at most 5 MB of image). Answers { id, path, bytes }: GET <path> (${IMAGE_PATH}<id>) serves the same bytes back; the link goes in the response JSON's image_upload. Rate-limited per device and per address (429)`,
    input: uploadImageSchema,
    bodyLimit: UPLOAD_BODY_LIMIT,
    handler: async (ctx, input) => service(ctx.services).upload(ctx.em, input, ctx.ip),
  }),
];

/** GET /v1/requestClient/image/:id: the stored ciphertext, as opaque bytes no browser will render. */
export function registerResponseImageFiles(app: FastifyInstance, services: Services) {
  const images = service(services);
  app.get<{ Params: { id: string } }>(`${IMAGE_PATH}:id`, async (request, reply) => {
    const data = await images.read(request.params.id);
    if (!data) return reply.code(404).send({ error: { code: 'NOT_FOUND', message: 'Image not found' } });
    return reply
      .header('content-type', 'application/octet-stream')
      .header('content-security-policy', "default-src 'none'")
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, max-age=86400, immutable')
      .send(data);
  });
}
