import 'reflect-metadata';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import type { MikroORM } from '@mikro-orm/postgresql';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { existsSync } from 'node:fs';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import path from 'node:path';
import type { Config } from '../config';
import { graphqlPlugin } from '../graphql/plugin';
import { SESSION_COOKIE } from '../modules/auth/session-cookie';
import { backgroundJobs } from './jobs';
import type { JobQueueOptions } from '../modules/jobs/job-queue';
import { OutboxMail } from '../modules/mail/outbox-mail.entity';
import { buildOpenApi } from '../rest/openapi';
import { apiReference } from '../rest/api-reference';
import { restErrorReply, restPlugin } from '../rest/plugin';
import { z } from 'zod';
import './error-codes';
import { restApi } from './routes';
import { buildAppSchema } from './schema';
import type { ChainSetup } from '../modules/chain/chain.settings';
import { createServices, type Services } from './services';
import type { Actor, RequestContext } from '../shared/context';
import { AppError } from '../shared/errors';
import type { RandomSource } from '../modules/privacy/discrete-laplace';
import { assertNoNulBytes } from '../shared/nul-bytes';

declare module 'fastify' {
  interface FastifyRequest {
    ctx: RequestContext;
  }
}

export const API_VERSION = '1.0.0';
/** the GraphQL explorer's page in the web build (web/explorer.html) */
const EXPLORER_PAGE = 'explorer.html';
const API_PREFIXES = ['/graphql', '/v1/', '/request.api/'];

// /dev/outbox?to=...: one address, no NUL (PostgreSQL text cannot hold it)
const DEV_OUTBOX_QUERY = z.object({
  to: z
    .string()
    .max(254)
    .regex(/^[^\0]*$/)
    .optional(),
});

/**
 * Whether a request is for the API, judged by the route Fastify matched: routing decodes the path,
 * so /%76%31/auth/status reaches the /v1/auth/status route and must get its context too. Unmatched
 * requests are judged by their decoded path.
 */
function isApiRequest(request: FastifyRequest): boolean {
  const path = request.routeOptions.url ?? decodedPath(request.url);
  return API_PREFIXES.some((p) => path.startsWith(p));
}

function decodedPath(url: string): string {
  const path = url.split('?')[0];
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

function frameworkErrorReply(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 500;
  if (status >= 500) request.log.error({ err: error }, 'unexpected error before routing');
  const body =
    status < 500
      ? { code: 'BAD_USER_INPUT', message: 'The request URL is malformed' }
      : { code: 'INTERNAL_SERVER_ERROR', message: 'Internal server error' };
  return reply.code(status).send({ error: body });
}

// What Node's HTTP parser refuses (a head over 16 kB, a malformed request line) never reaches
// Fastify's routing; Fastify's default answer has a shape of its own.
function clientErrorReply(err: NodeJS.ErrnoException, socket: Socket) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'The request URL or headers are too large']
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'The request took too long']
        : [400, 'The HTTP request is malformed'];
  const body = JSON.stringify({ error: { code: 'BAD_USER_INPUT', message } });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}

/** What tests hold the server to: every route it serves, and every answer its contract refused. */
export type SelfChecks = {
  routes: { method: string; url: string }[];
  /** NODE_ENV=test only: answers that broke their route's contract (each also answered 500) */
  contractViolations: string[];
};

export type AppOptions = {
  config: Config;
  orm: MikroORM;
  /** false: silent; an object: write JSON logs to that stream (tests read them) */
  logger?: boolean | { stream: NodeJS.WritableStream };
  /** a chain the caller runs (main.ts's local anvil); default: the chain named by the config */
  chain?: ChainSetup;
  /** the job queue: main.ts runs the schedules; tests run workers only and faster polling */
  jobs?: JobQueueOptions;
  /** hold every REST answer to the OpenAPI document (default: under NODE_ENV=test; test servers: always) */
  checkContract?: boolean;
  /** the differential-privacy noise's uniform source (default crypto.randomInt; an e2e seeds it) */
  noise?: RandomSource;
};

export async function buildApp({
  config,
  orm,
  logger = true,
  chain,
  jobs,
  checkContract = config.env === 'test',
  noise,
}: AppOptions): Promise<{ app: FastifyInstance; services: Services; checks: SelfChecks }> {
  const app = Fastify({
    logger: loggerOptions(config, logger),
    trustProxy: config.trustProxy,
    bodyLimit: 256 * 1024,
    // refusals before routing (a URL with a stray %, a head over 16 kB) answer in the API's envelope too
    frameworkErrors: (error, request, reply) => frameworkErrorReply(error, request, reply as FastifyReply),
    clientErrorHandler: clientErrorReply,
  });
  const checks: SelfChecks = { routes: [], contractViolations: [] };
  app.addHook('onRoute', (r) => {
    for (const method of [r.method].flat()) checks.routes.push({ method, url: r.url });
  });
  const services = createServices(config, app.log, chain, jobs, noise);
  // background work: workers here, schedules where `jobs.schedules` (one job per tick across processes)
  await services.jobs.start(orm, !orm.config.get('clientUrl'), backgroundJobs(services, orm));
  app.addHook('onClose', async () => {
    // running jobs finish first; queued ones stay in the database for the next process
    await services.jobs.stop();
    services.chain.close();
    services.storage.close();
  });

  await app.register(cookie);
  await registerSecurityHeaders(app, config);

  registerRequestContext(app, orm, services);

  app.get('/healthz', async (_request, reply) => {
    await orm.em.fork().getConnection().execute('select 1');
    return reply.send({ status: 'ok' });
  });

  await app.register(graphqlPlugin, {
    schema: await buildAppSchema(),
    isProduction: config.isProduction,
    publicUrl: config.publicUrl,
    uploadMaxBytes: config.avatarMaxBytes,
    limits: config.graphqlLimits,
    schemaDetails: config.graphqlSchemaDetails,
    explorerPage: config.graphqlExplorer ? path.join(config.webDist, EXPLORER_PAGE) : null,
  });
  await app.register(restPlugin, {
    routes: restApi.routes,
    fileRoutes: restApi.fileRoutes,
    services,
    publicUrl: config.publicUrl,
    fileMaxBytes: config.avatarMaxBytes,
    checkContract: checkContract
      ? (violation) => {
          checks.contractViolations.push(violation);
          app.log.error({ violation }, 'REST contract violation');
        }
      : undefined,
  });

  const openApi = buildOpenApi(restApi, { version: API_VERSION });
  app.get('/v1/openapi.json', async () => openApi);
  // the public keys that verify consent receipts (RFC 7517 JSON Web Key Set), cacheable for a day
  app.get('/.well-known/jwks.json', async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=86400').send(services.consent.jwks()),
  );
  await app.register(apiReference);

  if (config.devOutbox) registerDevOutbox(app, orm);
  await registerWebApp(app, config);
  return { app, services, checks };
}

/** The React app's files (web/dist) and the not-found answer: the app for pages, JSON for the API. */
async function registerWebApp(app: FastifyInstance, config: Config): Promise<void> {
  const webIndex = path.join(config.webDist, 'index.html');
  if (existsSync(webIndex)) {
    await app.register(fastifyStatic, {
      root: config.webDist,
      wildcard: false,
      index: false,
      // the explorer's page is answered at GET /graphql, and only when it is on (graphql/plugin.ts)
      allowedPath: (pathName) => pathName !== `/${EXPLORER_PAGE}`,
      // the build writes a .br and a .gz beside each file (web/vite.config.ts): sent with
      // Content-Encoding when the browser accepts one, with Vary: Accept-Encoding
      preCompressed: true,
      // a file under assets/ carries its content's hash in its name, so it never changes: cached for
      // good; everything else (index.html, the favicon) is revalidated on each visit
      cacheControl: false,
      setHeaders: (reply: FastifyReply, filePath: string) => {
        const hashed = path.relative(config.webDist, filePath).startsWith(`assets${path.sep}`);
        reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    app.get('/assets/*', (request, reply) => reply.callNotFound());
  }
  app.setNotFoundHandler((request, reply) => {
    // (a hashed file that is not there, say an old build's chunk, is a 404: the page would be no script)
    const isApi = isApiRequest(request) || /^\/(media|assets)\//.test(decodedPath(request.url));
    if (request.method === 'GET' && !isApi && existsSync(webIndex)) {
      // the React app owns every other path (client-side routing)
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply
      .code(404)
      .send({ error: { code: 'NOT_FOUND', message: `No route for ${request.method} ${request.url.split('?')[0]}` } });
  });
}

/** Fastify's logger: JSON at the configured level, secrets redacted; false: silent. */
function loggerOptions(config: Config, logger: AppOptions['logger']) {
  return logger
    ? {
        level: config.logLevel,
        // secrets never reach the logs: cookies, tokens and credentials are redacted
        redact: {
          paths: [
            'req.headers.cookie',
            'req.headers.authorization',
            'res.headers["set-cookie"]',
            '*.password',
            '*.token',
            '*.privateKey',
            '*.cardNumber',
            '*.cvc',
            'req.headers["stripe-signature"]',
          ],
          censor: '[redacted]',
        },
        ...(typeof logger === 'object' ? { stream: logger.stream } : {}),
      }
    : false;
}

/** Security headers; the CSP lets the page reach only what it uses (Stripe and the chain's RPC when configured). */
async function registerSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  // Stripe.js (only when Stripe is configured) loads from js.stripe.com, frames its card element from
  // js/hooks.stripe.com and calls api.stripe.com; a public chain RPC is called by the browser.
  const stripeSrc = config.stripe ? ['https://js.stripe.com'] : [];
  const stripeFrames = config.stripe ? ['https://js.stripe.com', 'https://hooks.stripe.com'] : [];
  const stripeConnect = config.stripe ? ['https://api.stripe.com'] : [];
  const browserRpc = config.chain.publicRpcUrl ?? config.chain.rpcUrl;
  const publicRpc = browserRpc ? [new URL(browserRpc).origin] : [];
  // outside production the browser calls the local anvil that npm start runs on a loopback port;
  // a production page must not reach into its visitor's own machine
  const loopback = config.isProduction ? [] : ['http://127.0.0.1:*', 'http://localhost:*'];
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...stripeSrc],
        styleSrc: ["'self'", "'unsafe-inline'"], // MUI/emotion inject style tags
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...loopback, ...stripeConnect, ...publicRpc],
        frameSrc: ["'self'", ...stripeFrames],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: config.isProduction ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
}

function registerRequestContext(app: FastifyInstance, orm: MikroORM, services: Services): void {
  // Who is calling: a session cookie or an API token. Every API request gets its own EntityManager.
  app.decorateRequest('ctx', null as unknown as RequestContext);
  app.addHook('onRequest', async (request, reply) => {
    if (!isApiRequest(request)) return;
    const em = orm.em.fork();
    let actor: Actor | null = null;
    const auth = request.headers.authorization;
    if (auth?.startsWith('Bearer ')) {
      const user = await services.apiTokens.resolve(em, auth.slice(7).trim());
      if (!user) {
        const err = new AppError('UNAUTHENTICATED', 'Invalid or revoked API token');
        if (request.routeOptions.url === '/graphql') {
          return reply.code(401).send({ errors: [{ message: err.message, extensions: { code: err.code } }] });
        }
        return restErrorReply(err, request, reply);
      }
      actor = { user, via: 'token' };
    } else {
      const token = request.cookies[SESSION_COOKIE];
      const session = token ? await services.auth.resolveSession(em, token) : null;
      if (session) actor = { user: session.user, via: 'session', sessionTokenHash: session.tokenHash };
    }
    request.ctx = { em, actor, ip: request.ip, services, request, reply };
  });

  // one place for NUL characters (PostgreSQL text cannot hold them): refused before any route runs
  // (a path no route matched, NUL or not, is the not-found answer's: it reads nothing)
  app.addHook('preHandler', async (request) => {
    if (isApiRequest(request) && !request.is404) assertNoNulBytes(request, request.routeOptions.url === '/graphql');
  });
}

function registerDevOutbox(app: FastifyInstance, orm: MikroORM): void {
  // Development only (no SMTP, not production): read the mail the server would have sent.
  app.get<{ Querystring: Record<string, unknown> }>('/dev/outbox', async (request, reply) => {
    const query = DEV_OUTBOX_QUERY.safeParse(request.query);
    if (!query.success) {
      return reply.code(400).send({
        error: { code: 'BAD_USER_INPUT', message: 'to must be one e-mail address (at most 254 characters)' },
      });
    }
    const to = query.data.to?.toLowerCase();
    const mails = await orm.em
      .fork()
      .find(OutboxMail, to ? { toAddress: to } : {}, { orderBy: { createdAt: 'desc' }, limit: 50 });
    return {
      result: mails.map((m) => ({
        id: m.id,
        to: m.toAddress,
        subject: m.subject,
        text: m.text,
        createdAt: m.createdAt,
      })),
    };
  });
}
