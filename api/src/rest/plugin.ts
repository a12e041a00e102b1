import multipart from '@fastify/multipart';
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  AppError,
  badInput,
  forbidden,
  notFound,
  unauthenticated,
  unavailableIfConnectionLost,
} from '../shared/errors';
import { checkAnswer, checkDownload, checkFileAnswer } from './contract';
import { parseInput } from '../shared/validation';
import type { Download, FileAnswer, FileRoute, RestRoute, UploadedFile } from './registry';
import { originAllowed } from './same-origin';

// A binary body is parsed into its fields, with its bytes under this key: the fields are then
// checked like any parsed JSON body (app.ts refuses NUL characters in a body's string keys and
// values), and the bytes, which are not text, are not walked.
const BINARY_BYTES = Symbol('binary body bytes');
type BinaryFields = Record<string, unknown> & { [BINARY_BYTES]?: UploadedFile };

type ErrorBody = { error: { code: string; message: string; details?: unknown } };

/** Maps any error to the legacy envelope and a proper status; unexpected ones are logged as 500. */
export function restErrorReply(thrown: unknown, request: FastifyRequest, reply: FastifyReply) {
  // a dropped database connection is a passing fault (503, try again), not the server's bug
  const err = thrown instanceof AppError ? thrown : (unavailableIfConnectionLost(thrown) ?? thrown);
  let status: number;
  let body: ErrorBody;
  if (err instanceof AppError) {
    status = err.status;
    if (err.retryAfterSeconds !== undefined) reply.header('retry-after', String(err.retryAfterSeconds));
    body = { error: { code: err.code, message: err.message, ...(err.details ? { details: err.details } : {}) } };
  } else {
    const e = err as { statusCode?: number; code?: string; message?: string };
    if (e.statusCode === 413 || e.code === 'FST_REQ_FILE_TOO_LARGE') {
      status = 413;
      body = { error: { code: 'PAYLOAD_TOO_LARGE', message: 'Request body is too large' } };
    } else if (e.statusCode === 415 || e.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      status = 415;
      body = {
        error: {
          code: 'UNSUPPORTED_MEDIA_TYPE',
          message: 'Send JSON (application/json) or multipart where documented',
        },
      };
    } else if (e.statusCode && e.statusCode >= 400 && e.statusCode < 500) {
      status = e.statusCode;
      body = { error: { code: 'BAD_USER_INPUT', message: e.message ?? 'Bad request' } };
    } else {
      request.log.error({ err }, 'unexpected error');
      status = 500;
      body = { error: { code: 'INTERNAL_SERVER_ERROR', message: 'Internal server error' } };
    }
  }
  return reply.code(status).send(body);
}

async function readFile(request: FastifyRequest, field: string): Promise<UploadedFile> {
  if (!request.isMultipart())
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', `Send multipart/form-data with a file field "${field}"`);
  let found: UploadedFile | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== field || found) {
        part.file.resume();
        throw new AppError('BAD_USER_INPUT', `Unexpected file field "${part.fieldname}"; send one file as "${field}"`);
      }
      const data = await part.toBuffer();
      found = { field, filename: part.filename, mimetype: part.mimetype, data };
    }
  } catch (err) {
    // our own refusals and the multipart limits (413) keep their status; anything else the parser
    // throws (no boundary, a truncated body, a malformed part header) is the client's malformed body
    const status = (err as { statusCode?: number }).statusCode;
    if (err instanceof AppError || (status && status >= 400 && status < 500)) throw err;
    throw new AppError('BAD_USER_INPUT', 'The multipart body could not be read');
  }
  if (!found) throw new AppError('BAD_USER_INPUT', `File field "${field}" is required`);
  return found;
}

/** `attachment` with the name in ASCII and, for the rest, RFC 5987's UTF-8 form. */
function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}

// Every file answer is opaque to the browser: no script runs in it, no other type is sniffed into it.
const LOCKED_DOWN_FILE = { 'content-security-policy': "default-src 'none'", 'x-content-type-options': 'nosniff' };

/** What the route handlers share: the origin a session's writes must come from, and the contract check. */
type Rest = {
  ownOrigin: string;
  /**
   * Check every answer against its route's contract (tests: NODE_ENV=test): a violation answers
   * 500 with what is wrong, and is handed to this callback (the test server fails on close).
   */
  checkContract?: (violation: string) => void;
};

/** Runs a contract check; returns the violation (reported) or null. */
function violationOf(rest: Rest, check: () => void): AppError | null {
  if (!rest.checkContract) return null;
  try {
    check();
    return null;
  } catch (err) {
    rest.checkContract((err as Error).message);
    return err as AppError;
  }
}

/** Who may call, and the input parsed and checked, then the route's handler. */
async function handle(rest: Rest, r: RestRoute, request: FastifyRequest): Promise<unknown> {
  const ctx = request.ctx;
  if (r.method !== 'GET' && ctx.actor?.via === 'session') {
    if (!originAllowed(request, rest.ownOrigin)) throw forbidden('Cross-site request refused');
  }
  if (r.auth === 'user' && !ctx.actor) throw unauthenticated();
  let file: UploadedFile | undefined;
  let input: unknown;
  if (r.rawBody) {
    input = {}; // the handler verifies and reads the raw body itself
  } else if (r.file) {
    file = await readFile(request, r.file.field);
    input = parseInput(r.input, {});
  } else {
    const raw = r.method === 'GET' ? request.query : (request.body ?? {});
    // a binary body's bytes (the input's schema does not see a symbol key)
    file = (raw as BinaryFields)[BINARY_BYTES];
    input = parseInput(r.input, raw);
  }
  return r.handler(ctx, input, file);
}

/** A route's answer in the envelope ({ result }), held to its contract when checks are on. */
function handlerFor(rest: Rest, r: RestRoute) {
  const answer = async (request: FastifyRequest) => ({ result: await handle(rest, r, request) });
  if (!rest.checkContract) return answer;
  return async (request: FastifyRequest) => {
    let result: unknown;
    try {
      result = await answer(request);
    } catch (error) {
      throw violationOf(rest, () => checkAnswer(r, { error })) ?? error;
    }
    const violation = violationOf(rest, () =>
      checkAnswer(r, { result: (result as { result?: unknown } | undefined)?.result }),
    );
    if (violation) throw violation;
    return result;
  };
}

// A download: its checks and first query run before any byte is sent (a failure is the envelope);
// then the text streams as the handler makes it.
function downloadFor(rest: Rest, r: RestRoute) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    let answer: Download;
    try {
      answer = (await handle(rest, r, request)) as Download;
    } catch (error) {
      throw violationOf(rest, () => checkAnswer(r, { error })) ?? error;
    }
    const violation = violationOf(rest, () => checkDownload(r, answer.contentType));
    if (violation) throw violation;
    let body: AsyncIterable<string> | string = answer.body;
    if (rest.checkContract && answer.contentType === 'application/json') {
      // under tests the JSON form is read whole and checked like any answer (a stream otherwise)
      let text = '';
      for await (const piece of answer.body) text += piece;
      const parsed = JSON.parse(text) as { result?: unknown };
      const wrong = violationOf(rest, () => checkAnswer(r, { result: parsed.result }));
      if (wrong) throw wrong;
      body = text;
    }
    return reply
      .headers({
        ...LOCKED_DOWN_FILE,
        'content-type': `${answer.contentType}; charset=utf-8`,
        'content-disposition': contentDisposition(answer.fileName),
        'cache-control': 'no-store',
      })
      .send(typeof body === 'string' ? body : Readable.from(body));
  };
}

const routeOf = (rest: Rest, r: RestRoute) => ({
  method: r.method,
  url: r.path,
  handler: r.download ? downloadFor(rest, r) : handlerFor(rest, r),
  ...(r.bodyLimit ? { bodyLimit: r.bodyLimit } : {}),
});

// a route that also takes a binary body gets a scope of its own with that body's parser: the
// other routes answer its content type with 415
async function registerBinaryRoute(app: FastifyInstance, rest: Rest, r: RestRoute) {
  const binary = r.binaryBody!;
  await app.register(async (scope) => {
    scope.addContentTypeParser(binary.contentType, { parseAs: 'buffer' }, (_request, body, done) => {
      let parts: { fields: Record<string, unknown>; bytes: Uint8Array };
      try {
        parts = binary.decode(body as Buffer);
      } catch (err) {
        done(badInput(`${binary.contentType} body: ${(err as Error).message}`), undefined);
        return;
      }
      const data = Buffer.from(parts.bytes.buffer, parts.bytes.byteOffset, parts.bytes.byteLength);
      const file: UploadedFile = { field: binary.field, filename: '', mimetype: binary.contentType, data };
      done(null, { ...parts.fields, [BINARY_BYTES]: file } satisfies BinaryFields);
    });
    scope.route(routeOf(rest, r));
  });
}

/** A file route: the bytes with locked-down headers, or the error envelope. */
function registerFileRoute(app: FastifyInstance, rest: Rest, r: FileRoute, services: object) {
  app.get<{ Params: Record<string, string> }>(r.path, async (request, reply) => {
    let file: FileAnswer | null;
    try {
      file = await r.read(services, request.params, request.ctx ?? null);
      if (!file) throw notFound('File');
    } catch (error) {
      return restErrorReply(violationOf(rest, () => checkFileAnswer(r, { error })) ?? error, request, reply);
    }
    const violation = violationOf(rest, () => checkFileAnswer(r, { contentType: file.contentType }));
    if (violation) {
      if (!Buffer.isBuffer(file.data)) file.data.destroy();
      return restErrorReply(violation, request, reply);
    }
    // a stream's length as the store gave it (a Buffer's Fastify counts itself)
    const length = 'length' in file && file.length !== undefined ? { 'content-length': String(file.length) } : {};
    return reply
      .headers({ ...file.headers, ...LOCKED_DOWN_FILE, ...length, 'content-type': file.contentType })
      .send(file.data);
  });
}

/**
 * Registers the legacy REST routes in their own scope (own error envelope; multipart only on the
 * upload routes) and the file routes (bytes, or the error envelope). Cookie-authenticated writes
 * must come from our own origin when the browser says where from.
 */
export async function restPlugin(
  app: FastifyInstance,
  opts: {
    routes: RestRoute[];
    fileRoutes: FileRoute[];
    /** what file routes read from (the composition root's services) */
    services: object;
    publicUrl: string;
    fileMaxBytes: number;
    checkContract?: Rest['checkContract'];
  },
) {
  // JSON or documented multipart only: a text/plain body is how cross-site forms smuggle requests
  app.removeContentTypeParser('text/plain');
  app.setErrorHandler((err, request, reply) => restErrorReply(err, request, reply));
  const rest: Rest = { ownOrigin: new URL(opts.publicUrl).origin, checkContract: opts.checkContract };

  for (const r of opts.routes.filter((r) => !r.rawBody && !r.file && !r.binaryBody)) app.route(routeOf(rest, r));
  for (const r of opts.routes.filter((r) => r.binaryBody)) await registerBinaryRoute(app, rest, r);
  // upload routes get their own scope with the multipart parser: JSON routes answer a multipart
  // body (which a cross-site form can send without a preflight) with 415 instead of reading it
  const fileRoutes = opts.routes.filter((r) => r.file);
  if (fileRoutes.length) {
    await app.register(async (scope) => {
      await scope.register(multipart, {
        limits: { fileSize: opts.fileMaxBytes, files: 1, fields: 5, parts: 6 },
        throwFileSizeLimit: true,
      });
      for (const r of fileRoutes) scope.route({ method: r.method, url: r.path, handler: handlerFor(rest, r) });
    });
  }
  for (const r of opts.fileRoutes) registerFileRoute(app, rest, r, opts.services);
  // webhook routes get their own scope whose only parser keeps the JSON body as raw bytes
  const rawRoutes = opts.routes.filter((r) => r.rawBody);
  if (rawRoutes.length) {
    await app.register(async (scope) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
      for (const r of rawRoutes) scope.route({ method: r.method, url: r.path, handler: handlerFor(rest, r) });
    });
  }
}
