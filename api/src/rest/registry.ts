import type { Readable } from 'node:stream';
import { z } from 'zod';
import type { RequestContext } from '../shared/context';
import type { ErrorCode } from '../shared/errors';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export type UploadedFile = { field: string; filename: string; mimetype: string; data: Buffer };

export type RestRoute = {
  method: HttpMethod;
  /** full legacy path, e.g. /v1/auth/login */
  path: string;
  summary: string;
  tag: string;
  /** 'user': needs a session cookie or API token; 'public': anyone */
  auth: 'user' | 'public';
  /** validated from the query string for GET, from the JSON body otherwise */
  input: z.ZodType;
  /** a larger JSON body limit than the server's default (bulk uploads) */
  bodyLimit?: number;
  /** multipart route: the one file field it takes */
  file?: { field: string; description: string };
  /**
   * Signed-webhook route: the JSON body reaches the handler unparsed, as a Buffer in
   * ctx.request.body (signatures are computed over the exact bytes), and `input` is not used.
   */
  rawBody?: { description: string; signatureHeader: string };
  /**
   * The route also takes a binary body of `contentType`: `decode` splits it into the fields (validated
   * as `input`, as a JSON body would be) and bytes, which reach the handler as its `file` argument
   * (field `field`). `decode` throws a RangeError saying what is wrong (answered 400).
   */
  binaryBody?: {
    contentType: string;
    field: string;
    description: string;
    decode: (body: Buffer) => { fields: Record<string, unknown>; bytes: Uint8Array };
  };
  /**
   * A download route (GET): the handler answers a `Download`, a text streamed as it is made, in one of
   * `contentTypes`, instead of the JSON envelope; a failure before the first byte still answers with
   * the envelope. `output` describes the `result` of its JSON form.
   */
  download?: { contentTypes: readonly string[]; description: string };
  /**
   * The `result` as it travels (JSON: dates are ISO strings). The OpenAPI document is generated from
   * it, and under NODE_ENV=test every answer is checked against it (docs/api/rest.md).
   */
  output: z.ZodType;
  /**
   * The error codes the handler itself may answer with, beyond the ones every route can give
   * (BAD_USER_INPUT for its input, UNAUTHENTICATED for `auth: 'user'`, FORBIDDEN for a cross-site
   * write, RATE_LIMITED, PAYLOAD_TOO_LARGE, INTERNAL_SERVER_ERROR); `[]` when there are none.
   * Checked under NODE_ENV=test.
   */
  errors: readonly ErrorCode[];
  // a method, so a route whose handler takes a narrower context (its module's services) fits
  handler(ctx: RequestContext, input: unknown, file?: UploadedFile): Promise<unknown>;
};

type RouteSpec<S extends z.ZodType, C extends RequestContext> = Omit<RestRoute, 'input' | 'handler'> & {
  input?: S;
  handler: (ctx: C, input: z.infer<S>, file?: UploadedFile) => Promise<unknown>;
};

const noInput = z.strictObject({});

/** Declares a legacy REST route: method, path, zod input and a thin handler calling a service. */
export function route<S extends z.ZodType = typeof noInput, C extends RequestContext = RequestContext>(
  spec: RouteSpec<S, C>,
): RestRoute {
  return { ...spec, input: spec.input ?? noInput, handler: spec.handler as RestRoute['handler'] };
}

/** What a download route's handler answers: the text, a piece at a time, and the file's name. */
export type Download = { contentType: string; fileName: string; body: AsyncIterable<string> };

/**
 * `route` for handlers whose context is `C`: the services they use and the user type, declared by
 * their module (`const route = routeWith<Ctx>()`), so a module names what it needs, not the root.
 */
export function routeWith<C extends RequestContext>() {
  return <S extends z.ZodType = typeof noInput>(spec: RouteSpec<S, C>): RestRoute => route<S, C>(spec);
}

/**
 * What a file route answers: the bytes (or a stream of them, e.g. straight from the object store,
 * with their length), their type and how long a browser may keep them.
 */
export type FileAnswer = { contentType: string; headers?: Record<string, string> } & (
  { data: Buffer } | { data: Readable; length?: number }
);

/**
 * A GET route whose answer is a file (an image, opaque ciphertext) rather than the JSON envelope;
 * a failure still answers with the envelope. Declared, like the JSON routes, with everything the
 * OpenAPI document says about it; under NODE_ENV=test each answer is checked against it.
 */
export type FileRoute<S extends object = object> = {
  method: 'GET';
  /** Fastify's path, with :params, e.g. /media/avatars/:file */
  path: string;
  summary: string;
  tag: string;
  auth: 'public';
  /** the path parameters (documentation: the reader gets them as strings and answers null for a bad one) */
  params: z.ZodObject;
  /** every content type a 200 may carry */
  contentTypes: readonly string[];
  /** the codes the route may fail with beyond the ones every route can give */
  errors: readonly ErrorCode[];
  /**
   * the file, or null (404 NOT_FOUND); `caller` is the request's context (its EntityManager and who
   * is calling, if anyone) on API paths, null elsewhere (/media/)
   */
  read(services: S, params: Record<string, string>, caller: FileCaller | null): Promise<FileAnswer | null>;
};

/** What a file route learns of its request: a database handle and who is calling (null: nobody signed in). */
export type FileCaller = Pick<RequestContext, 'em' | 'actor'>;

/** The REST API as the OpenAPI document describes it: its routes, and the schemas it names. */
export type RestApi = { routes: RestRoute[]; fileRoutes: FileRoute[]; schemas: Record<string, z.ZodType> };
