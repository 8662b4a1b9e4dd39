import type { FastifyInstance } from 'fastify';
import { isPagePath } from '../../common/page-paths.js';
import { createPageHtml } from './page-html.js';
import { createTextCompressor, preferredEncoding } from './content-encoding.js';

const NON_APP_PREFIXES = ['/api/', '/assets/', '/images/', '/healthz', '/readyz', '/metrics'];

/**
 * Unknown /api paths (and every non-GET) answer a JSON 404. A page of the app's route table is a deep
 * link into the single-page app (200); any other page address gets the app too, which shows its
 * 'Page Not Found', with status 404 so crawlers and monitors see it for what it is.
 */
export function registerNotFound(app: FastifyInstance, clientDir: string | null) {
  const pageHtml = clientDir ? createPageHtml(clientDir) : null;
  const compressed = createTextCompressor();
  if (pageHtml) {
    app.addHook('onSend', (request, reply, payload, done) => {
      if (request.url.startsWith('/assets/')) reply.header('cache-control', 'public, max-age=31536000, immutable');
      done(null, payload);
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const queryAt = request.url.indexOf('?');
    const path = queryAt === -1 ? request.url : request.url.slice(0, queryAt);
    const isPage = request.method === 'GET' || request.method === 'HEAD';
    if (pageHtml && isPage && path !== '/api' && !NON_APP_PREFIXES.some((prefix) => path.startsWith(prefix))) {
      reply.header('cache-control', 'no-cache').header('vary', 'Accept-Encoding').type('text/html; charset=utf-8');
      if (!isPagePath(path)) reply.status(404);
      const html = pageHtml(path, new URLSearchParams(queryAt === -1 ? '' : request.url.slice(queryAt + 1)));
      const encoding = preferredEncoding(request.headers['accept-encoding']);
      if (!encoding) return reply.send(html);
      return reply.header('content-encoding', encoding).send(compressed(html, encoding));
    }
    return reply.status(404).send({ message: `No such endpoint: ${request.method} ${path}` });
  });
}
