import type { FastifyInstance } from 'fastify';

const NON_APP_PREFIXES = ['/api/', '/assets/', '/images/', '/healthz', '/readyz', '/metrics'];

/**
 * Unknown /api paths (and every non-GET) answer a JSON 404. Any other GET path is a deep link into the
 * single-page app, which shows its own 'Page Not Found' for routes it does not know.
 */
export function registerNotFound(app: FastifyInstance, serveClient: boolean) {
  if (serveClient) {
    app.addHook('onSend', async (request, reply, payload) => {
      if (request.url.startsWith('/assets/')) reply.header('cache-control', 'public, max-age=31536000, immutable');
      return payload;
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isPage = request.method === 'GET' || request.method === 'HEAD';
    if (serveClient && isPage && path !== '/api' && !NON_APP_PREFIXES.some((prefix) => path.startsWith(prefix))) {
      reply.header('cache-control', 'no-cache');
      return reply.sendFile('index.html');
    }
    return reply.status(404).send({ message: `No such endpoint: ${request.method} ${path}` });
  });
}
