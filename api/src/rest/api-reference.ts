// The API reference page at /v1/docs: Swagger UI (swagger-ui-dist, installed from npm, served from
// this server: nothing comes from a CDN) rendering the OpenAPI document at /v1/openapi.json.
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { createRequire } from 'node:module';
import path from 'node:path';

const ASSETS = new Set(['swagger-ui-bundle.js', 'swagger-ui.css', 'favicon-32x32.png']);

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Parley REST API reference</title>
    <link rel="icon" href="/v1/docs/assets/favicon-32x32.png" />
    <link rel="stylesheet" href="/v1/docs/assets/swagger-ui.css" />
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="/v1/docs/assets/swagger-ui-bundle.js"></script>
    <script src="/v1/docs/init.js"></script>
  </body>
</html>
`;

// an external script (the page's CSP allows scripts from this origin only)
const INIT = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({ url: '/v1/openapi.json', dom_id: '#swagger-ui', deepLinking: true });
});
`;

export async function apiReference(app: FastifyInstance): Promise<void> {
  const root = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  await app.register(fastifyStatic, {
    root,
    prefix: '/v1/docs/assets/',
    decorateReply: false,
    index: false,
    allowedPath: (pathName) => ASSETS.has(pathName.replace(/^\//, '')),
  });
  app.get('/v1/docs', (_request, reply) => reply.type('text/html; charset=utf-8').send(PAGE));
  app.get('/v1/docs/init.js', (_request, reply) => reply.type('text/javascript; charset=utf-8').send(INIT));
}
