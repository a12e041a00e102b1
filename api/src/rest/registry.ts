import { z } from 'zod';
import type { RequestContext } from '../shared/context';

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
  handler: (ctx: RequestContext, input: unknown, file?: UploadedFile) => Promise<unknown>;
};

type RouteSpec<S extends z.ZodType> = Omit<RestRoute, 'input' | 'handler'> & {
  input?: S;
  handler: (ctx: RequestContext, input: z.infer<S>, file?: UploadedFile) => Promise<unknown>;
};

const noInput = z.strictObject({});

/** Declares a legacy REST route: method, path, zod input and a thin handler calling a service. */
export function route<S extends z.ZodType = typeof noInput>(spec: RouteSpec<S>): RestRoute {
  return { ...spec, input: spec.input ?? noInput, handler: spec.handler as RestRoute['handler'] };
}
