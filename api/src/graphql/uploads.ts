import type { FileUpload } from 'graphql-upload/processRequest.mjs';
import type { Readable } from 'node:stream';
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

/** Reads a GraphQL multipart upload; graphql-upload rejects the promise itself when over its limit. */
export async function readUpload(upload: Promise<FileUpload> | FileUpload, maxBytes: number): Promise<Buffer> {
  let stream: Readable;
  try {
    // createReadStream throws the upload's own error (e.g. over the size limit) synchronously
    stream = (await upload).createReadStream();
  } catch (err) {
    if ((err as { status?: number }).status === 413) throw tooLarge(maxBytes);
    throw new AppError('BAD_USER_INPUT', 'The upload could not be read');
  }
  return readStream(stream, maxBytes);
}
