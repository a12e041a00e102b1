import type { FileUpload } from 'graphql-upload/processRequest.mjs';
import type { Readable } from 'node:stream';
import { GraphQLError } from 'graphql';
import { AppError } from '../shared/errors';

/** Reads a stream fully, refusing more than maxBytes. */
export async function readStream(stream: Readable, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of stream) {
      size += (chunk as Buffer).length;
      if (size > maxBytes) {
        stream.destroy();
        throw tooLarge(maxBytes);
      }
      chunks.push(chunk as Buffer);
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    // graphql-upload signals its own size limit with status 413
    if ((err as { status?: number }).status === 413) throw tooLarge(maxBytes);
    throw new AppError('BAD_USER_INPUT', 'The upload could not be read');
  }
  return Buffer.concat(chunks);
}

const tooLarge = (maxBytes: number) =>
  new AppError('PAYLOAD_TOO_LARGE', `File must be at most ${Math.floor(maxBytes / 1024)} KB`);

/**
 * Reads a GraphQL multipart upload; graphql-upload rejects the promise itself when over its limit.
 * A file that cannot be read (a body cut short, over the limit) is the request's fault, found only
 * once the resolver reads it: the answer carries the HTTP status such a request gets before
 * execution (400, 413), not GraphQL's 200.
 */
export async function readUpload(upload: Promise<FileUpload> | FileUpload, maxBytes: number): Promise<Buffer> {
  try {
    let stream: Readable;
    try {
      // createReadStream throws the upload's own error (e.g. over the size limit) synchronously
      stream = (await upload).createReadStream();
    } catch (err) {
      if ((err as { status?: number }).status === 413) throw tooLarge(maxBytes);
      throw new AppError('BAD_USER_INPUT', 'The upload could not be read');
    }
    return await readStream(stream, maxBytes);
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    throw new GraphQLError(err.message, { extensions: { code: err.code, http: { status: err.status } } });
  }
}
