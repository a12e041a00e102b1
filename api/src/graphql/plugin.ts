import { ApolloServer, type ApolloServerPlugin } from '@apollo/server';
import {
  ApolloServerPluginCacheControlDisabled,
  ApolloServerPluginInlineTraceDisabled,
  ApolloServerPluginLandingPageDisabled,
} from '@apollo/server/plugin/disabled';
import { fastifyApolloDrainPlugin, fastifyApolloHandler } from '@as-integrations/fastify';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import type { GraphQLSchema } from 'graphql';
import { readFile } from 'node:fs/promises';
import processRequest from 'graphql-upload/processRequest.mjs';
import type { RequestContext } from '../shared/context';
import { originAllowed } from '../rest/same-origin';
import { AppError, forbidden, unavailableIfConnectionLost } from '../shared/errors';
import { formatGraphQLError } from './format-error';
import { jitGateway } from './jit-executor';
import { queryLimitsRule, type QueryLimits } from './limits';

/**
 * An operation that met a dropped database connection (SERVICE_UNAVAILABLE, format-error.ts) is
 * answered 503 with Retry-After, as on REST: the client tries it again.
 */
const unavailableStatusPlugin: ApolloServerPlugin<RequestContext> = {
  async requestDidStart() {
    return {
      async willSendResponse({ response }) {
        if (response.body.kind !== 'single') return;
        const unavailable = response.body.singleResult.errors?.find(
          (e) => e.extensions?.code === 'SERVICE_UNAVAILABLE',
        );
        if (!unavailable) return;
        response.http.status = 503;
        response.http.headers.set('retry-after', String(unavailable.extensions?.retryAfter ?? 1));
      },
    };
  },
};

/**
 * Apollo Server at /graphql: CSRF prevention, depth/alias/cost limits, multipart uploads;
 * operations run compiled by graphql-jit (jit-executor.ts). Cache-control hints (a hook on every
 * field) and inline traces are not used, so their plugins are off.
 */
export async function graphqlPlugin(
  app: FastifyInstance,
  opts: {
    /** the whole schema, every module's resolvers (built by the composition root) */
    schema: GraphQLSchema;
    isProduction: boolean;
    publicUrl: string;
    uploadMaxBytes: number;
    limits: QueryLimits;
    schemaDetails: { introspection: boolean; fieldSuggestions: boolean };
    /** the GraphQL explorer's built page (GRAPHQL_EXPLORER), or null when it is off */
    explorerPage: string | null;
  },
) {
  const apollo = new ApolloServer<RequestContext>({
    gateway: jitGateway(opts.schema),
    csrfPrevention: true,
    introspection: opts.schemaDetails.introspection,
    hideSchemaDetailsFromClientErrors: !opts.schemaDetails.fieldSuggestions,
    includeStacktraceInErrorResponses: false,
    validationRules: [queryLimitsRule(opts.limits)],
    formatError: (formatted, error) =>
      formatGraphQLError(formatted, error, (err) => app.log.error({ err }, 'unexpected GraphQL error')),
    plugins: [
      fastifyApolloDrainPlugin(app),
      unavailableStatusPlugin,
      ApolloServerPluginCacheControlDisabled(),
      ApolloServerPluginInlineTraceDisabled(),
      // Apollo's own landing page loads Apollo Sandbox from a CDN, which our CSP refuses and an
      // offline machine cannot reach; the explorer we build and serve ourselves replaces it
      ApolloServerPluginLandingPageDisabled(),
    ],
  });
  await apollo.start();

  // a cookie-authenticated POST from a page that is not ours (Origin: null included) is refused, as
  // on REST; Apollo's CSRF prevention alone would let a non-simple request with a foreign Origin run
  const ownOrigin = new URL(opts.publicUrl).origin;
  app.addHook('preValidation', async (request) => {
    if (request.method === 'POST' && request.ctx?.actor?.via === 'session' && !originAllowed(request, ownOrigin))
      throw forbidden('Cross-site request refused');
  });

  // graphql-upload reads the multipart stream itself; Fastify must leave it alone
  app.addContentTypeParser('multipart/form-data', (_req, _payload, done) => done(null));
  app.addHook('preValidation', async (request, reply) => {
    if (!request.headers['content-type']?.startsWith('multipart/form-data')) return;
    try {
      request.body = await processRequest(request.raw, reply.raw, {
        maxFileSize: opts.uploadMaxBytes + 1,
        maxFiles: 1,
      });
    } catch (err) {
      // graphql-upload's own refusals carry a 4xx status; what the multipart parser throws (no
      // boundary, a truncated body, a malformed part) is a malformed request too
      const status = (err as { status?: number }).status;
      if (status && status >= 400 && status < 500) throw err;
      throw new AppError('BAD_USER_INPUT', 'The multipart request could not be read');
    }
  });

  // errors before Apollo runs still answer in GraphQL's shape
  app.setErrorHandler(graphqlErrorReply);

  const apolloHandler = fastifyApolloHandler(apollo, { context: async (request) => request.ctx });
  const handler: RouteHandlerMethod = async function (request, reply) {
    if (opts.explorerPage && wantsExplorer(request)) {
      // read on each visit: a rebuilt web app brings new hashed file names (a development tool only)
      const page = await readFile(opts.explorerPage, 'utf8').catch(() => null);
      if (page !== null) return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(page);
    }
    return apolloHandler.call(this, request, reply);
  };
  app.route({ method: ['GET', 'POST', 'OPTIONS'], url: '/graphql', handler });
}

/** A browser opening /graphql (not a GET query: that has a `query` parameter). */
function wantsExplorer(request: FastifyRequest): boolean {
  if (request.method !== 'GET') return false;
  if ((request.query as Record<string, unknown> | undefined)?.query !== undefined) return false;
  // a browser's navigation asks for text/html first; GraphQL clients ask for JSON
  return /^\s*text\/html\b/.test(request.headers.accept ?? '');
}

/** An error before Apollo runs (bad multipart, body too large, NUL characters), in GraphQL's shape. */
function graphqlErrorReply(thrown: unknown, request: FastifyRequest, reply: FastifyReply) {
  const err = thrown instanceof AppError ? thrown : (unavailableIfConnectionLost(thrown) ?? thrown);
  if (err instanceof AppError) {
    if (err.retryAfterSeconds !== undefined) reply.header('retry-after', String(err.retryAfterSeconds));
    const extensions = { code: err.code, ...(err.details ? { details: err.details } : {}) };
    return reply.code(err.status).send({ errors: [{ message: err.message, extensions }] });
  }
  const status =
    (err as { statusCode?: number; status?: number }).statusCode ?? (err as { status?: number }).status ?? 500;
  if (status >= 500) request.log.error({ err }, 'unexpected error before GraphQL execution');
  const code =
    status === 413
      ? 'PAYLOAD_TOO_LARGE'
      : status === 415
        ? 'UNSUPPORTED_MEDIA_TYPE'
        : status < 500
          ? 'BAD_REQUEST'
          : 'INTERNAL_SERVER_ERROR';
  const message = status < 500 ? (err as Error).message : 'Internal server error';
  return reply.code(status).send({ errors: [{ message, extensions: { code } }] });
}
